import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as marketCompare } from '../../functions/api/marketCompare';
import { handler as marketHeatmap } from '../../functions/api/marketHeatmap';
import { handler as marketValueLine } from '../../functions/api/marketValueLine';
import { registerInterest } from '../../functions/market/interest';
import { PLANS } from '../../functions/market/plan';
import {
  buildMarketService,
  useMarketService,
  type MarketService,
} from '../../functions/market/service';
import { DemoSource } from '../../functions/market/source';
import { buildSnapshot } from '../../functions/screener/build';
import { forgetSnapshot } from '../../functions/screener/current';
import { forgetMarketMap } from '../../functions/screener/market-map';
import {
  loadSnapshot,
  saveSnapshot,
  toLoaded,
  type LoadedSnapshot,
} from '../../functions/screener/snapshot';
import { compareResponse } from '../../shared/compare/compare';
import { decodeHeatmap, heatmapResponse, PERIOD_COLUMN } from '../../shared/heatmap/data';
import { HEATMAP_PERIODS } from '../../shared/heatmap/scale';
import type { Quote } from '../../shared/market';
import { formatNumber } from '../../shared/format/money';
import { computeRow } from '../../shared/screener/compute';
import { sectorMedians } from '../../shared/screener/peers';
import {
  computeValuation,
  currentValue,
  quarterBases,
  splitAdjusted,
  valueLine,
} from '../../shared/valuation';
import { valueLineResponse } from '../../shared/valuation/value-line-api';
import { startFakeFmp, type FakeFmp } from '../support/fake-fmp';
import { fmpService, invokeRoute, simClock } from '../support/market';

/*
 * The value line's data, the market map and Compare, their handlers called in this process
 * against DynamoDB Local, with the provider faked so every upstream call is counted. The map
 * and Compare read the screener snapshot and the quote cache only: not one provider call.
 */

const clock = simClock();
let fake: FakeFmp;
let service: MarketService;
let snapshot: LoadedSnapshot;
const GET = (handler: unknown, path: string) =>
  invokeRoute(handler as (event: never, context: never) => Promise<unknown>, 'GET', path);

beforeAll(async () => {
  // The snapshot the job keeps (other files may have stored the same one: it is deterministic).
  let stored = await loadSnapshot();
  if (!stored || stored.entries.every((e) => e.fundamentalsAt === 0)) {
    const demo = buildMarketService({ source: new DemoSource(), plan: PLANS.demo });
    stored = (await buildSnapshot({ service: demo })).data;
    await saveSnapshot(stored);
  }
  // As the handlers see it: loaded from the table (figures kept to 6 significant digits).
  snapshot = toLoaded((await loadSnapshot())!);
  forgetSnapshot();
  forgetMarketMap();
  fake = await startFakeFmp({ now: clock.date });
  service = fmpService(fake, { plan: PLANS.premium, now: clock.now });
  useMarketService(service);
}, 180_000);

afterAll(async () => {
  useMarketService(undefined);
  await fake.close();
});

