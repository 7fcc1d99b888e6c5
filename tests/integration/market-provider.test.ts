import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ProviderAuthError,
  ProviderForbiddenError,
  ProviderMessageError,
  ProviderPlanError,
  ProviderRateLimitError,
  ProviderShapeError,
  ProviderUnavailableError,
} from '../../functions/market/errors';
import { PLANS } from '../../functions/market/plan';
import { StableProvider } from '../../functions/market/provider';
import { FmpHttpSource, type StableSource } from '../../functions/market/source';
import { quoteSchema } from '../../shared/market';
import { startFakeFmp, type FakeFmp } from '../support/fake-fmp';
import { fmpService, simClock } from '../support/market';

let fake: FakeFmp;
const clock = simClock();

beforeAll(async () => {
  fake = await startFakeFmp({ now: clock.date });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.clear());

function source(apiKey = fake.apiKey) {
  return new FmpHttpSource({
    baseUrl: fake.baseUrl,
    apiKey: () => Promise.resolve(apiKey),
    timeoutMs: 3000,
  });
}

describe('FMP stable provider against the fake FMP server', () => {
  it('maps a stable profile, quote and income statement onto the contract names', async () => {
    const provider = new StableProvider(source(), PLANS.premium);
    const profile = await provider.profile('AAPL');
    const [stable] = (await source().get('profile', { symbol: 'AAPL' })) as Record<
      string,
      unknown
    >[];
    expect(profile?.mktCap).toBe(stable!.marketCap);
    expect(profile?.changes).toBe(stable!.change);
    expect(profile?.exchangeShortName).toBe(stable!.exchange);
    expect(profile?.volAvg).toBe(stable!.averageVolume);

    const [income] = await provider.statements('income', 'AAPL', 'annual', 1);
    expect(income?.epsdiluted).toBe(income?.epsDiluted);
    expect(income?.calendarYear).toBe(income?.fiscalYear);
    expect(income?.grossProfitRatio).toBeCloseTo(income!.grossProfit! / income!.revenue!, 12);

    const [ratios] = await provider.ratios('AAPL', 'annual', 1);
    const [metrics] = (await source().get('key-metrics', {
      symbol: 'AAPL',
      period: 'annual',
      limit: '1',
    })) as Record<string, unknown>[];
    expect(ratios?.priceEarningsRatio).toBe(ratios?.priceToEarningsRatio);
    expect(ratios?.returnOnEquity).toBe(metrics!.returnOnEquity);

    const [cash] = await provider.statements('cashflow', 'AAPL', 'annual', 1);
    expect(cash?.netCashUsedForInvestingActivites).toBe(cash?.netCashProvidedByInvestingActivities);
  });

  it('builds the quote fields the stable quote lacks: pe from TTM EPS, shares outstanding from shares-float', async () => {
    const service = fmpService(fake, { plan: PLANS.premium, now: clock.now });
    const { data } = await service.quotes(['MSFT']);
    const quote = quoteSchema.parse(data[0]);
    const [ttm] = (await source().get('ratios-ttm', { symbol: 'MSFT' })) as Record<
      string,
      number
    >[];
    const [float] = (await source().get('shares-float', { symbol: 'MSFT' })) as Record<
      string,
      number
    >[];
    expect(quote.eps).toBe(ttm!.netIncomePerShareTTM);
    expect(quote.pe).toBeCloseTo(quote.price / ttm!.netIncomePerShareTTM!, 10);
    expect(quote.sharesOutstanding).toBe(float!.outstandingShares);
    expect(quote.avgVolume).not.toBeNull();
  });

  it('fails loudly, naming the endpoint, when the provider changes a record shape', async () => {
    const broken: StableSource = {
      name: 'fmp',
      get: () => Promise.resolve([{ symbol: 'AAPL', price: 'twelve' }]),
    };
    const error = await new StableProvider(broken, PLANS.premium)
      .quotes(['AAPL'])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderShapeError);
    expect((error as ProviderShapeError).detail).toMatch(/^batch-quote\[0\]\.price/);
  });

  it.each([
    [401, ProviderAuthError],
    [402, ProviderPlanError],
    [403, ProviderForbiddenError],
    [429, ProviderRateLimitError],
    [500, ProviderUnavailableError],
  ] as const)('maps HTTP %i to its own error and never echoes the key', async (status, type) => {
    fake.set({ status });
    const error = await source()
      .get('quote', { symbol: 'AAPL' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect(
      JSON.stringify({
        message: (error as Error).message,
        detail: (error as ProviderAuthError).detail,
      }),
    ).not.toContain(fake.apiKey);
  });

  it('treats a 200 whose body is {"Error Message": ...} as an error', async () => {
    fake.set({ errorMessage: 'Invalid or missing query parameter - symbol' });
    await expect(source().get('profile', { symbol: 'AAPL' })).rejects.toBeInstanceOf(
      ProviderMessageError,
    );
  });

  it('answers 401 for a wrong key', async () => {
    await expect(source('wrong-key').get('profile', { symbol: 'AAPL' })).rejects.toBeInstanceOf(
      ProviderAuthError,
    );
  });

  it('keeps to the free plan: statement limit 5 and one symbol per quote call', async () => {
    const free = new StableProvider(source(), PLANS.free);
    const rows = await free.statements('income', 'AAPL', 'quarter', 42);
    expect(rows).toHaveLength(5);
    expect(fake.calls.at(-1)?.params.limit).toBe('5');
    fake.clear();
    await free.quotes(['AAPL', 'MSFT', 'KO']);
    expect(fake.calls.map((c) => c.endpoint)).toEqual(['quote', 'quote', 'quote']);
    fake.clear();
    await new StableProvider(source(), PLANS.starter).quotes(['AAPL', 'MSFT', 'KO']);
    expect(fake.calls.map((c) => `${c.endpoint}?${c.params.symbols}`)).toEqual([
      'batch-quote?AAPL,MSFT,KO',
    ]);
  });

  it('does not call intraday or holder endpoints on a plan without them', async () => {
    const free = new StableProvider(source(), PLANS.free);
    await expect(free.intraday('5min', 'AAPL')).rejects.toBeInstanceOf(ProviderPlanError);
    await expect(free.institutionalHolders('AAPL')).rejects.toBeInstanceOf(ProviderPlanError);
    expect(fake.callCount).toBe(0);
  });
});

describe('market cache over the fake FMP server', () => {
  it('serves the last good value marked stale when the provider fails or is rate limited', async () => {
    const service = fmpService(fake, { now: clock.now });
    const fresh = await service.profile('KO');
    expect(fresh.stale).toBe(false);
    clock.advance(25 * 3600_000);
    for (const status of [500, 429, 401]) {
      fake.set({ status });
      const served = await service.profile('KO');
      expect(served.stale).toBe(true);
      expect(served.data).toEqual(fresh.data);
    }
    fake.set({ errorMessage: 'Something upstream' });
    expect((await service.profile('KO')).stale).toBe(true);
    fake.clear();
    const again = await service.profile('KO');
    expect(again.stale).toBe(false);
    expect(fake.callCount).toBe(1);
  });

  it('answers the error when there is no last good value', async () => {
    const service = fmpService(fake, { now: clock.now });
    fake.set({ status: 500 });
    await expect(service.profile('PEP')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('makes one upstream call for concurrent misses of one key, across instances', async () => {
    const namespace = `sf${Date.now()}:`;
    // Two function instances (separate processes in AWS): the in-process flight and the table lease.
    const a = fmpService(fake, { namespace });
    const b = fmpService(fake, { namespace });
    fake.set({ latencyMs: 400 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).ratiosTtm('NKE')),
    );
    expect(fake.calls.filter((c) => c.endpoint === 'ratios-ttm')).toHaveLength(1);
    expect(new Set(results.map((r) => JSON.stringify(r.data))).size).toBe(1);
    expect(results.every((r) => r.stale === false)).toBe(true);
  });

  it('remembers a 402 for a symbol until the end of the day', async () => {
    const service = fmpService(fake, { now: clock.now });
    clock.set(Date.parse('2026-03-11T10:00:00Z'));
    fake.set({ deniedSymbols: ['XOM'] });
    await expect(service.profile('XOM')).rejects.toMatchObject({ statusCode: 402 });
    clock.advance(3 * 3600_000);
    await expect(service.profile('XOM')).rejects.toBeInstanceOf(ProviderPlanError);
    expect(fake.callCount).toBe(1);
    clock.set(Date.parse('2026-03-12T00:05:00Z'));
    fake.clear();
    const next = await service.profile('XOM');
    expect(next.data[0]?.symbol).toBe('XOM');
    expect(fake.callCount).toBe(1);
  });
});
