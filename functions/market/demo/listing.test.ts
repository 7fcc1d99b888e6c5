import { describe, expect, it, vi } from 'vitest';
import { isTradingDay } from '../../../shared/market/session';
import { DEMO_UNIVERSE, demoStable } from './index.js';
import { LISTING_DATES, SPECIAL, listingDate } from './universe.js';

/*
 * No price before a listing (decision 165): every company listed within the demo history has
 * no daily bar, intraday bar, quote, stock-list row, dividend or holder before its listing day,
 * wherever the demo market serves them, and its statements pay no dividend on shares not yet
 * listed.
 */

vi.setConfig({ testTimeout: 120_000 });

type Row = Record<string, unknown>;
const NOW = new Date('2026-03-10T15:30:00Z');

function get(endpoint: string, params: Record<string, string>, now: Date = NOW): Row[] {
  const res = demoStable(endpoint, params, now);
  if (!Array.isArray(res)) throw new Error(`${endpoint}: ${JSON.stringify(res)}`);
  return res as Row[];
}

/** 21:00 UTC: after the close in New York, whatever the season. */
const eveningOf = (day: string) => new Date(`${day}T21:00:00Z`);
/** 15:00 UTC: mid-session in New York, whatever the season. */
const middayOf = (day: string) => new Date(`${day}T15:00:00Z`);
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const listed = DEMO_UNIVERSE.map((e) => ({ symbol: e.symbol, day: listingDate(e.symbol) })).filter(
  (e): e is { symbol: string; day: string } => e.day !== undefined,
);

describe('listing dates', () => {
  it('are the real ones for the companies named, on trading days within the history, for companies of the universe', () => {
    expect(listingDate('ABNB')).toBe('2020-12-10');
    expect(listingDate('SNOW')).toBe('2020-09-16');
    expect(listingDate('RIVN')).toBe('2021-11-10');
    expect(listingDate('MSFT')).toBeUndefined();
    const symbols = new Set(DEMO_UNIVERSE.map((e) => e.symbol));
    for (const [symbol, day] of [...LISTING_DATES, ...SPECIAL.shortHistory]) {
      expect(symbols.has(symbol), symbol).toBe(true);
      expect(isTradingDay(day), `${symbol} ${day}`).toBe(true);
      expect(day > '2009-01-02' && day < '2026-01-01', `${symbol} ${day}`).toBe(true);
    }
    // A short history is not listed twice.
    for (const symbol of SPECIAL.shortHistory.keys()) expect(LISTING_DATES.has(symbol)).toBe(false);
    expect(listed.length).toBe(LISTING_DATES.size + SPECIAL.shortHistory.size);
  });
});

describe('no price before the listing', () => {
  it('daily bars start on the listing day, full and light, and a range before it is empty', () => {
    for (const { symbol, day } of listed) {
      for (const endpoint of ['historical-price-eod/light', 'historical-price-eod/full']) {
        const bars = get(endpoint, { symbol, from: '2000-01-01' });
        expect(bars.at(-1)!.date, `${symbol} ${endpoint}`).toBe(day);
        expect(get(endpoint, { symbol, from: '2000-01-01', to: dayBefore(day) })).toEqual([]);
      }
    }
  });

  it('a quote, the profile and the stock list as of a day before the listing know nothing of it', () => {
    for (const symbol of ['ABNB', 'SNOW', 'RIVN', 'META', 'KHC']) {
      const day = listingDate(symbol)!;
      const before = eveningOf(dayBefore(day));
      expect(get('quote', { symbol }, before), symbol).toEqual([]);
      expect(get('batch-quote', { symbols: `${symbol},KO` }, before).map((q) => q.symbol)).toEqual([
        'KO',
      ]);
      expect(get('profile', { symbol }, before)).toEqual([]);
      expect(
        get('company-screener', { limit: '10000' }, before).some((r) => r.symbol === symbol),
      ).toBe(false);
      // On the listing day: a quote from its first session, whose change is from the open.
      const [live] = get('quote', { symbol }, middayOf(day));
      expect(live, symbol).toBeDefined();
      expect(live!.previousClose).toBe(live!.open);
      const [closed] = get('quote', { symbol }, eveningOf(day));
      const [firstBar] = get(
        'historical-price-eod/full',
        { symbol, from: day, to: day },
        eveningOf(day),
      );
      expect(closed!.price).toBe(firstBar!.close);
      expect(get('profile', { symbol })[0]!.ipoDate).toBe(day);
    }
  });

  it('intraday bars as of the listing day start with its session', () => {
    const day = listingDate('ABNB')!;
    const bars = get('historical-chart/30min', { symbol: 'ABNB' }, eveningOf(day));
    expect(bars.length).toBe(13);
    expect(bars.every((b) => String(b.date).startsWith(day))).toBe(true);
  });

  it('a past pinned day’s charts end before the listing', () => {
    const day = listingDate('SNOW')!;
    const before = eveningOf(dayBefore(day));
    expect(get('historical-price-eod/light', { symbol: 'SNOW' }, before)).toEqual([]);
    expect(get('historical-chart/5min', { symbol: 'SNOW' }, before)).toEqual([]);
  });
});

describe('dividends and holders from the listing on', () => {
  it('no dividend is declared before the listing, and the statements pay none before it', () => {
    let payers = 0;
    for (const { symbol, day } of listed) {
      const dividends = get('dividends', { symbol, limit: '1000' });
      for (const d of dividends)
        expect(String(d.declarationDate) >= day, `${symbol} ${String(d.declarationDate)}`).toBe(
          true,
        );
      const quarters = get('cash-flow-statement', { symbol, period: 'quarter', limit: '400' });
      // Every dividend a quarter's statement pays was declared in that quarter, on listed shares.
      for (const q of quarters) {
        const paid = -(q.commonDividendsPaid as number);
        const end = String(q.date);
        const start = dayBefore(
          String(quarters.find((o) => String(o.date) < end)?.date ?? '0000-01-01'),
        );
        const declared = dividends.filter(
          (d) => String(d.declarationDate) <= end && String(d.declarationDate) > start,
        );
        if (paid > 0) expect(declared.length, `${symbol} ${end}`).toBeGreaterThan(0);
        if (end < day) expect(paid, `${symbol} ${end}`).toBe(0);
      }
      if (dividends.length > 0) payers++;
    }
    // Payers listed within the history still pay once listed (ABBV, KMI, PSX, ...).
    expect(payers).toBeGreaterThan(20);
    expect(get('dividends', { symbol: 'ABBV' }).at(-1)!.declarationDate! >= '2013-01-02').toBe(
      true,
    );
  });

  it('institutional holders are reported from the first quarter the shares were listed', () => {
    expect(
      get('institutional-ownership/extract-analytics/holder', {
        symbol: 'ABNB',
        year: '2020',
        quarter: '3',
      }),
    ).toEqual([]);
    expect(
      get('institutional-ownership/extract-analytics/holder', {
        symbol: 'ABNB',
        year: '2021',
        quarter: '1',
      }).length,
    ).toBeGreaterThan(0);
  });
});
