import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as marketEstimates } from '../../functions/api/marketEstimates';
import { ProviderPlanError } from '../../functions/market/errors';
import { ESTIMATES_NOT_ON_PLAN } from '../../functions/market/estimates';
import { PLANS } from '../../functions/market/plan';
import {
  buildMarketService,
  useMarketService,
  type MarketService,
} from '../../functions/market/service';
import { DemoSource, type StableSource } from '../../functions/market/source';
import { knownFrom } from '../../shared/market/filings';
import { estimatesResponse } from '../../shared/valuation/estimates-api';
import { startFakeFmp, type FakeFmp } from '../support/fake-fmp';
import { fmpService, invokeRoute, simClock } from '../support/market';

/*
 * The estimates route (decision 185), its handler called in this process against DynamoDB
 * Local with the provider faked so every upstream call is counted: analysts' annual consensus
 * beside the figures later reported, two provider reads on a cold cache and none after.
 */

const clock = simClock();
let fake: FakeFmp;
let service: MarketService;
const GET = (path: string) =>
  invokeRoute(marketEstimates as (event: never, context: never) => Promise<unknown>, 'GET', path);

beforeAll(async () => {
  fake = await startFakeFmp({ now: clock.date });
  service = fmpService(fake, { plan: PLANS.premium, now: clock.now });
  useMarketService(service);
});

afterAll(async () => {
  useMarketService(undefined);
  await fake.close();
});

describe('analysts’ estimates', () => {
  it('give each fiscal year’s consensus beside what was reported for it, oldest first', async () => {
    const res = await GET('/api/market/estimates?symbol=MSFT');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['cache-control'])).toMatch(/^public, s-maxage=\d+/);
    const { data } = estimatesResponse.parse(res.body);
    expect(data.unavailable).toBeNull();
    const dates = data.years.map((y) => y.date);
    expect(dates).toEqual([...dates].sort());
    expect(data.years.length).toBe(14);
    // The three coming years have no report; every earlier one has, filed after its end.
    const coming = data.years.filter((y) => y.reported === null);
    expect(coming.map((y) => y.date)).toEqual(dates.slice(-3));
    for (const y of data.years.slice(0, -3)) {
      expect(y.reported, y.date).not.toBeNull();
      expect(knownFrom(y.reported!) > y.date).toBe(true);
      expect(y.reported!.eps).not.toBeNull();
    }
    for (const y of data.years) {
      expect(y.eps!.low! <= y.eps!.avg && y.eps!.avg <= y.eps!.high!, y.date).toBe(true);
      expect(y.eps!.analysts!).toBeGreaterThan(0);
      expect(y.revenue!.avg).toBeGreaterThan(0);
    }
  });

  it('read the estimates and the annual statements once: a second view makes no provider call', async () => {
    fake.clear();
    expect((await GET('/api/market/estimates?symbol=KO')).statusCode).toBe(200);
    expect([...fake.callsByPath().keys()].sort()).toEqual([
      '/stable/analyst-estimates',
      '/stable/income-statement',
    ]);
    expect(fake.callCount).toBe(2);
    fake.clear();
    for (let i = 0; i < 3; i++)
      expect((await GET('/api/market/estimates?symbol=KO')).statusCode).toBe(200);
    // The valuation panels' annual statements are the same cache item.
    await service.statements('income', 'KO', 'annual', 11);
    expect(fake.callCount).toBe(0);
  });

  it('answer 404 for a symbol with neither estimates nor statements, 400 for a bad one', async () => {
    expect((await GET('/api/market/estimates?symbol=ZZZZQ')).statusCode).toBe(404);
    const bad = await GET('/api/market/estimates?symbol=a%24b');
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe('Enter a valid stock symbol');
    const extra = await GET('/api/market/estimates?symbol=AAPL&limit=5');
    expect(extra.statusCode).toBe(400);
  });
});

describe('analysts’ estimates on a plan without them', () => {
  it('answer the reported years’ absence with the reason, and ask the provider once a day', async () => {
    let estimateCalls = 0;
    const demo = new DemoSource(clock.date);
    const source: StableSource = {
      name: 'fmp',
      get: (endpoint, params) => {
        if (endpoint !== 'analyst-estimates') return demo.get(endpoint, params);
        estimateCalls++;
        return Promise.reject(new ProviderPlanError('analyst-estimates: HTTP 402'));
      },
    };
    useMarketService(
      buildMarketService({
        source,
        plan: PLANS.free,
        namespace: `t${randomUUID().slice(0, 8)}:`,
        memoryMs: 0,
        now: clock.now,
      }),
    );
    try {
      const res = await GET('/api/market/estimates?symbol=AAPL');
      expect(res.statusCode).toBe(200);
      const { data } = estimatesResponse.parse(res.body);
      expect(data).toEqual({ symbol: 'AAPL', years: [], unavailable: ESTIMATES_NOT_ON_PLAN });
      expect((await GET('/api/market/estimates?symbol=AAPL')).statusCode).toBe(200);
      expect(estimateCalls).toBe(1);
    } finally {
      useMarketService(service);
    }
  });
});
