import DecimalBase from 'decimal.js';

/**
 * The decimal type every valuation figure is computed in. 40 significant digits carry far
 * more precision than any input (a JS number holds about 17), so every intermediate step
 * is exact for the four basic operations and correctly rounded far below display
 * precision for powers with fractional exponents.
 */
export const D = DecimalBase.clone({
  precision: 40,
  rounding: DecimalBase.ROUND_HALF_UP,
  toExpNeg: -30,
  toExpPos: 40,
});
export type Dec = InstanceType<typeof D>;

/** Decimal places every exposed figure is rounded to (half up), so that every caller sees identical numbers. */
export const OUTPUT_DECIMAL_PLACES = 10;

/**
 * Largest magnitude an exposed figure may have. Anything larger (a quadrillion dollars,
 * per share or in millions, or a percentage of that size) is not a meaningful valuation
 * and cannot be shown: the caller gets a clear message instead.
 */
export const MAX_OUTPUT_MAGNITUDE = 1e15;

export function dec(n: number | string | Dec): Dec {
  return new D(n);
}

/**
 * The exposed form of a decimal: rounded half up to OUTPUT_DECIMAL_PLACES, then converted
 * to the nearest JS number. Returns null when the value is not finite or too large to show.
 * A rounded zero is always +0 (never -0).
 */
export function toOutput(value: Dec): number | null {
  if (!value.isFinite()) return null;
  const rounded = value.toDecimalPlaces(OUTPUT_DECIMAL_PLACES, D.ROUND_HALF_UP);
  if (rounded.abs().gte(MAX_OUTPUT_MAGNITUDE)) return null;
  const n = rounded.toNumber();
  if (!Number.isFinite(n)) return null;
  return n === 0 ? 0 : n;
}

/** Rounds a decimal half up to the given decimal places and returns a JS number (for prefilled form values). */
export function roundTo(value: Dec, places: number): number {
  const n = value.toDecimalPlaces(places, D.ROUND_HALF_UP).toNumber();
  return n === 0 ? 0 : n;
}
