/**
 * The chart catalogue of the company detail view (spec/001 sections 2 and 3): every entry of
 * the "what to show" dropdown, grouped as the dropdown groups them.
 *
 * Field names are the provider's legacy (v3) names that spec/001 section 3 uses
 * (`epsdiluted`, `priceEarningsRatio`, `priceToFreeCashFlowsRatio`, `debtEquityRatio`, `roic`...);
 * the market-data layer hands rows to the web in that shape.
 *
 * Chart type per metric:
 * - area for levels: the price, and balance-sheet stocks (assets, liabilities, equity), where
 *   the filled area reads as "how much there is";
 * - bar for flows and rates that can turn negative (revenue, profits, EBITDA, EPS, margins,
 *   returns): each bar is one period's result, coloured green or red by sign;
 * - scatter for valuation multiples and balance ratios (P/E, P/B, P/S, EV/EBITDA, P/FCF,
 *   current, quick, debt to equity): point readings whose level matters, not a flow between
 *   periods, and a line would suggest values between the report dates.
 *
 * Key ratios: spec/001 says "quarterly, annual where shown" without saying which are shown;
 * the provider has annual rows for all six, so each is offered in both frequencies.
 * EPS reads diluted EPS (`epsdiluted`), the per-share figure that accounts for options and
 * convertibles.
 */

import type { ValueFormat } from '../format/money';

export type CatalogueGroup =
  | 'Price Chart'
  | 'Investment Highlights'
  | 'Financials'
  | 'Revenue & Profit'
  | 'Balance Sheet Items'
  | 'Margins'
  | 'Valuation Metrics'
  | 'Key Ratios'
  | 'News';

/** The dropdown groups in their order on screen. */
export const CATALOGUE_GROUPS: readonly CatalogueGroup[] = [
  'Price Chart',
  'Investment Highlights',
  'Financials',
  'Revenue & Profit',
  'Balance Sheet Items',
  'Margins',
  'Valuation Metrics',
  'Key Ratios',
  'News',
];

export type ChartKind = 'area' | 'bar' | 'scatter';
export type PanelKind = 'statement' | 'highlights' | 'ratios' | 'news';
export type CatalogueKind = ChartKind | PanelKind;

/** Statement frequencies; `price` is the price chart; `none` is a panel without a series. */
export type StatementFrequency = 'quarter' | 'annual';
export type CatalogueFrequency = StatementFrequency | 'price' | 'none';

/** Which provider data set an item reads (its legacy path name). */
export type DataSource =
  | 'historical-price'
  | 'income-statement'
  | 'balance-sheet-statement'
  | 'cash-flow-statement'
  | 'ratios'
  | 'key-metrics'
  | 'highlights'
  | 'news';

export type StatementKind = 'income' | 'balance' | 'cashflow';

export interface CatalogueItem {
  /** Stable key, unique in the catalogue, e.g. 'revenue-quarterly'. */
  id: string;
  /** Dropdown and chart title. */
  title: string;
  group: CatalogueGroup;
  kind: CatalogueKind;
  frequency: CatalogueFrequency;
  source: DataSource;
  /** The row field a chart plots (undefined for panels). */
  field?: string;
  /** Which statement a statement panel shows. */
  statement?: StatementKind;
  /** Value format: S money scaled, C currency per share, A absolute ratio, P percent (of a fraction). */
  format?: ValueFormat;
  /** Negative values show as 0 and the axis starts at 0 (spec/001 section 5: P/E, P/B, P/S, P/FCF). */
  clampNegatives: boolean;
  /** Whether the "All numbers are in millions" note shows (hidden for News, Investment Highlights, Financial Ratios). */
  showsMillionsNote: boolean;
}

const CHART_KINDS: readonly CatalogueKind[] = ['area', 'bar', 'scatter'];

export function isChartItem(
  item: CatalogueItem,
): item is CatalogueItem & { kind: ChartKind; field: string; format: ValueFormat } {
  return CHART_KINDS.includes(item.kind);
}

interface MetricSpec {
  key: string;
  title: string;
  kind: ChartKind;
  field: string;
  source: DataSource;
  format: ValueFormat;
  clampNegatives?: boolean;
}

