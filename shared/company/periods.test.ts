import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogueItem, type CatalogueItem } from './catalogue';
import {
  barsForPeriod,
  defaultPeriodFor,
  EXCHANGE_TIME_ZONE,
  exchangeToday,
  lastSessions,
  periodsFor,
  pointCount,
  priceWindow,
  rowsForPeriod,
  takePoints,
  type PricePeriodId,
} from './periods';

const item = (id: string): CatalogueItem => {
  const found = catalogueItem(id);
  if (!found) throw new Error(`missing ${id}`);
  return found;
};

// Wednesday 19 March 2025, 10:00 in New York.
const WEDNESDAY = new Date('2025-03-19T14:00:00Z');

describe('priceWindow', () => {
  it('computes every price period relative to yesterday on a Wednesday', () => {
    const windows = (['1D', '5D', '1M', '6M', 'YTD', '1Y', '5Y', 'MAX'] as PricePeriodId[]).map(
      (p) => [p, priceWindow(p, WEDNESDAY)],
    );
    expect(Object.fromEntries(windows)).toEqual({
      '1D': { from: '2025-03-18', to: '2025-03-19', interval: '5min' },
      '5D': { from: '2025-03-12', to: '2025-03-19', interval: '30min' },
      '1M': { from: '2025-02-15', to: '2025-03-19', interval: '1day' },
      '6M': { from: '2024-09-01', to: '2025-03-19', interval: '1day' },
      YTD: { from: '2025-01-01', to: '2025-03-19', interval: '1day' },
      '1Y': { from: '2024-03-01', to: '2025-03-19', interval: '1day' },
      '5Y': { from: '2020-03-01', to: '2025-03-19', interval: '1day' },
      MAX: { from: '1925-03-18', to: '2025-03-19', interval: '1day' },
    });
  });

  it('uses the New York calendar: 22:30 in New York is still that day after midnight UTC', () => {
    const evening = new Date('2025-03-20T02:30:00Z');
    expect(exchangeToday(evening)).toEqual({ year: 2025, month: 3, day: 19 });
    expect(priceWindow('1D', evening)).toEqual({
      from: '2025-03-18',
      to: '2025-03-19',
      interval: '5min',
    });
  });

  it('reaches back to Friday for 1D on a Monday and on a Sunday', () => {
    expect(priceWindow('1D', new Date('2025-03-17T15:00:00Z')).from).toBe('2025-03-14');
    expect(priceWindow('1D', new Date('2025-03-16T15:00:00Z')).from).toBe('2025-03-14');
    expect(priceWindow('1D', new Date('2025-03-18T15:00:00Z')).from).toBe('2025-03-17');
    // On the exchange calendar: the day after Thanksgiving starts at Wednesday's session, the
    // Tuesday after Martin Luther King Jr. Day at Friday's.
    expect(priceWindow('1D', new Date('2026-11-27T15:00:00Z')).from).toBe('2026-11-25');
    expect(priceWindow('1D', new Date('2026-01-20T15:00:00Z')).from).toBe('2026-01-16');
  });

  it('measures month-based periods from the month of yesterday at a month boundary', () => {
    const firstOfMarch = new Date('2025-03-01T15:00:00Z');
    expect(priceWindow('6M', firstOfMarch).from).toBe('2024-08-01');
    expect(priceWindow('1Y', firstOfMarch).from).toBe('2024-02-01');
    expect(priceWindow('1M', firstOfMarch).from).toBe('2025-01-28');
  });

  it('shows the previous year for YTD on New Year’s Day, when yesterday belongs to it', () => {
    const newYear = new Date('2025-01-01T15:00:00Z');
    expect(priceWindow('YTD', newYear)).toEqual({
      from: '2024-01-01',
      to: '2025-01-01',
      interval: '1day',
    });
    expect(priceWindow('6M', newYear).from).toBe('2024-06-01');
  });

  it('turns 29 February into 28 February when MAX lands in a common year', () => {
    expect(priceWindow('MAX', new Date('2000-03-01T15:00:00Z')).from).toBe('1900-02-28');
  });
});

describe('periodsFor and defaultPeriodFor', () => {
  it('offers the eight price periods for the price chart, starting at 1D', () => {
    expect(periodsFor(item('price')).map((p) => p.id)).toEqual([
      '1D',
      '5D',
      '1M',
      '6M',
      'YTD',
      '1Y',
      '5Y',
      'MAX',
    ]);
    expect(defaultPeriodFor(item('price'))).toBe('1D');
  });

  it('offers All, 5Y, 3Y, 2Y and 1Y for quarterly items, starting at All', () => {
    expect(periodsFor(item('revenue-quarterly')).map((p) => p.id)).toEqual([
      'All',
      '5Y',
      '3Y',
      '2Y',
      '1Y',
    ]);
    expect(defaultPeriodFor(item('revenue-quarterly'))).toBe('All');
  });

  it('offers only All and 5Y for annual items', () => {
    expect(periodsFor(item('pe-annual')).map((p) => p.id)).toEqual(['All', '5Y']);
    expect(defaultPeriodFor(item('pe-annual'))).toBe('All');
  });

  it('offers no periods for news and investment highlights', () => {
    expect(periodsFor(item('news'))).toEqual([]);
    expect(defaultPeriodFor(item('investment-highlights'))).toBeNull();
  });
});

