import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_HEADERS } from '../../../functions/lib/http';
import {
  API_SECURITY_HEADERS,
  contentSecurityPolicy,
  HSTS_MAX_AGE_SECONDS,
  originsFromWebConfig,
  siteSecurityHeaders,
} from '../../../infra/security-headers';
import { startSiteServer } from '../../e2e/support/site-server';
import { recordSecurityFigures } from '../../support/security-summary';
import { testStack } from '../../support/stack';

const figures = { responsesChecked: 0, headersChecked: 0, cspDirectivesChecked: 0 };

/** Checks that `headers` carry every expected header with exactly its value. */
function expectHeaders(headers: Headers, expected: Record<string, string>, what: string): void {
  figures.responsesChecked += 1;
  for (const [name, value] of Object.entries(expected)) {
    expect(headers.get(name), `${what}: ${name}`).toBe(value);
    figures.headersChecked += 1;
  }
}

/** The CSP as a map of directive to its sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe('security headers of the site (the CloudFront twin of the browser tests)', () => {
  let dist: string;
  let site: Awaited<ReturnType<typeof startSiteServer>>;
  let config: Record<string, string>;

  beforeAll(async () => {
    const stack = testStack();
    dist = mkdtempSync(join(tmpdir(), 'mr-market-headers-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Mr. Market</title>');
    writeFileSync(join(dist, 'assets', 'app-1.js'), 'export {};');
    config = {
      region: stack.env.AWS_REGION!,
      userPoolId: stack.userPoolId,
      userPoolClientId: stack.userPoolClientId,
      cognitoEndpoint: stack.urls.cognitoProxy,
      apiBaseUrl: '',
    };
    site = await startSiteServer({
      distDir: dist,
      apiUrl: stack.urls.api,
      config,
      imagesOrigin: stack.urls.s3,
    });
  });

  afterAll(async () => {
    await site?.stop();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('sends the one definition of the headers on the shell, a client route, an asset, config.json and a 404', async () => {
    const expected = siteSecurityHeaders(originsFromWebConfig(config, testStack().urls.s3));
    expect(site.headers).toEqual(expected);
    for (const path of ['/', '/company/AAPL', '/assets/app-1.js', '/config.json', '/nope.js']) {
      const res = await fetch(`${site.url}${path}`);
      await res.arrayBuffer();
      expectHeaders(res.headers, expected, path);
    }
  });

  it('puts the site headers over the API answers it forwards, as the CloudFront policy overrides', async () => {
    const res = await fetch(`${site.url}/api/health`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expectHeaders(res.headers, site.headers, '/api/health through the site');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('allows the local Cognito and photos origins, and no inline or eval script', () => {
    const stack = testStack();
    const csp = directives(site.headers['content-security-policy']!);
    const origin = (url: string) => new URL(url).origin;
    const checks: [string, string[]][] = [
      ['default-src', ["'self'"]],
      ['script-src', ["'self'"]],
      ['style-src', ["'self'"]],
      ['object-src', ["'none'"]],
      ['frame-ancestors', ["'none'"]],
      ['base-uri', ["'self'"]],
      ['form-action', ["'self'"]],
      ['connect-src', ["'self'", origin(stack.urls.cognitoProxy)]],
      ['img-src', ["'self'", 'data:', 'blob:', origin(stack.urls.s3)]],
    ];
    for (const [name, sources] of checks) {
      expect(csp.get(name), name).toEqual(sources);
      figures.cspDirectivesChecked += 1;
    }
    expect(site.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(site.headers['strict-transport-security']).toBe(
      `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    );
    expect(HSTS_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
  });

  it('relaxes only scripts, styles and the HMR socket for the dev server', () => {
    const strict = directives(contentSecurityPolicy({ cognito: 'https://c.example' }));
    const dev = directives(
      contentSecurityPolicy({ cognito: 'https://c.example' }, { dev: { hmr: 'ws://h:1' } }),
    );
    const changed = [...dev].filter(([name, v]) => strict.get(name)?.join(' ') !== v.join(' '));
    expect(changed).toEqual([
      ['script-src', ["'self'", "'unsafe-inline'"]],
      ['style-src', ["'self'", "'unsafe-inline'"]],
      ['connect-src', ["'self'", 'https://c.example', 'ws://h:1']],
    ]);
  });
});

describe('security headers of the API', () => {
  it('sends the API security headers with every JSON answer of a handler', async () => {
    expect(JSON_HEADERS).toMatchObject(API_SECURITY_HEADERS);
    const res = await fetch(`${testStack().urls.api}/api/health`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expectHeaders(res.headers, { ...JSON_HEADERS }, 'GET /api/health');
  });

  it('sends them on a handler refusal and on the local API server answers of its own', async () => {
    const api = testStack().urls.api;
    const refused = await fetch(`${api}/api/user`, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(refused.status).toBe(401);
    const unknown = await fetch(`${api}/api/no-such-route`);
    expect(unknown.status).toBe(404);
    for (const [what, res] of [
      ['a refused request', refused],
      ['an unknown route', unknown],
    ] as const) {
      await res.arrayBuffer();
      expect(res.status, what).toBeGreaterThanOrEqual(400);
      expectHeaders(res.headers, { ...API_SECURITY_HEADERS }, what);
    }
  });
});

afterAll(() => {
  recordSecurityFigures('headers', figures);
});
