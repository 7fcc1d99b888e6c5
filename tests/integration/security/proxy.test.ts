import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler as commonApi } from '../../../functions/api/commonApi';
import { PLANS } from '../../../functions/market/plan';
import { useMarketService } from '../../../functions/market/service';
import { STABLE_ENDPOINTS } from '../../../functions/market/source';
import { ROUTES, type RouteDef } from '../../../shared/routes';
import { startFakeFmp, type FakeFmp } from '../../support/fake-fmp';
import { fmpService, invokeRoute } from '../../support/market';
import { recordSecurityFigures } from '../../support/security-summary';

/*
 * The market-data key and the provider's address never move: whatever a caller sends to the
 * proxy (common_api) or to any route that reads market data, the server asks only its own
 * provider host for the stable endpoints it knows, with its own key once, and no answer
 * (body or header) carries the key.
 */

/** Distinctive, so finding it anywhere in an answer cannot be a coincidence. */
const KEY = 'MrMkt-Proxy-Key-9f4e2c7a1b';
const KEY_FORMS = [
  KEY,
  KEY.toLowerCase(),
  encodeURIComponent(KEY),
  Buffer.from(KEY).toString('base64'),
  Buffer.from(KEY).toString('hex'),
  KEY.slice(4, 20),
];
const ALLOWED_PATHS = new Set(STABLE_ENDPOINTS.map((e) => `/stable/${e}`));

/** The market-data routes: the proxy and every route that may read the provider. */
const MARKET_ROUTES = ROUTES.filter((r) => r.needs.includes('marketData'));

/**
 * A body each route accepts (or nearly: ids that name nothing), whose string fields the
 * fuzz replaces with hostile text. Routes without an entry get `{}` plus hostile fields.
 */
const BASE_BODIES: Record<string, Record<string, unknown>> = {
  commonApi: { url: 'profile/AAPL', method: 'GET', parameters: {} },
  getHistoricalData: { stock_symbol: 'AAPL', from: '2025-01-02', to: '2025-02-01' },
  getDailyData: { stock_symbol: 'AAPL' },
  getWeeklyData: { stock_symbol: 'AAPL' },
  getStockList: { marketcap: 'large', sector: 'Technology', region: 'US' },
  getCompanyOverview: { symbol: 'AAPL' },
  addWatchList: { stock_symbol: 'MSFT' },
  placeOrder: {
    portfolio_id: 'p1',
    stock_symbol: 'AAPL',
    side: 'buy',
    order_type: 'market',
    invest_by: 'amount',
    amount: 100,
  },
  buyPitch: { stock_symbol: 'AAPL', portfolio_id: 'p1', valuation_id: 'v1' },
  addPortfolio: { portfolio_name: 'Fuzz', investment_value: 1000 },
  searchPortfolioList: { portfolio_name: 'Fuzz' },
  getPortfolioHoldings: { portfolio_id: 'p1' },
  getPortfolioPerformance: { portfolio_id: 'p1', period: '1Y' },
  getPerformanceRows: { portfolio_id: 'p1', list: 'open_lots' },
  exportActivity: { portfolio_id: 'p1' },
  importTransactions: {
    portfolio_id: 'p1',
    mode: 'preview',
    csv: 'date,type,amount\n2024-01-02,deposit,1',
  },
  updateValuation: { valuation_id: 'v1' },
  updatePitch: { valuation_id: 'v1' },
  screenerScreen: { filters: { name: 'Apple' } },
};

/** Hand-picked attacks on a URL built from the input. */
const ATTACKS = [
  '../',
  '../../v3/quote/AAPL',
  '..%2f..%2fv3%2fquote%2fAAPL',
  '%2e%2e%2f%2e%2e%2f',
  '....//....//',
  '..\\..\\',
  '%252e%252e%252f',
  'https://evil.example/x',
  'http://169.254.169.254/latest/meta-data/',
  '//evil.example/quote/AAPL',
  '\\\\evil.example\\x',
  'AAPL%2fquote',
  'AAPL%2F..%2F',
  'AAPL@evil.example',
  'user:pass@evil.example/x',
  'AAPL\r\nHost: evil.example',
  'AAPL%0d%0aX-Injected: 1',
  'AAPL&apikey=stolen',
  'AAPL?apikey=stolen',
  'AAPL#fragment',
  'AAPL&symbol=MSFT&limit=100000',
  'ＡＡＰＬ／．．／',
  'A\u202eLPAA',
  'AAPL\u200b',
  'A\u0000B',
  '\u2025/\u2024\u2024/',
  'x'.repeat(10_000),
  '/'.repeat(600),
];

