import { dueCorporateActions, type SplitRow, type TradeLike } from './corporate';
import { compareIso, minusMonths } from './days';
import type { NavPoint } from './history';
import { D, tradeValueCents } from './money';

/**
 * A portfolio's dividend income (decision 180): what it received, by month and year, from the
 * engine's daily points; what today's holdings will pay over the next 12 months, from the
 * dividends declared as of today and, for the payments not declared yet, the trailing 12
 * months; yield on cost and current yield; each payer's five-year dividend growth; and the
 * upcoming ex-dates and pay dates.
 *
 * Dates are ISO days (YYYY-MM-DD). Dividends per share are the provider's split-adjusted
 * amounts (per share of today), as the engine credits them; money is in whole cents, each
 * payment rounded half up to a cent as the engine credits it.
 */

// --- received ------------------------------------------------------------------------------

/**
 * The dividends credited on the given days, in cents: the one sum behind every "dividends"
 * figure of a period (the Performance view's gain split and the income view's months and years).
 */
export function dividendCents(points: readonly Pick<NavPoint, 'dividendCents'>[]): number {
  let sum = 0;
  for (const p of points) sum += p.dividendCents;
  return sum;
}

export interface MonthCents {
  /** YYYY-MM. */
  month: string;
  cents: number;
}

export interface YearCents {
  year: number;
  cents: number;
}

/** YYYY-MM of every month from `first` to `last` (both YYYY-MM), in order. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  let y = Number(first.slice(0, 4));
  let m = Number(first.slice(5, 7));
  const endY = Number(last.slice(0, 4));
  const endM = Number(last.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push(`${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * Dividends received by month (every month from the first point's to `today`'s, none left
 * out) and by year, each the `dividendCents` of that month's or year's points.
 */
export function dividendsByMonth(
  points: readonly Pick<NavPoint, 'date' | 'dividendCents'>[],
  today: string,
): { months: MonthCents[]; years: YearCents[] } {
  const first = points[0]?.date ?? today;
  const byMonth = new Map<string, Pick<NavPoint, 'dividendCents'>[]>();
  for (const p of points) {
    const key = p.date.slice(0, 7);
    const list = byMonth.get(key);
    if (list) list.push(p);
    else byMonth.set(key, [p]);
  }
  const months = monthsBetween(first.slice(0, 7), today.slice(0, 7)).map((month) => ({
    month,
    cents: dividendCents(byMonth.get(month) ?? []),
  }));
  return { months, years: yearsOf(months) };
}

/** Months summed into their years, in order. */
export function yearsOf(months: readonly MonthCents[]): YearCents[] {
  const years = new Map<number, number>();
  for (const m of months) {
    const year = Number(m.month.slice(0, 4));
    years.set(year, (years.get(year) ?? 0) + m.cents);
  }
  return [...years].sort((a, b) => a[0] - b[0]).map(([year, cents]) => ({ year, cents }));
}

/** Several portfolios' months added together (every month any of them has). */
export function addMonths(lists: readonly (readonly MonthCents[])[]): MonthCents[] {
  const total = new Map<string, number>();
  for (const list of lists)
    for (const m of list) total.set(m.month, (total.get(m.month) ?? 0) + m.cents);
  const keys = [...total.keys()].sort();
  if (keys.length === 0) return [];
  return monthsBetween(keys[0]!, keys.at(-1)!).map((month) => ({
    month,
    cents: total.get(month) ?? 0,
  }));
}

// --- the provider's dividends, as of today -----------------------------------------------------

/** A provider dividend row (`dividends?symbol=`), as the market layer maps it. */
export interface DeclaredDividend {
  symbol: string;
  /** Ex-dividend date. */
  date: string;
  declarationDate?: string | null;
  recordDate?: string | null;
  paymentDate?: string | null;
  /** Split-adjusted dividend per share (per share of today), USD. */
  adjDividend: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}/;
const dayOf = (d: string | null | undefined): string | null =>
  typeof d === 'string' && DAY.test(d) ? d.slice(0, 10) : null;

/** A dividend as the income view uses it: its days cut to YYYY-MM-DD, the pay date never absent. */
export interface Dividend {
  symbol: string;
  exDate: string;
  /** The ex-date when the provider gives no pay date (as the engine credits it). */
  payDate: string;
  declarationDate: string | null;
  recordDate: string | null;
  perShare: number;
}

/**
 * The dividends known as of `today` (point in time): a row declared after today is left out,
 * as is one with a bad date or no positive amount. A row without a declaration date counts once
 * the provider lists it. Oldest ex-date first.
 */
