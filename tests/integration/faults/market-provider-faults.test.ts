import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as commonApi } from '../../../functions/api/commonApi';
import { handler as getCompanyOverview } from '../../../functions/api/getCompanyOverview';
import { handler as getDailyData } from '../../../functions/api/getDailyData';
import { handler as getHistoricalData } from '../../../functions/api/getHistoricalData';
import { handler as getIndexQuotes } from '../../../functions/api/getIndexQuotes';
import { handler as getStockList } from '../../../functions/api/getStockList';
import { handler as getWeeklyData } from '../../../functions/api/getWeeklyData';
import { PLANS } from '../../../functions/market/plan';
import { buildMarketService, useMarketService } from '../../../functions/market/service';
import { FmpHttpSource } from '../../../functions/market/source';
import { handler as marketCompanyOverview } from '../../../functions/api/marketCompanyOverview';
import { handler as marketCompare } from '../../../functions/api/marketCompare';
import { handler as marketDaily } from '../../../functions/api/marketDaily';
import { handler as marketEstimates } from '../../../functions/api/marketEstimates';
import { handler as marketHeatmap } from '../../../functions/api/marketHeatmap';
import { handler as marketHistorical } from '../../../functions/api/marketHistorical';
import { handler as marketIndexQuotes } from '../../../functions/api/marketIndexQuotes';
import { handler as marketRead } from '../../../functions/api/marketRead';
import { handler as marketStockList } from '../../../functions/api/marketStockList';
import { handler as marketValueLine } from '../../../functions/api/marketValueLine';
import { handler as marketWeekly } from '../../../functions/api/marketWeekly';
import { STALE_ANSWER_SECONDS } from '../../../shared/market/edge-cache';
import { marketRoutes } from '../../../shared/routes/market';
import { marketReadRoutes } from '../../../shared/routes/market-reads';
import { startFakeFmp, type FakeFmp, type FakeFmpSwitches } from '../../support/fake-fmp';
import { invokeRoute, simClock } from '../../support/market';
import { faultFigureRecorder } from './figures';

/**
 * Every market route over a failing provider (timeouts, 500, 429, an HTML page, cut or
 * misshapen JSON): the last good data marked stale, or a clear 502/503 when there never
 * was any; never a 500.
 */
// The provider failures are expected: keep the output for real ones (STACK_LOG=1 shows them).
vi.hoisted(() => {
  if (process.env.STACK_LOG !== '1') process.env.LOG_LEVEL = 'CRITICAL';
});
const faultFigures = faultFigureRecorder('market-provider');
const clock = simClock();
let fake: FakeFmp;

type Handler = (event: never, context: never) => Promise<unknown>;
const CALLS: { route: string; run: (symbol: string) => ReturnType<typeof invokeRoute> }[] = [
  {
    route: 'commonApi',
    run: (s) =>
      invokeRoute(commonApi as Handler, 'POST', '/api/common_api', {
        url: `profile/${s}`,
        method: 'GET',
        parameters: {},
      }),
  },
  {
    route: 'getIndexQuotes',
    run: () => invokeRoute(getIndexQuotes as Handler, 'GET', '/api/getIndexQuotes'),
  },
  {
    route: 'getHistoricalData',
    run: (s) =>
      invokeRoute(getHistoricalData as Handler, 'POST', '/api/getHistoricalData', {
        stock_symbol: s,
        from: '2025-01-01',
        to: '2025-03-31',
      }),
  },
  {
    route: 'getDailyData',
    run: (s) =>
      invokeRoute(getDailyData as Handler, 'POST', '/api/getDailyData', { stock_symbol: s }),
  },
  {
    route: 'getWeeklyData',
    run: (s) =>
      invokeRoute(getWeeklyData as Handler, 'POST', '/api/getWeeklyData', { stock_symbol: s }),
  },
  {
    route: 'getStockList',
    run: () =>
      invokeRoute(getStockList as Handler, 'POST', '/api/getStockList', {
        marketcap: 'large',
        sector: 'Technology',
        region: 'US',
      }),
  },
  {
    route: 'getCompanyOverview',
    run: (s) =>
      invokeRoute(getCompanyOverview as Handler, 'POST', '/api/getCompanyOverview', { symbol: s }),
  },
];

