import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import './styles/app.css';
// The prerendered screens' own styles (home, About us) are part of the first style sheet, so
// their first paint waits for one style sheet only (decision 094).
import './features/stock-picker/stock-picker.css';
import './features/about/about.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/*
 * `#root` may already show the page's first screen, prerendered at build time
 * (web/src/prerender). The router loads the route's code first, so React's first render is
 * that same screen and replaces it without a flash of the loading shell.
 *
 * That first render is a transition: React renders in slices of a few milliseconds and lets
 * the browser answer input between them, instead of one task of 50-100 ms on a phone. The
 * prerendered screen stays on show until the render commits (decision 094).
 */
const router = createAppRouter();
const ready = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    resolve();
  });
});

void ready.then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  ),
);