export function declaredAsOf(rows: readonly DeclaredDividend[], today: string): Dividend[] {
  const out: Dividend[] = [];
  for (const row of rows) {
    const exDate = dayOf(row.date);
    if (!exDate || !Number.isFinite(row.adjDividend) || row.adjDividend <= 0) continue;
    const declarationDate = dayOf(row.declarationDate);
    if (declarationDate !== null && declarationDate > today) continue;
    out.push({
      symbol: row.symbol,
      exDate,
      payDate: dayOf(row.paymentDate) ?? exDate,
      declarationDate,
      recordDate: dayOf(row.recordDate),
      perShare: row.adjDividend,
    });
  }
  return out.sort((a, b) => compareIso(a.exDate, b.exDate) || compareIso(a.payDate, b.payDate));
}

// --- forward 12 months -----------------------------------------------------------------------

/** The day 12 months after `today` (the same day next year; 29 February gives 28 February). */
export function yearAfter(today: string): string {
  return minusMonths(today, -12);
}

export type PaymentBasis = 'declared' | 'trailing';

/** A dividend expected in the next 12 months, per share. */
export interface ScheduledDividend {
  symbol: string;
  exDate: string;
  payDate: string;
  /** Declared: the provider's dividend; trailing: a payment of the last 12 months, a year on. */
  basis: PaymentBasis;
  perShare: number;
  declarationDate: string | null;
  recordDate: string | null;
}

/**
 * A symbol's dividends expected in the 12 months after `today` (pay dates after today, up to
 * the same day next year):
 *
 * - every dividend declared as of today and paid in that window;
 * - for the payments not declared yet, the dividends paid in the 12 months up to today, each a
 *   year on: as many of the oldest of them are left out as there are declared payments in the
 *   window (each declared payment is the one that takes an old one's place).
 */
export function dividendSchedule(
  symbol: string,
  dividends: readonly Dividend[],
  today: string,
): ScheduledDividend[] {
  const horizon = yearAfter(today);
  const since = minusMonths(today, 12);
  const mine = dividends.filter((d) => d.symbol === symbol);
  const declared = mine.filter((d) => d.payDate > today && d.payDate <= horizon);
  const trailing = mine
    .filter((d) => d.payDate > since && d.payDate <= today)
    .sort((a, b) => compareIso(a.payDate, b.payDate) || compareIso(a.exDate, b.exDate))
    .slice(declared.length);
  return [
    ...declared.map((d) => ({
      symbol,
      exDate: d.exDate,
      payDate: d.payDate,
      basis: 'declared' as const,
      perShare: d.perShare,
      declarationDate: d.declarationDate,
      recordDate: d.recordDate,
    })),
    ...trailing.map((d) => ({
      symbol,
      exDate: yearAfter(d.exDate),
      payDate: yearAfter(d.payDate),
      basis: 'trailing' as const,
      perShare: d.perShare,
      declarationDate: null,
      recordDate: null,
    })),
  ].sort((a, b) => compareIso(a.payDate, b.payDate) || compareIso(a.exDate, b.exDate));
}

export interface Entitlement {
  /** Shares the dividend is paid on, in today's shares. */
  quantity: number;
  amountCents: number;
}

/**
 * What each declared dividend of a symbol will pay a portfolio, by ex-date: exactly what the
 * engine will credit on its pay date (`dueCorporateActions`): the shares held at the start of
 * its ex-date (so a dividend gone ex goes to the shares held then, one going ex later to
 * today's), x the dividend per share, half up to a cent. A dividend the portfolio has no
 * shares for is absent.
 */
export function entitlements(input: {
  symbol: string;
  dividends: readonly Pick<Dividend, 'exDate' | 'payDate' | 'perShare'>[];
  /** The portfolio's trades (any order; other symbols' are left out). */
  trades: readonly TradeLike[];
  /** The symbol's splits (those after `today` are left out). */
  splits: readonly SplitRow[];
  today: string;
}): Map<string, Entitlement> {
  const { symbol } = input;
  const last = input.dividends.reduce((m, d) => (d.payDate > m ? d.payDate : m), input.today);
  const out = new Map<string, Entitlement>();
  for (const a of dueCorporateActions({
    trades: input.trades.filter((t) => t.symbol === symbol),
    dividends: input.dividends.map((d) => ({
      symbol,
      date: d.exDate,
      paymentDate: d.payDate,
      adjDividend: d.perShare,
    })),
    splits: input.splits.filter((s) => s.symbol === symbol && s.date.slice(0, 10) <= input.today),
    today: last,
  }))
    if (a.kind === 'dividend')
      out.set(a.exDate, { quantity: a.quantity, amountCents: a.amountCents });
  return out;
}

export interface ForwardPayment extends ScheduledDividend {
  /** Shares that earn it (today's shares). */
  quantity: number;
  amountCents: number;
}

/**
 * What one symbol's shares will be paid in the 12 months after `today`: its schedule
 * (`dividendSchedule`), a declared dividend on the shares the engine will credit it to
 * (`entitlements`), a trailing one on the shares held now.
 */
