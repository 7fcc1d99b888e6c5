import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { siteSecurityHeaders, type SiteOrigins } from '../security-headers';

export interface WebHandle {
  url: string;
  stop(): Promise<void>;
}

export const WEB_DIR = fileURLToPath(new URL('../../web', import.meta.url));
export const WEB_CONFIG_FILE = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));

/**
 * The Vite dev server of the web app. Its config proxies `/api` to LOCAL_API_URL, as
 * CloudFront's `/api/*` behaviour sends it to the HTTP API in AWS, and serves
 * `/config.json` from the stack's `web-config.json` (in `.local/` or LOCAL_DATA_DIR). Every answer carries the site's security
 * headers (infra/security-headers.ts) with the dev variant of the CSP: Vite's dev client
 * needs inline scripts and styles and its HMR WebSocket; the production build runs under
 * the strict policy (the browser tests check it). Returns undefined when the web app has
 * no Vite config yet.
 */
export async function startWeb({
  port,
  apiUrl,
  origins,
  configJson,
}: {
  port: number;
  apiUrl: string;
  /** The file `/config.json` answers with (the stack writes it in its data folder). */
  configJson: string;
  /** Cognito (the local proxy) and the photos origin (the local S3) the CSP allows. */
  origins: SiteOrigins;
}): Promise<WebHandle | undefined> {
  if (!existsSync(WEB_CONFIG_FILE)) return undefined;
  process.env.LOCAL_API_URL = apiUrl;
  process.env.LOCAL_WEB_CONFIG = configJson;
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: WEB_CONFIG_FILE,
    // `npm start` runs under tsx, so Node itself imports the TypeScript config and the shared
    // modules it reads (the route table), resolved as everywhere else in the repository. Vite's
    // default loader would bundle the config instead and warn, line by line, about every import
    // of that graph its future native loader could not resolve without tsx.
    configLoader: 'native',
    root: WEB_DIR,
    clearScreen: false,
    logLevel: 'warn',
    server: {
      port,
      host: '127.0.0.1',
      strictPort: true,
      open: false,
      headers: siteSecurityHeaders(origins, { dev: { hmr: `ws://127.0.0.1:${port}` } }),
    },
  });
  await server.listen();
  return { url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
