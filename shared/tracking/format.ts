import Decimal from 'decimal.js';

/**
 * Display helpers for the tracked-pitch figures: 2 decimals, rounded half up on the decimal
 * value the number prints as (so 1.005 shows as 1.01), thousands separators, and 'N/A' for a
 * figure that cannot be computed. A value that rounds to zero never shows as "-0.00".
 */

export const NOT_AVAILABLE = 'N/A';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 1234.5 -> "1,234.50"; null, undefined, NaN or Infinity -> "N/A". */
export function formatAmount(value: number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NOT_AVAILABLE;
  const fixed = new D(value).abs().toFixed(decimals, Decimal.ROUND_HALF_UP);
  const [intPart = '0', fracPart] = fixed.split('.');
  const isZero = /^[0.]*$/.test(fixed);
  const sign = value < 0 && !isZero ? '-' : '';
  return `${sign}${groupThousands(intPart)}${fracPart === undefined ? '' : `.${fracPart}`}`;
}

/** 12.345 -> "12.35%" (the value is already in percent). */
export function formatPercent(value: number | null | undefined): string {
  const text = formatAmount(value);
  return text === NOT_AVAILABLE ? text : `${text}%`;
}

/** A multiple on invested capital: 1.5 -> "1.50x". */
export function formatMultiple(value: number | null | undefined): string {
  const text = formatAmount(value);
  return text === NOT_AVAILABLE ? text : `${text}x`;
}
