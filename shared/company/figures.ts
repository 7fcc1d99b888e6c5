/**
 * Figures of the company detail view's panels (spec/001 sections 2 and 9): TTM sums,
 * change percent, compound growth, the largest institutional owners, statement columns and
 * rows, the financial-ratio groups, and the Share Information / Valuation Metrics /
 * Financials (TTM) panels.
 *
 * Field names are the provider's legacy (v3) names that spec/001 section 3 uses, including
 * its spellings (`netCashUsedForInvestingActivites`, `netCashUsedProvidedByFinancingActivities`).
 */

import Decimal from 'decimal.js';
import { dateParts } from '../format/dates';
import {
  NOT_AVAILABLE,
  formatBillions,
  formatCompact,
  formatMillions,
  formatMultiple,
  formatNumber,
  formatPercent,
  formatPrice,
  isFiniteNumber,
  type ValueFormat,
} from '../format/money';
import type { StatementFrequency, StatementKind } from './catalogue';

/** Top institutional owners shown (spec/001 section 9). */
export const TOP_OWNERS_COUNT = 5;
/** News items shown (spec/001 section 9). */
export const NEWS_COUNT = 5;

/**
 * The currency the statements are reported in (spec: "All numbers are in millions, Currency
 * in …"): the newest income statement row's `reportedCurrency`, USD when there is none. Not the
 * profile's trading currency: a foreign filer may trade in USD and report in its own currency.
 */
export function statementCurrency(
  incomeRowsNewestFirst: readonly { reportedCurrency?: unknown }[],
): string {
  const reported = incomeRowsNewestFirst[0]?.reportedCurrency;
  return typeof reported === 'string' && reported.trim() !== '' ? reported.trim() : 'USD';
}

function numberOrNull(value: unknown): number | null {
  return isFiniteNumber(value) ? value : null;
}

/**
 * Trailing-twelve-month sum: the field summed over the latest 4 quarters (by date, whatever
 * order the rows come in). Null (shown as N/A) with fewer than 4 quarters or a missing value
 * among them. Summed in decimal so 0.1 + 0.2 is 0.3, not 0.30000000000000004.
 */
export function ttmSum<T extends { date: string }>(
  quarters: readonly T[],
  field: keyof T & string,
): number | null {
  const latest = [...quarters]
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, 4);
  if (latest.length < 4) return null;
  let sum = new Decimal(0);
  for (const row of latest) {
    const value = numberOrNull(row[field]);
    if (value === null) return null;
    sum = sum.plus(value);
  }
  return sum.toNumber();
}

/**
 * The day's change in percent of the previous close (spec/001 section 9):
 * change / (price - change) x 100. Null when the previous close (price - change) is 0 or an
 * input is missing.
 */
export function changePercent(
  price: number | null | undefined,
  change: number | null | undefined,
): number | null {
  if (!isFiniteNumber(price) || !isFiniteNumber(change)) return null;
  const previousClose = new Decimal(price).minus(change);
  if (previousClose.isZero()) return null;
  return new Decimal(change).div(previousClose).times(100).toNumber();
}

/**
 * Compound annual growth in percent from `earlier` to `latest` over `years`:
 * ((latest / earlier)^(1 / years) - 1) x 100. Null (N/A) when the earlier value is missing,
 * zero or negative (spec/001 section 5), when the latest value is negative (no real rate),
 * or when years is not positive.
 */
export function cagr(
  earlier: number | null | undefined,
  latest: number | null | undefined,
  years: number,
): number | null {
  if (!isFiniteNumber(earlier) || !isFiniteNumber(latest) || !isFiniteNumber(years)) return null;
  if (earlier <= 0 || latest < 0 || years <= 0) return null;
  return (Math.pow(latest / earlier, 1 / years) - 1) * 100;
}

// ---------------------------------------------------------------------------
// Largest institutional owners

export interface InstitutionalHolderRow {
  holder: string;
  shares: number;
  /** YYYY-MM-DD, the 13F report date. */
  dateReported: string;
  change?: number | null;
}

