import { describe, expect, it } from 'vitest';
import { computeValuation } from './models';
import { newestFirst, prefillValuation, rowYear, type IncomeRow, type RatiosRow } from './prefill';

/** Annual rows as the provider's stable API returns them (fiscalYear as a string), deliberately oldest first. */
const incomeOldestFirst: IncomeRow[] = [
  {
    date: '2021-09-25',
    fiscalYear: '2021',
    epsDiluted: 5,
    ebitda: 100_000_000_000,
    weightedAverageShsOutDil: 16_000_000_000,
  },
  {
    date: '2022-09-24',
    fiscalYear: '2022',
    epsDiluted: 5.5,
    ebitda: 110_000_000_000,
    weightedAverageShsOutDil: 15_800_000_000,
  },
  {
    date: '2023-09-30',
    fiscalYear: '2023',
    epsDiluted: 6.05,
    ebitda: 121_000_000_000,
    weightedAverageShsOutDil: 15_600_000_000,
  },
  {
    date: '2024-09-28',
    fiscalYear: '2024',
    epsDiluted: 6.655,
    ebitda: 133_100_000_000,
    weightedAverageShsOutDil: 15_408_095_000,
  },
];

const ratiosNewestFirst: RatiosRow[] = [
  {
    date: '2024-09-28',
    fiscalYear: '2024',
    priceToEarningsRatio: 20,
    priceToBookRatio: 40,
    priceToSalesRatio: 8,
    enterpriseValueMultiple: 25,
    bookValuePerShare: 3.77,
    revenuePerShare: 25.485,
  },
  {
    date: '2023-09-30',
    fiscalYear: '2023',
    priceToEarningsRatio: 22,
    priceToBookRatio: 50,
    priceToSalesRatio: 7,
    enterpriseValueMultiple: 23,
    bookValuePerShare: 4,
    revenuePerShare: 24.3,
  },
  {
    date: '2022-09-24',
    fiscalYear: '2022',
    priceToEarningsRatio: 24,
    priceToBookRatio: 60,
    priceToSalesRatio: 6,
    enterpriseValueMultiple: 21,
    bookValuePerShare: 3.2,
    revenuePerShare: 24.3,
  },
  {
    date: '2021-09-25',
    fiscalYear: '2021',
    priceToEarningsRatio: 26,
    priceToBookRatio: 35,
    priceToSalesRatio: 5,
    enterpriseValueMultiple: 19,
    bookValuePerShare: 3.7,
    revenuePerShare: 20,
  },
];

