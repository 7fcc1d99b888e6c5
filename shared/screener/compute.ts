import type { ScreenerRow } from './columns';

/**
 * The arithmetic behind the result columns, from market data to a `ScreenerRow`.
 * Pure: the snapshot job (functions/screener) feeds it, tests check it with exact numbers.
 */

export type Num = number | null | undefined;

const ok = (v: Num): v is number => typeof v === 'number' && Number.isFinite(v);

/** price / per-share figure; N/A when the figure is missing, zero or negative (no loss multiples). */
export function priceMultiple(price: Num, perShare: Num): number | null {
  if (!ok(price) || !ok(perShare) || perShare <= 0 || price <= 0) return null;
  return price / perShare;
}

/**
 * EV/EBITDA at the current price, per share: (price + net debt) / EBITDA. N/A without a price,
 * over EBITDA at or below zero, or when net cash exceeds the market value (EV at or below zero).
 * A snapshot built before these fields existed has neither (N/A).
 */
export function evEbitdaOf(price: Num, ebitdaPerShare: Num, netDebtPerShare: Num): number | null {
  if (!ok(price) || price <= 0 || !ok(ebitdaPerShare) || ebitdaPerShare <= 0) return null;
  if (!ok(netDebtPerShare)) return null;
  const ev = price + netDebtPerShare;
  return ev > 0 ? ev / ebitdaPerShare : null;
}

/** Year-on-year growth in percent; N/A when the earlier value is missing, zero or negative. */
export function growthPercent(latest: Num, earlier: Num): number | null {
  if (!ok(latest) || !ok(earlier) || earlier <= 0) return null;
  return (latest / earlier - 1) * 100;
}

/** Compound annual growth in percent over `years`; N/A unless both ends are positive. */
export function cagrPercent(latest: Num, earlier: Num, years: number): number | null {
  if (!ok(latest) || !ok(earlier) || earlier <= 0 || latest <= 0 || years <= 0) return null;
  return ((latest / earlier) ** (1 / years) - 1) * 100;
}

/** A fraction (0.25) as percent (25); N/A stays N/A. */
export function percentOf(fraction: Num): number | null {
  return ok(fraction) ? fraction * 100 : null;
}

/** a / b; N/A when b is missing, zero or negative (e.g. debt over negative equity). */
export function ratioOverPositive(a: Num, b: Num): number | null {
  if (!ok(a) || !ok(b) || b <= 0) return null;
  return a / b;
}

/** P/E over the EPS growth rate (percent a year); N/A unless both are positive. */
export function pegRatio(pe: Num, growthPct: Num): number | null {
  if (!ok(pe) || !ok(growthPct) || pe <= 0 || growthPct <= 0) return null;
  return pe / growthPct;
}

/** Change percent as the spec defines it: change / (price - change) x 100. */
export function changePercentOf(price: Num, change: Num): number | null {
  if (!ok(price) || !ok(change)) return null;
  const previous = price - change;
  return previous > 0 ? (change / previous) * 100 : null;
}

// --- performance ---------------------------------------------------------------------------

export interface DailyClose {
  /** YYYY-MM-DD. */
  date: string;
  close: number;
  volume?: number | null;
}

/** The closes the performance columns compare the current price with. */
export interface ReferenceCloses {
  /** The day the references were taken for (YYYY-MM-DD). */
  asOf: string;
  week: number | null;
  month: number | null;
  quarter: number | null;
  half: number | null;
  year: number | null;
  ytd: number | null;
}

const DAY_MS = 86_400_000;

