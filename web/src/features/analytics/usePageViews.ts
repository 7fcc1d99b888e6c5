import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { loadConfig } from '../../lib/config';
import {
  externalReferrer,
  pageViewPath,
  sendPageView,
  trackingAllowed,
  type PageViewEvent,
} from './page-view';

/**
 * Sends one page view per route change to `analyticsEndpoint` from `/config.json`.
 * Does nothing when the endpoint is not configured or the visitor asked not to be tracked.
 */
export function usePageViews(): void {
  const location = useLocation();
  const matches = useMatches();
  const params = matches.at(-1)?.params ?? {};
  const path = pageViewPath(location.pathname, params);
  const lastKey = useRef<string | undefined>(undefined);
  const previousPath = useRef<string | undefined>(undefined);

  useEffect(() => {
    const key = `${location.key}|${path}`;
    if (lastKey.current === key) return;
    lastKey.current = key;
    const referrer =
      previousPath.current ?? externalReferrer(document.referrer, window.location.origin);
    previousPath.current = path;
    // Taken now: the page has set its title in its own (earlier) effect. A page with route
    // parameters may name them in its title (a code, a symbol): its title is left out.
    const title = path === location.pathname ? document.title : undefined;
    void loadConfig().then((config) => {
      const endpoint = config?.analyticsEndpoint;
      if (!endpoint || !trackingAllowed()) return;
      const event: PageViewEvent = {
        type: 'page_view',
        path,
        ...(title ? { title } : {}),
        ...(referrer ? { referrer } : {}),
        viewportWidth: window.innerWidth,
        at: new Date().toISOString(),
      };
      sendPageView(endpoint, event);
    });
  }, [location.key, location.pathname, path]);
}

/** Mounted once in the layout; renders nothing. */
export function PageViews() {
  usePageViews();
  return null;
}
