import { describe, expect, it } from 'vitest';
import {
  NO_FUNDAMENTALS,
  evEbitdaOf,
  averageVolume,
  cagrPercent,
  changePercentOf,
  closeOnOrBefore,
  computeRow,
  growthPercent,
  monthsBefore,
  pegRatio,
  performancePercent,
  priceMultiple,
  ratioOverPositive,
  referenceCloses,
  referenceDates,
  type DailyClose,
} from './compute';

/** Weekday closes from `from` to `to`, close = 100 + index of the day, volume = 1000 x (index + 1). */
function weekdays(from: string, to: string): DailyClose[] {
  const out: DailyClose[] = [];
  for (
    let t = Date.parse(`${from}T00:00:00Z`), i = 0;
    t <= Date.parse(`${to}T00:00:00Z`);
    t += 86_400_000
  ) {
    const d = new Date(t);
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
    out.push({ date: d.toISOString().slice(0, 10), close: 100 + i, volume: 1000 * (i + 1) });
    i++;
  }
  return out;
}

describe('performance reference dates', () => {
  it('go back 7 days, 1/3/6/12 calendar months, and to the last day of the previous year', () => {
    expect(referenceDates('2026-03-11')).toEqual({
      week: '2026-03-04',
      month: '2026-02-11',
      quarter: '2025-12-11',
      half: '2025-09-11',
      year: '2025-03-11',
      ytd: '2025-12-31',
    });
  });

  it('clamp month ends: Mar 31 less one month is Feb 28, in a leap year Feb 29', () => {
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2028-03-31', 1)).toBe('2028-02-29');
    expect(monthsBefore('2026-08-31', 6)).toBe('2026-02-28');
    expect(monthsBefore('2026-01-15', 12)).toBe('2025-01-15');
  });
});

describe('reference closes', () => {
  const bars = weekdays('2025-01-01', '2026-03-11');
  const closeOn = (date: string) => bars.find((b) => b.date === date)!.close;

  it('take the last session on or before each reference date (a weekend date falls back to Friday)', () => {
    const refs = referenceCloses([...bars].reverse(), '2026-03-11');
    expect(refs.week).toBe(closeOn('2026-03-04'));
    expect(refs.month).toBe(closeOn('2026-02-11'));
    expect(refs.quarter).toBe(closeOn('2025-12-11'));
    expect(refs.half).toBe(closeOn('2025-09-11'));
    expect(refs.year).toBe(closeOn('2025-03-11'));
    expect(refs.ytd).toBe(closeOn('2025-12-31'));
    expect(closeOnOrBefore(bars, '2026-03-08')).toBe(closeOn('2026-03-06'));
  });

  it('are N/A for periods longer than the history (a recent listing)', () => {
    const young = weekdays('2025-12-01', '2026-03-11');
    const refs = referenceCloses(young, '2026-03-11');
    expect(refs.year).toBeNull();
    expect(refs.half).toBeNull();
    expect(refs.quarter).toBe(young.find((b) => b.date === '2025-12-11')!.close);
    expect(refs.ytd).toBe(young.find((b) => b.date === '2025-12-31')!.close);
  });
});

describe('performance and average volume', () => {
  it('performance is price over the reference close less one, in percent', () => {
    expect(performancePercent(110, 100)).toBeCloseTo(10, 12);
    expect(performancePercent(75, 100)).toBeCloseTo(-25, 12);
    expect(performancePercent(75, null)).toBeNull();
    expect(performancePercent(75, 0)).toBeNull();
  });

  it('average volume is the mean of the last 63 complete sessions before today', () => {
    const bars = weekdays('2025-06-02', '2026-03-11');
    const before = bars.filter((b) => b.date < '2026-03-11').slice(-63);
    const expected = before.reduce((s, b) => s + b.volume!, 0) / 63;
    expect(averageVolume(bars, '2026-03-11')).toBeCloseTo(expected, 9);
    expect(averageVolume(bars.slice(0, 3), '2026-03-11')).toBe((1000 + 2000 + 3000) / 3);
    expect(averageVolume([], '2026-03-11')).toBeNull();
  });
});

