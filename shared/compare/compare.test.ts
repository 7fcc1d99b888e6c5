import { describe, expect, it } from 'vitest';
import type { ScreenerRow } from '../screener/columns';
import {
  compareRequest,
  compareRow,
  compareSeries,
  parseCompareSymbols,
  periodStart,
  readCompareSymbols,
  seriesReturns,
  sortCompareRows,
  type CompareRow,
} from './compare';

describe('the symbols compared', () => {
  it('reads an address: upper case, valid ones, each once, five at most', () => {
    expect(parseCompareSymbols('aapl, msft,MSFT,,bad symbol,^GSPC,googl,amzn,meta,nvda')).toEqual([
      'AAPL',
      'MSFT',
      'GOOGL',
      'AMZN',
      'META',
    ]);
    expect(parseCompareSymbols(null)).toEqual([]);
  });

  it('names what it cannot show: entries that are not symbols, and symbols past the fifth', () => {
    expect(
      readCompareSymbols('aapl, msft,MSFT,,bad symbol,^GSPC,googl,amzn,meta,nvda,tsla,nvda'),
    ).toEqual({
      symbols: ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'META'],
      invalid: ['bad symbol', '^GSPC'],
      extra: ['NVDA', 'TSLA'],
    });
    expect(readCompareSymbols('')).toEqual({ symbols: [], invalid: [], extra: [] });
  });

  it('the route takes 1 to 5 symbols and reads them sorted (one cache key per set)', () => {
    expect(compareRequest.parse({ symbols: 'msft,AAPL' })).toEqual({ symbols: ['AAPL', 'MSFT'] });
    expect(compareRequest.safeParse({ symbols: 'A,B,C,D,E,F' }).success).toBe(false);
    expect(compareRequest.safeParse({ symbols: '' }).success).toBe(false);
    expect(compareRequest.safeParse({ symbols: 'A$' }).error?.issues[0]?.message).toBe(
      'Enter a valid stock symbol',
    );
    expect(compareRequest.safeParse({ symbols: '^GSPC' }).success).toBe(false);
    expect(compareRequest.safeParse({ symbols: 'AAPL', extra: '1' }).success).toBe(false);
  });
});

const row = (symbol: string, pe: number | null, marketCap: number | null): CompareRow =>
  ({
    ...compareRow({ symbol, company: `${symbol} Co` } as ScreenerRow),
    pe,
    marketCap,
  }) as CompareRow;

describe('sorting the table', () => {
  const rows = [row('A', 20, 5), row('B', null, 9), row('C', 12, 9), row('D', 31, null)];
  it('by a figure either way, companies without it last, ties in the given order', () => {
    expect(sortCompareRows(rows, 'pe', 'asc').map((r) => r.symbol)).toEqual(['C', 'A', 'D', 'B']);
    expect(sortCompareRows(rows, 'pe', 'desc').map((r) => r.symbol)).toEqual(['D', 'A', 'C', 'B']);
    expect(sortCompareRows(rows, 'marketCap', 'desc').map((r) => r.symbol)).toEqual([
      'B',
      'C',
      'A',
      'D',
    ]);
    expect(sortCompareRows(rows, 'symbol', 'desc').map((r) => r.symbol)).toEqual([
      'D',
      'C',
      'B',
      'A',
    ]);
  });
});

describe('price and total return, 100 at the base', () => {
  const closes = [
    { date: '2025-03-07', close: 40 },
    { date: '2025-03-10', close: 50 },
    { date: '2025-03-11', close: 55 },
    { date: '2025-03-12', close: 44 },
    { date: '2026-03-10', close: 65 },
  ];

  it('from the last close on or before the start: that close is 100', () => {
    const series = compareSeries(closes, [], '2025-03-10');
    expect(series.points.map((p) => [p.date, p.price])).toEqual([
      ['2025-03-10', 100],
      ['2025-03-11', 110],
      ['2025-03-12', 88],
      ['2026-03-10', 130],
    ]);
    expect(series).toMatchObject({ from: '2025-03-10', startsLate: false });
    // A Sunday start takes Friday's close.
    expect(compareSeries(closes, [], '2025-03-09').points[0]).toMatchObject({
      date: '2025-03-07',
      price: 100,
    });
  });

  it('reinvests each dividend at its ex-date’s close: a total return beside the price return', () => {
    // $2.20 goes ex on 2025-03-11 (close 55): 100 x (55 + 2.2) / 50 = 114.4, then 114.4 x 44 /
    // 55 = 91.52; $1.10 going ex on a Saturday counts at the next session: 91.52 x (65 + 1.1) /
    // 44 = 137.488. A dividend on the base day or before is not the investor's.
    const dividends = [
      { date: '2025-03-10', adjDividend: 9 },
      { date: '2025-03-11', adjDividend: 2.2 },
      { date: '2025-03-15', adjDividend: 1.1 },
    ];
    const series = compareSeries(closes, dividends, '2025-03-10');
    expect(series.points.map((p) => p.total)).toEqual([100, 114.4, 91.52, 137.488]);
    // Independently: $100 buys 2 shares; each dividend buys more at its session's close.
    let shares = 100 / 50;
    shares += (shares * 2.2) / 55;
    shares += (shares * 1.1) / 65;
    expect(series.points[3]!.total).toBeCloseTo(shares * 65, 9);
    expect(seriesReturns(series)).toEqual({ price: 30, total: 37.488 });
    // Without dividends read, no total return.
    expect(compareSeries(closes, null, '2025-03-10').points.every((p) => p.total === null)).toBe(
      true,
    );
    expect(seriesReturns(compareSeries(closes, null, '2025-03-10'))).toEqual({
      price: 30,
      total: null,
    });
  });

  it('a company listed within the period starts at its first close, marked as starting late', () => {
    const series = compareSeries(closes, [], '2020-01-01');
    expect(series.points[0]).toEqual({ date: '2025-03-07', price: 100, total: 100 });
    expect(series).toMatchObject({ from: '2025-03-07', startsLate: true });
    expect(compareSeries([], [], '2020-01-01')).toEqual({
      points: [],
      from: null,
      startsLate: false,
    });
    expect(seriesReturns(compareSeries([], [], '2020-01-01'))).toBeNull();
  });

  it('periods end today; YTD starts at the last day of the year before', () => {
    expect(periodStart('YTD', '2026-03-10')).toBe('2025-12-31');
    expect(periodStart('1Y', '2026-03-10')).toBe('2025-03-10');
    expect(periodStart('10Y', '2026-03-10')).toBe('2016-03-10');
    expect(periodStart('1M', '2026-03-31')).toBe('2026-02-28');
  });
});