export interface InstitutionalOwner {
  holder: string;
  shares: number;
  dateReported: string;
  change: number | null;
  /** shares / sharesOutstanding x 100, null when shares outstanding is unknown. */
  percentOwned: number | null;
  /** 6 decimals below 0.005%, else 2: "0.004321%", "7.25%". */
  percentOwnedText: string;
}

export interface OwnersResult {
  /** The quarter the owners come from, e.g. { year: 2024, quarter: 3 }; null with no usable rows. */
  quarter: { year: number; quarter: number } | null;
  /** True when the quarter before the latest had no rows and the latest quarter was used. */
  fellBackToLatest: boolean;
  owners: InstitutionalOwner[];
}

/** "% Owned": 6 decimals below 0.005%, otherwise 2 (spec/001 section 9). */
export function formatOwnedPercent(percent: number | null | undefined): string {
  if (!isFiniteNumber(percent)) return NOT_AVAILABLE;
  return formatPercent(percent, { decimals: Math.abs(percent) < 0.005 ? 6 : 2 });
}

function quarterIndex(date: string): number | null {
  const p = dateParts(date);
  return p ? p.year * 4 + Math.floor((p.month - 1) / 3) : null;
}

/**
 * The largest institutional owners (spec/001: top 5 by shares, filtered to the quarter before
 * the latest reported date).
 *
 * Precisely: take the calendar quarter of the newest `dateReported`; the owners come from the
 * calendar quarter before it (13F reports for the newest quarter are still arriving, so that
 * quarter is incomplete and would rank late filers low). If that quarter has no rows, the
 * newest quarter is used instead (`fellBackToLatest`). Within the quarter a holder that
 * reported more than once counts once, with its newest report. Owners are ranked by shares,
 * largest first (ties by holder name), and the top `count` are returned.
 */
export function topInstitutionalOwners(
  rows: readonly InstitutionalHolderRow[],
  sharesOutstanding: number | null | undefined,
  count = TOP_OWNERS_COUNT,
): OwnersResult {
  const usable = rows
    .map((row) => ({ row, q: quarterIndex(row.dateReported) }))
    .filter(
      (x): x is { row: InstitutionalHolderRow; q: number } =>
        x.q !== null && isFiniteNumber(x.row.shares),
    );
  if (usable.length === 0) return { quarter: null, owners: [], fellBackToLatest: false };

  const latest = Math.max(...usable.map((x) => x.q));
  const previous = usable.filter((x) => x.q === latest - 1);
  const fellBackToLatest = previous.length === 0;
  const inQuarter = fellBackToLatest ? usable.filter((x) => x.q === latest) : previous;
  const chosenQuarter = fellBackToLatest ? latest : latest - 1;

  const newestPerHolder = new Map<string, InstitutionalHolderRow>();
  for (const { row } of inQuarter) {
    const key = row.holder.trim().toLowerCase();
    const seen = newestPerHolder.get(key);
    if (!seen || row.dateReported > seen.dateReported) newestPerHolder.set(key, row);
  }

  const outstanding =
    isFiniteNumber(sharesOutstanding) && sharesOutstanding > 0 ? sharesOutstanding : null;
  const owners = [...newestPerHolder.values()]
    .sort((a, b) => b.shares - a.shares || a.holder.localeCompare(b.holder, 'en-US'))
    .slice(0, Math.max(0, count))
    .map((row): InstitutionalOwner => {
      const percentOwned =
        outstanding === null
          ? null
          : new Decimal(row.shares).div(outstanding).times(100).toNumber();
      return {
        holder: row.holder.trim(),
        shares: row.shares,
        dateReported: row.dateReported,
        change: numberOrNull(row.change),
        percentOwned,
        percentOwnedText: formatOwnedPercent(percentOwned),
      };
    });

  return {
    quarter: { year: Math.floor(chosenQuarter / 4), quarter: (chosenQuarter % 4) + 1 },
    fellBackToLatest,
    owners,
  };
}

