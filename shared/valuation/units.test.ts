import { describe, expect, it } from 'vitest';
import { formatAssumption } from './units';

describe("a pitch's assumptions with their units", () => {
  it('DCF: rates in %, stage-one years and the hold period in years, per-share cash flow in $', () => {
    expect(formatAssumption(5, 'stage_one_growth', 8.5)).toBe('8.50%');
    expect(formatAssumption(5, 'terminal_growth', 3)).toBe('3.00%');
    expect(formatAssumption(5, 'discount_rate', 9)).toBe('9.00%');
    expect(formatAssumption(5, 'stage_one_years', 10)).toBe('10 years');
    expect(formatAssumption(5, 'holding_period', 4)).toBe('4 years');
    expect(formatAssumption(5, 'free_cash_flow_per_share', 6.5)).toBe('$6.50');
    expect(formatAssumption(5, 'market_price', 1234.5)).toBe('$1,234.50');
  });

  it('multiples: growth in %, the multiple as x, one year in the singular', () => {
    expect(formatAssumption(1, 'growth_ratein_eps', 9)).toBe('9.00%');
    expect(formatAssumption(1, 'forward_multiple', 18)).toBe('18.00x');
    expect(formatAssumption(1, 'holding_period', 1)).toBe('1 year');
    expect(formatAssumption(2, 'book_value_per_share', -2)).toBe('-$2.00');
    expect(formatAssumption(3, 'revenue_per_share_growth_rate', 4)).toBe('4.00%');
  });

  it("EV/EBITDA: the company's figures in millions", () => {
    expect(formatAssumption(4, 'ebitda', 130000)).toBe('130,000.00 M');
    expect(formatAssumption(4, 'shares_outstanding', 15400)).toBe('15,400.00 M');
    expect(formatAssumption(4, 'ebitda_growth', 5)).toBe('5.00%');
  });

  it('a missing figure is n/a', () => {
    expect(formatAssumption(1, 'earnings_per_share', null)).toBe('n/a');
    expect(formatAssumption(1, 'earnings_per_share', Number.NaN)).toBe('n/a');
  });
});