const hostile = fc.oneof(
  fc.constantFrom(...ATTACKS),
  fc
    .tuple(
      fc.constantFrom('http://', 'https://', '//', 'file://', 'gopher://', 'ftp://'),
      fc.domain(),
    )
    .map(([scheme, host]) => `${scheme}${host}/quote/AAPL`),
  fc
    .tuple(
      fc.constantFrom('../', '..%2f', '%2e%2e/', '..%252f', '..\\'),
      fc.integer({ min: 1, max: 6 }),
    )
    .map(([step, n]) => `${step.repeat(n)}etc/passwd`),
  fc.domain().map((host) => `AAPL@${host}`),
  fc
    .tuple(fc.constantFrom('\r\n', '%0d%0a', '\n', '%0A'), fc.string({ maxLength: 20 }))
    .map(([crlf, rest]) => `AAPL${crlf}${rest}`),
  fc
    .tuple(
      fc.constantFrom('&', '?', '#', ';', '%26'),
      fc.constantFrom('apikey', 'symbol', 'limit', 'url'),
    )
    .map(([sep, name]) => `AAPL${sep}${name}=x`),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 600, maxLength: 3000 }),
);

let fake: FakeFmp;
/** Every URL the provider asked for. */
const requested: URL[] = [];
const figures = {
  requestsTried: 0,
  upstreamRequests: 0,
  outsideAllowlist: 0,
  keyEchoes: 0,
  serverErrors: 0,
};
const handlers = new Map<string, Parameters<typeof invokeRoute>[0]>();
const claims = {
  sub: `proxy-${randomUUID()}`,
  token_use: 'access',
  email: 'proxy-fuzz@example.com',
  username: 'proxy-fuzz',
};

const upstreamAllowed = (url: URL): boolean =>
  url.origin === new URL(fake.baseUrl).origin &&
  url.username === '' &&
  url.password === '' &&
  url.hash === '' &&
  ALLOWED_PATHS.has(url.pathname) &&
  url.searchParams.getAll('apikey').length === 1 &&
  url.searchParams.get('apikey') === KEY;

/** Watches every request the provider makes; anything off the allowlist never leaves. */
const watchingFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  requested.push(url);
  if (!upstreamAllowed(url)) return Promise.resolve(new Response('[]', { status: 404 }));
  return fetch(input, init);
};

beforeAll(async () => {
  fake = await startFakeFmp({ apiKey: KEY });
  useMarketService(fmpService(fake, { plan: PLANS.premium, fetchImpl: watchingFetch }));
  for (const def of MARKET_ROUTES) {
    if (!def.handler) continue;
    const file = new URL(`../../../functions/${def.handler}.ts`, import.meta.url).href;
    const mod = (await import(/* @vite-ignore */ file)) as {
      handler: Parameters<typeof invokeRoute>[0];
    };
    handlers.set(def.id, mod.handler);
  }
});
afterAll(async () => {
  useMarketService(undefined);
  await fake?.close();
});
beforeEach(() => {
  fake.clear();
});

