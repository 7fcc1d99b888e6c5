import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as marketHeatmap } from '../../functions/api/marketHeatmap';
import { PLANS } from '../../functions/market/plan';
import {
  buildMarketService,
  useMarketService,
  type MarketService,
} from '../../functions/market/service';
import { DemoSource } from '../../functions/market/source';
import { closesFrom } from '../../functions/market/value-line';
import { buildSnapshot } from '../../functions/screener/build';
import { forgetSnapshot } from '../../functions/screener/current';
import { forgetMarketMap } from '../../functions/screener/market-map';
import { loadSnapshot, saveSnapshot, type SnapshotData } from '../../functions/screener/snapshot';
import { decodeHeatmap, heatmapResponse, type HeatmapCompany } from '../../shared/heatmap/data';
import { knownFrom } from '../../shared/market/filings';
import { invokeRoute } from '../support/market';

/*
 * The market map's answer colours by value (decision 195): each company's premium to its value
 * at its own ten-year median P/E, as worked out here from the demo market's statements and
 * closes public on the snapshot's day, and its 3M, 6M and 1Y changes from the closes.
 */

let demo: MarketService;
let snapshot: SnapshotData;
let companies: HeatmapCompany[];

beforeAll(async () => {
  demo = buildMarketService({ source: new DemoSource(), plan: PLANS.demo });
  // The snapshot the job keeps (other files may have stored the same one: it is deterministic).
  let stored = await loadSnapshot();
  if (!stored || stored.entries.every((e) => e.fundamentalsAt === 0)) {
    stored = (await buildSnapshot({ service: demo })).data;
    await saveSnapshot(stored);
  }
  snapshot = stored;
  forgetSnapshot();
  forgetMarketMap();
  useMarketService(demo);
  const res = await invokeRoute(
    marketHeatmap as (event: never, context: never) => Promise<unknown>,
    'GET',
    '/api/market/heatmap',
  );
  expect(res.statusCode).toBe(200);
  companies = decodeHeatmap(heatmapResponse.parse(res.body).data);
}, 180_000);

afterAll(() => useMarketService(undefined));

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The value at the median P/E by hand: the quarters public on `day` (none restated by a split
 * in these companies), each quarter's TTM EPS (it and the three before), its P/E at the last
 * close on or before its end, the median of those in the ten years to the newest, times the
 * newest TTM EPS.
 */
async function valueByHand(symbol: string, day: string): Promise<Decimal | null> {
  const rows = (await demo.provider.statements('income', symbol, 'quarter', 48)) as unknown as {
    date: string;
    filingDate?: string;
    acceptedDate?: string;
    epsdiluted?: number;
  }[];
  const quarters = rows
    .map((r) => ({ date: r.date.slice(0, 10), from: knownFrom(r), eps: num(r.epsdiluted) }))
    .filter((q) => q.from <= day)
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const closes = (await demo.provider.daily(symbol, closesFrom(day), day))
    .map((b) => [b.date.slice(0, 10), b.close] as const)
    .filter(([d]) => d <= day)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const closeOn = (date: string) => closes.filter(([d]) => d <= date).at(-1)?.[1] ?? null;
  const ttm: { date: string; eps: Decimal }[] = [];
  for (let i = 3; i < quarters.length; i++) {
    const four = quarters.slice(i - 3, i + 1).map((q) => q.eps);
    if (four.some((e) => e === null)) continue;
    ttm.push({
      date: quarters[i]!.date,
      eps: four.reduce((s: Decimal, e) => s.plus(e!), new Decimal(0)),
    });
  }
  const newest = ttm.at(-1);
  if (!newest || newest.eps.lte(0)) return null;
  const tenYearsBefore = `${Number(newest.date.slice(0, 4)) - 10}${newest.date.slice(4)}`;
  const pes = ttm
    .filter((q) => q.date > tenYearsBefore && q.eps.gt(0) && closeOn(q.date) !== null)
    .map((q) => new Decimal(closeOn(q.date)!).div(q.eps))
    .sort((a, b) => a.comparedTo(b));
  if (pes.length < 4) return null;
  const mid = Math.floor(pes.length / 2);
  const median = pes.length % 2 ? pes[mid]! : pes[mid - 1]!.plus(pes[mid]!).div(2);
  return newest.eps.times(median);
}

describe('the market map coloured by value', () => {
  it('gives each company’s premium to its value at its own 10-yr median P/E, as worked by hand', async () => {
    for (const symbol of ['MSFT', 'JPM', 'KO', 'ORCL']) {
      const entry = snapshot.entries.find((e) => e.listing.symbol === symbol)!;
      const day = entry.fundamentals.refs!.asOf;
      const company = companies.find((c) => c.symbol === symbol)!;
      const value = await valueByHand(symbol, day);
      expect(value, symbol).not.toBeNull();
      expect(company.value, symbol).toBeCloseTo(value!.toNumber(), 6);
      const premium = new Decimal(company.price!)
        .div(value!)
        .minus(1)
        .times(100)
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
        .toNumber();
      expect(company.premium, symbol).toBe(premium);
      expect(company.gap, symbol).toBeNull();
    }
  });

  it('names a loss-making company’s missing value as a loss, and gives it no premium', () => {
    const rivn = companies.find((c) => c.symbol === 'RIVN')!;
    expect(rivn).toMatchObject({ value: null, premium: null, gap: 'loss' });
    // Every company without a value says why.
    const without = companies.filter((c) => c.value === null);
    expect(without.length).toBeGreaterThan(0);
    expect(without.every((c) => c.premium === null && c.gap !== null)).toBe(true);
  });

  it('gives the 3M, 6M and 1Y changes from the closes 3, 6 and 12 months before the snapshot’s day', async () => {
    const company = companies.find((c) => c.symbol === 'KO')!;
    const entry = snapshot.entries.find((e) => e.listing.symbol === 'KO')!;
    const day = entry.fundamentals.refs!.asOf;
    const closes = (await demo.provider.daily('KO', closesFrom(day), day))
      .map((b) => [b.date.slice(0, 10), b.close] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const before = (months: number) => {
      const d = new Date(`${day}T00:00:00Z`);
      const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1));
      const last = new Date(
        Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
      ).getUTCDate();
      target.setUTCDate(Math.min(d.getUTCDate(), last));
      const iso = target.toISOString().slice(0, 10);
      return closes.filter(([date]) => date <= iso).at(-1)![1];
    };
    for (const [period, months] of [
      ['3M', 3],
      ['6M', 6],
      ['1Y', 12],
    ] as const) {
      const change = new Decimal(company.price!)
        .div(before(months))
        .minus(1)
        .times(100)
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
        .toNumber();
      expect(company.changes[period], period).toBe(change);
    }
  });
});
