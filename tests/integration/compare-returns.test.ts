import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as marketRead } from '../../functions/api/marketRead';
import { PLANS } from '../../functions/market/plan';
import { useMarketService, type MarketService } from '../../functions/market/service';
import { compareSeries, periodStart, seriesReturns } from '../../shared/compare/compare';
import { dividendSchema, marketEnvelope } from '../../shared/market/schemas';
import * as z from 'zod/mini';
import { testMarketClock } from '../support/clock';
import { startFakeFmp, type FakeFmp } from '../support/fake-fmp';
import { fmpService, invokeRoute, simClock } from '../support/market';

/*
 * Compare's returns from the answers it reads (decision 168): the daily closes and the
 * dividends, each one edge-cached market read. Over ten years JPM's total return, dividends
 * reinvested, is well above its price return (checked by buying the shares each dividend pays
 * for, independently of the shared function); RIVN, listed in 2021, starts at its first close;
 * a symbol nobody lists has no prices and no dividends. Handlers run in this process against
 * DynamoDB Local; the provider is faked (the demo market in its shapes).
 */

const clock = simClock();
let fake: FakeFmp;
let service: MarketService;
const GET = (path: string) =>
  invokeRoute(marketRead as (event: never, context: never) => Promise<unknown>, 'GET', path);
const rowsOf = z.array(z.looseObject({ date: z.string(), close: z.number() }));
const dividendsAnswer = marketEnvelope(z.array(dividendSchema));
const TODAY = testMarketClock().slice(0, 10);

beforeAll(async () => {
  fake = await startFakeFmp({ now: clock.date });
  service = fmpService(fake, { plan: PLANS.premium, now: clock.now });
  useMarketService(service);
}, 60_000);

afterAll(async () => {
  useMarketService(undefined);
  await fake.close();
});

async function closes(symbol: string, from: string) {
  const res = await GET(`/api/market/read?from=${from}&kind=daily&symbol=${symbol}&to=${TODAY}`);
  expect(res.statusCode).toBe(200);
  return rowsOf
    .parse((res.body as { data: unknown }).data)
    .map((r) => ({ date: r.date.slice(0, 10), close: r.close }));
}

async function dividends(symbol: string) {
  const res = await GET(`/api/market/read?kind=dividends&symbol=${symbol}`);
  expect(res.statusCode).toBe(200);
  expect(String(res.headers['cache-control'])).toMatch(/^public, s-maxage=\d+/);
  return dividendsAnswer.parse(res.body).data;
}

describe('Compare’s total return, from its two reads', () => {
  it('JPM over ten years: dividends reinvested give a total return above the price return', async () => {
    const start = periodStart('10Y', TODAY);
    const bars = await closes('JPM', '2016-03-01');
    const paid = await dividends('JPM');
    expect(paid.length).toBeGreaterThan(30);
    const series = compareSeries(bars, paid, start);
    const returns = seriesReturns(series)!;
    expect(series.startsLate).toBe(false);
    // Forty quarterly dividends reinvested add more than ten points over the decade.
    expect(returns.total!).toBeGreaterThan(returns.price + 10);
    // Independently: shares bought at the base close, each dividend buying more at the close of
    // the first session on or after its ex-date.
    const sorted = [...bars].sort((a, b) => (a.date < b.date ? -1 : 1));
    const baseIndex = sorted.findLastIndex((b) => b.date <= start);
    let shares = 100 / sorted[baseIndex]!.close;
    for (const d of paid) {
      if (d.date.slice(0, 10) <= sorted[baseIndex]!.date) continue;
      const session = sorted.find((b) => b.date >= d.date.slice(0, 10));
      if (session) shares += (shares * d.adjDividend) / session.close;
    }
    const last = sorted.at(-1)!;
    expect(series.points.at(-1)!.total!).toBeCloseTo(shares * last.close, 6);
    expect(returns.price).toBeCloseTo((last.close / sorted[baseIndex]!.close) * 100 - 100, 8);
  });

  it('RIVN over ten years starts at its first close, its listing day, marked as starting late', async () => {
    const series = compareSeries(
      await closes('RIVN', '2016-03-01'),
      await dividends('RIVN'),
      periodStart('10Y', TODAY),
    );
    expect(series.startsLate).toBe(true);
    expect(series.from).toBe('2021-11-10');
    expect(series.points[0]).toEqual({ date: '2021-11-10', price: 100, total: 100 });
  });

  it('ABNB has no price before its listing: a 10-year read starts on 2020-12-10', async () => {
    const bars = await closes('ABNB', '2016-03-01');
    expect(bars.map((b) => b.date).sort()[0]).toBe('2020-12-10');
  });

  it('a symbol nobody lists has no prices and no dividends', async () => {
    expect(await closes('ZZZZQ', '2025-03-01')).toEqual([]);
    expect(await dividends('ZZZZQ')).toEqual([]);
  });

  it('refuses a bad symbol with a 400 and a clear message', async () => {
    const res = await GET('/api/market/read?kind=dividends&symbol=a%24b');
    expect(res.statusCode).toBe(400);
    expect((res.body as { message: string }).message).toMatch(/symbol/i);
  });
});
