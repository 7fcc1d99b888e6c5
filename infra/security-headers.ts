/**
 * The site's security headers, defined once: CloudFront's response headers policy
 * (infra/constructs/web.ts), the browser tests' CloudFront twin (tests/e2e/support/site-server.ts)
 * and the local dev server of `npm start` (infra/local/web.ts) all take them from here.
 * No imports: the CDK app, Vite and plain Node servers load this module alike.
 * See docs/decisions/081-security-headers.md.
 */

/** Where the app talks to besides its own origin, as `/config.json` and the deployment set them. */
export interface SiteOrigins {
  /** Cognito's user pool endpoint (`cognitoOrigin(region)` in AWS; the local proxy elsewhere). */
  cognito: string;
  /** The API, when it is not on the site's origin (`apiBaseUrl`; empty or absent = same origin). */
  api?: string | undefined;
  /** Profile photos, when not served from the site's origin (the local S3's presigned URLs). */
  images?: string | undefined;
  /** The analytics collector (`analyticsEndpoint`). */
  analytics?: string | undefined;
}

export interface CspOptions {
  /**
   * The Vite dev server only (`npm start`), never a build: its React Refresh preamble is an
   * inline module script and its CSS arrives as `<style>` elements, so scripts and styles
   * get 'unsafe-inline'; `hmr` is its WebSocket origin (`ws://host:port`).
   */
  dev?: { hmr: string };
}

/** HSTS max-age: two years (the preload list asks for at least one). */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;
export const STRICT_TRANSPORT_SECURITY = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const FRAME_OPTIONS = 'DENY';
export const CONTENT_TYPE_OPTIONS = 'nosniff';
/** Powerful features the app never uses, off for the page and anything it could embed. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()';

/**
 * What the API's own JSON answers carry (functions/lib/http.ts JSON_HEADERS holds the same
 * values, since functions/ imports nothing from infra/; tests/integration/security/headers.test.ts
 * checks they agree). A JSON body is never a document: it may load nothing and be framed nowhere.
 */
export const API_SECURITY_HEADERS = {
  'x-content-type-options': CONTENT_TYPE_OPTIONS,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

/** Cognito's user pool endpoint in a region, as Amplify calls it when no endpoint is configured. */
export function cognitoOrigin(region: string): string {
  return `https://cognito-idp.${region}.amazonaws.com`;
}

/**
 * The origin (`scheme://host[:port]`) of an address. CDK tokens (`${Token[...]}`) are not URLs
 * yet: an address that does not parse is kept as given.
 */
export function originOf(address: string): string {
  if (address.includes('${Token[')) return address;
  try {
    const url = new URL(address);
    return url.origin === 'null' ? address : url.origin;
  } catch {
    return address;
  }
}

/** The site's origins from a `/config.json` body (the web app's runtime settings). */
export function originsFromWebConfig(
  config: {
    region?: unknown;
    cognitoEndpoint?: unknown;
    apiBaseUrl?: unknown;
    analyticsEndpoint?: unknown;
  },
  images?: string,
): SiteOrigins {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  return {
    cognito: text(config.cognitoEndpoint) ?? cognitoOrigin(text(config.region) ?? 'us-east-1'),
    api: text(config.apiBaseUrl),
    images,
    analytics: text(config.analyticsEndpoint),
  };
}

/**
 * The Content-Security-Policy of the site. Scripts come only from the site's own files (the
 * build has no inline script); the app calls its API, Cognito and the analytics collector;
 * photos come from the site or the photos origin; nothing may frame it, it embeds no plugin.
 *
 * Styles: `style-src 'self'` keeps out `<style>` elements and foreign style sheets, while
 * `style-src-attr 'unsafe-inline'` lets style *attributes* through, because ECharts writes
 * its tooltips as HTML with `style="..."` (innerHTML), which CSP treats as inline style.
 * A style attribute cannot carry selectors, so the CSS-selector exfiltration that inline
 * `<style>` allows stays blocked.
 */
export function contentSecurityPolicy(origins: SiteOrigins, options: CspOptions = {}): string {
  const extra = (...values: (string | undefined)[]) =>
    [...new Set(values.filter((v): v is string => !!v).map(originOf))].map((v) => ` ${v}`).join('');
  const dev = options.dev;
  return [
    "default-src 'self'",
    `script-src 'self'${dev ? " 'unsafe-inline'" : ''}`,
    `style-src 'self'${dev ? " 'unsafe-inline'" : ''}`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob:${extra(origins.images)}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra(origins.api, origins.cognito, origins.analytics, dev?.hmr)}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Every security header of a site response, for Node servers (lower-case names). */
export function siteSecurityHeaders(
  origins: SiteOrigins,
  options: CspOptions = {},
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(origins, options),
    'strict-transport-security': STRICT_TRANSPORT_SECURITY,
    'x-content-type-options': CONTENT_TYPE_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
    'x-frame-options': FRAME_OPTIONS,
    'permissions-policy': PERMISSIONS_POLICY,
  };
}
