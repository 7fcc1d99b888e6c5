import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canonicalQuery,
  edgeCacheControl,
  sharedMaxAge,
  type EdgeCacheKind,
} from '../../../shared/market/edge-cache';
import { ROUTES, type RouteDef } from '../../../shared/routes';
import { isEdgeCachedPath } from '../../../shared/routes/types';
import { pitchOf } from '../valuation-support';
import { apiClient } from '../../support/api';
import { testMarketClock } from '../../support/clock';
import { recordSecurityFigures } from '../../support/security-summary';
import { createSignedInUser, type TestUser } from '../../support/users';

/*
 * What a shared cache may keep, walked over the whole route table (decision 126): only the
 * public GET routes under /api/market/ that declare an edge cache answer `public, s-maxage`,
 * and only on success; every login-required route, every other route and every refusal
 * answers `no-store`. CloudFront's side (its cache key leaves out Authorization and cookies)
 * is checked on the synthesised template: infra/edge.test.ts.
 */

const api = apiClient();
const label = (r: RouteDef) => `${r.method} ${r.path}`;
const marketNow = Date.parse(testMarketClock());

/** A valid input of each edge-cached route; a new one fails the walk until it has a sample. */
const SAMPLES: Record<string, Record<string, string>> = {
  marketIndexQuotes: {},
  marketRead: { kind: 'profile', symbol: 'AAPL' },
  marketHistorical: { stock_symbol: 'AAPL', from: '2026-01-02', to: '2026-02-02' },
  marketDaily: { stock_symbol: 'AAPL' },
  marketWeekly: { stock_symbol: 'AAPL' },
  marketStockList: { marketcap: 'large', sector: 'Technology', region: 'US' },
  marketCompanyOverview: { symbol: 'AAPL' },
  marketValueLine: { symbol: 'AAPL' },
  marketEstimates: { symbol: 'AAPL' },
  marketHeatmap: {},
  marketCompare: { symbols: 'AAPL,MSFT' },
  // The shared pages' slugs (decision 128): filled in by the beforeAll below.
  publicPitch: {},
  publicPitchPreview: {},
  publicPitchPreviewPng: {},
  publicPitchPage: {},
  publicRecord: {},
};

/** A shared pitch and a public record, so the share routes have something to answer. */
beforeAll(async () => {
  const sharer = await createSignedInUser();
  const pitch = await pitchOf(sharer, 1, 'AAPL');
  const shared = await api.post(
    '/api/sharePitch',
    { valuation_id: pitch.id },
    { token: sharer.accessToken },
  );
  const slug = (shared.body as { slug: string }).slug;
  const record = await api.post(
    '/api/setPublicRecord',
    { enabled: true, display_name: 'Edge Reader' },
    { token: sharer.accessToken },
  );
  const recordSlug = (record.body as { publicRecord: { slug: string } }).publicRecord.slug;
  SAMPLES.publicPitch = { slug };
  SAMPLES.publicPitchPreview = { slug };
  SAMPLES.publicPitchPreviewPng = { slug };
  SAMPLES.publicPitchPage = { slug };
  SAMPLES.publicRecord = { slug: recordSlug };
});

/** The canonical address of a route's sample, as the web app sends it. */
function sampleUrl(route: RouteDef): string {
  const sample = SAMPLES[route.id];
  if (!sample) throw new Error(`No sample input for ${label(route)}: add one to SAMPLES`);
  const input = route.request.parse(sample);
  const query = canonicalQuery(route.edgeCache!.query(input));
  // Path parameters (a share's slug) from the sample; the rest is the query.
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => sample[name] ?? '');
  return query ? `${path}?${query}` : path;
}

function kindOf(route: RouteDef): EdgeCacheKind {
  const edge = route.edgeCache!;
  return typeof edge.kind === 'function'
    ? edge.kind(route.request.parse(SAMPLES[route.id]))
    : edge.kind;
}