describe('ratio arithmetic', () => {
  it('price multiples are N/A over zero or negative per-share figures', () => {
    expect(priceMultiple(30, 2)).toBe(15);
    expect(priceMultiple(30, 0)).toBeNull();
    expect(priceMultiple(30, -1)).toBeNull();
    expect(priceMultiple(null, 2)).toBeNull();
  });

  it('growth: year on year, and compound annual over five years; N/A from a non-positive base', () => {
    expect(growthPercent(1.5, 1.2)).toBeCloseTo(25, 12);
    expect(growthPercent(-1, 2)).toBeCloseTo(-150, 12);
    expect(growthPercent(1, -2)).toBeNull();
    expect(cagrPercent(2 * 1.1 ** 5, 2, 5)).toBeCloseTo(10, 10);
    expect(cagrPercent(-1, 2, 5)).toBeNull();
  });

  it('PEG is P/E over the growth rate; debt ratios are N/A over negative equity; change % per the spec', () => {
    expect(pegRatio(20, 10)).toBe(2);
    expect(pegRatio(20, -5)).toBeNull();
    expect(ratioOverPositive(50, -10)).toBeNull();
    expect(ratioOverPositive(50, 100)).toBe(0.5);
    expect(changePercentOf(105, 5)).toBe(5);
  });

  it('a row combines the current price with the fundamentals', () => {
    const r = computeRow(
      {
        symbol: 'X',
        company: 'X Inc',
        sector: 'Energy',
        industry: 'Oil',
        exchange: 'NYSE',
        price: 50,
        change: -2,
        volume: 10,
        marketCap: 5e9,
      },
      {
        ...NO_FUNDAMENTALS,
        epsTtm: 2.5,
        revenuePerShareTtm: 10,
        bookValuePerShareTtm: 25,
        fcfPerShareTtm: -1,
        cashPerShareTtm: 5,
        dividendPerShareTtm: 1,
        epsGrowthPast5Years: 12.5,
        refs: {
          asOf: '2026-03-11',
          week: 40,
          month: null,
          quarter: 50,
          half: 100,
          year: 25,
          ytd: 62.5,
        },
      },
    );
    expect(r.pe).toBe(20);
    expect(r.ps).toBe(5);
    expect(r.pb).toBe(2);
    expect(r.pfcf).toBeNull();
    expect(r.pc).toBe(10);
    expect(r.peg).toBe(1.6);
    expect(r.dividendYield).toBe(2);
    expect(r.changePercent).toBeCloseTo((-2 / 52) * 100, 12);
    expect([r.perfWeek, r.perfMonth, r.perfQuarter, r.perfHalf, r.perfYear]).toEqual([
      25,
      null,
      0,
      -50,
      100,
    ]);
    expect(r.perfYtd).toBeCloseTo(-20, 12);
  });
});

describe('EV/EBITDA at the current price', () => {
  it('is (price + net debt per share) / EBITDA per share', () => {
    // (50 + 10) / 6 = 10; with net cash of 5 a share: (50 - 5) / 6 = 7.5.
    expect(evEbitdaOf(50, 6, 10)).toBe(10);
    expect(evEbitdaOf(50, 6, -5)).toBe(7.5);
  });
  it('is N/A over EBITDA at or below zero, a non-positive EV or a missing figure', () => {
    expect(evEbitdaOf(50, 0, 10)).toBeNull();
    expect(evEbitdaOf(50, -2, 10)).toBeNull();
    expect(evEbitdaOf(50, 6, -60)).toBeNull();
    expect(evEbitdaOf(50, 6, null)).toBeNull();
    expect(evEbitdaOf(null, 6, 1)).toBeNull();
  });
});