// ---------------------------------------------------------------------------
// Statements

/** The identifying fields of a statement row (v3 `calendarYear`, stable `fiscalYear`). */
export interface StatementRowMeta {
  date: string;
  period?: string;
  calendarYear?: string | number;
  fiscalYear?: string | number;
}

/**
 * A statement column heading: "FY 2024" for annual rows, "Q3 2024" (period and year) otherwise.
 * The year is the row's calendarYear (or fiscalYear), else the year of its date; a quarterly row
 * without a period gets the calendar quarter of its date.
 */
export function statementColumnLabel(row: StatementRowMeta, frequency: StatementFrequency): string {
  const parts = dateParts(row.date);
  const year = String(row.calendarYear ?? row.fiscalYear ?? parts?.year ?? '').trim();
  if (frequency === 'annual') return `FY ${year}`.trim();
  const period = row.period?.trim();
  const label = period && period !== 'FY' ? period : parts ? `Q${Math.ceil(parts.month / 3)}` : '';
  return `${label} ${year}`.trim();
}

export type StatementCellFormat = 'millions' | 'perShare' | 'percent';

export interface StatementRowDef {
  field: string;
  label: string;
  format: StatementCellFormat;
  /** A total line, shown in bold. */
  emphasis?: boolean;
  /** Rows of the gross-profit block, hidden for Financial Services companies. */
  block?: 'grossProfit';
}

export const BALANCE_SHEET_ROWS: readonly StatementRowDef[] = [
  { field: 'totalCurrentAssets', label: 'Total Current Assets', format: 'millions' },
  { field: 'totalNonCurrentAssets', label: 'Non-Current Assets', format: 'millions' },
  { field: 'totalAssets', label: 'Assets', format: 'millions', emphasis: true },
  { field: 'totalCurrentLiabilities', label: 'Current Liabilities', format: 'millions' },
  { field: 'totalNonCurrentLiabilities', label: 'Non-Current Liabilities', format: 'millions' },
  { field: 'totalLiabilities', label: 'Liabilities', format: 'millions', emphasis: true },
  { field: 'totalStockholdersEquity', label: 'Equity', format: 'millions', emphasis: true },
];

export const CASH_FLOW_ROWS: readonly StatementRowDef[] = [
  { field: 'netCashProvidedByOperatingActivities', label: 'Operating', format: 'millions' },
  { field: 'netCashUsedForInvestingActivites', label: 'Investing', format: 'millions' },
  { field: 'netCashUsedProvidedByFinancingActivities', label: 'Financing', format: 'millions' },
  { field: 'effectOfForexChangesOnCash', label: 'Forex effect', format: 'millions' },
  { field: 'netChangeInCash', label: 'Changes in Cash', format: 'millions', emphasis: true },
  { field: 'freeCashFlow', label: 'Free Cash Flow', format: 'millions', emphasis: true },
];

export const INCOME_STATEMENT_ROWS: readonly StatementRowDef[] = [
  { field: 'revenue', label: 'Revenue', format: 'millions', emphasis: true },
  { field: 'costOfRevenue', label: 'Cost of Revenue', format: 'millions', block: 'grossProfit' },
  {
    field: 'grossProfit',
    label: 'Gross Profit',
    format: 'millions',
    emphasis: true,
    block: 'grossProfit',
  },
  { field: 'grossProfitRatio', label: 'Gross Margin', format: 'percent', block: 'grossProfit' },
  {
    field: 'researchAndDevelopmentExpenses',
    label: 'Research and Development',
    format: 'millions',
  },
  {
    field: 'sellingGeneralAndAdministrativeExpenses',
    label: 'Selling, General and Administrative',
    format: 'millions',
  },
  { field: 'operatingExpenses', label: 'Operating Expenses', format: 'millions' },
  { field: 'operatingIncome', label: 'Operating Income', format: 'millions', emphasis: true },
  { field: 'interestExpense', label: 'Interest Expense', format: 'millions' },
  { field: 'incomeBeforeTax', label: 'Income Before Tax', format: 'millions' },
  { field: 'incomeTaxExpense', label: 'Income Tax', format: 'millions' },
  { field: 'netIncome', label: 'Net Income', format: 'millions', emphasis: true },
  { field: 'ebitda', label: 'EBITDA', format: 'millions' },
  { field: 'eps', label: 'EPS', format: 'perShare' },
  { field: 'epsdiluted', label: 'EPS (Diluted)', format: 'perShare' },
  { field: 'weightedAverageShsOutDil', label: 'Diluted Shares', format: 'millions' },
];