const edgeRoutes = ROUTES.filter((r) => r.edgeCache);
const figures = { routes: ROUTES.length, edgeCached: edgeRoutes.length, answersChecked: 0 };
const noStore = (res: { headers: Headers }, what: string) => {
  figures.answersChecked += 1;
  expect(res.headers.get('cache-control'), what).toBe('no-store');
};

afterAll(() => recordSecurityFigures('edgeCache', figures));

describe('the route table says which answers a shared cache may keep', () => {
  it('declares an edge cache on exactly the public GET routes under /api/market/ and the shared pages', () => {
    expect(edgeRoutes.length).toBeGreaterThan(0);
    for (const r of ROUTES) {
      const underPrefix = isEdgeCachedPath(r.path);
      expect(!!r.edgeCache, label(r)).toBe(underPrefix);
      if (r.edgeCache) {
        expect(r.method, label(r)).toBe('GET');
        expect(r.auth, label(r)).toBe(false);
      }
      if (r.auth) expect(r.edgeCache, label(r)).toBeUndefined();
    }
  });

  it('keeps each edge-cached route to reads: market data, no user, no write limit', () => {
    for (const r of edgeRoutes) {
      expect(r.needs, label(r)).toContain('marketData');
      expect(r.owns ?? [], label(r)).toEqual([]);
      expect(r.lists, label(r)).toBeUndefined();
      expect(r.writeLimitPerMinute, label(r)).toBeUndefined();
    }
  });
});

describe('login-required routes are never cacheable', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createSignedInUser();
  });

  it('answers no-store on every login-required read, signed in', async () => {
    for (const r of ROUTES.filter((route) => route.auth && route.method === 'GET')) {
      const res = await api.get(r.path.replace(/\{[^}]+\}/g, 'sample-1'), {
        token: user.accessToken,
      });
      expect(res.status, label(r)).toBeLessThan(500);
      noStore(res, label(r));
    }
  });

  it('answers no-store on every login-required route refused for want of a token', async () => {
    for (const r of ROUTES.filter((route) => route.auth)) {
      const path = r.path.replace(/\{[^}]+\}/g, 'sample-1');
      const res = r.method === 'GET' ? await api.get(path) : await api.post(path, { sample: true });
      expect(res.status, label(r)).toBe(401);
      noStore(res, label(r));
    }
  });
});

describe('public routes', () => {
  it('answer no-store unless edge-cached (routes with a per-client limit are left alone)', async () => {
    const others = ROUTES.filter(
      (r) => !r.auth && !r.edgeCache && r.handler && r.clientLimitPerMinute === undefined,
    );
    expect(others.length).toBeGreaterThan(0);
    for (const r of others) {
      const path = r.path.replace(/\{[^}]+\}/g, 'sample-1');
      const res = r.method === 'GET' ? await api.get(path) : await api.post(path, {});
      expect(res.status, label(r)).toBeLessThan(500);
      noStore(res, label(r));
    }
  });

  it('edge-cached ones answer public, s-maxage for their kind of data at the market clock', async () => {
    for (const r of edgeRoutes) {
      const url = sampleUrl(r);
      const res = await api.get(url);
      expect(res.status, url).toBe(200);
      figures.answersChecked += 1;
      const expected = edgeCacheControl(kindOf(r), marketNow, {
        stale: (res.body as { stale?: boolean }).stale === true,
      });
      expect(res.headers.get('cache-control'), url).toBe(expected);
      expect(sharedMaxAge(res.headers.get('cache-control')), url).toBeGreaterThan(0);
      expect(res.headers.get('cache-control'), url).not.toMatch(/(^|[ ,])max-age/);
    }
  });

  it('edge-cached ones answer no-store to a refused query', async () => {
    for (const r of edgeRoutes) {
      const res = await api.get(`${r.path}?not_a_parameter=1`);
      expect(res.status, label(r)).toBe(400);
      noStore(res, label(r));
    }
  });
});
