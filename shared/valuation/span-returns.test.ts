import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annualPercent, dividendsByYear, spanDividends, spanReturns } from './span-returns';

/*
 * The value line's span in returns (decision 187): price, total and the S&P 500's total
 * return over the same days, each a year too, against figures worked out by hand and an
 * independent formula.
 */

const weekdays = (from: string, to: string, close: (day: string, i: number) => number) => {
  const out: { date: string; close: number }[] = [];
  for (
    let t = Date.parse(`${from}T00:00:00Z`);
    t <= Date.parse(`${to}T00:00:00Z`);
    t += 86_400_000
  ) {
    const d = new Date(t);
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
    const date = d.toISOString().slice(0, 10);
    out.push({ date, close: close(date, out.length) });
  }
  return out;
};

describe('the value line’s span in returns', () => {
  it('gives price, total and the index’s total return over the same days, and the dividends paid', () => {
    // Flat at 100, two dividends of 5: price 0%, total (105/100) x (105/100) - 1 = 10.25%.
    const closes = weekdays('2024-01-02', '2026-01-02', () => 100);
    const dividends = [
      { date: '2023-12-01', adjDividend: 9 }, // before the span
      { date: '2024-06-03', adjDividend: 5 },
      { date: '2025-06-02', adjDividend: 5 },
      { date: '2026-03-02', adjDividend: 9 }, // after it
    ];
    // The index doubles over the span and pays nothing; its closes run past the span's end.
    const index = {
      closes: weekdays('2023-12-01', '2026-03-02', (d) =>
        d <= '2024-01-02' ? 50 : d >= '2026-01-02' ? 100 : 75,
      ),
      dividends: [],
    };
    const r = spanReturns(closes, dividends, index, '2024-01-02', '2026-01-02')!;
    expect(r.from).toBe('2024-01-02');
    expect(r.to).toBe('2026-01-02');
    expect(r.price.cumulative).toBe(0);
    expect(r.total!.cumulative).toBeCloseTo(10.25, 10);
    expect(r.index!.cumulative).toBeCloseTo(100, 10);
    expect(r.index!.annual).toBeCloseTo((Math.sqrt(2) ** (2 / r.years) - 1) * 100, 8);
    expect(r.dividends).toEqual({ perShare: 10, payments: 2 });
    // Without dividends read: price only; without the index: none.
    const bare = spanReturns(closes, null, null, '2024-01-02', '2026-01-02')!;
    expect(bare.total).toBeNull();
    expect(bare.index).toBeNull();
    expect(bare.dividends).toBeNull();
    expect(spanReturns(closes.slice(0, 1), null, null, '2024-01-02', '2026-01-02')).toBeNull();
  });

  it('compounds a year as exp(ln(1 + r) / years) - 1, for any return and span of a month or more', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -99, max: 5000, noNaN: true }),
        fc.double({ min: 1 / 12, max: 30, noNaN: true }),
        (cumulative, years) => {
          const expected = (Math.exp(Math.log1p(cumulative / 100) / years) - 1) * 100;
          const got = annualPercent(cumulative, years)!;
          expect(Math.abs(got - expected)).toBeLessThanOrEqual(
            1e-9 * Math.max(1, Math.abs(expected)),
          );
        },
      ),
    );
    expect(annualPercent(10, 1 / 20)).toBeNull();
    expect(annualPercent(-100, 2)).toBeNull();
  });

  it('lists the span’s dividends oldest first, summed by the year they went ex', () => {
    const paid = spanDividends(
      [
        { date: '2025-06-02', adjDividend: 0.3 },
        { date: '2024-01-02', adjDividend: 9 }, // on the first day: the first close was after it
        { date: '2024-06-03', adjDividend: 0.25 },
        { date: '2024-09-02', adjDividend: 0 }, // nothing paid
        { date: '2024-12-02', adjDividend: 0.25 },
        { date: '2026-01-02', adjDividend: 0.3 }, // on the last day: in
        { date: '2026-01-05', adjDividend: 9 }, // after it
      ],
      '2024-01-02',
      '2026-01-02',
    );
    expect(paid.map((d) => d.date)).toEqual([
      '2024-06-03',
      '2024-12-02',
      '2025-06-02',
      '2026-01-02',
    ]);
    expect(dividendsByYear(paid)).toEqual([
      { year: '2024', perShare: 0.5, payments: 2 },
      { year: '2025', perShare: 0.3, payments: 1 },
      { year: '2026', perShare: 0.3, payments: 1 },
    ]);
    expect(dividendsByYear([])).toEqual([]);
  });
});