describe('prefill from market data', () => {
  it('P/E: latest diluted EPS, 3-entry EPS growth, 3-entry average P/E, quote price, hold 1 year', () => {
    const p = prefillValuation(1, {
      annualIncome: incomeOldestFirst,
      annualRatios: ratiosNewestFirst,
      price: 150,
    });
    expect(p.values).toEqual({
      valuation_type_id: 1,
      earnings_per_share: 6.655,
      growth_ratein_eps: 10,
      forward_multiple: 22,
      market_price: 150,
      holding_period: 1,
    });
    expect(p.defaulted).toEqual([]);
    expect(p.baseYear).toBe(2024);
    expect(p.growthHistory).toEqual([
      { window: 3, value: 10 },
      { window: 5, value: null },
      { window: 7, value: null },
      { window: 10, value: null },
    ]);
    expect(p.multipleHistory[0]).toEqual({ window: 3, value: 22 });
  });

  it('rounds a prefilled growth rate to the 2 decimals the form shows (7 against 5 over 3 years is 11.87%)', () => {
    const income: IncomeRow[] = [
      { fiscalYear: '2024', epsDiluted: 7 },
      { fiscalYear: '2023', epsDiluted: 6 },
      { fiscalYear: '2022', epsDiluted: 6 },
      { fiscalYear: '2021', epsDiluted: 5 },
    ];
    const p = prefillValuation(1, { annualIncome: income, price: 100 });
    expect(p.values.growth_ratein_eps).toBe(11.87);
    expect(p.growthHistory[0]?.value).toBe(11.8688942081);
  });

  it('P/B: latest book value per share, its growth and the average P/B', () => {
    const p = prefillValuation(2, { annualRatios: ratiosNewestFirst, price: 150 });
    expect(p.values).toMatchObject({
      book_value_per_share: 3.77,
      growth_in_bookvalue: 0.63,
      forward_multiple: 50,
    });
  });

  it('P/S: latest revenue per share with its year for the label, its growth and the average P/S', () => {
    const p = prefillValuation(3, { annualRatios: ratiosNewestFirst, price: 150 });
    expect(p.values).toMatchObject({
      valuation_type_id: 3,
      revenue_per_share: 25.485,
      revenue_per_share_growth_rate: 8.41,
      forward_multiple: 7,
    });
    expect(p.baseYear).toBe(2024);
  });

  it('EV/EBITDA: EBITDA, debt, cash and weighted diluted shares in millions, from the latest rows', () => {
    const p = prefillValuation(4, {
      annualIncome: incomeOldestFirst,
      annualRatios: ratiosNewestFirst,
      quarterlyBalance: [
        { date: '2024-06-29', totalDebt: 101_304_000_000, cashAndCashEquivalents: 25_565_000_000 },
        { date: '2024-12-28', totalDebt: 96_700_000_000, cashAndCashEquivalents: 29_943_000_000 },
      ],
      quarterlyIncome: [
        { date: '2024-12-28', weightedAverageShsOutDil: 15_150_865_000 },
        { date: '2024-09-28', weightedAverageShsOutDil: 15_242_853_000 },
      ],
      price: 243.85,
    });
    expect(p.values).toEqual({
      valuation_type_id: 4,
      ebitda: 133_100,
      ebitda_growth: 10,
      forward_multiple: 23,
      debt: 96_700,
      cash_and_cash_equivalents: 29_943,
      shares_outstanding: 15_150.865,
      market_price: 243.85,
      holding_period: 1,
    });
    expect(p.defaulted).toEqual([]);
  });

  it('EV/EBITDA without quarterly shares falls back to the latest annual weighted diluted shares', () => {
    const p = prefillValuation(4, { annualIncome: incomeOldestFirst, price: 10 });
    expect(p.values.shares_outstanding).toBe(15_408.095);
    expect(p.defaulted).toEqual(['forward_multiple', 'debt', 'cash_and_cash_equivalents']);
  });

  it('no data at all: every numeric value defaults to 1 and the hold period to 1 year', () => {
    const p = prefillValuation(4, {});
    expect(p.values).toEqual({
      valuation_type_id: 4,
      ebitda: 1,
      ebitda_growth: 1,
      forward_multiple: 1,
      debt: 1,
      cash_and_cash_equivalents: 1,
      shares_outstanding: 1,
      market_price: 1,
      holding_period: 1,
    });
    expect(p.defaulted).toEqual([
      'ebitda',
      'ebitda_growth',
      'forward_multiple',
      'debt',
      'cash_and_cash_equivalents',
      'shares_outstanding',
      'market_price',
    ]);
    expect(p.baseYear).toBeNull();
  });

  it('a negative latest EPS is kept, so the panel asks for a positive number or another model', () => {
    const income: IncomeRow[] = [
      { fiscalYear: '2024', epsDiluted: -1.2 },
      { fiscalYear: '2023', epsDiluted: 0.5 },
      { fiscalYear: '2022', epsDiluted: 0.8 },
      { fiscalYear: '2021', epsDiluted: 1 },
    ];
    const p = prefillValuation(1, { annualIncome: income, price: 20 });
    expect(p.values.earnings_per_share).toBe(-1.2);
    expect(p.values.growth_ratein_eps).toBe(1);
    expect(p.defaulted).toEqual(['growth_ratein_eps', 'forward_multiple']);
    expect(computeValuation(p.values)).toMatchObject({
      message: 'Enter positive number or try another model',
    });
  });

  it('a missing newest EPS defaults to 1 rather than borrowing an older year', () => {
    const p = prefillValuation(1, {
      annualIncome: [
        { fiscalYear: '2024', epsDiluted: null },
        { fiscalYear: '2023', epsDiluted: 3 },
      ],
      price: 20,
    });
    expect(p.values.earnings_per_share).toBe(1);
    expect(p.defaulted).toContain('earnings_per_share');
  });
});

describe('row helpers', () => {
  it('reads the fiscal year from a string, a number or the period date', () => {
    expect(rowYear({ fiscalYear: '2024' })).toBe(2024);
    expect(rowYear({ fiscalYear: 2019 })).toBe(2019);
    expect(rowYear({ date: '2023-12-31' })).toBe(2023);
    expect(rowYear({ fiscalYear: 'FY24' })).toBeNull();
  });

  it('orders rows newest first by date, then fiscal year', () => {
    const rows = [{ fiscalYear: '2022' }, { date: '2024-03-30' }, { fiscalYear: '2023' }, {}];
    expect(newestFirst(rows)).toEqual([
      { date: '2024-03-30' },
      { fiscalYear: '2023' },
      { fiscalYear: '2022' },
      {},
    ]);
  });
});