export function forwardPayments(input: {
  symbol: string;
  /** The symbol's dividends as of today (`declaredAsOf`). */
  dividends: readonly Dividend[];
  /** The portfolio's trades (any order). */
  trades: readonly TradeLike[];
  /** The symbol's splits up to today. */
  splits: readonly SplitRow[];
  /** Shares held now (today's shares). */
  quantity: number;
  today: string;
}): ForwardPayment[] {
  const schedule = dividendSchedule(input.symbol, input.dividends, input.today);
  const declared = entitlements({
    ...input,
    dividends: schedule.filter((d) => d.basis === 'declared'),
  });
  const out: ForwardPayment[] = [];
  for (const d of schedule) {
    if (d.basis === 'declared') {
      const due = declared.get(d.exDate);
      if (due) out.push({ ...d, ...due });
    } else if (input.quantity > 0) {
      const amountCents = tradeValueCents(input.quantity, d.perShare);
      if (amountCents > 0) out.push({ ...d, quantity: input.quantity, amountCents });
    }
  }
  return out;
}

/** Which payments a forward figure is made of. */
export type ForwardBasis = 'declared' | 'trailing' | 'mixed' | 'none';

export function basisOf(payments: readonly Pick<ForwardPayment, 'basis'>[]): ForwardBasis {
  const declared = payments.some((p) => p.basis === 'declared');
  const trailing = payments.some((p) => p.basis === 'trailing');
  return declared && trailing ? 'mixed' : declared ? 'declared' : trailing ? 'trailing' : 'none';
}

/** The payments' total, and the declared and trailing parts of it (cents). */
export function forwardTotals(payments: readonly Pick<ForwardPayment, 'basis' | 'amountCents'>[]) {
  let declared = 0;
  let trailing = 0;
  for (const p of payments) {
    if (p.basis === 'declared') declared += p.amountCents;
    else trailing += p.amountCents;
  }
  return { totalCents: declared + trailing, declaredCents: declared, trailingCents: trailing };
}

/**
 * A yield: 12 months' income over what it is measured on (the cost of the shares for the yield
 * on cost, their value at today's price for the current yield), as a fraction; null without a
 * base to measure on.
 */
export function yieldOf(incomeCents: number, baseCents: number): number | null {
  return baseCents > 0 ? incomeCents / baseCents : null;
}

// --- dividend growth -------------------------------------------------------------------------

export type GrowthFigure =
  | {
      kind: 'rate';
      /** Compound yearly growth, a fraction. */
      rate: number;
      fromYear: number;
      toYear: number;
      /** Dividends per share (split-adjusted) with ex-dates in each year. */
      fromPerShare: number;
      toPerShare: number;
    }
  | { kind: 'unavailable'; reason: 'no-dividends' | 'short-history'; message: string };

/** Years the dividend growth is measured over. */
export const GROWTH_YEARS = 5;

/**
 * Five-year dividend growth (CAGR) of a symbol: the dividends per share with ex-dates in the
 * last full calendar year (the year before `today`'s) against those five years earlier,
 * (to / from)^(1/5) - 1, from the dividends known as of today. Unavailable unless the symbol
 * paid before that earlier year began (so it is a full year of dividends) and paid in it.
 */
export function dividendGrowth(dividends: readonly Dividend[], today: string): GrowthFigure {
  const past = dividends.filter((d) => d.exDate <= today);
  if (past.length === 0)
    return { kind: 'unavailable', reason: 'no-dividends', message: 'No dividends paid' };
  const toYear = Number(today.slice(0, 4)) - 1;
  const fromYear = toYear - GROWTH_YEARS;
  const sum = (year: number) =>
    past
      .filter((d) => Number(d.exDate.slice(0, 4)) === year)
      .reduce((s, d) => s.plus(d.perShare), new D(0));
  const from = sum(fromYear);
  const earlier = past.some((d) => Number(d.exDate.slice(0, 4)) < fromYear);
  if (!earlier || from.lte(0))
    return {
      kind: 'unavailable',
      reason: 'short-history',
      message: `Fewer than ${GROWTH_YEARS} full years of dividends`,
    };
  const to = sum(toYear);
  return {
    kind: 'rate',
    rate: Math.pow(to.div(from).toNumber(), 1 / GROWTH_YEARS) - 1,
    fromYear,
    toYear,
    fromPerShare: from.toNumber(),
    toPerShare: to.toNumber(),
  };
}

// --- calendar --------------------------------------------------------------------------------

/**
 * The declared dividends with an ex-date or a pay date on or after `today`: the upcoming ones
 * (a dividend gone ex but not paid yet is still to come).
 */
export function upcomingDeclared(dividends: readonly Dividend[], today: string): Dividend[] {
  return dividends.filter((d) => d.exDate >= today || d.payDate >= today);
}
