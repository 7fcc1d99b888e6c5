import { compareSeries, seriesReturns } from '../compare/compare';

/**
 * The value line's span in returns (decision 187): the company's price return, its total
 * return with each dividend reinvested at its ex-date's close, and the S&P 500's total return
 * (its index fund, SPY, dividends reinvested the same way) over the same days, each
 * cumulative and a year; and the dividends paid per share over the span. Every series is
 * Compare's (`compareSeries`, decision 168): one function for a total return wherever it shows.
 */

export interface SpanReturn {
  /** Percent over the span. */
  cumulative: number;
  /** Percent a year, compounded: ((1 + cumulative / 100)^(1 / years) - 1) x 100; null under a month. */
  annual: number | null;
}

export interface SpanReturns {
  from: string;
  to: string;
  years: number;
  price: SpanReturn;
  /** Null without the company's dividends read. */
  total: SpanReturn | null;
  /** The S&P 500's total return over the same span; null without its prices or dividends. */
  index: SpanReturn | null;
  /** Dividends per share (split-adjusted) that went ex after the first day, up to the last. */
  dividends: { perShare: number; payments: number } | null;
}

type Close = { date: string; close: number };
export type Dividend = { date: string; adjDividend: number };

/**
 * The first day of the index fund's closes read for a line ending on `to`: twenty years and a
 * week before it (the longest span a line draws, decision 199), whatever the line's start, so
 * every company's line shares one read a day (the quota, decision 187).
 */
export function indexFundFrom(to: string): string {
  return new Date(Date.parse(`${to}T00:00:00Z`) - (7305 + 7) * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

const DAY_MS = 86_400_000;
/** Under this the annual figure is not given (a month compounded to a year says little). */
const MIN_YEARS = 1 / 12;

export function annualPercent(cumulative: number, years: number): number | null {
  if (!(years >= MIN_YEARS) || !(cumulative > -100)) return null;
  return (Math.pow(1 + cumulative / 100, 1 / years) - 1) * 100;
}

/**
 * The dividends paid per share over a span, oldest first: each that went ex after its first
 * day, up to its last (a holder from the first close was paid them). The span's sum, the bars
 * beneath the price and the table by year are these (decision 187).
 */
export function spanDividends(
  dividends: readonly Dividend[],
  from: string,
  to: string,
): Dividend[] {
  return dividends
    .filter((d) => d.date > from && d.date <= to && d.adjDividend > 0)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The span's dividends per share summed by calendar year of their ex-dates, oldest first. */
export function dividendsByYear(
  paid: readonly Dividend[],
): { year: string; perShare: number; payments: number }[] {
  const out: { year: string; perShare: number; payments: number }[] = [];
  for (const d of paid) {
    const year = d.date.slice(0, 4);
    const last = out[out.length - 1];
    if (last && last.year === year) {
      last.perShare += d.adjDividend;
      last.payments++;
    } else out.push({ year, perShare: d.adjDividend, payments: 1 });
  }
  return out;
}

/**
 * The returns over the line's days, from the close of `from` to the last close on or before
 * `to`. Null without two closes.
 */
export function spanReturns(
  closes: readonly Close[],
  dividends: readonly Dividend[] | null,
  index: { closes: readonly Close[]; dividends: readonly Dividend[] } | null,
  from: string,
  to: string,
): SpanReturns | null {
  const inSpan = closes.filter((c) => c.date <= to);
  const series = compareSeries(inSpan, dividends, from);
  const own = seriesReturns(series);
  const first = series.from;
  const last = series.points[series.points.length - 1]?.date;
  if (!own || !first || !last || first === last) return null;
  const years =
    (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS / 365.25;
  const span = (cumulative: number): SpanReturn => ({
    cumulative,
    annual: annualPercent(cumulative, years),
  });
  let indexReturn: SpanReturn | null = null;
  if (index) {
    const s = compareSeries(
      index.closes.filter((c) => c.date <= last),
      index.dividends,
      first,
    );
    const r = seriesReturns(s);
    if (r && r.total !== null && s.from === first) indexReturn = span(r.total);
  }
  const paid = dividends ? spanDividends(dividends, first, last) : undefined;
  return {
    from: first,
    to: last,
    years,
    price: span(own.price),
    total: own.total === null ? null : span(own.total),
    index: indexReturn,
    dividends: paid
      ? { perShare: paid.reduce((t, d) => t + d.adjDividend, 0), payments: paid.length }
      : null,
  };
}
