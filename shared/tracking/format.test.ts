import { describe, expect, it } from 'vitest';
import { formatAmount, formatMultiple, formatPercent } from './format';

describe('tracked pitch number display', () => {
  it('groups thousands and shows 2 decimals', () => {
    expect(formatAmount(1234567.891)).toBe('1,234,567.89');
    expect(formatAmount(999.999)).toBe('1,000.00');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(-98765.4)).toBe('-98,765.40');
  });

  it('rounds half up on the printed decimal value', () => {
    expect(formatAmount(1.005)).toBe('1.01');
    expect(formatAmount(2.675)).toBe('2.68');
    expect(formatAmount(-1.005)).toBe('-1.01');
  });

  it('never shows a negative zero', () => {
    expect(formatAmount(-0.004)).toBe('0.00');
    expect(formatAmount(-0)).toBe('0.00');
  });

  it('shows N/A for missing, NaN and infinite values', () => {
    expect(formatAmount(null)).toBe('N/A');
    expect(formatAmount(undefined)).toBe('N/A');
    expect(formatAmount(Number.NaN)).toBe('N/A');
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe('N/A');
    expect(formatMultiple(null)).toBe('N/A');
  });

  it('adds the percent and multiple suffixes', () => {
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatMultiple(1.5)).toBe('1.50x');
  });
});
