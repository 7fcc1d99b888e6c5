import { addDays, compareIso } from './days';
import type { Close, NavPoint } from './history';
import { type MonthlyReturn, monthlyReturns, type PeriodRange } from './returns';

/**
 * Risk figures of a period of a NAV history (decision 131), from the same daily time-weighted
 * returns as the period's return, so deposits and withdrawals are never gains or losses.
 *
 * Trading days. The history has a point for every calendar day; a market has no return on a
 * Saturday. The daily figures use the days on which the S&P 500 closed within the period (or,
 * when it has no close there, Monday to Friday), so that √252 annualises them. A trading day's
 * return chains the portfolio's daily returns r_d since the previous trading day:
 * R_t = prod(1 + r_d) - 1 over the calendar days after the previous trading day up to t (a
 * Monday's includes the weekend's dividends and quotes; the period's first trading day starts
 * at the period's first day). Days after the period's last trading day are left out of the
 * daily figures (they belong to the next trading day, outside the period). Chained over every
 * trading day, R_t give the period's time-weighted return up to the last trading day.
 *
 * - Volatility: sd(R) x √252, sd the sample standard deviation (n - 1).
 * - Maximum drawdown: on the time-weighted index of every calendar day (the chart's), start
 *   value 1 at the end of the day before the period: the lowest I_t / max(I_s, s <= t) - 1,
 *   with the day of that peak (the first day it was reached), of the trough, and the first day
 *   after the trough the index is back at the peak (null when it is not, in the period).
 * - Sharpe ratio: (mean(R) - r_f) / sd(R) x √252, r_f = (1 + annual rate)^(1/252) - 1.
 * - Beta and correlation against the S&P 500: its daily return on each trading day is
 *   close_t / close_(previous close) - 1; beta = cov(R, B) / var(B), correlation =
 *   cov(R, B) / (sd(R) sd(B)) over the trading days with both.
 * - Best and worst day: the highest and lowest R_t (the earliest on a tie). Best and worst
 *   month: the highest and lowest calendar month's time-weighted return (`monthlyReturns`, the
 *   monthly table's figures), a month cut by the period counting its days in the period.
 *
 * These are ratios, not money: binary floating point, computed so that equal inputs give
 * equal outputs (a constant series has a standard deviation of exactly 0, a series against
 * itself a beta of exactly 1).
 */

export const TRADING_DAYS_A_YEAR = 252;
/** The fewest trading days the volatility, Sharpe ratio, beta and correlation are given for. */
export const MIN_RISK_DAYS = 10;

export type RiskReason =
  'no-history' | 'no-capital' | 'too-few-days' | 'no-variation' | 'no-benchmark';

export interface RiskUnavailable {
  kind: 'unavailable';
  reason: RiskReason;
  message: string;
  /** How the figure is worked out, for the reader. */
  formula: string;
}

export type RiskFigure<Extra extends object = object> =
  ({ kind: 'value'; value: number; formula: string } & Extra) | RiskUnavailable;

export interface DrawdownDates {
  /** The day the index reached the peak (the day before the period when it is the start value). */
  peak: string | null;
  trough: string | null;
  /** The first day the index was back at the peak; null when it was not, in the period. */
  recovery: string | null;
}

export interface MonthOf {
  year: number;
  month: number;
  /** True when the period (or the history) covers only some of the month's days. */
  partial: boolean;
}

export interface RiskView {
  /** Trading days in the period that the daily figures use. */
  trading_days: number;
  /** Whose trading days: the S&P 500's closes, or Monday to Friday when it has none in the period. */
  calendar: 'benchmark' | 'weekdays';
  volatility: RiskFigure;
  max_drawdown: RiskFigure<DrawdownDates>;
  sharpe: RiskFigure;
  beta: RiskFigure;
  correlation: RiskFigure;
  best_day: RiskFigure<{ date: string }>;
  worst_day: RiskFigure<{ date: string }>;
  best_month: RiskFigure<MonthOf>;
  worst_month: RiskFigure<MonthOf>;
}

