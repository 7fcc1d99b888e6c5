import { describe, expect, it } from 'vitest';
import type { ScreenerRow } from './columns';
import { NO_FUNDAMENTALS, computeRow } from './compute';
import { compileFilters, earningsWindow, matches, screen, screenRequest } from './engine';
import {
  FILTER_FIELDS,
  NUMERIC_FILTERS,
  inBound,
  optionOf,
  screenerFilters,
  type FilterOption,
  type NumericFilterField,
} from './filters';

function row(patch: Partial<ScreenerRow> = {}): ScreenerRow {
  return {
    ...computeRow(
      {
        symbol: 'TEST',
        company: 'Test Corp',
        sector: 'Technology',
        industry: 'Software',
        exchange: 'NASDAQ',
        price: 10,
        change: 0,
        volume: 1000,
        marketCap: 1e9,
      },
      NO_FUNDAMENTALS,
    ),
    ...patch,
  };
}
const TODAY = '2026-03-11'; // a Wednesday
const passes = (filters: Record<string, string>, patch: Partial<ScreenerRow>) =>
  matches(row(patch), compileFilters(screenerFilters.parse(filters) as never, TODAY));

describe('filter definitions', () => {
  it('cover every filter field of the spec, each numeric one with unique option ids', () => {
    expect(FILTER_FIELDS).toHaveLength(27);
    for (const field of FILTER_FIELDS) expect(Object.keys(screenerFilters.shape)).toContain(field);
    for (const [field, def] of Object.entries(NUMERIC_FILTERS)) {
      const ids = def.options.map((o) => o.id);
      expect(new Set(ids).size, field).toBe(ids.length);
    }
  });

  it('label every bound the way it tests: "Under"/"<" strict, "<="/">=" inclusive, "Over" strict', () => {
    for (const def of Object.values(NUMERIC_FILTERS)) {
      for (const o of def.options as readonly FilterOption[]) {
        if (o.label.startsWith('Under ') || o.label.startsWith('< '))
          expect(o.bound, o.label).toEqual({ max: expect.any(Number) });
        if (o.label.startsWith('Over '))
          expect(o.bound, o.label).toEqual({ min: expect.any(Number) });
        if (o.label.startsWith('<= ')) expect(o.bound.maxInclusive, o.label).toBe(true);
        if (o.label.startsWith('>= ')) expect(o.bound.minInclusive, o.label).toBe(true);
      }
    }
  });

  it('refuse unknown fields, unknown options and wrong types', () => {
    expect(screenerFilters.safeParse({ pe: 'under13' }).success).toBe(false);
    expect(screenerFilters.safeParse({ sector: 'Crypto' }).success).toBe(false);
    expect(screenerFilters.safeParse({ colour: 'red' }).success).toBe(false);
    expect(screenerFilters.safeParse({ price: 5 }).success).toBe(false);
    expect(screenerFilters.safeParse({ earningdate: 'tomorrow' }).success).toBe(false);
  });

  it('read empty strings and null as "Any"', () => {
    expect(screenerFilters.parse({ pe: '', sector: null, name: '' })).toEqual({});
  });
});

describe('every numeric option on every field', () => {
  for (const field of Object.keys(NUMERIC_FILTERS) as NumericFilterField[]) {
    const def = NUMERIC_FILTERS[field];
    it(`${field}: passes values inside its bound, fails at an exclusive edge or outside, never passes N/A`, () => {
      for (const o of def.options as readonly FilterOption[]) {
        const at = (v: number | null) =>
          passes({ [field]: o.id }, { [def.column]: v } as Partial<ScreenerRow>);
        expect(at(null), `${o.id} N/A`).toBe(false);
        const { min, max, minInclusive, maxInclusive } = o.bound;
        if (min !== undefined) {
          expect(at(min), `${o.id} at ${min}`).toBe(
            Boolean(minInclusive) && (max === undefined || min < max || Boolean(maxInclusive)),
          );
          expect(at(min - Math.max(1e-6, Math.abs(min) * 1e-6)), `${o.id} below ${min}`).toBe(
            false,
          );
        }
        if (max !== undefined) {
          expect(at(max), `${o.id} at ${max}`).toBe(
            Boolean(maxInclusive) && (min === undefined || max > min || Boolean(minInclusive)),
          );
          expect(at(max + Math.max(1e-6, Math.abs(max) * 1e-6)), `${o.id} above ${max}`).toBe(
            false,
          );
        }
        const inside =
          min !== undefined && max !== undefined
            ? (min + max) / 2
            : min !== undefined
              ? min + Math.abs(min) + 1
              : max! - Math.abs(max!) - 1;
        if (!(min === max)) expect(at(inside), `${o.id} inside at ${inside}`).toBe(true);
      }
    });
  }
});

