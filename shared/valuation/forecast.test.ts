import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EstimatesData } from './estimates-api';
import {
  forecastReturn,
  forecastYears,
  trailingDividends,
  valueAtMultiple,
  yearsBetween,
} from './forecast';

/*
 * The value line's forecast years (decision 186): which years are forecasts on a day, what
 * each is worth at a multiple, how often past consensus was met, and the annual return to a
 * forecast value against an independent formula.
 */

const range = (avg: number, low: number, high: number, analysts = 20) => ({
  avg,
  low,
  high,
  analysts,
});
const reported = (date: string, eps: number, filingDate: string) => ({
  date,
  filingDate,
  acceptedDate: `${filingDate} 18:00:00`,
  eps,
  revenue: null,
  ebitda: null,
});

const DATA: EstimatesData = {
  symbol: 'ACME',
  unavailable: null,
  years: [
    // Beaten, then missed.
    {
      date: '2023-12-31',
      eps: range(4, 3.5, 4.5),
      revenue: null,
      ebitda: null,
      reported: reported('2023-12-31', 4.2, '2024-02-20'),
    },
    {
      date: '2024-12-31',
      eps: range(5, 4.5, 5.5),
      revenue: null,
      ebitda: null,
      reported: reported('2024-12-31', 4.9, '2025-02-18'),
    },
    // Ended, filed on 2026-02-17 (after 18:00: known from the 18th).
    {
      date: '2025-12-31',
      eps: range(6, 5.5, 6.4),
      revenue: null,
      ebitda: null,
      reported: reported('2025-12-31', 6, '2026-02-17'),
    },
    {
      date: '2026-12-31',
      eps: range(7, 6.2, 7.9, 18),
      revenue: null,
      ebitda: null,
      reported: null,
    },
    { date: '2027-12-31', eps: range(8, 6.5, 9.6, 9), revenue: null, ebitda: null, reported: null },
    // A loss expected at the low end.
    {
      date: '2028-12-31',
      eps: range(0.5, -0.4, 1.2, 3),
      revenue: null,
      ebitda: null,
      reported: null,
    },
  ],
};

describe('the forecast years', () => {
  it('are the years not reported on the day, each at the multiple with its range; the reported ones count as met or not', () => {
    const f = forecastYears(DATA, '2026-03-02', '2026-02-27', 15);
    expect(f.from).toBe('2026-03-02');
    expect(f.years.map((y) => y.date)).toEqual(['2026-12-31', '2027-12-31', '2028-12-31']);
    expect(f.years[0]).toMatchObject({ value: 105, low: 93, high: 118.5, drawn: true });
    expect(f.years[0]!.eps.analysts).toBe(18);
    expect(f.years[2]).toMatchObject({ value: 7.5, low: null, high: 18 });
    expect(f.met).toEqual({ years: 3, met: 2 });
  });

  it('start from the day the consensus was read, never before: a year ended but not yet filed is listed, not drawn', () => {
    // On 2026-02-17 the 2025 results were filed after the close: still a forecast that day.
    const f = forecastYears(DATA, '2026-02-17', '2026-02-17', 15);
    expect(f.years.map((y) => [y.date, y.drawn])).toEqual([
      ['2025-12-31', false],
      ['2026-12-31', true],
      ['2027-12-31', true],
      ['2028-12-31', true],
    ]);
    expect(f.met).toEqual({ years: 2, met: 1 });
    // A consensus read before the last close starts at the close; one read after it, at its day.
    expect(forecastYears(DATA, '2026-03-01', '2026-03-06', 15).from).toBe('2026-03-06');
    expect(forecastYears(DATA, '2026-03-08', '2026-03-06', 15).from).toBe('2026-03-08');
  });

  it('value EPS at or below 0 as not meaningful', () => {
    expect(valueAtMultiple(0, 15)).toBeNull();
    expect(valueAtMultiple(-1, 15)).toBeNull();
    expect(valueAtMultiple(null, 15)).toBeNull();
    expect(valueAtMultiple(2, 0)).toBeNull();
  });

  it('give the annual total return to a forecast value, the trailing dividends held flat, as ((value + dividends x years) / price)^(1 / years) - 1, for any inputs', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.05, max: 100, noNaN: true }),
        fc.double({ min: 5, max: 2000, noNaN: true }),
        fc.double({ min: 1, max: 80, noNaN: true }),
        fc.integer({ min: 91, max: 3 * 365 }),
        // No dividend, or up to a tenth of the price a year.
        fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 0.1, noNaN: true })),
        (eps, price, multiple, days, yieldOnPrice) => {
          const to = new Date(Date.parse('2026-03-02T00:00:00Z') + days * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const perYear = price * yieldOnPrice;
          const got = forecastReturn(
            price,
            '2026-03-02',
            { date: to, eps: range(eps, eps, eps) },
            multiple,
            perYear,
          );
          // Independent: logarithms and days, not the valuation's decimal power; the
          // dividends summed day by day (a year's over 365.25 days) to the year's end.
          const years = days / 365.25;
          let paid = 0;
          for (let day = 0; day < days; day++) paid += perYear / 365.25;
          const expected = (Math.exp(Math.log((eps * multiple + paid) / price) / years) - 1) * 100;
          expect(got).not.toBeNull();
          expect(Math.abs(got! - expected)).toBeLessThanOrEqual(
            1e-6 * Math.max(1, Math.abs(expected)),
          );
          // Dividends only add to the return; without them it is the price return.
          const priceOnly = forecastReturn(
            price,
            '2026-03-02',
            { date: to, eps: range(eps, eps, eps) },
            multiple,
          )!;
          if (perYear > 0) expect(got!).toBeGreaterThan(priceOnly);
          else expect(got).toBe(priceOnly);
        },
      ),
    );
    expect(yearsBetween('2026-01-01', '2027-01-01')).toBeCloseTo(365 / 365.25, 12);
    expect(
      forecastReturn(100, '2026-03-02', { date: '2026-03-02', eps: range(8, 7, 9) }, 15),
    ).toBeNull();
    expect(
      forecastReturn(100, '2026-03-02', { date: '2027-03-02', eps: range(-1, -2, 0) }, 15),
    ).toBeNull();
  });

  it('count the dividends that went ex in the twelve months to the day, none without the read', () => {
    const paid = [
      { date: '2025-03-02', adjDividend: 0.5 }, // a year before: out
      { date: '2025-03-03', adjDividend: 0.5 },
      { date: '2025-09-01', adjDividend: 0.25 },
      { date: '2026-03-02', adjDividend: 0.75 },
      { date: '2026-03-03', adjDividend: 1 }, // after the day: out
      { date: '2025-12-01', adjDividend: 0 },
    ];
    expect(trailingDividends(paid, '2026-03-02')).toBe(1.5);
    expect(trailingDividends([], '2026-03-02')).toBe(0);
    expect(trailingDividends(null, '2026-03-02')).toBeNull();
    // From 29 February, the year before starts after 28 February.
    expect(
      trailingDividends(
        [
          { date: '2023-02-28', adjDividend: 1 },
          { date: '2023-03-01', adjDividend: 2 },
        ],
        '2024-02-29',
      ),
    ).toBe(2);
  });
});