export interface RiskInput {
  /** The whole NAV history (every calendar day), or at least the period and the day before. */
  points: readonly NavPoint[];
  range: PeriodRange;
  /** The S&P 500's daily closes (from before the period, so its first day has a return). */
  benchmark: readonly Close[];
  /** The risk-free rate, a year, as a fraction (0.04 = 4 %). */
  riskFreeRate: number;
  /**
   * The period's monthly returns when already worked out (`monthlyReturns` of the period's
   * points, the monthly table's): the best and worst month are then picked from them.
   */
  monthly?: readonly MonthlyReturn[];
}

const SQRT_YEAR = Math.sqrt(TRADING_DAYS_A_YEAR);

function percentText(rate: number): string {
  return `${(rate * 100).toFixed(2)}%`;
}

export const RISK_FORMULAS = {
  volatility: (n: number) =>
    `Volatility = sd(r) × √252, where r is the portfolio's time-weighted return on each of the period's ${n} trading days (days the S&P 500 closed; a weekend or holiday counts in the next trading day) and sd their sample standard deviation.`,
  maxDrawdown:
    'Maximum drawdown = the largest fall of the time-weighted index from a peak to a later low, low ÷ peak − 1. The time-weighted index leaves out deposits and withdrawals, so taking money out is not a loss. Recovery is the first day the index is back at the peak.',
  sharpe: (rate: number) =>
    `Sharpe ratio = (mean(r) − r_f) ÷ sd(r) × √252, where r is each trading day's time-weighted return and r_f the risk-free rate of ${percentText(rate)} a year as a daily rate, (1 + ${percentText(rate)})^(1/252) − 1.`,
  beta: (n: number) =>
    `Beta = cov(r, s) ÷ var(s) over ${n} trading days, where r is the portfolio's time-weighted return and s the S&P 500's return (close ÷ previous close − 1) on the same day. 1 moves with the index, 2 twice as much.`,
  correlation: (n: number) =>
    `Correlation = cov(r, s) ÷ (sd(r) × sd(s)) over ${n} trading days, r the portfolio's daily time-weighted return and s the S&P 500's: 1 when they always move together, 0 when unrelated.`,
  bestDay:
    "Best day = the highest time-weighted return of one trading day in the period (a Monday's includes the weekend).",
  worstDay:
    "Worst day = the lowest time-weighted return of one trading day in the period (a Monday's includes the weekend).",
  bestMonth:
    'Best month = the highest time-weighted return of a calendar month (its days chained), as in the monthly table; a month cut by the period counts only its days in the period.',
  worstMonth:
    'Worst month = the lowest time-weighted return of a calendar month (its days chained), as in the monthly table; a month cut by the period counts only its days in the period.',
} as const;

interface DailyReturn {
  date: string;
  r: number;
}

/** Mean and sample (co)variances, on data shifted by its first value (exact for constant data). */
function moments(xs: readonly number[], ys: readonly number[]) {
  const n = xs.length;
  const x0 = xs[0] ?? 0;
  const y0 = ys[0] ?? 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - x0;
    const dy = ys[i]! - y0;
    sx += dx;
    sy += dy;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  const varX = n > 1 ? Math.max(0, (sxx - (sx * sx) / n) / (n - 1)) : 0;
  const varY = n > 1 ? Math.max(0, (syy - (sy * sy) / n) / (n - 1)) : 0;
  const cov = n > 1 ? (sxy - (sx * sy) / n) / (n - 1) : 0;
  return { meanX: x0 + sx / n, varX, varY, cov };
}

function unavailable(reason: RiskReason, message: string, formula: string): RiskUnavailable {
  return { kind: 'unavailable', reason, message, formula };
}

function tooFew(n: number, formula: string): RiskUnavailable {
  return unavailable(
    'too-few-days',
    `Needs at least ${MIN_RISK_DAYS} trading days; this period has ${n}`,
    formula,
  );
}

function isWeekday(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day >= 1 && day <= 5;
}

function lastDayOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