/** The edge-cached GET forms (decision 126), each with its canonical query. */
const GET = (handler: unknown, path: string) => invokeRoute(handler as Handler, 'GET', path);
const EDGE_CALLS: typeof CALLS = [
  { route: 'marketRead', run: (s) => GET(marketRead, `/api/market/read?kind=profile&symbol=${s}`) },
  { route: 'marketIndexQuotes', run: () => GET(marketIndexQuotes, '/api/market/index-quotes') },
  {
    route: 'marketHistorical',
    run: (s) =>
      GET(
        marketHistorical,
        `/api/market/historical?from=2025-01-01&stock_symbol=${s}&to=2025-03-31`,
      ),
  },
  { route: 'marketDaily', run: (s) => GET(marketDaily, `/api/market/daily?stock_symbol=${s}`) },
  { route: 'marketWeekly', run: (s) => GET(marketWeekly, `/api/market/weekly?stock_symbol=${s}`) },
  {
    route: 'marketStockList',
    run: () =>
      GET(marketStockList, '/api/market/stock-list?marketcap=large&region=US&sector=Technology'),
  },
  {
    route: 'marketCompanyOverview',
    run: (s) => GET(marketCompanyOverview, `/api/market/company-overview?symbol=${s}`),
  },
  {
    route: 'marketValueLine',
    run: (s) => GET(marketValueLine, `/api/market/value-line?symbol=${s}`),
  },
  {
    route: 'marketEstimates',
    run: (s) => GET(marketEstimates, `/api/market/estimates?symbol=${s}`),
  },
  // The map and Compare read the screener snapshot and the quote cache, never the provider.
  { route: 'marketHeatmap', run: () => GET(marketHeatmap, '/api/market/heatmap') },
  {
    route: 'marketCompare',
    run: (s) => GET(marketCompare, `/api/market/compare?symbols=AAPL,${s}`),
  },
];

/**
 * The edge-cached reads of the provider's data: all but the map and Compare, which read the
 * screener snapshot and the quote cache (their staleness is the snapshot's: market-map.test.ts).
 */
const PROVIDER_READS = EDGE_CALLS.filter(
  (c) => c.route !== 'marketHeatmap' && c.route !== 'marketCompare',
);

const FAULTS: { kind: string; switches: FakeFmpSwitches }[] = [
  { kind: 'timeout', switches: { fault: 'hang' } },
  { kind: 'http500', switches: { status: 500 } },
  { kind: 'http429', switches: { status: 429 } },
  { kind: 'html', switches: { fault: 'html' } },
  { kind: 'truncatedJson', switches: { fault: 'truncated' } },
  { kind: 'wrongShape', switches: { fault: 'wrongShape' } },
];

beforeAll(async () => {
  fake = await startFakeFmp({ now: clock.date });
  useMarketService(
    buildMarketService({
      source: new FmpHttpSource({
        baseUrl: fake.baseUrl,
        apiKey: () => Promise.resolve(fake.apiKey),
        timeoutMs: 300,
      }),
      plan: PLANS.premium,
      namespace: `faults${randomUUID().slice(0, 8)}:`,
      memoryMs: 0,
      now: clock.now,
    }),
  );
});

afterAll(async () => {
  useMarketService(undefined);
  await fake.close();
});

