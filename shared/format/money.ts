/**
 * Money and number formatting for every screen (spec/000 and spec/001 section 9).
 *
 * All output is locale-independent: every formatter prints as `Intl.NumberFormat('en-US')`
 * does (the plain fixed-decimal form is written out, the rest uses it explicitly), so a
 * server, a browser in Germany and a test runner print the same text.
 * Rounding follows Intl (half away from zero on the shortest decimal form of the number,
 * so 1.005 prints as 1.01, unlike `toFixed`). A missing or non-finite value prints `N/A`.
 */

export const NOT_AVAILABLE = 'N/A';

/** Value formats of the chart catalogue: S money scaled, C currency per share, A absolute ratio, P percent. */
export type ValueFormat = 'S' | 'C' | 'A' | 'P';

type Numeric = number | null | undefined;

const LOCALE = 'en-US';
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** True for a real, finite number (not null, undefined, NaN or Infinity). */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A number with a fixed count of decimals and thousands separators: 1234.5 -> "1,234.50". */
export function formatNumber(value: Numeric, decimals = 2): string {
  if (!isFiniteNumber(value)) return NOT_AVAILABLE;
  return normaliseNegativeZero(fixedDecimals(value, decimals));
}

/**
 * What `Intl.NumberFormat('en-US', { minimumFractionDigits: d, maximumFractionDigits: d })`
 * prints, computed on the number's shortest decimal form (a property test holds the two
 * equal). Written out because a browser's first `Intl.NumberFormat` loads its locale data:
 * 15-20 ms of the first page's main thread, on every page (the index bar shows prices).
 */
function fixedDecimals(value: number, decimals: number): string {
  const [mantissa = '0', exponent = '0'] = Math.abs(value).toString().split('e');
  const dot = mantissa.indexOf('.');
  let digits = mantissa.replace('.', '');
  let point = (dot < 0 ? mantissa.length : dot) + Number(exponent);
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point + decimals + 1, '0');
  // Round half away from zero at `decimals` places, on the decimal digits.
  let kept = digits.slice(0, point + decimals);
  if (digits.charCodeAt(point + decimals) >= 53 /* '5' */) {
    const up = kept.split('');
    let i = up.length - 1;
    while (i >= 0 && up[i] === '9') up[i--] = '0';
    if (i >= 0) up[i] = String(Number(up[i]) + 1);
    else {
      up.unshift('1');
      point += 1;
    }
    kept = up.join('');
  }
  const whole = kept.slice(0, point).replace(/^0+(?=\d)/, '');
  const fraction = kept.slice(point);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** "-0.00" (a tiny negative rounded away) reads as a loss that is not there: print "0.00". */
function normaliseNegativeZero(text: string): string {
  return /^-[0.,]*$/.test(text) ? text.slice(1) : text;
}

const COMPACT_UNITS = [
  { threshold: 1e12, suffix: 'T' },
  { threshold: 1e9, suffix: 'B' },
  { threshold: 1e6, suffix: 'M' },
] as const;

/**
 * Money scaled to T, B or M with 2 decimals (spec/001 section 9): 383_285_000_000 -> "383.29B",
 * -2_500_000 -> "-2.50M". Below one million the plain amount prints: 999_999.5 -> "999,999.50".
 * A value that rounds up to 1,000 of a unit moves to the next unit (999_999_999 -> "1.00B").
 */
export function formatCompact(value: Numeric): string {
  if (!isFiniteNumber(value)) return NOT_AVAILABLE;
  const magnitude = Math.abs(value);
  const units = [...COMPACT_UNITS].reverse(); // M, B, T
  let chosen: (typeof COMPACT_UNITS)[number] | undefined;
  for (const unit of units) {
    if (magnitude >= unit.threshold || roundsUpTo(magnitude, unit.threshold)) chosen = unit;
  }
  if (!chosen) return formatNumber(value, 2);
  return `${formatNumber(value / chosen.threshold, 2)}${chosen.suffix}`;
}

