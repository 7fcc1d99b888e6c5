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
type Dividend = { date: string; adjDividend: number };

const DAY_MS = 86_400_000;
/** Under this the annual figure is not given (a month compounded to a year says little). */
const MIN_YEARS = 1 / 12;

export function annualPercent(cumulative: number, years: number): number | null {
  if (!(years >= MIN_YEARS) || !(cumulative > -100)) return null;
  return (Math.pow(1 + cumulative / 100, 1 / years) - 1) * 100;
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
  const paid = dividends?.filter((d) => d.date > first && d.date <= last && d.adjDividend > 0);
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
