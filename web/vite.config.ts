/// <reference types="vitest/config" />
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ROUTES } from '../shared/routes';
import { prerender } from './src/prerender/plugin';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const localConfigFile =
  process.env.LOCAL_WEB_CONFIG ??
  fileURLToPath(new URL('../.local/web-config.json', import.meta.url));
const apiTarget = process.env.LOCAL_API_URL ?? 'http://127.0.0.1:3001';

/** Served when the local stack has not written its config: no sign-in, the API on the same origin. */
const DEMO_CONFIG = { apiBaseUrl: '' };

/**
 * In AWS, `/config.json` is written next to the app by the deployment. Locally the dev and
 * preview servers answer it from `.local/web-config.json` (written by `npm start`), or from
 * the file named by LOCAL_WEB_CONFIG.
 */
function localConfigJson(): Plugin {
  const serve = async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let body: string;
    try {
      body = await readFile(localConfigFile, 'utf8');
    } catch {
      body = JSON.stringify(DEMO_CONFIG);
    }
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end(body);
  };
  return {
    name: 'mr-market-local-config',
    configureServer(server) {
      server.middlewares.use('/config.json', (req, res, next) => void serve(req, res, next));
    },
    configurePreviewServer(server) {
      server.middlewares.use('/config.json', (req, res, next) => void serve(req, res, next));
    },
  };
}

/**
 * `virtual:route-paths`: the route table's id, method, path and auth, fixed at build time.
 * The one API client finds its routes there, so the browser does not download every
 * route's request schema just to know where to send a call.
 */
function routePaths(): Plugin {
  const id = 'virtual:route-paths';
  const resolved = `\0${id}`;
  return {
    name: 'mr-market-route-paths',
    resolveId: (source) => (source === id ? resolved : undefined),
    load(source) {
      if (source !== resolved) return undefined;
      const table = ROUTES.map(({ id, method, path, auth }) => ({ id, method, path, auth }));
      return `export default ${JSON.stringify(table)};`;
    },
  };
}

// `/p/{slug}` (a shared pitch's page with its link-preview tags) is answered by the API, as
// CloudFront's `/p/*` behaviour sends it there in AWS (docs/decisions/128).
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '^/p/[^/]+$': { target: apiTarget, changeOrigin: true },
};

export default defineConfig({
  root: webRoot,
  plugins: [react(), localConfigJson(), routePaths(), prerender()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    fs: { allow: [repoRoot] },
    proxy,
  },
  preview: { proxy },
  test: {
    setupFiles: ['./src/test/setup.ts'],
  },
});
