import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatBillions,
  formatCompact,
  formatExactValue,
  formatMillions,
  formatMultiple,
  formatNumber,
  formatPercent,
  formatPrice,
  formatShares,
  formatValue,
} from './money';

describe('formatCompact', () => {
  it('scales trillions, billions and millions with 2 decimals', () => {
    expect(formatCompact(3_456_789_000_000)).toBe('3.46T');
    expect(formatCompact(383_285_000_000)).toBe('383.29B');
    expect(formatCompact(2_500_000)).toBe('2.50M');
  });

  it('starts each unit exactly at its threshold', () => {
    expect(formatCompact(1e12)).toBe('1.00T');
    expect(formatCompact(1e9)).toBe('1.00B');
    expect(formatCompact(1e6)).toBe('1.00M');
  });

  it('prints amounts below one million in full with separators', () => {
    expect(formatCompact(999_999.5)).toBe('999,999.50');
    expect(formatCompact(42)).toBe('42.00');
    expect(formatCompact(0)).toBe('0.00');
  });

  it('keeps the sign of losses', () => {
    expect(formatCompact(-2_500_000)).toBe('-2.50M');
    expect(formatCompact(-1_234_000_000)).toBe('-1.23B');
    expect(formatCompact(-12.5)).toBe('-12.50');
  });

  it('moves a value that rounds up to 1,000 of a unit into the next unit', () => {
    expect(formatCompact(999_999_999)).toBe('1.00B');
    expect(formatCompact(999_994_999)).toBe('999.99M');
    expect(formatCompact(999_999_999_999)).toBe('1.00T');
    expect(formatCompact(-999_999_999)).toBe('-1.00B');
    expect(formatCompact(999_999.996)).toBe('1.00M');
  });

  it('prints N/A for missing and non-finite values', () => {
    expect(formatCompact(null)).toBe('N/A');
    expect(formatCompact(undefined)).toBe('N/A');
    expect(formatCompact(Number.NaN)).toBe('N/A');
    expect(formatCompact(Number.POSITIVE_INFINITY)).toBe('N/A');
  });
});

describe('formatPrice', () => {
  it('prints 2 decimals with thousands separators', () => {
    expect(formatPrice(1234.5)).toBe('1,234.50');
    expect(formatPrice(1_234_567.891)).toBe('1,234,567.89');
    expect(formatPrice(0.5)).toBe('0.50');
  });

  it('rounds half away from zero on the decimal form, unlike toFixed', () => {
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(formatPrice(1.005)).toBe('1.01');
  });

  it('leads with the currency symbol when a currency is given', () => {
    expect(formatPrice(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatPrice(1234.5, 'eur')).toBe('€1,234.50');
    expect(formatPrice(-3.2, 'USD')).toBe('-$3.20');
  });

  it('appends a malformed currency code as text instead of failing', () => {
    expect(formatPrice(10, 'US')).toBe('10.00 US');
  });

  it('does not print a negative zero', () => {
    expect(formatPrice(-0.001)).toBe('0.00');
    expect(formatPrice(-0.001, 'USD')).toBe('$0.00');
  });

  it('prints N/A for a missing price', () => {
    expect(formatPrice(null, 'USD')).toBe('N/A');
  });
});

describe('formatPercent', () => {
  it('prints a percent value with 2 decimals', () => {
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent(-0.5)).toBe('-0.50%');
  });

  it('converts a fraction when told the value is a fraction', () => {
    expect(formatPercent(0.12345, { fromFraction: true })).toBe('12.35%');
    expect(formatPercent(1.5, { fromFraction: true })).toBe('150.00%');
  });

  it('honours a decimals option', () => {
    expect(formatPercent(0.001234, { decimals: 6 })).toBe('0.001234%');
  });

  it('prints N/A for NaN', () => {
    expect(formatPercent(Number.NaN)).toBe('N/A');
  });
});

describe('formatMillions, formatBillions, formatMultiple, formatShares', () => {
  it('shows statement figures in millions', () => {
    expect(formatMillions(383_285_000_000)).toBe('383,285.00');
    expect(formatMillions(-1_250_000)).toBe('-1.25');
    expect(formatMillions(383_285_000_000, 0)).toBe('383,285');
  });

  it('shows market cap in billions', () => {
    expect(formatBillions(2_345_678_900_000)).toBe('2,345.68B');
    expect(formatBillions(750_000_000)).toBe('0.75B');
  });

  it('shows multiples with an x suffix', () => {
    expect(formatMultiple(28.456)).toBe('28.46x');
    expect(formatMultiple(-3)).toBe('-3.00x');
    expect(formatMultiple(null)).toBe('N/A');
  });

  it('shows share counts as whole shares', () => {
    expect(formatShares(15_441_883_000)).toBe('15,441,883,000');
    expect(formatShares(1234.6)).toBe('1,235');
  });

  it('formats numbers with a chosen count of decimals', () => {
    expect(formatNumber(1234.5678, 3)).toBe('1,234.568');
    expect(formatNumber(-0.004)).toBe('0.00');
  });
});

describe('formatValue and formatExactValue by catalogue format', () => {
  it('formats each catalogue format for an axis', () => {
    expect(formatValue(94_836_000_000, 'S')).toBe('94.84B');
    expect(formatValue(6.4321, 'C')).toBe('6.43');
    expect(formatValue(1.0734, 'A')).toBe('1.07');
    expect(formatValue(0.46206, 'P')).toBe('46.21%');
  });

  it('prints the whole amount for a scaled money tooltip', () => {
    expect(formatExactValue(94_836_000_000, 'S')).toBe('94,836,000,000');
    expect(formatExactValue(-1_234_567.891, 'S')).toBe('-1,234,567.89');
    expect(formatExactValue(0.46206, 'P')).toBe('46.21%');
    expect(formatExactValue(null, 'S')).toBe('N/A');
  });
});

describe('formatNumber against Intl.NumberFormat', () => {
  const intl = (value: number, decimals: number) =>
    new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    })
      .format(value)
      .replace(/^-([0.,]*)$/, '$1');

  it('prints what Intl prints for any finite number and 0 to 6 decimals', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.double({ min: -1e7, max: 1e7, noNaN: true }),
          fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 1000),
          fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 200 + 0.005),
        ),
        fc.integer({ min: 0, max: 6 }),
        (value, decimals) => {
          expect(formatNumber(value, decimals)).toBe(intl(value, decimals));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('rounds half away from zero on the shortest decimal form, carrying into new digits', () => {
    expect(formatNumber(1.005, 2)).toBe('1.01');
    expect(formatNumber(-2.5, 0)).toBe('-3');
    expect(formatNumber(999_999.995, 2)).toBe('1,000,000.00');
    expect(formatNumber(0.0000001, 2)).toBe('0.00');
    expect(formatNumber(-0.001, 2)).toBe('0.00');
    expect(formatNumber(1e21, 0)).toBe('1,000,000,000,000,000,000,000');
  });
});