describe('named options', () => {
  it('market cap bands: large >= $5Bn, mid $1Bn to under $5Bn, small under $1Bn', () => {
    expect(passes({ marketcap: 'large' }, { marketCap: 5e9 })).toBe(true);
    expect(passes({ marketcap: 'mid' }, { marketCap: 5e9 })).toBe(false);
    expect(passes({ marketcap: 'mid' }, { marketCap: 1e9 })).toBe(true);
    expect(passes({ marketcap: 'small' }, { marketCap: 1e9 })).toBe(false);
    expect(passes({ marketcap: 'small' }, { marketCap: 999_999_999 })).toBe(true);
  });

  it('price "<= $5" keeps $5.00 and drops $5.01; volume "< 50K" drops exactly 50,000', () => {
    expect(optionOf('price', 'atmost5')?.label).toBe('<= $5');
    expect(passes({ price: 'atmost5' }, { price: 5 })).toBe(true);
    expect(passes({ price: 'atmost5' }, { price: 5.01 })).toBe(false);
    expect(optionOf('volume', 'under50k')?.label).toBe('< 50K');
    expect(passes({ volume: 'under50k' }, { avgVolume: 50_000 })).toBe(false);
    expect(passes({ volume: 'under50k' }, { avgVolume: 49_999 })).toBe(true);
  });

  it('dividend ">= 1%" keeps exactly 1%, "None" keeps only 0%, "Positive" drops 0%', () => {
    expect(passes({ dividend: 'atleast1' }, { dividendYield: 1 })).toBe(true);
    expect(passes({ dividend: 'atleast1' }, { dividendYield: 0.99 })).toBe(false);
    expect(passes({ dividend: 'none' }, { dividendYield: 0 })).toBe(true);
    expect(passes({ dividend: 'none' }, { dividendYield: 0.1 })).toBe(false);
    expect(passes({ dividend: 'positive' }, { dividendYield: 0 })).toBe(false);
  });

  it('P/E "Under 30" is strict, "Profitable" needs a P/E at all', () => {
    expect(passes({ pe: 'under30' }, { pe: 29.99 })).toBe(true);
    expect(passes({ pe: 'under30' }, { pe: 30 })).toBe(false);
    expect(passes({ pe: 'profitable' }, { pe: null })).toBe(false);
    expect(passes({ pe: 'profitable' }, { pe: 80 })).toBe(true);
  });

  it('name matches ticker or company, any case; sector and industry match whole names, any case', () => {
    expect(passes({ name: 'test c' }, {})).toBe(true);
    expect(passes({ name: 'tes' }, { company: 'Other' })).toBe(true);
    expect(passes({ name: 'zzz' }, {})).toBe(false);
    expect(passes({ sector: 'Technology' }, {})).toBe(true);
    expect(passes({ sector: 'Energy' }, {})).toBe(false);
    expect(passes({ sector: 'Technology' }, { sector: null })).toBe(false);
    expect(passes({ industry: 'software' }, {})).toBe(true);
    expect(passes({ industry: 'Soft' }, {})).toBe(false);
  });

  it('earnings date windows run Monday to Sunday around today, the month from the 1st to its last day', () => {
    expect(earningsWindow('thisweek', TODAY)).toEqual(['2026-03-09', '2026-03-15']);
    expect(earningsWindow('previousweek', TODAY)).toEqual(['2026-03-02', '2026-03-08']);
    expect(earningsWindow('nextweek', TODAY)).toEqual(['2026-03-16', '2026-03-22']);
    expect(earningsWindow('thismonth', TODAY)).toEqual(['2026-03-01', '2026-03-31']);
    expect(earningsWindow('thisweek', '2026-03-15')).toEqual(['2026-03-09', '2026-03-15']);
    expect(earningsWindow('thismonth', '2028-02-10')).toEqual(['2028-02-01', '2028-02-29']);
  });

  it('earnings date filters match the last or the next announcement and exclude rows without dates', () => {
    expect(
      passes(
        { earningdate: 'previousweek' },
        { lastEarningsDate: '2026-03-02', nextEarningsDate: '2026-06-01' },
      ),
    ).toBe(true);
    expect(passes({ earningdate: 'previousweek' }, { lastEarningsDate: '2026-03-09' })).toBe(false);
    expect(passes({ earningdate: 'nextweek' }, { nextEarningsDate: '2026-03-22' })).toBe(true);
    expect(passes({ earningdate: 'nextweek' }, { nextEarningsDate: '2026-03-23' })).toBe(false);
    expect(
      passes({ earningdate: 'thismonth' }, { lastEarningsDate: null, nextEarningsDate: null }),
    ).toBe(false);
  });
});