export function riskView(input: RiskInput): RiskView {
  const { range, riskFreeRate } = input;
  const inRange = input.points
    .filter((p) => p.date >= range.start && p.date <= range.end)
    .sort((a, b) => compareIso(a.date, b.date));
  const startNav = input.points.filter((p) => p.date < range.start).at(-1)?.navCents ?? 0;

  const closes = new Map<string, number>();
  for (const bar of input.benchmark) {
    if (Number.isFinite(bar.close) && bar.close > 0) closes.set(bar.date.slice(0, 10), bar.close);
  }
  const closeDays = [...closes.keys()].sort();
  const inPeriod = closeDays.filter((d) => d >= range.start && d <= range.end);
  const calendar: RiskView['calendar'] = inPeriod.length > 0 ? 'benchmark' : 'weekdays';
  const isTradingDay =
    calendar === 'benchmark' ? (d: string) => closes.has(d) : (d: string) => isWeekday(d);

  // The portfolio's return on each trading day, chained since the previous one.
  const daily: DailyReturn[] = [];
  let since = 0;
  for (const p of inRange) {
    since = since + p.dailyReturn + since * p.dailyReturn;
    if (isTradingDay(p.date)) {
      daily.push({ date: p.date, r: since });
      since = 0;
    }
  }
  const n = daily.length;
  const hasCapital = startNav > 0 || inRange.some((p) => p.navCents > 0);

  const formulas = {
    volatility: RISK_FORMULAS.volatility(n),
    sharpe: RISK_FORMULAS.sharpe(riskFreeRate),
  };
  const none = (reason: 'no-history' | 'no-capital') => {
    const message =
      reason === 'no-history'
        ? 'No history in this period'
        : 'No capital was invested in this period';
    const u = (formula: string) => unavailable(reason, message, formula);
    return {
      trading_days: n,
      calendar,
      volatility: u(formulas.volatility),
      max_drawdown: u(RISK_FORMULAS.maxDrawdown),
      sharpe: u(formulas.sharpe),
      beta: u(RISK_FORMULAS.beta(0)),
      correlation: u(RISK_FORMULAS.correlation(0)),
      best_day: u(RISK_FORMULAS.bestDay),
      worst_day: u(RISK_FORMULAS.worstDay),
      best_month: u(RISK_FORMULAS.bestMonth),
      worst_month: u(RISK_FORMULAS.worstMonth),
    };
  };
  if (inRange.length === 0) return none('no-history');
  if (!hasCapital) return none('no-capital');

  const returns = daily.map((d) => d.r);
  const own = moments(returns, returns);
  const sd = Math.sqrt(own.varX);

  const volatility: RiskFigure =
    n < MIN_RISK_DAYS
      ? tooFew(n, formulas.volatility)
      : { kind: 'value', value: sd * SQRT_YEAR, formula: formulas.volatility };

  const dailyRiskFree = Math.pow(1 + riskFreeRate, 1 / TRADING_DAYS_A_YEAR) - 1;
  const sharpe: RiskFigure =
    n < MIN_RISK_DAYS
      ? tooFew(n, formulas.sharpe)
      : sd === 0
        ? unavailable(
            'no-variation',
            'The daily returns did not vary, so there is no risk to divide by',
            formulas.sharpe,
          )
        : {
            kind: 'value',
            value: ((own.meanX - dailyRiskFree) / sd) * SQRT_YEAR,
            formula: formulas.sharpe,
          };

  // The S&P 500's return on the same trading days (from its previous close).
  const pairs: { r: number; s: number }[] = [];
  if (calendar === 'benchmark') {
    let previous: number | undefined;
    const byDay = new Map(daily.map((d) => [d.date, d.r]));
    for (const day of closeDays) {
      if (day > range.end) break;
      const close = closes.get(day)!;
      if (day >= range.start && previous !== undefined) {
        const r = byDay.get(day);
        if (r !== undefined) pairs.push({ r, s: close / previous - 1 });
      }
      previous = close;
    }
  }
  const m = pairs.length;
  const betaFormula = RISK_FORMULAS.beta(m);
  const correlationFormula = RISK_FORMULAS.correlation(m);
  let beta: RiskFigure;
  let correlation: RiskFigure;
  if (calendar === 'weekdays') {
    const why = unavailable('no-benchmark', 'No S&P 500 closes in this period', betaFormula);
    beta = why;
    correlation = { ...why, formula: correlationFormula };
  } else if (m < MIN_RISK_DAYS) {
    beta = tooFew(m, betaFormula);
    correlation = tooFew(m, correlationFormula);
  } else {
    const {
      varX: varR,
      varY: varS,
      cov,
    } = moments(
      pairs.map((p) => p.r),
      pairs.map((p) => p.s),
    );
    if (varS === 0) {
      const why = 'The S&P 500 did not move in this period';
      beta = unavailable('no-variation', why, betaFormula);
      correlation = unavailable('no-variation', why, correlationFormula);
    } else {
      beta = { kind: 'value', value: cov / varS, formula: betaFormula };
      correlation =
        varR === 0
          ? unavailable(
              'no-variation',
              'The portfolio’s daily returns did not vary in this period',
              correlationFormula,
            )
          : {
              kind: 'value',
              value: Math.min(1, Math.max(-1, cov / Math.sqrt(varR * varS))),
              formula: correlationFormula,
            };
    }
  }

  let best: DailyReturn | undefined;
  let worst: DailyReturn | undefined;
  for (const d of daily) {
    if (!best || d.r > best.r) best = d;
    if (!worst || d.r < worst.r) worst = d;
  }
  const noDays = (formula: string) =>
    unavailable('too-few-days', 'No trading day in this period', formula);
  const best_day: RiskFigure<{ date: string }> = best
    ? { kind: 'value', value: best.r, date: best.date, formula: RISK_FORMULAS.bestDay }
    : noDays(RISK_FORMULAS.bestDay);
  const worst_day: RiskFigure<{ date: string }> = worst
    ? { kind: 'value', value: worst.r, date: worst.date, formula: RISK_FORMULAS.worstDay }
    : noDays(RISK_FORMULAS.worstDay);

  const first = inRange[0]!.date;
  const last = inRange.at(-1)!.date;
  const months = (input.monthly ?? monthlyReturns(inRange)).map((mr) => {
    const key = `${mr.year}-${String(mr.month).padStart(2, '0')}`;
    return {
      ...mr,
      partial: first > `${key}-01` || last < lastDayOfMonth(mr.year, mr.month),
    };
  });
  let bestMonth: (typeof months)[number] | undefined;
  let worstMonth: (typeof months)[number] | undefined;
  for (const mo of months) {
    if (!bestMonth || mo.rate > bestMonth.rate) bestMonth = mo;
    if (!worstMonth || mo.rate < worstMonth.rate) worstMonth = mo;
  }
  const monthFigure = (
    mo: (typeof months)[number] | undefined,
    formula: string,
  ): RiskFigure<MonthOf> =>
    mo
      ? {
          kind: 'value',
          value: mo.rate,
          year: mo.year,
          month: mo.month,
          partial: mo.partial,
          formula,
        }
      : unavailable('no-history', 'No history in this period', formula);

  return {
    trading_days: n,
    calendar,
    volatility,
    max_drawdown: maxDrawdown(inRange, range),
    sharpe,
    beta,
    correlation,
    best_day,
    worst_day,
    best_month: monthFigure(bestMonth, RISK_FORMULAS.bestMonth),
    worst_month: monthFigure(worstMonth, RISK_FORMULAS.worstMonth),
  };
}

