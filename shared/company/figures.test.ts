import { describe, expect, it } from 'vitest';
import {
  cagr,
  changePercent,
  financialsTtm,
  formatChange,
  formatOwnedPercent,
  incomeStatementRows,
  RATIO_GROUPS,
  shareInformation,
  statementColumnLabel,
  statementCurrency,
  statementRows,
  statementTable,
  topInstitutionalOwners,
  ttmSum,
  valuationMetricsTtm,
  type InstitutionalHolderRow,
} from './figures';

describe('ttmSum', () => {
  const quarters = [
    { date: '2024-03-30', revenue: 90_753_000_000 },
    { date: '2024-09-28', revenue: 94_930_000_000 },
    { date: '2023-12-30', revenue: 119_575_000_000 },
    { date: '2024-06-29', revenue: 85_777_000_000 },
    { date: '2023-09-30', revenue: 89_498_000_000 },
  ];

  it('sums the latest 4 quarters whatever order they arrive in', () => {
    expect(ttmSum(quarters, 'revenue')).toBe(391_035_000_000);
  });

  it('is N/A with fewer than 4 quarters', () => {
    expect(ttmSum(quarters.slice(0, 3), 'revenue')).toBeNull();
  });

  it('is N/A when one of the latest 4 quarters lacks the value', () => {
    const gap = quarters.map((q) => (q.date === '2024-06-29' ? { ...q, revenue: null } : q));
    expect(ttmSum(gap, 'revenue')).toBeNull();
  });

  it('sums per-share figures without float drift', () => {
    const eps = [0.1, 0.2, 0.3, 0.7].map((v, i) => ({ date: `2024-0${i + 1}-01`, eps: v }));
    expect(ttmSum(eps, 'eps')).toBe(1.3);
  });
});

describe('changePercent', () => {
  it('divides the change by the previous close', () => {
    expect(changePercent(101, 1)).toBe(1);
    expect(changePercent(98.5, -1.5)).toBe(-1.5);
    expect(changePercent(189.3, 2.3)).toBeCloseTo(1.229946524, 9);
  });

  it('is N/A when the previous close is 0 or an input is missing', () => {
    expect(changePercent(10, 10)).toBeNull();
    expect(changePercent(null, 1)).toBeNull();
    expect(changePercent(10, Number.NaN)).toBeNull();
  });

  it('prints the header change with sign and percent', () => {
    expect(formatChange(101, 1)).toBe('+1.00 (1.00%)');
    expect(formatChange(98.5, -1.5)).toBe('-1.50 (-1.50%)');
    expect(formatChange(10, 10)).toBe('+10.00 (N/A)');
    expect(formatChange(10, null)).toBe('N/A');
  });
});

describe('cagr', () => {
  it('compounds the growth per year', () => {
    expect(cagr(100, 121, 2)).toBeCloseTo(10, 10);
    expect(cagr(200, 100, 1)).toBe(-50);
    expect(cagr(100, 0, 3)).toBe(-100);
  });

  it('is N/A when the earlier value is negative, zero or missing', () => {
    expect(cagr(-5, 10, 3)).toBeNull();
    expect(cagr(0, 10, 3)).toBeNull();
    expect(cagr(null, 10, 3)).toBeNull();
  });

  it('is N/A when the latest value is negative or the span is not positive', () => {
    expect(cagr(10, -5, 3)).toBeNull();
    expect(cagr(10, 20, 0)).toBeNull();
  });
});

