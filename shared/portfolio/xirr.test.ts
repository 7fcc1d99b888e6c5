import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { benchmarkReturn, xirr } from './xirr';

describe('xirr', () => {
  it('matches the classic Excel XIRR example', () => {
    const rate = xirr([
      { date: '2008-01-01', amount: -10000 },
      { date: '2008-03-01', amount: 2750 },
      { date: '2008-10-30', amount: 4250 },
      { date: '2009-02-15', amount: 3250 },
      { date: '2009-04-01', amount: 2750 },
    ]);
    expect(rate).toBeCloseTo(0.373362535, 8);
    // Root found by 50-digit bisection: 0.37336253351883151...
    expect(Math.abs((rate ?? 0) - 0.3733625335188315)).toBeLessThan(1e-12);
  });

  it('gives the same answer whatever the order of the flows', () => {
    const rate = xirr([
      { date: '2009-04-01', amount: 2750 },
      { date: '2008-10-30', amount: 4250 },
      { date: '2008-01-01', amount: -10000 },
      { date: '2009-02-15', amount: 3250 },
      { date: '2008-03-01', amount: 2750 },
    ]);
    expect(Math.abs((rate ?? 0) - 0.3733625335188315)).toBeLessThan(1e-12);
  });

  it('annualises a single holding over a leap year on actual/365', () => {
    // 1.1^(365/366) - 1 = 0.09971358593414124...
    const rate = xirr([
      { date: '2020-01-01', amount: -1000 },
      { date: '2021-01-01', amount: 1100 },
    ]);
    expect(Math.abs((rate ?? 0) - 0.09971358593414124)).toBeLessThan(1e-13);
  });

  it('finds a near-total loss, a steep short gain and a century-long holding without overflowing', () => {
    const loss = xirr([
      { date: '2001-01-01', amount: -1_000_000 },
      { date: '2002-01-01', amount: 10 },
    ]);
    expect(Math.abs((loss ?? 0) - -0.99999)).toBeLessThan(1e-12);
    const steep = xirr([
      { date: '2001-01-01', amount: -1 },
      { date: '2001-01-31', amount: 2 },
    ]);
    const steepExpected = 2 ** (365 / 30) - 1;
    expect(Math.abs((steep ?? 0) / steepExpected - 1)).toBeLessThan(1e-12);
    const century = xirr([
      { date: '1900-01-01', amount: -1 },
      { date: '2000-01-01', amount: 1_000_000 },
    ]);
    const centuryExpected = 1_000_000 ** (365 / 36524) - 1;
    expect(Math.abs((century ?? 0) - centuryExpected)).toBeLessThan(1e-13);
  });

  it('gives no rate beyond a billion-fold a year rather than a wrong number', () => {
    // Doubling in one day is 2^365 - 1 a year, outside the range searched.
    expect(
      xirr([
        { date: '2000-01-01', amount: -1 },
        { date: '2000-01-02', amount: 2 },
      ]),
    ).toBeUndefined();
  });

  it('picks the root closest to 0 when the flows have two roots (10 % and 20 %)', () => {
    const rate = xirr([
      { date: '2001-01-01', amount: -100 },
      { date: '2002-01-01', amount: 230 },
      { date: '2003-01-01', amount: -132 },
    ]);
    expect(Math.abs((rate ?? 0) - 0.1)).toBeLessThan(1e-12);
  });

  it('picks a negative root when it is closer to 0 than the positive one (-20 % and 50 %)', () => {
    const rate = xirr([
      { date: '2001-01-01', amount: -100 },
      { date: '2002-01-01', amount: 230 },
      { date: '2003-01-01', amount: -120 },
    ]);
    expect(Math.abs((rate ?? 0) - -0.2)).toBeLessThan(1e-12);
  });

  it('returns undefined when the flows have no root', () => {
    expect(
      xirr([
        { date: '2001-01-01', amount: -100 },
        { date: '2002-01-01', amount: 300 },
        { date: '2003-01-01', amount: -250 },
      ]),
    ).toBeUndefined();
  });

  it('returns undefined for flows all of one sign, a single flow, one date, or a bad date', () => {
    expect(
      xirr([
        { date: '2001-01-01', amount: -100 },
        { date: '2002-01-01', amount: -5 },
      ]),
    ).toBeUndefined();
    expect(
      xirr([
        { date: '2001-01-01', amount: 100 },
        { date: '2002-01-01', amount: 5 },
      ]),
    ).toBeUndefined();
    expect(xirr([{ date: '2001-01-01', amount: -100 }])).toBeUndefined();
    expect(
      xirr([
        { date: '2001-01-01', amount: -100 },
        { date: '2002-01-01', amount: 0 },
      ]),
    ).toBeUndefined();
    expect(
      xirr([
        { date: '2001-01-01', amount: -100 },
        { date: '2001-01-01', amount: 110 },
      ]),
    ).toBeUndefined();
    expect(
      xirr([
        { date: 'not a date', amount: -100 },
        { date: '2001-01-01', amount: 110 },
      ]),
    ).toBeUndefined();
    expect(xirr([])).toBeUndefined();
  });

  it('nets flows on the same date before solving', () => {
    // -100 and +110 on the first day net to +10: every flow is then positive, so no rate exists.
    expect(
      xirr([
        { date: '2001-01-01', amount: -100 },
        { date: '2001-01-01', amount: 110 },
        { date: '2002-01-01', amount: 5 },
      ]),
    ).toBeUndefined();
  });

  it('returns a rate that zeroes the net present value for any mixed series it solves', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 3650 }),
            amount: fc.integer({ min: -1_000_000, max: 1_000_000 }),
          }),
          {
            minLength: 3,
            maxLength: 8,
          },
        ),
        (raw) => {
          const flows = raw.map((f) => ({
            date: new Date(Date.UTC(2010, 0, 1) + f.day * 86_400_000),
            amount: f.amount,
          }));
          const rate = xirr(flows);
          if (rate === undefined) return true;
          const first = Math.min(...raw.map((f) => f.day));
          let npv = 0;
          let size = 0;
          for (const f of raw) {
            const term = f.amount / (1 + rate) ** ((f.day - first) / 365);
            npv += term;
            size += Math.abs(term);
          }
          return rate > -1 && Math.abs(npv) <= 1e-9 * size;
        },
      ),
      { numRuns: 300 },
    );
  });

  it('recovers the rate of any single investment and payout', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.double({ min: 0.05, max: 20, noNaN: true }),
        fc.integer({ min: 1, max: 365 * 40 }),
        (invested, multiple, days) => {
          const end = new Date(Date.UTC(2000, 0, 1) + days * 86_400_000);
          const rate = xirr([
            { date: '2000-01-01', amount: -invested },
            { date: end, amount: invested * multiple },
          ]);
          const expected = multiple ** (365 / days) - 1;
          if (expected > 1e9 || expected < -0.999999)
            return rate === undefined || Number.isFinite(rate);
          return (
            rate !== undefined &&
            Math.abs(rate - expected) <= 1e-9 * Math.max(1, Math.abs(expected))
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('benchmark', () => {
  it('gives the S&P 500 return between two closes', () => {
    expect(benchmarkReturn(4000, 4400)).toBe(0.1);
    expect(benchmarkReturn(4000, 3000)).toBe(-0.25);
    expect(benchmarkReturn(0, 3000)).toBeUndefined();
    expect(benchmarkReturn(4000, Number.NaN)).toBeUndefined();
  });
});
