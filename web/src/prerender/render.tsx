/**
 * Build-time rendering of the first screen (web/vite.config.ts, `prerender()`): the app as it
 * looks before any data or session has arrived, for the paths listed in the HTML, so the
 * browser paints it before the JavaScript has loaded. Never part of the browser's bundle.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { routes } from '../app/router';
import { Layout } from '../app/Layout';
import { Loading } from '../components/Loading';
import { createQueryClient } from '../lib/query-client';
import { ToastProvider } from '../lib/toast';

/** The markup `#root` holds on the first client render at `url` (a path with its query). */
export function render(url: string): Promise<string> {
  return renderRoutes(routes, url);
}

/** The loading shell (as the router's hydrate fallback shows it), for every other path. */
export function renderShell(): Promise<string> {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <Layout>
            <Loading />
          </Layout>
        ),
      },
    ],
    '/',
  );
}

async function renderRoutes(table: RouteObject[], url: string): Promise<string> {
  const handler = createStaticHandler(table);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${url} redirects: it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
