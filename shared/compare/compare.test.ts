import { describe, expect, it } from 'vitest';
import type { ScreenerRow } from '../screener/columns';
import {
  compareRequest,
  compareRow,
  parseCompareSymbols,
  periodStart,
  rebaseTo100,
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

describe('prices rebased to 100', () => {
  const closes = [
    { date: '2025-03-07', close: 40 },
    { date: '2025-03-10', close: 50 },
    { date: '2025-03-11', close: 55 },
    { date: '2026-03-10', close: 65 },
  ];
  it('from the last close on or before the start: that close is 100', () => {
    expect(rebaseTo100(closes, '2025-03-10')).toEqual([
      { date: '2025-03-10', value: 100 },
      { date: '2025-03-11', value: 110 },
      { date: '2026-03-10', value: 130 },
    ]);
    // A Sunday start takes Friday's close.
    expect(rebaseTo100(closes, '2025-03-09')[0]).toEqual({ date: '2025-03-07', value: 100 });
  });

  it('a listing younger than the period starts at its first close', () => {
    expect(rebaseTo100(closes, '2020-01-01')[0]).toEqual({ date: '2025-03-07', value: 100 });
    expect(rebaseTo100([], '2020-01-01')).toEqual([]);
  });

  it('periods end today; YTD starts at the last day of the year before', () => {
    expect(periodStart('YTD', '2026-03-10')).toBe('2025-12-31');
    expect(periodStart('1Y', '2026-03-10')).toBe('2025-03-10');
    expect(periodStart('10Y', '2026-03-10')).toBe('2016-03-10');
    expect(periodStart('1M', '2026-03-31')).toBe('2026-02-28');
  });
});