describe('the value line’s data', () => {
  it('reads twenty years of quarters, the splits and the closes once; a second read is all cache', async () => {
    fake.clear();
    const res = await GET(marketValueLine, '/api/market/value-line?symbol=AAPL');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['cache-control'])).toMatch(/^public, s-maxage=\d+/);
    const body = valueLineResponse.parse(res.body);
    const { quarters, closes, splits } = body.data;
    // Twenty years asked for (decision 199): every quarter the demo market has, more than the
    // ten years before (its statements start with the first fiscal quarter of 2010).
    expect(quarters.length).toBeGreaterThan(60);
    expect(quarters.length).toBeLessThanOrEqual(80);
    expect(quarters[0]!.date < '2010-01-31').toBe(true);
    expect(quarters.every((q, i) => i === 0 || quarters[i - 1]!.date < q.date)).toBe(true);
    // Each with the day its statements were filed, after its end (decision 160).
    expect(
      quarters.every((q) => q.filingDate! > q.date && q.acceptedDate!.startsWith(q.filingDate!)),
    ).toBe(true);
    expect(quarters.every((q) => q.epsDiluted !== null && q.dilutedShares! > 0)).toBe(true);
    expect(splits).toEqual([{ date: '2020-08-31', numerator: 4, denominator: 1 }]);
    // From December twenty-one years back, or the provider's first session (2 January 2009).
    expect(closes[0]![0]).toBe('2009-01-02');
    // Daily closes end with the last session's (the test clock is mid-session on 10 March).
    expect(closes[closes.length - 1]![0]).toBe('2026-03-09');
    // Three statements, the closes and the splits: five calls, then none.
    expect(fake.callCount).toBe(5);
    fake.clear();
    expect((await GET(marketValueLine, '/api/market/value-line?symbol=AAPL')).statusCode).toBe(200);
    // The company view's quarterly rows share the cache items (their bucket of 80 rows).
    await service.statements('income', 'AAPL', 'quarter', 63);
    await service.statements('cashflow', 'AAPL', 'quarter', 48);
    expect(fake.callCount).toBe(0);
  });

  it('gives the sector’s medians from the snapshot, as "vs peers" does', async () => {
    const res = valueLineResponse.parse(
      (await GET(marketValueLine, '/api/market/value-line?symbol=MSFT')).body,
    );
    const sector = snapshot.rows.find((r) => r.symbol === 'MSFT')!.sector;
    const medians = sectorMedians(snapshot.rows, sector).medians;
    expect(res.data.sector).toBe(sector);
    expect(res.data.sectorMedians).toEqual({
      pe: medians.pe.median,
      pb: medians.pb.median,
      ps: medians.ps.median,
      evEbitda: medians.evEbitda.median,
    });
  });

  it('a P/E line from the demo market: a value at every quarter with four, split-adjusted across AAPL’s split', async () => {
    const { data } = valueLineResponse.parse(
      (await GET(marketValueLine, '/api/market/value-line?symbol=AAPL')).body,
    );
    const bases = quarterBases(1, splitAdjusted(data.quarters, data.splits));
    const model = {
      valuation_type_id: 1 as const,
      earnings_per_share: 7.1,
      growth_ratein_eps: 5,
      forward_multiple: 25,
      market_price: data.closes[data.closes.length - 1]![1],
      holding_period: 2,
    };
    const steps = valueLine(model, bases, { latest: 'model' });
    expect(steps.slice(3).every((s) => s.value !== null && s.value > 0)).toBe(true);
    const panel = computeValuation(model);
    expect(panel.ok && currentValue(steps)!.value).toBe(panel.ok && panel.intrinsicValuePerShare);
    // No step across the split moves by anything like its ratio.
    const around = steps.filter((s) => s.from >= '2020-03-31' && s.from <= '2020-12-31');
    for (let i = 1; i < around.length; i++)
      expect(around[i]!.value! / around[i - 1]!.value!).toBeLessThan(1.5);
  });

  it('answers 404 for a symbol with no statements and no prices, 400 for a bad one', async () => {
    expect((await GET(marketValueLine, '/api/market/value-line?symbol=ZZZZQ')).statusCode).toBe(
      404,
    );
    const bad = await GET(marketValueLine, '/api/market/value-line?symbol=a%24b');
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe('Enter a valid stock symbol');
  });
});

