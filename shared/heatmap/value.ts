import { DCF_DEFAULTS } from '../valuation/dcf';
import { dec, roundTo } from '../valuation/decimal';
import {
  closeOnOrBefore,
  companyMultipleAsOf,
  currentValue,
  plainModel,
  quarterBases,
  splitAdjusted,
  valueLine,
  type DailyClose,
  type QuarterFigures,
  type ShareSplit,
} from '../valuation/value-line';

/*
 * The market map's colouring by each company's discount or premium to its own value line
 * (decision 195): the price against the value at the company's ten-year median P/E, as the
 * company view's line draws it (its "Company 10-yr median" line: TTM EPS times the median
 * known on the day, no growth, a one-year hold), computed by the value line's own functions
 * with only what was public on the snapshot's day.
 */

/** Why a company has no value to compare its price with. */
export type ValueGap = 'loss' | 'history';

export const VALUE_GAP_LABELS: Record<ValueGap, string> = {
  loss: 'No value: a loss (TTM earnings not above 0)',
  history: 'No value: too little history (under 4 quarters of its own P/E)',
};

/** A company's value at its own ten-year median P/E on a day, or why it has none. */
export interface MedianValue {
  /** Value per share (10 places); null in a gap. */
  value: number | null;
  /** The median P/E it used (known on the day); null when none was known. */
  multiple: number | null;
  gap: ValueGap | null;
}

/**
 * The value at the company's ten-year median P/E on `day` (YYYY-MM-DD): the value line's step
 * in effect that day, from the quarters public by then (`knownFrom`) and the closes up to it.
 * A loss (TTM EPS not above 0) is a `loss` gap; no quarter with figures, or fewer than four
 * quarters of the company's own P/E known, a `history` gap.
 */
export function medianValueOn(
  quarters: readonly QuarterFigures[],
  splits: readonly ShareSplit[],
  closes: readonly DailyClose[],
  day: string,
): MedianValue {
  const sorted = [...closes]
    .filter((c) => c[0] <= day)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const bases = quarterBases(1, splitAdjusted(quarters, splits)).filter((b) => b.from <= day);
  const none = (gap: ValueGap): MedianValue => ({ value: null, multiple: null, gap });
  const asOf = companyMultipleAsOf(1, bases, sorted);
  const multiple = asOf.at(day);
  const price = closeOnOrBefore(sorted, day) ?? 1;
  const model = plainModel(1, bases, price, multiple ?? 1, DCF_DEFAULTS);
  if (!model) return none('history');
  const step = currentValue(valueLine(model, bases, { latest: 'quarters', multiple: asOf }));
  if (!step) return none('history');
  if (step.value !== null) return { value: step.value, multiple: step.multiple ?? null, gap: null };
  return none(step.base !== null && step.base <= 0 ? 'loss' : 'history');
}

/**
 * The price's premium to a value in percent, (price / value - 1) x 100, exact and rounded once
 * to 2 places (negative: a discount); null without a positive price and value.
 */
export function premiumPercent(
  price: number | null | undefined,
  value: number | null | undefined,
): number | null {
  if (typeof price !== 'number' || typeof value !== 'number') return null;
  if (!(price > 0) || !(value > 0) || !Number.isFinite(price) || !Number.isFinite(value))
    return null;
  return roundTo(dec(price).div(value).minus(1).times(100), 2);
}