/** Whether a magnitude just below `threshold` prints as the threshold itself at 2 decimals of the unit below. */
function roundsUpTo(magnitude: number, threshold: number): boolean {
  if (threshold === 1e6) return Math.round(magnitude * 100) / 100 >= 1e6;
  const lower = threshold / 1000;
  return Math.round((magnitude / lower) * 100) / 100 >= 1000;
}

/**
 * A price with 2 decimals and thousands separators: 1234.5 -> "1,234.50". With a currency
 * code the currency's symbol leads: ("USD") -> "$1,234.50", ("EUR") -> "€1,234.50".
 * An unknown or malformed code is appended as text: "1,234.50 XX".
 */
export function formatPrice(value: Numeric, currency?: string): string {
  if (!isFiniteNumber(value)) return NOT_AVAILABLE;
  if (!currency) return formatNumber(value, 2);
  const code = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return `${formatNumber(value, 2)} ${currency.trim()}`.trimEnd();
  const text = numberFormat({
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
  return text.replace(/^-([^\d]*)0\.00$/, '$10.00');
}

export interface PercentOptions {
  /** The value is a fraction (0.1234 means 12.34%), as the provider's ratio fields are. */
  fromFraction?: boolean;
  /** Decimals shown, 2 unless told (spec/001 section 9). */
  decimals?: number;
}

/** A percentage with 2 decimals: 12.345 -> "12.35%"; with fromFraction 0.12345 -> "12.35%". */
export function formatPercent(value: Numeric, options: PercentOptions = {}): string {
  if (!isFiniteNumber(value)) return NOT_AVAILABLE;
  const percent = options.fromFraction ? value * 100 : value;
  return `${formatNumber(percent, options.decimals ?? 2)}%`;
}

/** A statement figure in millions (the statement note says all numbers are in millions): 383_285_000_000 -> "383,285.00". */
export function formatMillions(value: Numeric, decimals = 2): string {
  if (!isFiniteNumber(value)) return NOT_AVAILABLE;
  return formatNumber(value / 1e6, decimals);
}

/** An amount in billions with a B suffix, as market cap shows (spec/001 section 9): 2_345_678_900_000 -> "2,345.68B". */
export function formatBillions(value: Numeric, decimals = 2): string {
  if (!isFiniteNumber(value)) return NOT_AVAILABLE;
  return `${formatNumber(value / 1e9, decimals)}B`;
}

/** A valuation multiple: 28.456 -> "28.46x". */
export function formatMultiple(value: Numeric, decimals = 2): string {
  if (!isFiniteNumber(value)) return NOT_AVAILABLE;
  return `${formatNumber(value, decimals)}x`;
}

/** A share count, whole shares with thousands separators: 15_441_883_000 -> "15,441,883,000". */
export function formatShares(value: Numeric): string {
  if (!isFiniteNumber(value)) return NOT_AVAILABLE;
  return formatNumber(Math.round(value), 0);
}

/**
 * A value in one of the catalogue's formats, as an axis label or table cell shows it:
 * S -> compact money, C -> price (2 decimals), A -> plain ratio (2 decimals),
 * P -> percent of a fraction (the provider's margins and returns are fractions).
 */
export function formatValue(value: Numeric, format: ValueFormat): string {
  switch (format) {
    case 'S':
      return formatCompact(value);
    case 'C':
      return formatPrice(value);
    case 'A':
      return formatNumber(value, 2);
    case 'P':
      return formatPercent(value, { fromFraction: true });
  }
}

/**
 * The exact value, as a tooltip shows it: S -> the whole amount with separators
 * (94_836_000_000 -> "94,836,000,000"), other formats as `formatValue` prints them.
 */
export function formatExactValue(value: Numeric, format: ValueFormat): string {
  if (format === 'S') {
    if (!isFiniteNumber(value)) return NOT_AVAILABLE;
    return normaliseNegativeZero(numberFormat({ maximumFractionDigits: 2 }).format(value));
  }
  return formatValue(value, format);
}