export const FINANCIAL_SERVICES_SECTOR = 'Financial Services';

function isFinancialServices(sector: string | null | undefined): boolean {
  return (sector ?? '').trim().toLowerCase() === FINANCIAL_SERVICES_SECTOR.toLowerCase();
}

/** Income statement rows; the gross-profit block is hidden for Financial Services companies (banks have no cost of revenue). */
export function incomeStatementRows(sector: string | null | undefined): StatementRowDef[] {
  return INCOME_STATEMENT_ROWS.filter(
    (row) => !(row.block === 'grossProfit' && isFinancialServices(sector)),
  );
}

export function statementRows(kind: StatementKind, sector?: string | null): StatementRowDef[] {
  switch (kind) {
    case 'balance':
      return [...BALANCE_SHEET_ROWS];
    case 'cashflow':
      return [...CASH_FLOW_ROWS];
    case 'income':
      return incomeStatementRows(sector);
  }
}

/** A statement cell: money in millions, per-share figures as prices, ratios as percents of a fraction. */
export function formatStatementCell(value: unknown, format: StatementCellFormat): string {
  const n = numberOrNull(value);
  switch (format) {
    case 'millions':
      return formatMillions(n);
    case 'perShare':
      return formatPrice(n);
    case 'percent':
      return formatPercent(n, { fromFraction: true });
  }
}

export interface StatementTable {
  columns: { label: string; date: string }[];
  rows: { field: string; label: string; emphasis: boolean; cells: string[] }[];
}

/** A statement table: columns newest first (as the provider lists them), one line per row definition. */
export function statementTable(
  kind: StatementKind,
  frequency: StatementFrequency,
  data: readonly (StatementRowMeta & Record<string, unknown>)[],
  sector?: string | null,
): StatementTable {
  const newestFirst = [...data].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return {
    columns: newestFirst.map((row) => ({
      label: statementColumnLabel(row, frequency),
      date: row.date,
    })),
    rows: statementRows(kind, sector).map((def) => ({
      field: def.field,
      label: def.label,
      emphasis: def.emphasis ?? false,
      cells: newestFirst.map((row) => formatStatementCell(row[def.field], def.format)),
    })),
  };
}

// ---------------------------------------------------------------------------
// Financial ratios panel

export type RatioGroupId =
  | 'liquidity'
  | 'profitability'
  | 'debt'
  | 'operatingPerformance'
  | 'cashFlowIndicator'
  | 'valuation';

export interface RatioGroup {
  id: RatioGroupId;
  title: string;
  fields: readonly { field: string; label: string; format: ValueFormat }[];
}

