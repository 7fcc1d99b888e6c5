/**
 * Page-view analytics without cookies, identifiers or third-party scripts: one small JSON
 * event per route change, posted to the endpoint the deployment configures. Nothing is
 * sent when no endpoint is configured or the browser asks not to be tracked.
 */

export interface PageViewEvent {
  type: 'page_view';
  /** The route's path with its parameters (codes, ids) replaced by their names. */
  path: string;
  /** The document title; left out on pages with route parameters, which may name them. */
  title?: string;
  /** The previous page of this visit (same form as `path`); on the first page, the referring site's origin. */
  referrer?: string;
  viewportWidth: number;
  /** ISO time of the view. */
  at: string;
}

interface PrivacySignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
  msDoNotTrack?: string;
}

/**
 * False when the visitor has asked not to be tracked: Do Not Track (`navigator.doNotTrack`,
 * or the older `window.doNotTrack` / `navigator.msDoNotTrack`) or Global Privacy Control.
 */
export function trackingAllowed(
  nav: PrivacySignals = navigator as PrivacySignals,
  win: { doNotTrack?: string | null } = window as { doNotTrack?: string | null },
): boolean {
  const dnt = nav.doNotTrack ?? win.doNotTrack ?? nav.msDoNotTrack;
  if (dnt === '1' || dnt === 'yes') return false;
  if (nav.globalPrivacyControl === true) return false;
  return true;
}

/**
 * The path as a route pattern: each segment that holds a route parameter becomes `:name`,
 * so reset codes, verification codes and saved-valuation ids never leave the browser.
 */
export function pageViewPath(
  pathname: string,
  params: Readonly<Record<string, string | undefined>>,
): string {
  // The splat of the not-found route is the unknown path itself: kept, it shows broken links.
  const values = Object.entries(params).filter(
    (entry): entry is [string, string] =>
      entry[0] !== '*' && typeof entry[1] === 'string' && entry[1] !== '',
  );
  if (values.length === 0) return pathname;
  return pathname
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // keep the raw segment
      }
      const param = values.find(([, value]) => value === decoded);
      return param ? `:${param[0]}` : segment;
    })
    .join('/');
}

/** The referring site's origin (never its path), or undefined for none or this site. */
export function externalReferrer(referrer: string, ownOrigin: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const origin = new URL(referrer).origin;
    return origin === ownOrigin || origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Posts the event as a CORS-safelisted request (text/plain, no preflight) that outlives
 * the page (`keepalive`) and carries no cookies (`credentials: 'omit'`). Failures are
 * ignored: analytics never disturbs the visit.
 */
export function sendPageView(
  endpoint: string,
  event: PageViewEvent,
  fetchImpl: typeof fetch = fetch,
): void {
  try {
    void fetchImpl(endpoint, {
      method: 'POST',
      body: JSON.stringify(event),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      credentials: 'omit',
      keepalive: true,
      mode: 'no-cors',
      referrerPolicy: 'no-referrer',
    }).catch(() => undefined);
  } catch {
    // A browser without fetch keepalive support: skip.
  }
}