describe('topInstitutionalOwners', () => {
  const OUTSTANDING = 15_000_000_000;
  const rows: InstitutionalHolderRow[] = [
    // Latest quarter (Q4 2024): still filling in, ignored.
    { holder: 'Late Filer LLC', shares: 9_000_000_000, dateReported: '2024-12-31' },
    // Quarter before (Q3 2024).
    {
      holder: 'Vanguard Group Inc',
      shares: 1_350_000_000,
      dateReported: '2024-09-30',
      change: 12_000_000,
    },
    { holder: 'Blackrock Inc.', shares: 1_000_000_000, dateReported: '2024-09-30' },
    { holder: 'State Street Corp', shares: 600_000_000, dateReported: '2024-09-30' },
    { holder: 'Berkshire Hathaway Inc', shares: 300_000_000, dateReported: '2024-08-15' },
    { holder: 'Berkshire Hathaway Inc', shares: 400_000_000, dateReported: '2024-09-30' },
    { holder: 'Geode Capital', shares: 350_000_000, dateReported: '2024-09-30' },
    { holder: 'Small Fund', shares: 600_000, dateReported: '2024-09-30' },
    // Older quarter (Q2 2024): ignored.
    { holder: 'Old Holder', shares: 5_000_000_000, dateReported: '2024-06-30' },
  ];

  it('ranks the quarter before the latest reported date by shares and keeps 5', () => {
    const result = topInstitutionalOwners(rows, OUTSTANDING);
    expect(result.quarter).toEqual({ year: 2024, quarter: 3 });
    expect(result.fellBackToLatest).toBe(false);
    expect(result.owners.map((o) => [o.holder, o.shares, o.percentOwnedText])).toEqual([
      ['Vanguard Group Inc', 1_350_000_000, '9.00%'],
      ['Blackrock Inc.', 1_000_000_000, '6.67%'],
      ['State Street Corp', 600_000_000, '4.00%'],
      ['Berkshire Hathaway Inc', 400_000_000, '2.67%'],
      ['Geode Capital', 350_000_000, '2.33%'],
    ]);
    expect(result.owners[0]).toMatchObject({ change: 12_000_000, percentOwned: 9 });
    expect(result.owners[1]?.change).toBeNull();
  });

  it('counts a holder that reported twice in the quarter once, with its newest report', () => {
    const berkshire = topInstitutionalOwners(rows, OUTSTANDING).owners.filter(
      (o) => o.holder === 'Berkshire Hathaway Inc',
    );
    expect(berkshire).toEqual([
      expect.objectContaining({ shares: 400_000_000, dateReported: '2024-09-30' }),
    ]);
  });

  it('shows 6 decimals for a stake below 0.005%', () => {
    const result = topInstitutionalOwners(rows, OUTSTANDING, 10);
    expect(result.owners.at(-1)).toMatchObject({
      holder: 'Small Fund',
      percentOwnedText: '0.004000%',
    });
  });

  it('steps back across a year end: a latest report in Q1 2025 selects Q4 2024', () => {
    const result = topInstitutionalOwners(
      [
        { holder: 'A', shares: 10, dateReported: '2025-02-14' },
        { holder: 'B', shares: 20, dateReported: '2024-12-31' },
        { holder: 'C', shares: 30, dateReported: '2024-10-01' },
      ],
      1000,
    );
    expect(result.quarter).toEqual({ year: 2024, quarter: 4 });
    expect(result.owners.map((o) => o.holder)).toEqual(['C', 'B']);
  });

  it('falls back to the latest quarter when the quarter before has no reports', () => {
    const result = topInstitutionalOwners(
      [
        { holder: 'A', shares: 10, dateReported: '2024-12-31' },
        { holder: 'B', shares: 20, dateReported: '2024-03-31' },
      ],
      1000,
    );
    expect(result).toMatchObject({ quarter: { year: 2024, quarter: 4 }, fellBackToLatest: true });
    expect(result.owners.map((o) => o.holder)).toEqual(['A']);
  });

  it('shows N/A for % owned without shares outstanding and returns nothing for no rows', () => {
    expect(topInstitutionalOwners(rows, 0).owners[0]?.percentOwnedText).toBe('N/A');
    expect(topInstitutionalOwners([], OUTSTANDING)).toEqual({
      quarter: null,
      fellBackToLatest: false,
      owners: [],
    });
  });

  it('formats % owned with 2 decimals from 0.005% up', () => {
    expect(formatOwnedPercent(0.00499)).toBe('0.004990%');
    expect(formatOwnedPercent(0.005)).toBe('0.01%');
    expect(formatOwnedPercent(12.3456)).toBe('12.35%');
  });
});

describe('statement columns and rows', () => {
  it('labels annual columns FY year and others period year', () => {
    expect(
      statementColumnLabel({ date: '2024-09-28', period: 'FY', calendarYear: '2024' }, 'annual'),
    ).toBe('FY 2024');
    expect(
      statementColumnLabel({ date: '2024-06-29', period: 'Q3', calendarYear: '2024' }, 'quarter'),
    ).toBe('Q3 2024');
    expect(
      statementColumnLabel({ date: '2024-06-29', period: 'Q3', fiscalYear: '2024' }, 'quarter'),
    ).toBe('Q3 2024');
  });

  it('falls back to the date for a row without period or year', () => {
    expect(statementColumnLabel({ date: '2023-12-31' }, 'annual')).toBe('FY 2023');
    expect(statementColumnLabel({ date: '2023-11-30' }, 'quarter')).toBe('Q4 2023');
  });

  it('lists the balance sheet and cash flow rows of the spec', () => {
    expect(statementRows('balance').map((r) => r.label)).toEqual([
      'Total Current Assets',
      'Non-Current Assets',
      'Assets',
      'Current Liabilities',
      'Non-Current Liabilities',
      'Liabilities',
      'Equity',
    ]);
    expect(statementRows('cashflow').map((r) => r.label)).toEqual([
      'Operating',
      'Investing',
      'Financing',
      'Forex effect',
      'Changes in Cash',
      'Free Cash Flow',
    ]);
  });

  it('hides the gross-profit block for Financial Services companies only', () => {
    const bank = incomeStatementRows('Financial Services').map((r) => r.field);
    const tech = incomeStatementRows('Technology').map((r) => r.field);
    expect(tech).toEqual(
      expect.arrayContaining(['costOfRevenue', 'grossProfit', 'grossProfitRatio']),
    );
    expect(bank).not.toContain('grossProfit');
    expect(bank).not.toContain('costOfRevenue');
    expect(bank).not.toContain('grossProfitRatio');
    expect(tech.length - bank.length).toBe(3);
    expect(incomeStatementRows(' financial services ')).toHaveLength(bank.length);
    expect(incomeStatementRows(undefined)).toHaveLength(tech.length);
  });

  it('builds a statement table in millions, newest column first', () => {
    const table = statementTable('cashflow', 'annual', [
      {
        date: '2023-09-30',
        calendarYear: '2023',
        period: 'FY',
        netCashProvidedByOperatingActivities: 110_543_000_000,
        freeCashFlow: 99_584_000_000,
      },
      {
        date: '2024-09-28',
        calendarYear: '2024',
        period: 'FY',
        netCashProvidedByOperatingActivities: 118_254_000_000,
        freeCashFlow: 108_807_000_000,
      },
    ]);
    expect(table.columns.map((c) => c.label)).toEqual(['FY 2024', 'FY 2023']);
    expect(table.rows[0]).toEqual({
      field: 'netCashProvidedByOperatingActivities',
      label: 'Operating',
      emphasis: false,
      cells: ['118,254.00', '110,543.00'],
    });
    expect(table.rows.find((r) => r.label === 'Forex effect')?.cells).toEqual(['N/A', 'N/A']);
  });

  it('shows EPS as a per-share price and the gross margin as a percent in the income statement', () => {
    const table = statementTable('income', 'quarter', [
      {
        date: '2024-06-29',
        period: 'Q3',
        calendarYear: '2024',
        eps: 1.4,
        grossProfitRatio: 0.4626,
      },
    ]);
    expect(table.rows.find((r) => r.field === 'eps')?.cells).toEqual(['1.40']);
    expect(table.rows.find((r) => r.field === 'grossProfitRatio')?.cells).toEqual(['46.26%']);
  });
});

