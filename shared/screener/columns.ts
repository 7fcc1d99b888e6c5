/**
 * The screener's result row: every column of the four result tabs (spec/001 section 2,
 * "Screener page"), computed from market data by `compute.ts`. A figure that cannot be
 * computed (no data, or a ratio over a zero or negative base) is `null`, shown as N/A.
 *
 * Units: prices in dollars, market cap and volumes as plain counts, ratios as multiples,
 * growth, returns, margins, dividend yield and performance in percent (12.5 = 12.5 %).
 */
export interface ScreenerRow {
  symbol: string;
  company: string;
  sector: string | null;
  industry: string | null;
  exchange: string | null;
  price: number | null;
  /** Change since the previous close, in dollars. */
  change: number | null;
  /** change / (price - change) x 100. */
  changePercent: number | null;
  volume: number | null;
  marketCap: number | null;
  pe: number | null;
  ps: number | null;
  pb: number | null;
  pfcf: number | null;
  /** (price + net debt per share) / EBITDA per share: not in a result tab; sortable, and the peers' median. */
  evEbitda: number | null;
  pc: number | null;
  peg: number | null;
  epsGrowthPastYear: number | null;
  epsGrowthPast5Years: number | null;
  salesGrowthPast5Years: number | null;
  dividendYield: number | null;
  roa: number | null;
  roe: number | null;
  roi: number | null;
  currentRatio: number | null;
  quickRatio: number | null;
  ltDebtEq: number | null;
  debtEq: number | null;
  grossMargin: number | null;
  operatingMargin: number | null;
  netMargin: number | null;
  /** The earnings date shown: the next announced one, else the latest past one (YYYY-MM-DD). */
  earningsDate: string | null;
  lastEarningsDate: string | null;
  nextEarningsDate: string | null;
  perfWeek: number | null;
  perfMonth: number | null;
  perfQuarter: number | null;
  perfHalf: number | null;
  perfYear: number | null;
  perfYtd: number | null;
  /** Average daily volume over the last 63 sessions (about 3 months). */
  avgVolume: number | null;
}

export type ScreenerColumn = Exclude<keyof ScreenerRow, 'lastEarningsDate' | 'nextEarningsDate'>;

/** Column ids a screen can sort by, with their header labels. */
export const COLUMN_LABELS: Record<ScreenerColumn, string> = {
  symbol: 'Ticker',
  company: 'Company',
  sector: 'Sector',
  industry: 'Industry',
  exchange: 'Exchange',
  price: 'Price',
  change: 'Change',
  changePercent: 'Change %',
  volume: 'Volume',
  marketCap: 'Market Cap',
  pe: 'P/E',
  ps: 'P/S',
  pb: 'P/B',
  pfcf: 'P/FCF',
  evEbitda: 'EV/EBITDA',
  pc: 'P/C',
  peg: 'PEG',
  epsGrowthPastYear: 'EPS growth past year',
  epsGrowthPast5Years: 'EPS growth past 5 years',
  salesGrowthPast5Years: 'Sales growth past 5 years',
  dividendYield: 'Dividend Yield',
  roa: 'ROA',
  roe: 'ROE',
  roi: 'ROI',
  currentRatio: 'Current Ratio',
  quickRatio: 'Quick Ratio',
  ltDebtEq: 'Lt Debt/Equity',
  debtEq: 'Debt/Equity',
  grossMargin: 'Gross Margin',
  operatingMargin: 'Operating Margin',
  netMargin: 'Net Profit Margin',
  earningsDate: 'Earning Date',
  perfWeek: 'Week',
  perfMonth: 'Month',
  perfQuarter: '3 Months',
  perfHalf: '6 Months',
  perfYear: '1 Year',
  perfYtd: 'YTD',
  avgVolume: 'Avg Volume',
};

export const SCREENER_COLUMNS = Object.keys(COLUMN_LABELS) as [ScreenerColumn, ...ScreenerColumn[]];

/** The result tabs and their columns after "No" (the row number), in the spec's order. */
export const SCREENER_TABS = {
  general: [
    'symbol',
    'company',
    'sector',
    'industry',
    'marketCap',
    'pe',
    'price',
    'changePercent',
    'volume',
  ],
  valuation: [
    'symbol',
    'company',
    'marketCap',
    'price',
    'changePercent',
    'volume',
    'pe',
    'ps',
    'pb',
    'pfcf',
    'pc',
    'epsGrowthPastYear',
    'epsGrowthPast5Years',
    'salesGrowthPast5Years',
  ],
  financial: [
    'symbol',
    'company',
    'marketCap',
    'price',
    'changePercent',
    'volume',
    'dividendYield',
    'roa',
    'roe',
    'roi',
    'currentRatio',
    'quickRatio',
    'ltDebtEq',
    'debtEq',
    'grossMargin',
    'operatingMargin',
    'netMargin',
    'earningsDate',
  ],
  performance: [
    'symbol',
    'company',
    'price',
    'changePercent',
    'volume',
    'perfWeek',
    'perfMonth',
    'perfQuarter',
    'perfHalf',
    'perfYear',
    'perfYtd',
    'avgVolume',
  ],
} as const satisfies Record<string, readonly ScreenerColumn[]>;

export const SCREENER_TAB_LABELS: Record<keyof typeof SCREENER_TABS, string> = {
  general: 'GENERAL',
  valuation: 'VALUATION METRICS',
  financial: 'FINANCIAL METRICS',
  performance: 'PERFORMANCE',
};