/** Every string field of a body, as a path of keys. */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function withValue(body: Record<string, unknown>, path: string[], value: string) {
  const copy = structuredClone(body);
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

/** The bodies (POST) or query strings (GET) a route is sent for one hostile text. */
function attacksOn(def: RouteDef, text: string): { path: string; body?: unknown }[] {
  const route = def.path;
  if (def.method === 'GET') {
    return [
      { path: `${route}?symbol=${encodeURIComponent(text)}` },
      { path: `${route}?url=${encodeURIComponent(text)}&apikey=${encodeURIComponent(text)}` },
    ];
  }
  const base = BASE_BODIES[def.id] ?? {};
  const bodies: unknown[] = stringPaths(base).flatMap((p) => {
    const original = p.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], base) as string;
    return [withValue(base, p, text), withValue(base, p, `${original}${text}`)];
  });
  bodies.push({ ...base, [text.slice(0, 40) || 'x']: text });
  if (def.id === 'commonApi') {
    for (const url of [
      `profile/${text}`,
      `quote/AAPL,${text}`,
      `search?query=${text}&limit=5`,
      `stock_news?tickers=${text}`,
      `ratios/AAPL?period=annual&limit=5&${text}`,
      `${text}/quote/AAPL`,
      `historical-price-full/AAPL?from=${text}`,
    ])
      bodies.push({ url, method: 'GET', parameters: {} });
    bodies.push({ url: 'search', method: 'GET', parameters: { query: text } });
    bodies.push({
      url: 'profile/AAPL',
      method: 'GET',
      parameters: { [text.slice(0, 40) || 'k']: text },
    });
  }
  return bodies.map((body) => ({ path: route, body }));
}

function leaksKey(text: string): boolean {
  return KEY_FORMS.some((form) => text.includes(form));
}

/** Sends one request and checks its answer; returns the problems seen. */
async function probe(def: RouteDef, request: { path: string; body?: unknown }): Promise<string[]> {
  const handler = handlers.get(def.id)!;
  figures.requestsTried += 1;
  const before = requested.length;
  const res = await invokeRoute(handler, def.method, request.path, request.body, {
    ...(def.auth ? { claims } : {}),
  });
  const problems: string[] = [];
  const answer = `${res.rawBody}\n${JSON.stringify(res.headers)}`;
  if (leaksKey(answer)) {
    figures.keyEchoes += 1;
    problems.push(`${def.id} echoed the key`);
  }
  if (res.statusCode >= 500) {
    figures.serverErrors += 1;
    problems.push(`${def.id} answered ${res.statusCode}: ${res.rawBody.slice(0, 200)}`);
  }
  for (const url of requested.slice(before)) {
    figures.upstreamRequests += 1;
    if (!upstreamAllowed(url)) {
      figures.outsideAllowlist += 1;
      problems.push(
        `${def.id} asked ${url.origin}${url.pathname} (${url.search.length} chars of query)`,
      );
    }
  }
  return problems;
}

function expectFakeSawOnlyAllowedPaths() {
  for (const [path] of fake.callsByPath()) expect(ALLOWED_PATHS.has(path), path).toBe(true);
  for (const call of fake.calls) expect(call.apiKeyCount, call.path).toBe(1);
}

const describeRoute = (r: RouteDef) => `${r.method} ${r.path}`;

