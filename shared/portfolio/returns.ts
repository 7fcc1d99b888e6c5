import { addDays, compareIso, dayNumber, minusMonths } from './days';
import type { Close, NavPoint } from './history';
import { dividendCents } from './income';
import { D, type Dec } from './money';
import { xirr } from './xirr';

/**
 * Returns over a period of a NAV history, each one exact about what it measures.
 *
 * A period [start, end] covers whole days: its start value is the NAV at the end of the day
 * before `start` (0 before inception), flows F_d arrive at the start of day d, and its end
 * value is the NAV at the end of `end`. Its length is end - start + 1 days.
 *
 * - Time-weighted (Portfolio Performance's "true time-weighted rate of return"):
 *   r_d = NAV_d / (NAV_{d-1} + F_d) - 1, chained: R = prod(1 + r_d) - 1; annualised only for a
 *   period of 365 days or more: (1 + R)^(365 / days) - 1.
 * - Money-weighted: the XIRR of the start value (paid in at the start), the external flows
 *   (paid in at the start of their day) and the end value (received at the end of the last
 *   day, i.e. the start of the next); for a period under 365 days the rate is given for the
 *   period, (1 + XIRR)^(days / 365) - 1, as the since-inception IRR is. "N/A" with the reason
 *   when it has no solution.
 */