describe('the market map', () => {
  it('every company of the snapshot with a market cap, with the screener’s own changes, and no provider call', async () => {
    forgetMarketMap();
    fake.clear();
    const res = await GET(marketHeatmap, '/api/market/heatmap');
    expect(res.statusCode).toBe(200);
    expect(fake.callCount).toBe(0);
    expect(String(res.headers['cache-control'])).toMatch(/^public, s-maxage=\d+/);
    const companies = decodeHeatmap(heatmapResponse.parse(res.body).data);
    const withCap = snapshot.rows.filter((r) => r.marketCap !== null && r.marketCap > 0);
    expect(companies.length).toBe(withCap.length);
    expect(companies.length).toBeGreaterThan(500);
    const bySymbol = new Map(companies.map((c) => [c.symbol, c]));
    for (const row of withCap) {
      const c = bySymbol.get(row.symbol)!;
      expect(c.sector).toBe(row.sector ?? 'Other');
      for (const period of HEATMAP_PERIODS) {
        const screener = row[PERIOD_COLUMN[period]] as number | null;
        if (screener === null) expect(c.changes[period]).toBeNull();
        // The figure the screener prints, to the cent of a percent.
        else expect(c.changes[period]).toBe(Number(formatNumber(screener, 2).replace(/,/g, '')));
      }
    }
  });

  it('prices a followed symbol at the quote cache’s newer quote, still without a provider call', async () => {
    await registerInterest('market-map-test-user', 'MSFT', 'watch');
    const entry = snapshot.entries.find((e) => e.listing.symbol === 'MSFT')!;
    const price = Math.round(entry.listing.price! * 1.1 * 100) / 100;
    const change = Math.round((price - entry.listing.price! + entry.listing.change!) * 100) / 100;
    const quote = { symbol: 'MSFT', price, change, marketCap: 3.3e12 } as unknown as Quote;
    await service.cache.write('quote', 'MSFT', quote, snapshot.builtAt + 60_000);
    forgetMarketMap();
    fake.clear();
    const res = await GET(marketHeatmap, '/api/market/heatmap');
    expect(fake.callCount).toBe(0);
    const msft = decodeHeatmap(heatmapResponse.parse(res.body).data).find(
      (c) => c.symbol === 'MSFT',
    )!;
    const row = computeRow(
      { ...entry.listing, price, change, marketCap: 3.3e12 },
      entry.fundamentals,
    );
    expect(msft.marketCap).toBe(3.3e12);
    // The tile's change is the screener's, to two places, half away from zero.
    const twoPlaces = (n: number) =>
      new Decimal(n).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
    expect(msft.changes['1D']).toBe(twoPlaces(row.changePercent!));
    expect(msft.changes['1W']).toBe(twoPlaces(row.perfWeek!));
    expect(msft.changes.YTD).toBe(twoPlaces(row.perfYtd!));
    expect(msft.changes['1W']).not.toBeCloseTo(
      snapshot.rows.find((r) => r.symbol === 'MSFT')!.perfWeek!,
      1,
    );
  });

  it('refuses any parameter', async () => {
    expect((await GET(marketHeatmap, '/api/market/heatmap?period=1D')).statusCode).toBe(400);
  });
});

describe('Compare', () => {
  it('up to five companies’ fundamentals, the screener’s figures, unknown symbols listed apart', async () => {
    fake.clear();
    const res = await GET(marketCompare, '/api/market/compare?symbols=AAPL,KO,ZZZZQ');
    expect(res.statusCode).toBe(200);
    expect(fake.callCount).toBe(0);
    const body = compareResponse.parse(res.body);
    expect(body.data.missing).toEqual(['ZZZZQ']);
    expect(body.data.rows.map((r) => r.symbol).sort()).toEqual(['AAPL', 'KO']);
    const ko = snapshot.rows.find((r) => r.symbol === 'KO')!;
    expect(body.data.rows.find((r) => r.symbol === 'KO')).toMatchObject({
      pe: ko.pe,
      pb: ko.pb,
      ps: ko.ps,
      evEbitda: ko.evEbitda,
      netMargin: ko.netMargin,
      dividendYield: ko.dividendYield,
      debtEq: ko.debtEq,
    });
  });

  it('sends another spelling of the same set to its canonical address; refuses six', async () => {
    const res = await GET(marketCompare, '/api/market/compare?symbols=msft,AAPL');
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/api/market/compare?symbols=AAPL,MSFT');
    const six = await GET(marketCompare, '/api/market/compare?symbols=A,B,C,D,E,F');
    expect(six.statusCode).toBe(400);
    expect(six.body.message).toBe('Enter 1 to 5 stock symbols, separated by commas');
  });
});