describe('screen', () => {
  const rows = [
    row({ symbol: 'AAA', marketCap: 3e9, pe: 10 }),
    row({ symbol: 'BBB', marketCap: 9e9, pe: null }),
    row({ symbol: 'CCC', marketCap: 6e9, pe: 25 }),
    row({ symbol: 'DDD', marketCap: 6e9, pe: 40 }),
  ];
  const run = (body: unknown) => screen(rows, screenRequest.parse(body), TODAY);

  it('sorts by a column either way with N/A last, ties by ticker, and numbers rows across pages', () => {
    expect(run({ sort: 'pe', order: 'asc' }).rows.map((r) => r.symbol)).toEqual([
      'AAA',
      'CCC',
      'DDD',
      'BBB',
    ]);
    expect(run({ sort: 'pe', order: 'desc' }).rows.map((r) => r.symbol)).toEqual([
      'DDD',
      'CCC',
      'AAA',
      'BBB',
    ]);
    expect(run({ sort: 'marketCap', order: 'desc' }).rows.map((r) => r.symbol)).toEqual([
      'BBB',
      'CCC',
      'DDD',
      'AAA',
    ]);
    const page2 = run({ sort: 'symbol', order: 'asc', page: 2, pageSize: 3 });
    expect(page2.total).toBe(4);
    expect(page2.rows.map((r) => [r.no, r.symbol])).toEqual([[4, 'DDD']]);
    expect(run({ page: 5, pageSize: 3 }).rows).toEqual([]);
  });

  it('combines filters with AND and counts every match', () => {
    const r = run({ filters: { marketcap: 'large', pe: 'under30' } });
    expect(r.total).toBe(1);
    expect(r.rows[0]?.symbol).toBe('CCC');
  });

  it('refuses bad sort columns, orders and page sizes', () => {
    expect(screenRequest.safeParse({ sort: 'password' }).success).toBe(false);
    expect(screenRequest.safeParse({ order: 'up' }).success).toBe(false);
    expect(screenRequest.safeParse({ pageSize: 1000 }).success).toBe(false);
    expect(screenRequest.safeParse({ page: 0 }).success).toBe(false);
  });

  it('inBound treats NaN and Infinity as N/A', () => {
    expect(inBound(Number.NaN, { max: 10 })).toBe(false);
    expect(inBound(Number.POSITIVE_INFINITY, { min: 10 })).toBe(false);
  });
});
