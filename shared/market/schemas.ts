import * as z from 'zod/mini';
import '../schemas/zod-messages';

/*
 * The market-data contract: the records the screens read, with the field names of
 * spec/001 section 3 (largely the provider's legacy v3 names). Every record a provider
 * returns is parsed with these schemas at the boundary (functions/market/mapping.ts), so a
 * provider that changes shape fails there, in one place.
 *
 * Records are "loose" objects: the contract fields are checked; the provider's other fields
 * (e.g. the stable API's `fiscalYear`, `epsDiluted`, `priceToEarningsRatio`) pass through
 * so modules written against those names (shared/valuation/prefill.ts) keep working.
 * A figure the provider does not give is `null` (shown as N/A), never a guess.
 */

const num = z.nullable(z.number().check(z.refine(Number.isFinite, 'must be a finite number')));
const str = z.nullable(z.string());
const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}/, 'must start with a YYYY-MM-DD date'));

/** Where the figures come from: the embedded demo data set or Financial Modeling Prep. */
export const marketSource = z.enum(['demo', 'fmp']);
export type MarketSource = z.infer<typeof marketSource>;

export { INDEX_LABELS, INDEX_SYMBOLS, type IndexSymbol } from './symbols';

export const SEARCH_EXCHANGES = ['AMEX', 'NASDAQ', 'NYSE'] as const;
export type SearchExchange = (typeof SEARCH_EXCHANGES)[number];

