import Decimal from 'decimal.js';
import { formatAmount, formatMultiple, formatPercent, NOT_AVAILABLE } from './format';

/**
 * The figures of one row of "My Tracked Pitches" (spec/001 section 2), computed per row.
 *
 * - Cost Per Share = the market price frozen when the pitch was tracked.
 * - Market Price = the latest live quote for the symbol if there is one, else the stored price.
 * - Margin of Safety when price <= intrinsic, else Premium; percent = |price / intrinsic - 1| x 100.
 * - Actual Gain when price >= cost, else Loss; percent = (price / cost - 1) x 100.
 * - Expected Gain when intrinsic >= cost, else Loss; percent = (intrinsic / cost - 1) x 100.
 * - Actual MOIC = price / cost; Expected MOIC = intrinsic / cost.
 * - Status: 'Revisit Investment Idea' when price > intrinsic, else 'On Track' (equal is On Track).
 *
 * A figure that cannot be computed (no usable price, a cost of 0, a division by an intrinsic
 * value of 0, a negative intrinsic value in a ratio) is `null` and displays as 'N/A': never NaN
 * or Infinity. Percent numbers keep their sign as the formulas give it; the display strings show
 * the magnitude beside the Gain/Loss or Margin of Safety/Premium label.
 */

type NumberLike = number | string | null | undefined;

export interface TrackedPitchRecord {
  id: string;
  stock_symbol: string;
  stock_name?: string | null;
  valuation_type_id: number;
  tracked_market_price: NumberLike;
  market_price: NumberLike;
  intrinsic_value_per_share: NumberLike;
}

export interface LiveQuote {
  symbol: string;
  price: NumberLike;
}

export const MARGIN_OF_SAFETY = 'Margin of Safety';
export const PREMIUM = 'Premium';
export const GAIN = 'Gain';
export const LOSS = 'Loss';
export const ON_TRACK = 'On Track';
export const REVISIT = 'Revisit Investment Idea';

export type MarginLabel = typeof MARGIN_OF_SAFETY | typeof PREMIUM;
export type GainLossLabel = typeof GAIN | typeof LOSS;
export type TrackedStatus = typeof ON_TRACK | typeof REVISIT;

export interface LabelledPercent<L extends string> {
  label: L;
  /** In percent (12.5 means 12.5 %), signed as the spec's formula gives it. */
  percent: number;
}

export interface TrackedPitchDisplay {
  costPerShare: string;
  marketPrice: string;
  intrinsicValuePerShare: string;
  /** '' when the margin cannot be computed. */
  marginLabel: MarginLabel | '';
  marginPercent: string;
  actualLabel: GainLossLabel | '';
  actualPercent: string;
  expectedLabel: GainLossLabel | '';
  expectedPercent: string;
  actualMoic: string;
  expectedMoic: string;
  status: TrackedStatus | typeof NOT_AVAILABLE;
}

export interface TrackedPitchFigures {
  costPerShare: number | null;
  marketPrice: number | null;
  marketPriceSource: 'live' | 'stored' | null;
  intrinsicValuePerShare: number | null;
  margin: LabelledPercent<MarginLabel> | null;
  actual: LabelledPercent<GainLossLabel> | null;
  expected: LabelledPercent<GainLossLabel> | null;
  actualMoic: number | null;
  expectedMoic: number | null;
  status: TrackedStatus | null;
  display: TrackedPitchDisplay;
}

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** A finite number from a number or numeric string (thousands separators allowed), else null. */
export function toFiniteNumber(value: NumberLike): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const cleaned = value.replace(/,/g, '').trim();
  if (cleaned === '') return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

function positive(value: NumberLike): number | null {
  const n = toFiniteNumber(value);
  return n !== null && n > 0 ? n : null;
}

function sameSymbol(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

/** (a / b - 1) x 100, computed in decimal so 2-decimal rounding of the result is exact. */
function percentChange(a: number, b: number): number {
  return new D(a).div(b).minus(1).times(100).toNumber();
}

function ratio(a: number, b: number): number {
  return new D(a).div(b).toNumber();
}

export function trackedPitchFigures(
  record: TrackedPitchRecord,
  liveQuote?: LiveQuote | null,
): TrackedPitchFigures {
  const cost = positive(record.tracked_market_price);
  const livePrice =
    liveQuote && sameSymbol(liveQuote.symbol, record.stock_symbol)
      ? positive(liveQuote.price)
      : null;
  const storedPrice = positive(record.market_price);
  const price = livePrice ?? storedPrice;
  const marketPriceSource = livePrice !== null ? 'live' : storedPrice !== null ? 'stored' : null;
  const intrinsic = toFiniteNumber(record.intrinsic_value_per_share);

  const margin: LabelledPercent<MarginLabel> | null =
    price !== null && intrinsic !== null && intrinsic > 0
      ? {
          label: price <= intrinsic ? MARGIN_OF_SAFETY : PREMIUM,
          percent: Math.abs(percentChange(price, intrinsic)),
        }
      : null;

  const actual: LabelledPercent<GainLossLabel> | null =
    price !== null && cost !== null
      ? { label: price >= cost ? GAIN : LOSS, percent: percentChange(price, cost) }
      : null;

  const expected: LabelledPercent<GainLossLabel> | null =
    intrinsic !== null && intrinsic >= 0 && cost !== null
      ? { label: intrinsic >= cost ? GAIN : LOSS, percent: percentChange(intrinsic, cost) }
      : null;

  const actualMoic = price !== null && cost !== null ? ratio(price, cost) : null;
  const expectedMoic =
    intrinsic !== null && intrinsic >= 0 && cost !== null ? ratio(intrinsic, cost) : null;
  const status: TrackedStatus | null =
    price !== null && intrinsic !== null ? (price > intrinsic ? REVISIT : ON_TRACK) : null;

  return {
    costPerShare: cost,
    marketPrice: price,
    marketPriceSource,
    intrinsicValuePerShare: intrinsic,
    margin,
    actual,
    expected,
    actualMoic,
    expectedMoic,
    status,
    display: {
      costPerShare: formatAmount(cost),
      marketPrice: formatAmount(price),
      intrinsicValuePerShare: formatAmount(intrinsic),
      marginLabel: margin?.label ?? '',
      marginPercent: formatPercent(margin ? margin.percent : null),
      actualLabel: actual?.label ?? '',
      actualPercent: formatPercent(actual ? Math.abs(actual.percent) : null),
      expectedLabel: expected?.label ?? '',
      expectedPercent: formatPercent(expected ? Math.abs(expected.percent) : null),
      actualMoic: formatMultiple(actualMoic),
      expectedMoic: formatMultiple(expectedMoic),
      status: status ?? NOT_AVAILABLE,
    },
  };
}

/** Every row of the table, each with its own quote (matched by symbol, case-insensitive). */
export function trackedPitchRows<R extends TrackedPitchRecord>(
  records: readonly R[],
  quotes: readonly LiveQuote[] = [],
): Array<{ record: R; figures: TrackedPitchFigures }> {
  const bySymbol = new Map<string, LiveQuote>();
  for (const quote of quotes) bySymbol.set(quote.symbol.trim().toUpperCase(), quote);
  return records.map((record) => ({
    record,
    figures: trackedPitchFigures(record, bySymbol.get(record.stock_symbol.trim().toUpperCase())),
  }));
}
