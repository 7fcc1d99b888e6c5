import { createReadStream, existsSync, statSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { originsFromWebConfig, siteSecurityHeaders } from '../../../infra/security-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.json': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface SiteServerOptions {
  /** The web build (vite build output). */
  distDir: string;
  /** What `/config.json` answers, as the deployment writes it next to the app. */
  config: Record<string, unknown>;
  /** `/api/*` goes here, as CloudFront's `/api/*` behaviour sends it to the HTTP API. */
  apiUrl: string;
  /** `/images/profile/*` is read from here (bucket URL), as CloudFront's images behaviour does. */
  profileImagesUrl?: string;
  /**
   * Where the API's photo addresses point when they are not on the site (the local S3's
   * presigned URLs); the CSP's img-src allows it.
   */
  imagesOrigin?: string;
}

function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  target: URL,
  security: Record<string, string>,
): void {
  const upstream = httpRequest(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      // As CloudFront's policy with `override: true`: the site's headers win over the origin's.
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...security });
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json', ...security });
    res.end(JSON.stringify({ message: 'Bad gateway' }));
  });
  req.pipe(upstream);
}

/**
 * The CloudFront distribution's local twin for browser tests: the built app with the SPA
 * fallback (paths without a file extension get index.html), `/config.json`, `/api/*` and
 * `/p/*` to the API server and `/images/profile/*` to the profile bucket, and the security headers of
 * CloudFront's response headers policy (infra/security-headers.ts) on every response.
 */
export async function startSiteServer(
  options: SiteServerOptions,
): Promise<{ url: string; headers: Record<string, string>; stop(): Promise<void> }> {
  const security = siteSecurityHeaders(originsFromWebConfig(options.config, options.imagesOrigin));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site.local');
    // `/p/{slug}`: a shared pitch's page, answered by the API as CloudFront's `/p/*` behaviour does.
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/p/')) {
      proxy(req, res, new URL(`${url.pathname}${url.search}`, options.apiUrl), security);
      return;
    }
    if (url.pathname.startsWith('/images/profile/') && options.profileImagesUrl) {
      proxy(
        req,
        res,
        new URL(`${options.profileImagesUrl.replace(/\/$/, '')}${url.pathname}`),
        security,
      );
      return;
    }
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': TYPES['.json']!, 'cache-control': 'no-store' });
      res.end(JSON.stringify(options.config));
      return;
    }
    const relative = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(options.distDir, relative);
    const isFile = existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      if (extname(url.pathname) !== '') {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not found');
        return;
      }
      file = join(options.distDir, 'index.html');
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': file.endsWith('index.html')
        ? 'no-cache'
        : 'public, max-age=31536000, immutable',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    headers: security,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