/** The Financial Ratios panel's groups and the provider ratio fields each shows (P fields are fractions). */
export const RATIO_GROUPS: readonly RatioGroup[] = [
  {
    id: 'liquidity',
    title: 'Liquidity Ratios',
    fields: [
      { field: 'currentRatio', label: 'Current Ratio', format: 'A' },
      { field: 'quickRatio', label: 'Quick Ratio', format: 'A' },
      { field: 'cashRatio', label: 'Cash Ratio', format: 'A' },
      { field: 'daysOfSalesOutstanding', label: 'Days of Sales Outstanding', format: 'A' },
      { field: 'daysOfInventoryOutstanding', label: 'Days of Inventory Outstanding', format: 'A' },
      { field: 'operatingCycle', label: 'Operating Cycle', format: 'A' },
      { field: 'daysOfPayablesOutstanding', label: 'Days of Payables Outstanding', format: 'A' },
      { field: 'cashConversionCycle', label: 'Cash Conversion Cycle', format: 'A' },
    ],
  },
  {
    id: 'profitability',
    title: 'Profitability Indicator Ratios',
    fields: [
      { field: 'grossProfitMargin', label: 'Gross Profit Margin', format: 'P' },
      { field: 'operatingProfitMargin', label: 'Operating Profit Margin', format: 'P' },
      { field: 'pretaxProfitMargin', label: 'Pretax Profit Margin', format: 'P' },
      { field: 'netProfitMargin', label: 'Net Profit Margin', format: 'P' },
      { field: 'effectiveTaxRate', label: 'Effective Tax Rate', format: 'P' },
      { field: 'returnOnAssets', label: 'Return on Assets', format: 'P' },
      { field: 'returnOnEquity', label: 'Return on Equity', format: 'P' },
      { field: 'returnOnCapitalEmployed', label: 'Return on Capital Employed', format: 'P' },
    ],
  },
  {
    id: 'debt',
    title: 'Debt Ratios',
    fields: [
      { field: 'debtRatio', label: 'Debt Ratio', format: 'A' },
      { field: 'debtEquityRatio', label: 'Debt to Equity', format: 'A' },
      {
        field: 'longTermDebtToCapitalization',
        label: 'Long-Term Debt to Capitalization',
        format: 'A',
      },
      { field: 'totalDebtToCapitalization', label: 'Total Debt to Capitalization', format: 'A' },
      { field: 'interestCoverage', label: 'Interest Coverage', format: 'A' },
      { field: 'cashFlowToDebtRatio', label: 'Cash Flow to Debt', format: 'A' },
      { field: 'companyEquityMultiplier', label: 'Company Equity Multiplier', format: 'A' },
    ],
  },
  {
    id: 'operatingPerformance',
    title: 'Operating Performance Ratios',
    fields: [
      { field: 'receivablesTurnover', label: 'Receivables Turnover', format: 'A' },
      { field: 'payablesTurnover', label: 'Payables Turnover', format: 'A' },
      { field: 'inventoryTurnover', label: 'Inventory Turnover', format: 'A' },
      { field: 'fixedAssetTurnover', label: 'Fixed Asset Turnover', format: 'A' },
      { field: 'assetTurnover', label: 'Asset Turnover', format: 'A' },
    ],
  },
  {
    id: 'cashFlowIndicator',
    title: 'Cash Flow Indicator Ratios',
    fields: [
      { field: 'operatingCashFlowPerShare', label: 'Operating Cash Flow per Share', format: 'C' },
      { field: 'freeCashFlowPerShare', label: 'Free Cash Flow per Share', format: 'C' },
      { field: 'cashPerShare', label: 'Cash per Share', format: 'C' },
      { field: 'payoutRatio', label: 'Payout Ratio', format: 'P' },
      { field: 'operatingCashFlowSalesRatio', label: 'Operating Cash Flow to Sales', format: 'P' },
      {
        field: 'freeCashFlowOperatingCashFlowRatio',
        label: 'Free Cash Flow to Operating Cash Flow',
        format: 'P',
      },
      {
        field: 'capitalExpenditureCoverageRatio',
        label: 'Capital Expenditure Coverage',
        format: 'A',
      },
      {
        field: 'dividendPaidAndCapexCoverageRatio',
        label: 'Dividend Paid and Capex Coverage',
        format: 'A',
      },
    ],
  },
  {
    id: 'valuation',
    title: 'Valuation Ratios',
    fields: [
      { field: 'priceEarningsRatio', label: 'P/E', format: 'A' },
      { field: 'priceToBookRatio', label: 'P/B', format: 'A' },
      { field: 'priceToSalesRatio', label: 'P/S', format: 'A' },
      { field: 'priceToFreeCashFlowsRatio', label: 'P/FCF', format: 'A' },
      {
        field: 'priceToOperatingCashFlowsRatio',
        label: 'Price to Operating Cash Flow',
        format: 'A',
      },
      { field: 'priceEarningsToGrowthRatio', label: 'PEG', format: 'A' },
      { field: 'enterpriseValueMultiple', label: 'EV/EBITDA', format: 'A' },
      { field: 'priceFairValue', label: 'Price to Fair Value', format: 'A' },
      { field: 'dividendYield', label: 'Dividend Yield', format: 'P' },
    ],
  },
];