describe('financial ratio groups', () => {
  it('has the six groups of the spec, each with fields', () => {
    expect(RATIO_GROUPS.map((g) => g.id)).toEqual([
      'liquidity',
      'profitability',
      'debt',
      'operatingPerformance',
      'cashFlowIndicator',
      'valuation',
    ]);
    for (const group of RATIO_GROUPS) expect(group.fields.length).toBeGreaterThan(0);
    const fields = RATIO_GROUPS.flatMap((g) => g.fields.map((f) => f.field));
    expect(new Set(fields).size).toBe(fields.length);
  });
});

describe('side panels', () => {
  it('shows share information with the 52-week range and market cap in billions', () => {
    expect(
      shareInformation({
        price: 227.52,
        currency: 'USD',
        yearLow: 164.08,
        yearHigh: 237.23,
        dividendYieldPercentageTTM: 0.4394,
        marketCap: 3_439_591_971_000,
      }),
    ).toEqual([
      { label: 'Price', value: '$227.52' },
      { label: '52 Week Range', value: '164.08 - 237.23' },
      { label: 'Dividend Yield', value: '0.44%' },
      { label: 'Market Cap', value: '3,439.59B' },
    ]);
  });

  it('shows N/A for a range with a missing end', () => {
    expect(shareInformation({ yearLow: 1 })[1]).toEqual({ label: '52 Week Range', value: 'N/A' });
  });

  it('shows TTM valuation multiples', () => {
    expect(
      valuationMetricsTtm({
        peRatioTTM: 37.456,
        priceToBookRatioTTM: 60.1,
        priceToSalesRatioTTM: 8.8,
        enterpriseValueMultipleTTM: null,
      }),
    ).toEqual([
      { label: 'P/E', value: '37.46x' },
      { label: 'P/B', value: '60.10x' },
      { label: 'P/S', value: '8.80x' },
      { label: 'EV/EBITDA', value: 'N/A' },
    ]);
  });

  it('shows TTM revenue as the sum of the latest 4 quarters, with margins', () => {
    const quarters = [
      { date: '2024-09-28', revenue: 94_930_000_000 },
      { date: '2024-06-29', revenue: 85_777_000_000 },
      { date: '2024-03-30', revenue: 90_753_000_000 },
      { date: '2023-12-30', revenue: 119_575_000_000 },
    ];
    expect(
      financialsTtm({ quarters, operatingProfitMarginTTM: 0.3151, netProfitMarginTTM: 0.2397 }),
    ).toEqual([
      { label: 'Revenue', value: '391.04B' },
      { label: 'Operating Profit Margin', value: '31.51%' },
      { label: 'Net Profit Margin', value: '23.97%' },
    ]);
  });
});

describe('statementCurrency', () => {
  it("is the newest income statement row's reported currency", () => {
    expect(statementCurrency([{ reportedCurrency: 'CNY' }, { reportedCurrency: 'USD' }])).toBe(
      'CNY',
    );
  });

  it('is USD when there is no row or the row names no currency', () => {
    expect(statementCurrency([])).toBe('USD');
    expect(statementCurrency([{}])).toBe('USD');
    expect(statementCurrency([{ reportedCurrency: null }])).toBe('USD');
    expect(statementCurrency([{ reportedCurrency: '  ' }])).toBe('USD');
  });
});