const FREQUENCY_SUFFIX: Record<StatementFrequency, { id: string; title: string }> = {
  quarter: { id: 'quarterly', title: 'Quarterly' },
  annual: { id: 'annual', title: 'Annual' },
};

function metricItems(
  group: CatalogueGroup,
  frequencies: readonly StatementFrequency[],
  metrics: readonly MetricSpec[],
): CatalogueItem[] {
  return metrics.flatMap((m) =>
    frequencies.map((frequency) => ({
      id: `${m.key}-${FREQUENCY_SUFFIX[frequency].id}`,
      title: `${m.title} (${FREQUENCY_SUFFIX[frequency].title})`,
      group,
      kind: m.kind,
      frequency,
      source: m.source,
      field: m.field,
      format: m.format,
      clampNegatives: m.clampNegatives ?? false,
      showsMillionsNote: true,
    })),
  );
}

function statementItems(
  statement: StatementKind,
  key: string,
  title: string,
  source: DataSource,
): CatalogueItem[] {
  return (['annual', 'quarter'] as const).map((frequency) => ({
    id: `${key}-${FREQUENCY_SUFFIX[frequency].id}`,
    title: `${title} (${FREQUENCY_SUFFIX[frequency].title})`,
    group: 'Financials' as const,
    kind: 'statement' as const,
    frequency,
    source,
    statement,
    clampNegatives: false,
    showsMillionsNote: true,
  }));
}

const BOTH = ['quarter', 'annual'] as const;

