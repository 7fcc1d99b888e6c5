/**
 * The web app as CloudFront serves it, for the browser bench sections: the production build,
 * compressed (brotli or gzip, as the browser asks), hashed assets cached for a year,
 * index.html revalidated, `/config.json`, and `/api/*` to the local stack's API (in memory,
 * random ports). Everything stops with `stop()`.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync, statSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { REPO_ROOT, startStack, type Stack } from '../infra/local/stack';
import { onInterrupt } from './lib';

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
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json']);

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
export const brotliSize = (bytes: Buffer) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Builds the web app for production into a temporary folder. */
export async function buildWeb(): Promise<{ distDir: string; remove(): void }> {
  const distDir = mkdtempSync(join(tmpdir(), 'mr-market-bench-web-'));
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(REPO_ROOT, 'web', 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir: distDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return { distDir, remove: () => rmSync(distDir, { recursive: true, force: true }) };
}

function proxy(req: IncomingMessage, res: ServerResponse, target: URL): void {
  const upstream = request(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}

export interface BenchSite {
  url: string;
  distDir: string;
  stack: Stack;
  stop(): Promise<void>;
}

export async function startBenchSite(): Promise<BenchSite> {
  const web = await buildWeb();
  onInterrupt(web.remove);
  process.env.LOG_LEVEL ??= 'ERROR';
  process.env.CLIENT_LIMIT_PER_MINUTE ??= '100000';
  let stack: Stack | undefined;
  try {
    stack = await startStack({
      persistent: false,
      web: false,
      jobs: false,
      ports: 'random',
      inheritEnv: false,
    });
  } catch (error) {
    web.remove();
    throw error;
  }
  const s = stack;
  onInterrupt(s.stop);
  const config = JSON.stringify({
    region: s.env.AWS_REGION,
    userPoolId: s.userPoolId,
    userPoolClientId: s.userPoolClientId,
    cognitoEndpoint: s.urls.cognitoProxy,
    authFlowType: 'USER_PASSWORD_AUTH',
    apiBaseUrl: '',
  });
  const compressed = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site.local');
    if (url.pathname.startsWith('/api/')) {
      proxy(req, res, new URL(`${url.pathname}${url.search}`, s.urls.api));
      return;
    }
    if (url.pathname.startsWith('/images/profile/')) {
      proxy(req, res, new URL(`${s.urls.s3}/${s.profileBucket}${url.pathname}`));
      return;
    }
    let file: string;
    let body: Buffer;
    if (url.pathname === '/config.json') {
      file = 'config.json';
      body = Buffer.from(config);
    } else {
      const relative = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
      file = join(web.distDir, relative);
      if (!(existsSync(file) && statSync(file).isFile())) {
        if (extname(url.pathname) !== '') {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('Not found');
          return;
        }
        file = join(web.distDir, 'index.html');
      }
      body = readFileSync(file);
    }
    const ext = extname(file);
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control':
        file.endsWith('index.html') || file === 'config.json'
          ? 'no-cache'
          : 'public, max-age=31536000, immutable',
      vary: 'accept-encoding',
    };
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = !COMPRESSIBLE.has(ext)
      ? undefined
      : /\bbr\b/.test(accepts)
        ? 'br'
        : /\bgzip\b/.test(accepts)
          ? 'gzip'
          : undefined;
    if (encoding) {
      // By modification time too: a file replaced while the site runs is served as it is now.
      const key = file === 'config.json' ? '' : `${encoding}:${file}:${statSync(file).mtimeMs}`;
      let packed = file === 'config.json' ? undefined : compressed.get(key);
      if (!packed) {
        packed =
          encoding === 'br'
            ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
            : gzipSync(body, { level: 9 });
        if (file !== 'config.json') compressed.set(key, packed);
      }
      headers['content-encoding'] = encoding;
      body = packed;
    }
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    distDir: web.distDir,
    stack: s,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      try {
        await s.stop();
      } finally {
        web.remove();
      }
    },
  };
}