/** The deepest fall of the calendar time-weighted index from a running peak (0 when none). */
function maxDrawdown(inRange: readonly NavPoint[], range: PeriodRange): RiskFigure<DrawdownDates> {
  let index = 1;
  let peak = 1;
  let peakDate = addDays(range.start, -1);
  let deepest = 0;
  let at: { peak: string; peakValue: number; trough: string; troughIndex: number } | undefined;
  for (let i = 0; i < inRange.length; i++) {
    const p = inRange[i]!;
    index = index * (1 + p.dailyReturn);
    if (index > peak) {
      peak = index;
      peakDate = p.date;
      continue;
    }
    const fall = index / peak - 1;
    if (fall < deepest) {
      deepest = fall;
      at = { peak: peakDate, peakValue: peak, trough: p.date, troughIndex: i };
    }
  }
  if (!at)
    return {
      kind: 'value',
      value: 0,
      peak: null,
      trough: null,
      recovery: null,
      formula: RISK_FORMULAS.maxDrawdown,
    };
  // Replay the index to find the first day after the trough that is back at the peak.
  let recovery: string | null = null;
  index = 1;
  for (let i = 0; i < inRange.length; i++) {
    index = index * (1 + inRange[i]!.dailyReturn);
    if (i > at.troughIndex && index >= at.peakValue) {
      recovery = inRange[i]!.date;
      break;
    }
  }
  return {
    kind: 'value',
    value: deepest,
    peak: at.peak,
    trough: at.trough,
    recovery,
    formula: RISK_FORMULAS.maxDrawdown,
  };
}