function utcDay(iso: string): Date {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`);
}
function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** `asOf` minus whole calendar months, clamped to the month's last day (Mar 31 - 1 month = Feb 28/29). */
export function monthsBefore(asOf: string, months: number): string {
  const d = utcDay(asOf);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(year, month, Math.min(d.getUTCDate(), lastDay))));
}

export function daysBefore(asOf: string, days: number): string {
  return isoDay(new Date(utcDay(asOf).getTime() - days * DAY_MS));
}

/** The reference dates of the performance columns for a day. */
export function referenceDates(asOf: string) {
  return {
    week: daysBefore(asOf, 7),
    month: monthsBefore(asOf, 1),
    quarter: monthsBefore(asOf, 3),
    half: monthsBefore(asOf, 6),
    year: monthsBefore(asOf, 12),
    ytd: `${Number(asOf.slice(0, 4)) - 1}-12-31`,
  };
}

/**
 * Close of the last session on or before `date`; null when the history starts after it
 * (a listing younger than the period has no figure for it).
 * `bars` are sorted by date ascending.
 */
export function closeOnOrBefore(bars: readonly DailyClose[], date: string): number | null {
  let lo = 0;
  let hi = bars.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (bars[mid]!.date.slice(0, 10) <= date) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 ? bars[found]!.close : null;
}

function sortedBars(bars: readonly DailyClose[]): DailyClose[] {
  return [...bars].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Reference closes for `asOf` from daily bars (any order). */
export function referenceCloses(bars: readonly DailyClose[], asOf: string): ReferenceCloses {
  const sorted = sortedBars(bars);
  const dates = referenceDates(asOf);
  return {
    asOf,
    week: closeOnOrBefore(sorted, dates.week),
    month: closeOnOrBefore(sorted, dates.month),
    quarter: closeOnOrBefore(sorted, dates.quarter),
    half: closeOnOrBefore(sorted, dates.half),
    year: closeOnOrBefore(sorted, dates.year),
    ytd: closeOnOrBefore(sorted, dates.ytd),
  };
}

export const AVG_VOLUME_SESSIONS = 63;

/** Mean volume of the last 63 complete sessions before `asOf` (fewer when the history is shorter). */
export function averageVolume(
  bars: readonly DailyClose[],
  asOf: string,
  sessions = AVG_VOLUME_SESSIONS,
): number | null {
  const done = sortedBars(bars).filter((b) => b.date.slice(0, 10) < asOf && ok(b.volume));
  const last = done.slice(-sessions);
  if (last.length === 0) return null;
  return last.reduce((sum, b) => sum + (b.volume as number), 0) / last.length;
}

/** Price change from a reference close, in percent; N/A without a positive reference. */
export function performancePercent(price: Num, reference: Num): number | null {
  if (!ok(price) || !ok(reference) || reference <= 0) return null;
  return (price / reference - 1) * 100;
}

// --- one row -------------------------------------------------------------------------------

/** What the job fetches once a day per symbol (fundamentals and the price history). */
export interface Fundamentals {
  epsTtm: number | null;
  revenuePerShareTtm: number | null;
  bookValuePerShareTtm: number | null;
  fcfPerShareTtm: number | null;
  cashPerShareTtm: number | null;
  /** EBITDA of the last fiscal year per diluted share (for EV/EBITDA at the current price). */
  ebitdaPerShare: number | null;
  /** Net debt (total debt less cash) of the latest balance sheet per diluted share. */
  netDebtPerShare: number | null;
  dividendPerShareTtm: number | null;
  epsGrowthPastYear: number | null;
  epsGrowthPast5Years: number | null;
  salesGrowthPast5Years: number | null;
  roa: number | null;
  roe: number | null;
  roi: number | null;
  currentRatio: number | null;
  quickRatio: number | null;
  ltDebtEq: number | null;
  debtEq: number | null;
  grossMargin: number | null;
  operatingMargin: number | null;
  netMargin: number | null;
  lastEarningsDate: string | null;
  nextEarningsDate: string | null;
  refs: ReferenceCloses | null;
  avgVolume: number | null;
  /**
   * The value per share at the company's ten-year median P/E known on the day the figures were
   * taken (the value line's, decision 195); null when it has none. Absent from older snapshots.
   */
  medianValue?: number | null;
  /** The median P/E it used. */
  medianPe?: number | null;
  /** Why there is no value: 'loss' or 'history' (shared/heatmap/value.ts). */
  medianValueGap?: string | null;
}

/** What the job reads every run (the stock list and quotes). */
export interface Listing {
  symbol: string;
  company: string;
  sector: string | null;
  industry: string | null;
  exchange: string | null;
  price: number | null;
  change: number | null;
  volume: number | null;
  marketCap: number | null;
}

export const NO_FUNDAMENTALS: Fundamentals = {
  epsTtm: null,
  revenuePerShareTtm: null,
  bookValuePerShareTtm: null,
  fcfPerShareTtm: null,
  cashPerShareTtm: null,
  ebitdaPerShare: null,
  netDebtPerShare: null,
  dividendPerShareTtm: null,
  epsGrowthPastYear: null,
  epsGrowthPast5Years: null,
  salesGrowthPast5Years: null,
  roa: null,
  roe: null,
  roi: null,
  currentRatio: null,
  quickRatio: null,
  ltDebtEq: null,
  debtEq: null,
  grossMargin: null,
  operatingMargin: null,
  netMargin: null,
  lastEarningsDate: null,
  nextEarningsDate: null,
  refs: null,
  avgVolume: null,
  medianValue: null,
  medianPe: null,
  medianValueGap: null,
};

/** The result row: price-dependent columns from the current quote, the rest from fundamentals. */
export function computeRow(listing: Listing, f: Fundamentals): ScreenerRow {
  const price = listing.price;
  const pe = priceMultiple(price, f.epsTtm);
  const dividendYield =
    ok(price) && price > 0 && ok(f.dividendPerShareTtm) && f.dividendPerShareTtm >= 0
      ? (f.dividendPerShareTtm / price) * 100
      : null;
  const refs = f.refs;
  return {
    symbol: listing.symbol,
    company: listing.company,
    sector: listing.sector,
    industry: listing.industry,
    exchange: listing.exchange,
    price,
    change: listing.change,
    changePercent: changePercentOf(price, listing.change),
    volume: listing.volume,
    marketCap: listing.marketCap,
    pe,
    ps: priceMultiple(price, f.revenuePerShareTtm),
    pb: priceMultiple(price, f.bookValuePerShareTtm),
    pfcf: priceMultiple(price, f.fcfPerShareTtm),
    pc: priceMultiple(price, f.cashPerShareTtm),
    evEbitda: evEbitdaOf(price, f.ebitdaPerShare ?? null, f.netDebtPerShare ?? null),
    peg: pegRatio(pe, f.epsGrowthPast5Years),
    epsGrowthPastYear: f.epsGrowthPastYear,
    epsGrowthPast5Years: f.epsGrowthPast5Years,
    salesGrowthPast5Years: f.salesGrowthPast5Years,
    dividendYield,
    roa: f.roa,
    roe: f.roe,
    roi: f.roi,
    currentRatio: f.currentRatio,
    quickRatio: f.quickRatio,
    ltDebtEq: f.ltDebtEq,
    debtEq: f.debtEq,
    grossMargin: f.grossMargin,
    operatingMargin: f.operatingMargin,
    netMargin: f.netMargin,
    earningsDate: f.nextEarningsDate ?? f.lastEarningsDate,
    lastEarningsDate: f.lastEarningsDate,
    nextEarningsDate: f.nextEarningsDate,
    perfWeek: performancePercent(price, refs?.week),
    perfMonth: performancePercent(price, refs?.month),
    perfQuarter: performancePercent(price, refs?.quarter),
    perfHalf: performancePercent(price, refs?.half),
    perfYear: performancePercent(price, refs?.year),
    perfYtd: performancePercent(price, refs?.ytd),
    avgVolume: f.avgVolume,
  };
}
