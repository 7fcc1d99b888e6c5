import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLANS } from '../../functions/market/plan';
import { StableProvider } from '../../functions/market/provider';
import { FmpHttpSource } from '../../functions/market/source';
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

const provider = () =>
  new StableProvider(
    new FmpHttpSource({
      baseUrl: fake.baseUrl,
      apiKey: () => Promise.resolve(fake.apiKey),
      timeoutMs: 3000,
    }),
    PLANS.premium,
  );

describe('dividends and splits from the stable API', () => {
  it('maps dividends (ex-date, pay date, split-adjusted amount) and splits (numerator for denominator)', async () => {
    const dividends = await provider().dividends('KO');
    expect(dividends.length).toBeGreaterThan(20);
    expect(dividends[0]).toMatchObject({ symbol: 'KO', frequency: 'Quarterly' });
    expect(dividends[0]!.paymentDate! > dividends[0]!.date).toBe(true);
    expect(dividends[0]!.adjDividend).toBeGreaterThan(0);
    expect(await provider().splits('AAPL')).toEqual([
      { symbol: 'AAPL', date: '2020-08-31', numerator: 4, denominator: 1 },
    ]);
    expect(await provider().splits('NVDA')).toContainEqual({
      symbol: 'NVDA',
      date: '2024-06-10',
      numerator: 10,
      denominator: 1,
    });
    expect((await provider().splits('GE')).some((s) => s.numerator < s.denominator)).toBe(true);
    expect(await provider().splits('KO')).toEqual([]);
    expect(fake.callsByPath().get('/stable/dividends')).toBe(1);
  });

  it('reads each symbol once a day: a second read, and a batch read, come from the cache', async () => {
    const service = fmpService(fake, { now: clock.now });
    const first = await service.dividends('MSFT');
    await service.dividends('MSFT');
    await service.splits('MSFT');
    await service.splits('MSFT');
    const many = await service.manySymbols('dividends', ['MSFT']);
    expect(many.get('MSFT')).toEqual(first.data);
    expect(fake.callsByPath().get('/stable/dividends')).toBe(1);
    expect(fake.callsByPath().get('/stable/splits')).toBe(1);
    clock.advance(25 * 60 * 60_000);
    await service.dividends('MSFT');
    expect(fake.callsByPath().get('/stable/dividends')).toBe(2);
  });
});