describe('market routes over a failing provider', () => {
  it('covers every market route of the route table', () => {
    expect(CALLS.map((c) => c.route).sort()).toEqual(marketRoutes.map((r) => r.id).sort());
  });

  it('answers a clear 502 or 503 when there never was good data, never a 500', async () => {
    for (const fault of FAULTS) {
      fake.set(fault.switches);
      faultFigures.inject(fault.kind);
      for (const call of CALLS) {
        // A symbol nothing has asked for yet, per fault: no last good value to fall back on.
        const res = await call.run(`Z${fault.kind.slice(0, 3).toUpperCase()}`);
        faultFigures.request(res.statusCode, true);
        expect({ fault: fault.kind, route: call.route, status: res.statusCode }).toEqual({
          fault: fault.kind,
          route: call.route,
          status: expect.toBeOneOf([502, 503]),
        });
        expect(res.body.message, `${fault.kind} ${call.route}`).toMatch(/^Market data .+/);
      }
    }
  });

  it('serves the last good data marked stale while the provider fails, and fresh data once it recovers', async () => {
    fake.clear();
    const good = new Map<string, Record<string, unknown>>();
    for (const call of CALLS) {
      const res = await call.run('AAPL');
      expect(res.statusCode, `${call.route} ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.stale, call.route).toBe(false);
      good.set(call.route, res.body);
    }
    // A day later every cached read is due for a refresh, and the provider fails each way.
    clock.advance(25 * 3600_000);
    for (const fault of FAULTS) {
      fake.set(fault.switches);
      faultFigures.inject(fault.kind);
      for (const call of CALLS) {
        const res = await call.run('AAPL');
        faultFigures.request(res.statusCode, true);
        expect({ fault: fault.kind, route: call.route, status: res.statusCode }).toEqual({
          fault: fault.kind,
          route: call.route,
          status: 200,
        });
        expect(res.body.stale, `${fault.kind} ${call.route}`).toBe(true);
        expect(res.body.data, `${fault.kind} ${call.route}`).toEqual(good.get(call.route)?.data);
      }
    }
    fake.clear();
    for (const call of CALLS) {
      // Fresh again once the provider answers (a call that times out on a busy machine, with
      // the 300 ms limit of this test, is served stale and the next one refreshes).
      await expect
        .poll(async () => (await call.run('AAPL')).body.stale, {
          timeout: 10_000,
          message: `${call.route} after recovery`,
        })
        .toBe(false);
      const res = await call.run('AAPL');
      expect(res.statusCode).toBe(200);
      expect(res.body.stale, `${call.route} served from the cache`).toBe(false);
    }
  });
});

describe('edge-cached market reads over a failing provider (decision 126)', () => {
  it('covers every GET form of the route table', () => {
    expect(EDGE_CALLS.map((c) => c.route).sort()).toEqual(marketReadRoutes.map((r) => r.id).sort());
  });

  it('never lets a shared cache keep a 502 or 503', async () => {
    // The index quotes and the stock list name no symbol: the suite above cached them already.
    const bySymbol = PROVIDER_READS.filter(
      (c) => c.route !== 'marketIndexQuotes' && c.route !== 'marketStockList',
    );
    for (const fault of FAULTS) {
      fake.set(fault.switches);
      faultFigures.inject(fault.kind);
      for (const call of bySymbol) {
        const res = await call.run(`Y${fault.kind.slice(0, 3).toUpperCase()}`);
        faultFigures.request(res.statusCode, true);
        expect(res.statusCode, `${fault.kind} ${call.route}`).toBeOneOf([502, 503]);
        expect(res.headers['cache-control'], `${fault.kind} ${call.route}`).toBe('no-store');
      }
    }
    fake.clear();
  });

  it('lets a shared cache keep the last good data only briefly while the provider fails', async () => {
    fake.clear();
    for (const call of PROVIDER_READS) {
      const res = await call.run('MSFT');
      expect(res.statusCode, call.route).toBe(200);
      expect(res.headers['cache-control'], call.route).toMatch(
        /^public, s-maxage=\d+, stale-while-revalidate=\d+$/,
      );
    }
    clock.advance(25 * 3600_000);
    fake.set({ status: 500 });
    faultFigures.inject('http500');
    for (const call of PROVIDER_READS) {
      const res = await call.run('MSFT');
      faultFigures.request(res.statusCode, true);
      expect(res.statusCode, call.route).toBe(200);
      expect(res.body.stale, call.route).toBe(true);
      expect(res.headers['cache-control'], call.route).toBe(
        `public, s-maxage=${STALE_ANSWER_SECONDS}`,
      );
    }
    fake.clear();
  });
});
