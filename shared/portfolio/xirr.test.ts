import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { benchmarkReturn, benchmarkSinceInception, irrSinceInception, xirr } from './xirr';

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

describe('irrSinceInception', () => {
  it('shows the cumulative return for a portfolio younger than a year', () => {
    expect(
      irrSinceInception({
        inception: '2024-01-01',
        seedCents: 10_000_000_000,
        navCents: 10_500_000_000,
        today: '2024-12-30',
      }),
    ).toEqual({ kind: 'cumulative', rate: 0.05 });
  });

  it('annualises from 365 days on', () => {
    // 2023-01-01 to 2024-01-01 is 365 days: a 10 % gain is exactly 10 % a year.
    const result = irrSinceInception({
      inception: '2023-01-01',
      seedCents: 10_000_000_000,
      navCents: 11_000_000_000,
      today: '2024-01-01',
    });
    expect(result.kind).toBe('annualised');
    expect(Math.abs((result.kind === 'annualised' ? result.rate : 0) - 0.1)).toBeLessThan(1e-13);
  });

  it('annualises over two years as a compound rate', () => {
    // 2021-01-01 to 2023-01-01 is 730 days: 1.21 over two years is 10 % a year.
    const result = irrSinceInception({
      inception: '2021-01-01T09:30:00Z',
      seedCents: 100_000,
      navCents: 121_000,
      today: '2023-01-01T09:30:00Z',
    });
    expect(result.kind === 'annualised' && Math.abs(result.rate - 0.1)).toBeLessThan(1e-13);
  });

  it('takes later capital flows into the money-weighted return', () => {
    // 1000 at start, 1000 more after one year, 2310 after two years: 10 % a year.
    const result = irrSinceInception({
      inception: '2021-01-01',
      seedCents: 100_000,
      navCents: 231_000,
      today: '2023-01-01',
      flows: [{ date: '2022-01-01', amountCents: 100_000 }],
    });
    expect(result.kind === 'annualised' && Math.abs(result.rate - 0.1)).toBeLessThan(1e-12);
    const young = irrSinceInception({
      inception: '2024-01-01',
      seedCents: 100_000,
      navCents: 231_000,
      today: '2024-06-01',
      flows: [{ date: '2024-03-01', amountCents: 100_000 }],
    });
    expect(young).toEqual({ kind: 'cumulative', rate: 0.155 });
  });

  it('shows a total loss as -100 % a year', () => {
    expect(
      irrSinceInception({
        inception: '2020-01-01',
        seedCents: 100_000,
        navCents: 0,
        today: '2022-01-01',
      }),
    ).toEqual({
      kind: 'annualised',
      rate: -1,
    });
  });

  it('is unavailable for a portfolio without seed capital, before inception, or with bad dates', () => {
    expect(
      irrSinceInception({
        inception: '2020-01-01',
        seedCents: 0,
        navCents: 0,
        today: '2022-01-01',
      }),
    ).toMatchObject({
      kind: 'unavailable',
      reason: 'no-capital',
    });
    expect(
      irrSinceInception({
        inception: '2024-01-02',
        seedCents: 100,
        navCents: 100,
        today: '2024-01-01',
      }),
    ).toMatchObject({
      kind: 'unavailable',
      reason: 'before-inception',
    });
    expect(
      irrSinceInception({
        inception: 'yesterday',
        seedCents: 100,
        navCents: 100,
        today: '2024-01-01',
      }),
    ).toMatchObject({
      kind: 'unavailable',
      reason: 'invalid-dates',
    });
  });

  it('is unavailable when the flows have no rate', () => {
    // Paid in 100, took out 300 (a negative contribution), 250 left to pay back: no real root.
    expect(
      irrSinceInception({
        inception: '2001-01-01',
        seedCents: 100,
        navCents: -250,
        today: '2003-01-01',
        flows: [{ date: '2002-01-01', amountCents: -300 }],
      }),
    ).toMatchObject({ kind: 'unavailable' });
  });
});

describe('benchmark', () => {
  it('gives the S&P 500 return between two closes', () => {
    expect(benchmarkReturn(4000, 4400)).toBe(0.1);
    expect(benchmarkReturn(4000, 3000)).toBe(-0.25);
    expect(benchmarkReturn(0, 3000)).toBeUndefined();
    expect(benchmarkReturn(4000, Number.NaN)).toBeUndefined();
  });

  it('uses the same cumulative or annualised form as the portfolio figure', () => {
    expect(
      benchmarkSinceInception({
        inception: '2024-01-01',
        today: '2024-06-01',
        startClose: 4000,
        endClose: 4400,
      }),
    ).toEqual({
      kind: 'cumulative',
      rate: 0.1,
    });
    const twoYears = benchmarkSinceInception({
      inception: '2021-01-01',
      today: '2023-01-01',
      startClose: 4000,
      endClose: 4840,
    });
    expect(twoYears).toEqual({ kind: 'annualised', rate: 0.1 });
    expect(
      benchmarkSinceInception({
        inception: '2021-01-01',
        today: '2023-01-01',
        startClose: 0,
        endClose: 4840,
      }).kind,
    ).toBe('unavailable');
  });
});