export const CATALOGUE: readonly CatalogueItem[] = [
  {
    id: 'price',
    title: 'Price Chart',
    group: 'Price Chart',
    kind: 'area',
    frequency: 'price',
    source: 'historical-price',
    field: 'close',
    format: 'C',
    clampNegatives: false,
    showsMillionsNote: true,
  },
  {
    id: 'investment-highlights',
    title: 'Investment Highlights',
    group: 'Investment Highlights',
    kind: 'highlights',
    frequency: 'none',
    source: 'highlights',
    clampNegatives: false,
    showsMillionsNote: false,
  },
  ...statementItems('income', 'income-statement', 'Income Statement', 'income-statement'),
  ...statementItems(
    'cashflow',
    'cash-flow-statement',
    'Cash Flow Statement',
    'cash-flow-statement',
  ),
  ...statementItems('balance', 'balance-sheet', 'Balance Sheet', 'balance-sheet-statement'),
  {
    id: 'financial-ratios',
    title: 'Financial Ratios',
    group: 'Financials',
    kind: 'ratios',
    frequency: 'annual',
    source: 'ratios',
    clampNegatives: false,
    showsMillionsNote: false,
  },
  ...metricItems('Revenue & Profit', BOTH, [
    {
      key: 'revenue',
      title: 'Revenue',
      kind: 'bar',
      field: 'revenue',
      source: 'income-statement',
      format: 'S',
    },
    {
      key: 'gross-profit',
      title: 'Gross Profit',
      kind: 'bar',
      field: 'grossProfit',
      source: 'income-statement',
      format: 'S',
    },
    {
      key: 'ebitda',
      title: 'EBITDA',
      kind: 'bar',
      field: 'ebitda',
      source: 'income-statement',
      format: 'S',
    },
    {
      key: 'operating-income',
      title: 'Operating Income',
      kind: 'bar',
      field: 'operatingIncome',
      source: 'income-statement',
      format: 'S',
    },
    {
      key: 'net-income',
      title: 'Net Income',
      kind: 'bar',
      field: 'netIncome',
      source: 'income-statement',
      format: 'S',
    },
    {
      key: 'eps',
      title: 'EPS',
      kind: 'bar',
      field: 'epsdiluted',
      source: 'income-statement',
      format: 'C',
    },
  ]),
  ...metricItems(
    'Balance Sheet Items',
    ['quarter'],
    [
      {
        key: 'total-assets',
        title: 'Total Assets',
        kind: 'area',
        field: 'totalAssets',
        source: 'balance-sheet-statement',
        format: 'S',
      },
      {
        key: 'total-liabilities',
        title: 'Total Liabilities',
        kind: 'area',
        field: 'totalLiabilities',
        source: 'balance-sheet-statement',
        format: 'S',
      },
      {
        key: 'shareholder-equity',
        title: 'Shareholder Equity',
        kind: 'area',
        field: 'totalStockholdersEquity',
        source: 'balance-sheet-statement',
        format: 'S',
      },
    ],
  ),
  ...metricItems('Margins', BOTH, [
    {
      key: 'gross-margin',
      title: 'Gross Margin',
      kind: 'bar',
      field: 'grossProfitMargin',
      source: 'ratios',
      format: 'P',
    },
    {
      key: 'operating-margin',
      title: 'Operating Margin',
      kind: 'bar',
      field: 'operatingProfitMargin',
      source: 'ratios',
      format: 'P',
    },
    {
      key: 'pretax-margin',
      title: 'Pre-Tax Margin',
      kind: 'bar',
      field: 'pretaxProfitMargin',
      source: 'ratios',
      format: 'P',
    },
    {
      key: 'net-margin',
      title: 'Net Margin',
      kind: 'bar',
      field: 'netProfitMargin',
      source: 'ratios',
      format: 'P',
    },
  ]),
  ...metricItems('Valuation Metrics', BOTH, [
    {
      key: 'pe',
      title: 'P/E',
      kind: 'scatter',
      field: 'priceEarningsRatio',
      source: 'ratios',
      format: 'A',
      clampNegatives: true,
    },
    {
      key: 'pb',
      title: 'P/B',
      kind: 'scatter',
      field: 'priceToBookRatio',
      source: 'ratios',
      format: 'A',
      clampNegatives: true,
    },
    {
      key: 'ps',
      title: 'P/S',
      kind: 'scatter',
      field: 'priceToSalesRatio',
      source: 'ratios',
      format: 'A',
      clampNegatives: true,
    },
    {
      key: 'ev-ebitda',
      title: 'EV/EBITDA',
      kind: 'scatter',
      field: 'enterpriseValueMultiple',
      source: 'ratios',
      format: 'A',
    },
    {
      key: 'pfcf',
      title: 'P/FCF',
      kind: 'scatter',
      field: 'priceToFreeCashFlowsRatio',
      source: 'ratios',
      format: 'A',
      clampNegatives: true,
    },
  ]),
  ...metricItems('Key Ratios', BOTH, [
    {
      key: 'current-ratio',
      title: 'Current Ratio',
      kind: 'scatter',
      field: 'currentRatio',
      source: 'ratios',
      format: 'A',
    },
    {
      key: 'quick-ratio',
      title: 'Quick Ratio',
      kind: 'scatter',
      field: 'quickRatio',
      source: 'ratios',
      format: 'A',
    },
    {
      key: 'debt-to-equity',
      title: 'Debt to Equity',
      kind: 'scatter',
      field: 'debtEquityRatio',
      source: 'ratios',
      format: 'A',
    },
    {
      key: 'roe',
      title: 'ROE',
      kind: 'bar',
      field: 'returnOnEquity',
      source: 'ratios',
      format: 'P',
    },
    {
      key: 'roa',
      title: 'ROA',
      kind: 'bar',
      field: 'returnOnAssets',
      source: 'ratios',
      format: 'P',
    },
    { key: 'roic', title: 'ROIC', kind: 'bar', field: 'roic', source: 'key-metrics', format: 'P' },
  ]),
  {
    id: 'news',
    title: 'News',
    group: 'News',
    kind: 'news',
    frequency: 'none',
    source: 'news',
    clampNegatives: false,
    showsMillionsNote: false,
  },
];

/** The item shown when the company view opens. */
export const DEFAULT_CATALOGUE_ITEM_ID = 'price';

export function catalogueItem(id: string): CatalogueItem | undefined {
  return CATALOGUE.find((item) => item.id === id);
}

/** The dropdown: groups in screen order with their items. */
export function catalogueByGroup(): { group: CatalogueGroup; items: CatalogueItem[] }[] {
  return CATALOGUE_GROUPS.map((group) => ({
    group,
    items: CATALOGUE.filter((item) => item.group === group),
  }));
}