export const searchResultSchema = z.looseObject({
  symbol: z.string().check(z.minLength(1)),
  name: z.string(),
  currency: str,
  /** Full exchange name (v3 `stockExchange`). */
  stockExchange: str,
  exchangeShortName: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const profileSchema = z.looseObject({
  symbol: z.string().check(z.minLength(1)),
  companyName: z.string(),
  /** Full exchange name; the short code is `exchangeShortName`. */
  exchange: str,
  exchangeShortName: str,
  price: num,
  currency: str,
  changes: num,
  changesPercentage: num,
  mktCap: num,
  beta: num,
  volAvg: num,
  lastDiv: num,
  range: str,
  description: str,
  sector: str,
  industry: str,
  image: str,
  website: str,
  ceo: str,
  country: str,
  fullTimeEmployees: str,
  ipoDate: str,
  isEtf: z.nullable(z.boolean()),
  isActivelyTrading: z.nullable(z.boolean()),
});
export type Profile = z.infer<typeof profileSchema>;

export const quoteSchema = z.looseObject({
  symbol: z.string().check(z.minLength(1)),
  name: str,
  price: z.number().check(z.refine(Number.isFinite, 'must be a finite number')),
  change: num,
  changesPercentage: num,
  open: num,
  dayHigh: num,
  dayLow: num,
  yearLow: num,
  yearHigh: num,
  marketCap: num,
  priceAvg50: num,
  priceAvg200: num,
  /** Price over trailing-twelve-month EPS; null when EPS is unknown or not positive. */
  pe: num,
  /** Trailing-twelve-month EPS. */
  eps: num,
  volume: num,
  avgVolume: num,
  previousClose: num,
  sharesOutstanding: num,
  exchange: str,
  /** Epoch seconds of the quote. */
  timestamp: num,
});
export type Quote = z.infer<typeof quoteSchema>;

const statementBase = {
  date: isoDay,
  symbol: z.string().check(z.minLength(1)),
  period: z.string(),
  /** Fiscal year as the provider reports it ("2024"); the stable name `fiscalYear` passes through. */
  calendarYear: str,
  reportedCurrency: str,
  fillingDate: str,
};

export const incomeStatementSchema = z.looseObject({
  ...statementBase,
  revenue: num,
  costOfRevenue: num,
  grossProfit: num,
  /** grossProfit / revenue (fraction). */
  grossProfitRatio: num,
  researchAndDevelopmentExpenses: num,
  sellingGeneralAndAdministrativeExpenses: num,
  operatingExpenses: num,
  operatingIncome: num,
  interestExpense: num,
  ebitda: num,
  incomeBeforeTax: num,
  incomeTaxExpense: num,
  netIncome: num,
  eps: num,
  epsdiluted: num,
  weightedAverageShsOut: num,
  weightedAverageShsOutDil: num,
});
export type IncomeStatement = z.infer<typeof incomeStatementSchema>;

export const balanceSheetSchema = z.looseObject({
  ...statementBase,
  cashAndCashEquivalents: num,
  totalCurrentAssets: num,
  totalNonCurrentAssets: num,
  totalAssets: num,
  totalCurrentLiabilities: num,
  totalNonCurrentLiabilities: num,
  totalLiabilities: num,
  totalStockholdersEquity: num,
  totalLiabilitiesAndStockholdersEquity: num,
  totalDebt: num,
  netDebt: num,
});
export type BalanceSheet = z.infer<typeof balanceSheetSchema>;

export const cashFlowSchema = z.looseObject({
  ...statementBase,
  netIncome: num,
  netCashProvidedByOperatingActivities: num,
  /** The legacy spelling is part of the contract. */
  netCashUsedForInvestingActivites: num,
  netCashUsedProvidedByFinancingActivities: num,
  effectOfForexChangesOnCash: num,
  netChangeInCash: num,
  operatingCashFlow: num,
  capitalExpenditure: num,
  freeCashFlow: num,
  dividendsPaid: num,
});
export type CashFlowStatement = z.infer<typeof cashFlowSchema>;

/** Annual or quarterly ratios; returns and working-capital days come from key metrics of the same date. */
export const ratiosSchema = z.looseObject({
  date: isoDay,
  symbol: z.string().check(z.minLength(1)),
  period: z.string(),
  calendarYear: str,
  priceEarningsRatio: num,
  priceEarningsToGrowthRatio: num,
  priceToBookRatio: num,
  priceBookValueRatio: num,
  priceToSalesRatio: num,
  priceSalesRatio: num,
  priceToFreeCashFlowsRatio: num,
  priceToOperatingCashFlowsRatio: num,
  priceCashFlowRatio: num,
  priceFairValue: num,
  enterpriseValueMultiple: num,
  bookValuePerShare: num,
  revenuePerShare: num,
  netIncomePerShare: num,
  operatingCashFlowPerShare: num,
  freeCashFlowPerShare: num,
  cashPerShare: num,
  currentRatio: num,
  quickRatio: num,
  cashRatio: num,
  debtRatio: num,
  debtEquityRatio: num,
  longTermDebtToCapitalization: num,
  totalDebtToCapitalization: num,
  interestCoverage: num,
  cashFlowToDebtRatio: num,
  companyEquityMultiplier: num,
  grossProfitMargin: num,
  operatingProfitMargin: num,
  pretaxProfitMargin: num,
  netProfitMargin: num,
  effectiveTaxRate: num,
  returnOnAssets: num,
  returnOnEquity: num,
  returnOnCapitalEmployed: num,
  receivablesTurnover: num,
  payablesTurnover: num,
  inventoryTurnover: num,
  fixedAssetTurnover: num,
  assetTurnover: num,
  daysOfSalesOutstanding: num,
  daysOfInventoryOutstanding: num,
  daysOfPayablesOutstanding: num,
  operatingCycle: num,
  cashConversionCycle: num,
  operatingCashFlowSalesRatio: num,
  freeCashFlowOperatingCashFlowRatio: num,
  capitalExpenditureCoverageRatio: num,
  dividendPaidAndCapexCoverageRatio: num,
  dividendYield: num,
  payoutRatio: num,
  dividendPerShare: num,
});
export type Ratios = z.infer<typeof ratiosSchema>;

export const keyMetricsSchema = z.looseObject({
  date: isoDay,
  symbol: z.string().check(z.minLength(1)),
  period: z.string(),
  calendarYear: str,
  marketCap: num,
  enterpriseValue: num,
  enterpriseValueOverEBITDA: num,
  evToSales: num,
  roic: num,
  roe: num,
  returnOnAssets: num,
  earningsYield: num,
  freeCashFlowYield: num,
  netDebtToEBITDA: num,
  currentRatio: num,
  grahamNumber: num,
  workingCapital: num,
  investedCapital: num,
  daysSalesOutstanding: num,
  daysPayablesOutstanding: num,
  daysOfInventoryOnHand: num,
});
export type KeyMetrics = z.infer<typeof keyMetricsSchema>;

export const ratiosTtmSchema = z.looseObject({
  symbol: z.string().check(z.minLength(1)),
  peRatioTTM: num,
  priceEarningsRatioTTM: num,
  pegRatioTTM: num,
  priceToBookRatioTTM: num,
  priceToSalesRatioTTM: num,
  priceToFreeCashFlowsRatioTTM: num,
  enterpriseValueMultipleTTM: num,
  /** Dividend yield in percent. */
  dividendYieldPercentageTTM: num,
  /** Dividend yield as a fraction. */
  dividendYieldTTM: num,
  payoutRatioTTM: num,
  grossProfitMarginTTM: num,
  operatingProfitMarginTTM: num,
  netProfitMarginTTM: num,
  currentRatioTTM: num,
  debtEquityRatioTTM: num,
  bookValuePerShareTTM: num,
  revenuePerShareTTM: num,
  netIncomePerShareTTM: num,
  dividendPerShareTTM: num,
});
export type RatiosTtm = z.infer<typeof ratiosTtmSchema>;

export const keyMetricsTtmSchema = z.looseObject({
  symbol: z.string().check(z.minLength(1)),
  marketCapTTM: num,
  enterpriseValueTTM: num,
  enterpriseValueOverEBITDATTM: num,
  roicTTM: num,
  roeTTM: num,
  returnOnAssetsTTM: num,
  earningsYieldTTM: num,
  freeCashFlowYieldTTM: num,
  netDebtToEBITDATTM: num,
  currentRatioTTM: num,
  grahamNumberTTM: num,
});
export type KeyMetricsTtm = z.infer<typeof keyMetricsTtmSchema>;

export const institutionalHolderSchema = z.looseObject({
  holder: z.string().check(z.minLength(1)),
  shares: z.number().check(z.refine(Number.isFinite, 'must be a finite number')),
  dateReported: isoDay,
  change: num,
});
export type InstitutionalHolder = z.infer<typeof institutionalHolderSchema>;

export const executiveSchema = z.looseObject({
  title: z.string(),
  name: z.string(),
  pay: num,
  currencyPay: str,
  gender: str,
  yearBorn: num,
  titleSince: str,
  active: z.nullable(z.boolean()),
});
export type Executive = z.infer<typeof executiveSchema>;

export const newsItemSchema = z.looseObject({
  symbol: str,
  publishedDate: z.string().check(z.minLength(1)),
  title: z.string(),
  image: str,
  site: str,
  text: z.string(),
  url: z.string(),
  publisher: str,
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const priceBarSchema = z.looseObject({
  /** YYYY-MM-DD for daily bars, 'YYYY-MM-DD HH:MM:SS' (New York time) for intraday bars. */
  date: isoDay,
  open: z.number().check(z.refine(Number.isFinite, 'must be a finite number')),
  high: z.number().check(z.refine(Number.isFinite, 'must be a finite number')),
  low: z.number().check(z.refine(Number.isFinite, 'must be a finite number')),
  close: z.number().check(z.refine(Number.isFinite, 'must be a finite number')),
  volume: num,
});
export type PriceBar = z.infer<typeof priceBarSchema>;

/** `dividends?symbol=`: a declared cash dividend (split-adjusted per share in `adjDividend`). */
export const dividendSchema = z.looseObject({
  symbol: z.string().check(z.minLength(1)),
  /** Ex-dividend date. */
  date: isoDay,
  recordDate: str,
  paymentDate: str,
  declarationDate: str,
  adjDividend: z.number().check(z.refine(Number.isFinite, 'must be a finite number')),
  dividend: num,
});
export type Dividend = z.infer<typeof dividendSchema>;

/** `splits?symbol=`: numerator-for-denominator (4-for-1: 4 / 1; a 1-for-10 reverse split: 1 / 10). */
export const splitSchema = z.looseObject({
  symbol: z.string().check(z.minLength(1)),
  date: isoDay,
  numerator: z.number().check(z.positive()),
  denominator: z.number().check(z.positive()),
});
export type Split = z.infer<typeof splitSchema>;

/**
 * `analyst-estimates?symbol=&period=annual`: analysts' consensus for one fiscal year (`date`:
 * its end). Stable names (the product's original paths had none for it); each figure's mean,
 * lowest and highest estimate, and how many analysts gave an EPS and a revenue estimate. A row
 * for a year already reported is the consensus the provider kept for it (decision 185).
 */
export const analystEstimateSchema = z.looseObject({
  symbol: z.string().check(z.minLength(1)),
  date: isoDay,
  revenueLow: num,
  revenueHigh: num,
  revenueAvg: num,
  ebitdaLow: num,
  ebitdaHigh: num,
  ebitdaAvg: num,
  netIncomeLow: num,
  netIncomeHigh: num,
  netIncomeAvg: num,
  epsAvg: num,
  epsHigh: num,
  epsLow: num,
  numAnalystsRevenue: num,
  numAnalystsEps: num,
});
export type AnalystEstimate = z.infer<typeof analystEstimateSchema>;

export const closingPriceSchema = z.object({ date: isoDay, close: z.number() });
export type ClosingPrice = z.infer<typeof closingPriceSchema>;

export const stockListItemSchema = z.looseObject({
  symbol: z.string().check(z.minLength(1)),
  companyName: z.string(),
  marketCap: num,
  sector: str,
  industry: str,
  price: num,
  volume: num,
  beta: num,
  lastAnnualDividend: num,
  exchangeShortName: str,
  country: str,
});
export type StockListItem = z.infer<typeof stockListItemSchema>;

/**
 * Every market-data answer: the records, where they come from (the UI shows a "Demo data"
 * badge for `demo`) and whether they are the last good value kept while the provider failed.
 */
export function marketEnvelope<T extends z.ZodMiniType>(data: T) {
  return z.object({
    data,
    source: marketSource,
    /** True when the provider failed and this is the last good value. */
    stale: z.boolean(),
    /** ISO time the figures were fetched from the provider. */
    asOf: z.string(),
  });
}
export interface MarketEnvelope<T> {
  data: T;
  source: MarketSource;
  stale: boolean;
  asOf: string;
}