describe('market-data proxy and routes under hostile input', () => {
  it('covers the proxy and every route that reads market data, each with a handler', () => {
    expect(MARKET_ROUTES.map((r) => r.id)).toContain('commonApi');
    expect(MARKET_ROUTES.length).toBeGreaterThanOrEqual(7);
    for (const def of MARKET_ROUTES) expect(handlers.has(def.id), describeRoute(def)).toBe(true);
  });

  it('still reaches the provider for honest requests, on allowed paths with the key once', async () => {
    for (const def of MARKET_ROUTES.filter((r) => !r.auth)) {
      const body = def.method === 'POST' ? (BASE_BODIES[def.id] ?? {}) : undefined;
      expect(await probe(def, { path: def.path, body }), describeRoute(def)).toEqual([]);
    }
    expect(fake.callCount).toBeGreaterThan(0);
    expectFakeSawOnlyAllowedPaths();
  });

  it('sends nothing outside the allowlist and never echoes the key for the hand-picked attacks on every route', async () => {
    const problems: string[] = [];
    for (const def of MARKET_ROUTES)
      for (const text of ATTACKS)
        for (const request of attacksOn(def, text)) problems.push(...(await probe(def, request)));
    expect(problems).toEqual([]);
    expectFakeSawOnlyAllowedPaths();
    // A bound for a machine busy with other work (a fraction of it on an idle one): a test that ran
    // past it would go on sending requests while the next test counts the provider's calls.
  }, 300_000);

  it('sends nothing outside the allowlist and never echoes the key for generated hostile input', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MARKET_ROUTES),
        hostile,
        fc.nat(),
        async (def, text, pick) => {
          const requests = attacksOn(def, text);
          const request = requests[pick % requests.length]!;
          expect(await probe(def, request)).toEqual([]);
        },
      ),
      { numRuns: 400 },
    );
    expectFakeSawOnlyAllowedPaths();
  }, 300_000);

  it('refuses fuzzed hosts, schemes, .. segments, encoded paths, huge limits and unknown parameters on common_api without calling upstream', async () => {
    const proxy = (body: unknown) =>
      invokeRoute(commonApi as never, 'POST', '/api/common_api', body);
    const symbol = fc.constantFrom('AAPL', 'MSFT', '^GSPC');
    const bad = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('http://', 'https://', '//', 'file:', 'ftp://', 'gopher://'),
          fc.domain(),
          symbol,
        )
        .map(([s, h, sym]) => `${s}${h}/quote/${sym}`),
      fc
        .tuple(
          fc.constantFrom('profile', 'quote', 'ratios'),
          symbol,
          fc.constantFrom('..', '../..', '%2e%2e', '%2E%2e/%2f'),
        )
        .map(([p, sym, dots]) => `${p}/${dots}/${sym}`),
      fc
        .tuple(
          fc.constantFrom('profile/', 'quote/', 'key-executives/'),
          fc.constantFrom('%41APL', '%2F', '%00', '%252e', 'AAPL%23', 'A%0aB'),
        )
        .map(([p, enc]) => `${p}${enc}`),
      fc
        .tuple(
          fc.constantFrom(
            'ratios/AAPL',
            'income-statement/AAPL',
            'stock_news?tickers=AAPL&',
            'search?query=a&',
          ),
          fc.integer({ min: 401, max: 2 ** 53 - 1 }),
        )
        .map(([p, n]) => `${p}${p.includes('?') ? '' : '?'}limit=${n}`),
      fc
        .tuple(
          fc.constantFrom('profile/AAPL?', 'quote/AAPL?', 'ratios/AAPL?period=annual&'),
          fc
            .stringMatching(/^[a-z]{1,12}$/)
            .filter((k) => !['period', 'limit', 'apikey'].includes(k)),
        )
        .map(([p, k]) => `${p}${k}=1`),
      fc
        .tuple(
          fc.constantFrom('profile/AAPL?', 'quote/AAPL?'),
          fc.string({ minLength: 1, maxLength: 20 }),
        )
        .map(([p, key]) => `${p}apikey=${key.replace(/[&=]/g, 'x')}x`),
      fc
        .string({ maxLength: 60 })
        .filter(
          (s) =>
            !/^(profile|quote|ratios|key-metrics|income-statement|balance-sheet-statement|cash-flow-statement|key-executives|institutional-holder|stock_news|historical-chart|historical-price-full|search|ratios-ttm|key-metrics-ttm)\//.test(
              s,
            ) &&
            !s.startsWith('search?') &&
            !s.startsWith('stock_news?'),
        ),
    );
    await fc.assert(
      fc.asyncProperty(bad, async (url) => {
        figures.requestsTried += 1;
        const res = await proxy({ url, method: 'GET', parameters: {} });
        expect(res.statusCode).toBe(400);
        expect(typeof res.body.message).toBe('string');
        expect(leaksKey(`${res.rawBody}${JSON.stringify(res.headers)}`)).toBe(false);
      }),
      { numRuns: 300 },
    );
    expect(fake.callCount).toBe(0);
  });

  it('records the figures', () => {
    recordSecurityFigures('proxy', {
      routesCovered: MARKET_ROUTES.length,
      requestsTried: figures.requestsTried,
      upstreamRequests: figures.upstreamRequests,
      upstreamRequestsOutsideAllowlist: figures.outsideAllowlist,
      keyEchoes: figures.keyEchoes,
      serverErrors: figures.serverErrors,
    });
    expect(figures.requestsTried).toBeGreaterThan(1000);
    expect(figures.upstreamRequests).toBeGreaterThan(0);
    expect(figures.outsideAllowlist).toBe(0);
    expect(figures.keyEchoes).toBe(0);
  });
});