describe('point counts', () => {
  it('matches the spec for each period and frequency', () => {
    expect(pointCount('All', 'annual')).toBe(16);
    expect(pointCount('All', 'quarter')).toBe(63);
    expect(pointCount('5Y', 'annual')).toBe(5);
    expect(pointCount('5Y', 'quarter')).toBe(21);
    expect(pointCount('3Y', 'quarter')).toBe(13);
    expect(pointCount('2Y', 'quarter')).toBe(9);
    expect(pointCount('1Y', 'quarter')).toBe(5);
  });

  it('has no count for periods annual items do not offer', () => {
    expect(pointCount('3Y', 'annual')).toBeUndefined();
    expect(pointCount('1Y', 'annual')).toBeUndefined();
  });
});

describe('takePoints and rowsForPeriod', () => {
  const quarters = Array.from({ length: 30 }, (_, i) => {
    const year = 2018 + Math.floor(i / 4);
    const month = ((i % 4) + 1) * 3;
    return { date: `${year}-${String(month).padStart(2, '0')}-30`, revenue: i };
  }).reverse(); // provider order: newest first

  it('keeps the newest rows and orders them oldest to newest', () => {
    const taken = takePoints(quarters, 5);
    expect(taken.map((r) => r.revenue)).toEqual([25, 26, 27, 28, 29]);
    expect(taken[0]?.date).toBe('2024-06-30');
    expect(quarters[0]?.revenue).toBe(29); // input untouched
  });

  it('returns every row when fewer exist than asked, and none for a zero count', () => {
    expect(takePoints(quarters, 63)).toHaveLength(30);
    expect(takePoints(quarters, 0)).toEqual([]);
  });

  it('shows 21 quarters for 5Y and 9 for 2Y', () => {
    expect(rowsForPeriod('5Y', 'quarter', quarters)).toHaveLength(21);
    expect(rowsForPeriod('2Y', 'quarter', quarters).map((r) => r.revenue)[0]).toBe(21);
  });

  it('falls back to All for a period an annual item does not offer', () => {
    const years = Array.from({ length: 20 }, (_, i) => ({ date: `${2005 + i}-12-31` }));
    expect(rowsForPeriod('3Y', 'annual', years)).toHaveLength(16);
    expect(rowsForPeriod('5Y', 'annual', years).map((r) => r.date)).toEqual([
      '2020-12-31',
      '2021-12-31',
      '2022-12-31',
      '2023-12-31',
      '2024-12-31',
    ]);
  });
});

describe('lastSessions and barsForPeriod', () => {
  const bars = [
    { date: '2025-03-19 09:35:00', close: 5 },
    { date: '2025-03-17 15:55:00', close: 2 },
    { date: '2025-03-18 09:30:00', close: 3 },
    { date: '2025-03-18 16:00:00', close: 4 },
    { date: '2025-03-14 15:55:00', close: 1 },
  ];

  it('keeps only the last session for 1D', () => {
    expect(barsForPeriod('1D', bars).map((b) => b.close)).toEqual([5]);
  });

  it('keeps the last two sessions in time order', () => {
    expect(lastSessions(bars, 2).map((b) => b.close)).toEqual([3, 4, 5]);
  });

  it('keeps every bar for daily periods, oldest first', () => {
    expect(barsForPeriod('1Y', bars).map((b) => b.close)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('exchangeToday against Intl with the exchange time zone', () => {
  const intlDay = (now: Date) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: EXCHANGE_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return { year: get('year'), month: get('month'), day: get('day') };
  };

  it('gives the New York date for any instant from 2008 to 2099', () => {
    const from = Date.UTC(2008, 0, 1);
    const to = Date.UTC(2099, 11, 31);
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (ms) => {
        expect(exchangeToday(new Date(ms))).toEqual(intlDay(new Date(ms)));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the New York date around midnight and 2 a.m. on the daylight-saving days', () => {
    for (const iso of [
      '2025-03-09T06:59:59Z',
      '2025-03-09T07:00:00Z',
      '2025-11-02T05:59:59Z',
      '2025-11-02T06:00:00Z',
      '2026-03-08T04:30:00Z',
      '2026-11-01T04:30:00Z',
      '2026-11-01T05:30:00Z',
    ]) {
      const now = new Date(iso);
      expect(exchangeToday(now)).toEqual(intlDay(now));
    }
  });
});
