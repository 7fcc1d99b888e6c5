import { describe, expect, it } from 'vitest';
import { baseHistory, companyPeerFigure } from './context';

const income = (i: number) => ({
  date: `${2024 - i}-12-31`,
  fiscalYear: String(2024 - i),
  epsDiluted: 2 * 1.1 ** -i,
  ebitda: 1_000_000_000,
  weightedAverageShsOutDil: 100,
});
const cash = (i: number) => ({
  date: `${2024 - i}-12-31`,
  fiscalYear: String(2024 - i),
  operatingCashFlow: 500 - i * 10,
  capitalExpenditure: -100,
});

describe('context beside a valuation', () => {
  it("shows ten years of the model's base figure with 3, 5 and 10-year growth", () => {
    const h = baseHistory(1, { annualIncome: Array.from({ length: 12 }, (_, i) => income(i)) });
    expect(h.label).toBe('EPS (diluted)');
    expect(h.series).toHaveLength(11);
    expect(h.series[0]).toEqual({ year: 2024, value: 2 });
    // EPS grew 10 % a year: each window gives 10 % (rounded to 10 places).
    expect(h.growth.map((g) => g.window)).toEqual([3, 5, 10]);
    for (const g of h.growth) expect(g.value).toBeCloseTo(10, 8);
  });

  it('DCF history is FCF per share: (operating cash flow - |capex|) / diluted shares, in cents', () => {
    const h = baseHistory(5, {
      annualIncome: Array.from({ length: 4 }, (_, i) => income(i)),
      annualCashFlow: Array.from({ length: 4 }, (_, i) => cash(i)),
    });
    // 2024: (500 - 100) / 100 = 4; 2021: (470 - 100) / 100 = 3.7
    expect(h.series.map((e) => e.value)).toEqual([4, 3.9, 3.8, 3.7]);
    // 3-year growth: (4 / 3.7)^(1/3) - 1 = 2.632779137 %
    expect(h.growth[0]!.value).toBe(2.632779137);
    expect(h.growth[1]!.value).toBeNull();
    expect(baseHistory(4, { annualIncome: [income(0)] }).series[0]!.value).toBe(1000);
  });

  it("sets the company's own multiple (or FCF yield) against peers, following the form", () => {
    const common = { market_price: 50, holding_period: 1 };
    expect(
      companyPeerFigure({
        valuation_type_id: 1,
        earnings_per_share: 2.5,
        growth_ratein_eps: 5,
        forward_multiple: 10,
        ...common,
      }),
    ).toBe(20);
    expect(
      companyPeerFigure({
        valuation_type_id: 5,
        free_cash_flow_per_share: 2,
        stage_one_growth: 5,
        stage_one_years: 10,
        terminal_growth: 2.5,
        discount_rate: 9,
        ...common,
      }),
    ).toBe(4);
    // EV/EBITDA: (50 x 10 + 200 - 100) / 60 = 10
    expect(
      companyPeerFigure({
        valuation_type_id: 4,
        ebitda: 60,
        ebitda_growth: 5,
        forward_multiple: 8,
        debt: 200,
        cash_and_cash_equivalents: 100,
        shares_outstanding: 10,
        ...common,
      }),
    ).toBe(10);
    expect(
      companyPeerFigure({
        valuation_type_id: 2,
        book_value_per_share: -1,
        growth_in_bookvalue: 5,
        forward_multiple: 10,
        ...common,
      }),
    ).toBeNull();
  });
});