export const PERIODS = ['1M', '3M', 'YTD', '1Y', '3Y', '5Y', 'MAX', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

const YEAR_DAYS = 365;

export interface PeriodRange {
  start: string;
  end: string;
  days: number;
  /** True when the period asked for began before the portfolio and was cut to its inception. */
  clipped: boolean;
}

/** The days a period covers, ending today (or `to`), never before inception. */
export function periodRange(
  period: Period,
  inception: string,
  today: string,
  custom?: { from: string; to: string },
): PeriodRange {
  let end = today;
  let start: string;
  switch (period) {
    case '1M':
      start = addDays(minusMonths(today, 1), 1);
      break;
    case '3M':
      start = addDays(minusMonths(today, 3), 1);
      break;
    case 'YTD':
      start = `${today.slice(0, 4)}-01-01`;
      break;
    case '1Y':
      start = addDays(minusMonths(today, 12), 1);
      break;
    case '3Y':
      start = addDays(minusMonths(today, 36), 1);
      break;
    case '5Y':
      start = addDays(minusMonths(today, 60), 1);
      break;
    case 'MAX':
      start = inception;
      break;
    case 'custom':
      start = custom?.from ?? inception;
      end = custom?.to && custom.to < today ? custom.to : today;
      break;
  }
  const clipped = start < inception;
  if (clipped) start = inception;
  // A custom range that ends before inception covers no day of the portfolio.
  if (period === 'custom' && end < start)
    return { start, end: addDays(start, -1), days: 0, clipped };
  if (end < start) end = start;
  return { start, end, days: dayNumber(end) - dayNumber(start) + 1, clipped };
}

export type RateFigure =
  | { kind: 'cumulative' | 'annualised'; rate: number }
  | { kind: 'unavailable'; reason: 'no-capital' | 'no-solution' | 'no-history'; message: string };

export interface GainSplit {
  /** NAV_end - NAV_start - net external flows. */
  totalCents: number;
  realisedCents: number;
  unrealisedCents: number;
  dividendCents: number;
  /** Trading fees paid (imported trades; paper trades carry none). total = realised + unrealised + dividends - fees. */
  feeCents: number;
}

export interface PeriodFigures {
  range: PeriodRange;
  startNavCents: number;
  endNavCents: number;
  netFlowCents: number;
  /** Cumulative time-weighted return over the period. */
  twrCumulative: number;
  twr: RateFigure;
  mwr: RateFigure;
  gain: GainSplit;
}

function slice(points: readonly NavPoint[], range: PeriodRange) {
  const inRange = points.filter((p) => p.date >= range.start && p.date <= range.end);
  const before = points.filter((p) => p.date < range.start).at(-1);
  return { inRange, startNav: before?.navCents ?? 0 };
}

/** 1 + r_d as a Decimal, made once per point however many figures chain it. */
const factors = new WeakMap<NavPoint, Dec>();
function factorOf(p: NavPoint): Dec {
  let f = factors.get(p);
  if (f === undefined) {
    f = new D(1).plus(p.dailyReturn);
    factors.set(p, f);
  }
  return f;
}

/** Where every chain of daily returns starts (Decimals are immutable: one is shared). */
const ONE = new D(1);

/**
 * The growth after a point, from the growth before it: worked out once per point and growth
 * before it (a Decimal kept by identity), so the chain over a history whose points are shared
 * between reads (a kept history decoded once) is multiplied once, not on every read. A point
 * keeps the last few chains through it (the periods that start at different days).
 */
const grown = new WeakMap<NavPoint, { before: Dec; after: Dec }[]>();
function grow(growth: Dec, p: NavPoint): Dec {
  // A day without a return (a weekend, a holiday, cash alone) multiplies by exactly 1.
  if (p.dailyReturn === 0) return growth;
  let seen = grown.get(p);
  const known = seen?.find((e) => e.before === growth);
  if (known) return known.after;
  const after = growth.times(factorOf(p));
  if (!seen) {
    seen = [];
    grown.set(p, seen);
  }
  if (seen.length >= 4) seen.shift();
  seen.push({ before: growth, after });
  return after;
}

/** Chains daily returns: prod(1 + r_d) - 1 as a Decimal. */
function chain(points: readonly NavPoint[]): Dec {
  let growth = ONE;
  for (const p of points) growth = grow(growth, p);
  return growth.minus(1);
}

/** A growth as the chart's index: 100 x growth to 6 places (once per growth). */
const indexes = new WeakMap<Dec, number>();
function indexOf(growth: Dec): number {
  let index = indexes.get(growth);
  if (index === undefined) {
    index = growth.times(100).toDecimalPlaces(6).toNumber();
    indexes.set(growth, index);
  }
  return index;
}

export function annualise(cumulative: number | Dec, days: number): number {
  return new D(1).plus(cumulative).pow(new D(YEAR_DAYS).div(days)).minus(1).toNumber();
}

const NO_HISTORY: RateFigure = {
  kind: 'unavailable',
  reason: 'no-history',
  message: 'No history in this period',
};

/**
 * The money-weighted return of a period: the XIRR of the start value (paid in at the start),
 * the external flows (paid in at the start of their day) and the end value (received at the
 * end of the last day); given for the period when it is shorter than a year.
 */
function moneyWeighted(
  range: PeriodRange,
  startCents: number,
  flows: readonly { date: string; cents: number }[],
  endCents: number,
): RateFigure {
  const paidIn = startCents + flows.filter((f) => f.cents > 0).reduce((s, f) => s + f.cents, 0);
  if (paidIn <= 0)
    return {
      kind: 'unavailable',
      reason: 'no-capital',
      message: 'No capital was invested in this period',
    };
  const cashFlows = [
    ...(startCents !== 0 ? [{ date: range.start, amount: -startCents }] : []),
    ...flows.filter((f) => f.cents !== 0).map((f) => ({ date: f.date, amount: -f.cents })),
    { date: addDays(range.end, 1), amount: endCents },
  ];
  // One payment in at the start and the value at the end: the rate is their ratio, exactly.
  const single =
    cashFlows.length === 2 && cashFlows[0]!.date === range.start && cashFlows[0]!.amount < 0;
  if (single && endCents >= 0) {
    const growth = new D(endCents).div(-cashFlows[0]!.amount);
    return range.days >= YEAR_DAYS
      ? {
          kind: 'annualised',
          rate: growth.pow(new D(YEAR_DAYS).div(range.days)).minus(1).toNumber(),
        }
      : { kind: 'cumulative', rate: growth.minus(1).toNumber() };
  }
  const solved = endCents === 0 && cashFlows.every((f) => f.amount <= 0) ? -1 : xirr(cashFlows);
  // The solver's last bits are noise: money that earned nothing has a return of 0, not -1e-17.
  const rate = solved !== undefined && Math.abs(solved) < 1e-12 ? 0 : solved;
  if (rate === undefined)
    return {
      kind: 'unavailable',
      reason: 'no-solution',
      message: 'No single rate makes these deposits, withdrawals and values add up',
    };
  if (range.days >= YEAR_DAYS) return { kind: 'annualised', rate };
  return {
    kind: 'cumulative',
    rate: new D(1).plus(rate).pow(new D(range.days).div(YEAR_DAYS)).minus(1).toNumber(),
  };
}

export function periodFigures(points: readonly NavPoint[], range: PeriodRange): PeriodFigures {
  const { inRange, startNav } = slice(points, range);
  const endNav = inRange.at(-1)?.navCents ?? startNav;
  const netFlow = inRange.reduce((sum, p) => sum + p.flowCents, 0);
  const cumulative = chain(inRange);
  const paidIn =
    startNav + inRange.filter((p) => p.flowCents > 0).reduce((s, p) => s + p.flowCents, 0);

  let twr: RateFigure;
  if (inRange.length === 0) {
    twr = NO_HISTORY;
  } else if (paidIn <= 0) {
    twr = {
      kind: 'unavailable',
      reason: 'no-capital',
      message: 'No capital was invested in this period',
    };
  } else if (range.days >= YEAR_DAYS) {
    twr = { kind: 'annualised', rate: annualise(cumulative, range.days) };
  } else {
    twr = { kind: 'cumulative', rate: cumulative.toNumber() };
  }

  const mwr =
    inRange.length === 0
      ? NO_HISTORY
      : moneyWeighted(
          range,
          startNav,
          inRange.map((p) => ({ date: p.date, cents: p.flowCents })),
          endNav,
        );

  const realised = inRange.reduce((s, p) => s + p.realisedCents, 0);
  // The one sum of dividends credited (the income view's months and years are its sums too).
  const dividends = dividendCents(inRange);
  const fees = inRange.reduce((s, p) => s + (p.feeCents ?? 0), 0);
  const total = endNav - startNav - netFlow;
  return {
    range,
    startNavCents: startNav,
    endNavCents: endNav,
    netFlowCents: netFlow,
    twrCumulative: cumulative.toNumber(),
    twr,
    mwr,
    gain: {
      totalCents: total,
      realisedCents: realised,
      dividendCents: dividends,
      feeCents: fees,
      // Realised and unrealised gains are before fees; fees are paid on top.
      unrealisedCents: total - realised - dividends + fees,
    },
  };
}

export interface ChartPoint {
  date: string;
  navCents: number;
  /** The public-market equivalent: the S&P 500 bought and sold with the same external flows. */
  benchmarkCents: number | null;
  /** Time-weighted growth of the portfolio since the period's start, rebased to 100. */
  twrIndex: number;
  /** The S&P 500 rebased to 100 at the period's start. */
  benchmarkIndex: number | null;
  flowCents: number;
}

/**
 * The chart of a period: NAV, the public-market equivalent (index units bought with each
 * external flow at that day's close, or its last close before, the money of the portfolio's
 * creation at the level it was created at when known; withdrawals sell units; units held at the
 * start bought with the start value), and both lines rebased to 100 at the start.
 */
export function chartSeries(
  points: readonly NavPoint[],
  range: PeriodRange,
  benchmark: readonly Close[],
  /** The index level the money of `date` went in at, when known (the portfolio's creation). */
  entry?: { date: string; level: number },
): ChartPoint[] {
  const out: ChartPoint[] = [];
  let growth = ONE;
  // Each figure is worked out again only when what it depends on moved (a weekend holds all).
  let twrIndex = 100;
  let valued: { units: Dec; close: number; cents: number } | undefined;
  let indexed: { close: number; index: number } | undefined;
  let unitsText: { units: Dec; text: string } | undefined;
  walkSameDeposits(points, range, benchmark, entry, (p, close, units, startClose) => {
    if (p.dailyReturn !== 0) {
      growth = grow(growth, p);
      twrIndex = indexOf(growth);
    }
    if (close && (valued?.units !== units || valued.close !== close)) {
      if (unitsText?.units !== units) unitsText = { units, text: units.toString() };
      valued = { units, close, cents: valueAt(p, unitsText.text, units, close) };
    }
    if (close && startClose && indexed?.close !== close)
      indexed = { close, index: rebased(close, startClose) };
    out.push({
      date: p.date,
      navCents: p.navCents,
      benchmarkCents: close ? valued!.cents : null,
      twrIndex,
      benchmarkIndex: close && startClose ? indexed!.index : null,
      flowCents: p.flowCents,
    });
  });
  return out;
}

/**
 * The chart's benchmark value of a day (`valueOf`), kept per point with the units and close it
 * was worked out from: a shared point's day is valued once while they stay the same.
 */
const valuedAt = new WeakMap<NavPoint, { units: string; close: number; cents: number }>();
function valueAt(p: NavPoint, unitsText: string, units: Dec, close: number): number {
  const known = valuedAt.get(p);
  if (known && known.units === unitsText && known.close === close) return known.cents;
  const cents = valueOf(units, close);
  valuedAt.set(p, { units: unitsText, close, cents });
  return cents;
}

function valueOf(units: Dec, close: number): number {
  return units.times(close).toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber();
}

/**
 * round(close / start x 100, 6 places, half up), as the Decimal division gives it: in binary
 * floating point when the quotient is far enough from a rounding boundary for its error (a few
 * parts in 1e16) not to matter, which is every day but about one in a billion; else in Decimal.
 */
function rebased(close: number, start: number): number {
  const scaled = (close / start) * 100_000_000;
  if (Number.isFinite(scaled) && scaled > 0 && scaled < 2 ** 50) {
    const whole = Math.floor(scaled);
    const rest = scaled - whole;
    const margin = scaled * 1e-13 + 1e-9;
    if (Math.abs(rest - 0.5) > margin && rest > margin && 1 - rest > margin)
      return (rest > 0.5 ? whole + 1 : whole) / 1_000_000;
  }
  return new D(close).div(start).times(100).toDecimalPlaces(6).toNumber();
}

/**
 * The index units the same deposits hold, day by day over the period (the one walk behind the
 * chart's benchmark line and the since-inception comparison): units bought with the start value
 * at the close before the period, each flow at its day's close (or the last before; the money of
 * `entry.date` at `entry.level`). `visit`, when given, sees each day with its close and units.
 */
function walkSameDeposits(
  points: readonly NavPoint[],
  range: PeriodRange,
  benchmark: readonly Close[],
  entry: { date: string; level: number } | undefined,
  visit?: (
    p: NavPoint,
    close: number | undefined,
    units: Dec,
    startClose: number | undefined,
  ) => void,
): {
  units: Dec;
  close: number | undefined;
  days: number;
  startNav: number;
  flows: { date: string; cents: number }[];
} {
  const { inRange, startNav } = slice(points, range);
  const bars = benchmark.every((b, k) => k === 0 || compareIso(benchmark[k - 1]!.date, b.date) <= 0)
    ? benchmark
    : [...benchmark].sort((a, b) => compareIso(a.date, b.date));
  let i = 0;
  let lastClose: number | undefined;
  const closeAt = (date: string) => {
    while (i < bars.length && bars[i]!.date.slice(0, 10) <= date) {
      if (bars[i]!.close > 0) lastClose = bars[i]!.close;
      i++;
    }
    return lastClose;
  };
  const startClose = closeAt(addDays(range.start, -1)) ?? bars.find((b) => b.close > 0)?.close;
  let units = startClose && startNav > 0 ? new D(startNav).div(startClose) : new D(0);
  let close: number | undefined;
  const flows: { date: string; cents: number }[] = [];
  for (const p of inRange) {
    close = closeAt(p.date) ?? startClose;
    const bought = entry && entry.date === p.date && entry.level > 0 ? entry.level : close;
    if (p.flowCents !== 0) {
      flows.push({ date: p.date, cents: p.flowCents });
      if (bought) units = units.plus(new D(p.flowCents).div(bought));
    }
    visit?.(p, close, units, startClose);
  }
  return { units, close, days: inRange.length, startNav, flows };
}

/**
 * The S&P 500 bought and sold with the portfolio's deposits and withdrawals over a period (the
 * chart's benchmark line, from the same walk): its value at the end and its money-weighted
 * return over the same flows, so it compares with the portfolio's own money-weighted return.
 */
export function sameDepositsBenchmark(
  points: readonly NavPoint[],
  range: PeriodRange,
  benchmark: readonly Close[],
  entry?: { date: string; level: number },
): { valueCents: number | null; mwr: RateFigure } {
  const walk = walkSameDeposits(points, range, benchmark, entry);
  if (walk.days === 0) return { valueCents: null, mwr: NO_HISTORY };
  if (!walk.close)
    return {
      valueCents: null,
      mwr: {
        kind: 'unavailable',
        reason: 'no-history',
        message: 'The S&P 500 level is unavailable right now',
      },
    };
  const end = valueOf(walk.units, walk.close);
  return { valueCents: end, mwr: moneyWeighted(range, walk.startNav, walk.flows, end) };
}

export interface MonthlyReturn {
  year: number;
  /** 1 to 12. */
  month: number;
  /** Time-weighted return of the month's days that lie in the history. */
  rate: number;
}

/** Time-weighted return of each calendar month (days chained within the month). */
export function monthlyReturns(points: readonly NavPoint[]): MonthlyReturn[] {
  const months = new Map<string, Dec>();
  for (const p of points) {
    const key = p.date.slice(0, 7);
    const growth = months.get(key) ?? new D(1);
    months.set(key, p.dailyReturn === 0 ? growth : growth.times(factorOf(p)));
  }
  return [...months].map(([key, growth]) => ({
    year: Number(key.slice(0, 4)),
    month: Number(key.slice(5, 7)),
    rate: growth.minus(1).toNumber(),
  }));
}
