import type { PEInput } from './models';
import type { DailyClose, QuarterFigures } from './value-line';

/* The value line's test fixtures (value-line.test.ts, value-line-known.test.ts): round figures. */

export const QUARTER_ENDS = ['03-31', '06-30', '09-30', '12-31'];

/** Quarter ends from the first quarter of `year`, `count` of them. */
export function quarterEnds(year: number, count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `${year + Math.floor(i / 4)}-${QUARTER_ENDS[i % 4]}`,
  );
}

export const DAY_MS = 86_400_000;

export const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The day a fixture quarter's figures count from: filed 30 days after its end, at a time not
 * given, so public from the next day (decision 160).
 */
export const known = (periodEnd: string) => plusDays(periodEnd, 31);

/** A quarter with round figures: EPS 1.00, revenue 10 M, 5 M shares, equity 40 M... */
export function quarter(date: string, overrides: Partial<QuarterFigures> = {}): QuarterFigures {
  return {
    date,
    filingDate: plusDays(date, 30),
    acceptedDate: null,
    epsDiluted: 1,
    revenue: 10_000_000,
    ebitda: 2_500_000,
    dilutedShares: 5_000_000,
    equity: 40_000_000,
    debt: 6_000_000,
    cash: 1_000_000,
    operatingCashFlow: 3_000_000,
    capitalExpenditure: -1_000_000,
    ...overrides,
  };
}

/** Every weekday between two days, each with `price(date, i)` (i: the weekday's index). */
export function weekdays(
  from: string,
  to: string,
  price: (date: string, i: number) => number,
): DailyClose[] {
  const out: [string, number][] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    const day = new Date(t);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const date = day.toISOString().slice(0, 10);
    out.push([date, price(date, out.length)]);
  }
  return out;
}

export const pe = (overrides: Partial<PEInput> = {}): PEInput => ({
  valuation_type_id: 1,
  earnings_per_share: 4,
  growth_ratein_eps: 0,
  forward_multiple: 15,
  market_price: 50,
  holding_period: 1,
  ...overrides,
});
