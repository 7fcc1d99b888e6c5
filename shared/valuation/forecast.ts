import { knownFrom } from '../market/filings';
import type { EstimateRange, EstimatesData } from './estimates-api';
import { dec, toOutput } from './decimal';
import { computeValuation } from './models';

/**
 * The value line's forecast years (decision 186): analysts' consensus EPS for the fiscal years
 * not yet reported, each times the line's multiple, drawn dashed after the last close with the
 * range of the lowest and highest estimate.
 *
 * Point in time: the provider keeps only the consensus as it stands when read, so an estimate
 * is drawn from the day it was read on, never before: the forecast starts at the later of that
 * day and the line's last close, and a fiscal year that had ended by then (its results not yet
 * filed) is listed but not drawn on a day before the consensus existed. A year counts as
 * reported from the day its annual statement became public (`knownFrom`, decision 160).
 */

export interface ForecastYear {
  /** The fiscal year's end (YYYY-MM-DD). */
  date: string;
  eps: EstimateRange;
  /** The consensus EPS times the multiple; null when not meaningful (EPS at or below 0). */
  value: number | null;
  /** The lowest and the highest estimate times the multiple (null where not meaningful). */
  low: number | null;
  high: number | null;
  /** Whether it is drawn (its year ends after the forecast starts). */
  drawn: boolean;
}

export interface EstimatesMet {
  /** Reported fiscal years with a consensus EPS. */
  years: number;
  /** Those whose reported diluted EPS was at or above the consensus. */
  met: number;
}

export interface Forecast {
  /** The first day the forecast holds: the later of the consensus's day and the last close. */
  from: string;
  years: ForecastYear[];
  met: EstimatesMet;
}

/**
 * The value at a P/E multiple of an EPS figure: the company view's plain model (no growth, the
 * multiple as given) through computeValuation, the function every step of the line uses.
 */
export function valueAtMultiple(eps: number | null, multiple: number): number | null {
  if (eps === null || !(eps > 0) || !(multiple > 0)) return null;
  const result = computeValuation({
    valuation_type_id: 1,
    earnings_per_share: eps,
    growth_ratein_eps: 0,
    forward_multiple: multiple,
    market_price: 1,
    holding_period: 1,
  });
  return result.ok ? result.intrinsicValuePerShare : null;
}

const reportedBy = (year: EstimatesData['years'][number], day: string) =>
  year.reported !== null && knownFrom(year.reported) <= day;

/**
 * The forecast years at a P/E multiple, oldest first. `readOn` is the day the consensus was
 * read (the answer's as-of day), `lastClose` the line's last day.
 */
export function forecastYears(
  data: EstimatesData,
  readOn: string,
  lastClose: string,
  multiple: number,
): Forecast {
  const from = readOn > lastClose ? readOn : lastClose;
  const years: ForecastYear[] = [];
  const met = { years: 0, met: 0 };
  for (const year of data.years) {
    if (!year.eps) continue;
    if (reportedBy(year, from)) {
      const reported = year.reported!.eps;
      if (reported !== null) {
        met.years++;
        if (reported >= year.eps.avg) met.met++;
      }
      continue;
    }
    years.push({
      date: year.date,
      eps: year.eps,
      value: valueAtMultiple(year.eps.avg, multiple),
      low: valueAtMultiple(year.eps.low, multiple),
      high: valueAtMultiple(year.eps.high, multiple),
      drawn: year.date > from,
    });
  }
  return { from, years, met };
}

const DAY_MS = 86_400_000;

/** Years between two days (365.25 days a year). */
export function yearsBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS / 365.25;
}

/**
 * Dividends per share (split-adjusted) that went ex in the twelve months up to `day`: what a
 * holder was paid over the last year, known on the day (decision 198). Zero for a company that
 * paid none; null without the dividends read.
 */
export function trailingDividends(
  dividends: readonly { date: string; adjDividend: number }[] | null,
  day: string,
): number | null {
  if (!dividends) return null;
  const [y, m, d] = day.split('-');
  const yearBefore = `${String(Number(y) - 1).padStart(4, '0')}-${m}-${m === '02' && d === '29' ? '28' : d}`;
  let total = 0;
  for (const div of dividends)
    if (div.date > yearBefore && div.date <= day && div.adjDividend > 0) total += div.adjDividend;
  return total;
}

/**
 * The annual total return from `price` on `from` to a forecast value at its fiscal year's end
 * (decision 198): the estimated value (computeValuation at the multiple) plus the dividends
 * paid meanwhile, the trailing twelve months' dividends per share held flat over the years
 * between and not reinvested, as FAST Graphs' forecasting calculator counts them:
 * ((value + dividends a year x years) / price)^(1 / years) - 1, in percent (with no dividends,
 * the price return: computeValuation's IRR). Null without a value or a hold.
 */
export function forecastReturn(
  price: number,
  from: string,
  year: { date: string; eps: EstimateRange },
  multiple: number,
  dividendsPerYear = 0,
): number | null {
  const hold = yearsBetween(from, year.date);
  if (!(hold > 0) || !(price > 0) || !(year.eps.avg > 0) || !(multiple > 0)) return null;
  if (!(dividendsPerYear >= 0)) return null;
  const result = computeValuation({
    valuation_type_id: 1,
    earnings_per_share: year.eps.avg,
    growth_ratein_eps: 0,
    forward_multiple: multiple,
    market_price: price,
    holding_period: hold,
  });
  if (!result.ok) return null;
  const end = dec(result.intrinsicValuePerShare).plus(dec(dividendsPerYear).times(hold));
  return toOutput(end.div(price).pow(dec(1).div(hold)).minus(1).times(100));
}