// ---------------------------------------------------------------------------
// Side panels

export interface PanelLine {
  label: string;
  value: string;
}

export interface ShareInformationInput {
  price?: number | null;
  currency?: string | null;
  yearLow?: number | null;
  yearHigh?: number | null;
  /** Dividend yield in percent (ratios-ttm dividendYieldPercentageTTM). */
  dividendYieldPercentageTTM?: number | null;
  marketCap?: number | null;
}

/** Share Information: price, 52-week range, dividend yield, market cap in billions. */
export function shareInformation(input: ShareInformationInput): PanelLine[] {
  const range =
    isFiniteNumber(input.yearLow) && isFiniteNumber(input.yearHigh)
      ? `${formatPrice(input.yearLow)} - ${formatPrice(input.yearHigh)}`
      : NOT_AVAILABLE;
  return [
    { label: 'Price', value: formatPrice(input.price, input.currency ?? undefined) },
    { label: '52 Week Range', value: range },
    { label: 'Dividend Yield', value: formatPercent(input.dividendYieldPercentageTTM) },
    { label: 'Market Cap', value: formatBillions(input.marketCap) },
  ];
}

export interface ValuationMetricsInput {
  peRatioTTM?: number | null;
  priceToBookRatioTTM?: number | null;
  priceToSalesRatioTTM?: number | null;
  enterpriseValueMultipleTTM?: number | null;
}

/** Valuation Metrics (TTM): P/E, P/B, P/S, EV/EBITDA. */
export function valuationMetricsTtm(input: ValuationMetricsInput): PanelLine[] {
  return [
    { label: 'P/E', value: formatMultiple(input.peRatioTTM) },
    { label: 'P/B', value: formatMultiple(input.priceToBookRatioTTM) },
    { label: 'P/S', value: formatMultiple(input.priceToSalesRatioTTM) },
    { label: 'EV/EBITDA', value: formatMultiple(input.enterpriseValueMultipleTTM) },
  ];
}

export interface FinancialsTtmInput {
  /** Quarterly income statements; revenue TTM is the sum of the latest 4. */
  quarters: readonly { date: string; revenue?: number | null }[];
  /** Fractions (ratios-ttm operatingProfitMarginTTM, netProfitMarginTTM). */
  operatingProfitMarginTTM?: number | null;
  netProfitMarginTTM?: number | null;
}

/** Financials (TTM): revenue (sum of the latest 4 quarters), operating profit margin, net profit margin. */
export function financialsTtm(input: FinancialsTtmInput): PanelLine[] {
  return [
    { label: 'Revenue', value: formatCompact(ttmSum(input.quarters, 'revenue')) },
    {
      label: 'Operating Profit Margin',
      value: formatPercent(input.operatingProfitMarginTTM, { fromFraction: true }),
    },
    {
      label: 'Net Profit Margin',
      value: formatPercent(input.netProfitMarginTTM, { fromFraction: true }),
    },
  ];
}

/** A change with its percent, as the header shows it: "+1.25 (0.67%)", "-3.10 (-1.52%)". */
export function formatChange(
  price: number | null | undefined,
  change: number | null | undefined,
): string {
  if (!isFiniteNumber(change)) return NOT_AVAILABLE;
  const sign = change > 0 ? '+' : '';
  return `${sign}${formatNumber(change, 2)} (${formatPercent(changePercent(price, change))})`;
}
