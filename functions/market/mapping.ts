import type { z } from 'zod/mini';
import {
  analystEstimateSchema,
  balanceSheetSchema,
  cashFlowSchema,
  dividendSchema,
  executiveSchema,
  incomeStatementSchema,
  institutionalHolderSchema,
  keyMetricsSchema,
  keyMetricsTtmSchema,
  newsItemSchema,
  priceBarSchema,
  profileSchema,
  quoteSchema,
  ratiosSchema,
  ratiosTtmSchema,
  searchResultSchema,
  splitSchema,
  stockListItemSchema,
  type Quote,
} from '../../shared/market';
import { ProviderShapeError } from './errors';

/*
 * FMP stable API -> the product's contract (shared/market/schemas.ts), per
 * /shared/docs/fmp-stable-mapping.json. Every stable field passes through; the contract's
 * legacy names are added next to them. Each record is parsed with its contract schema here,
 * so a provider that changes shape fails in this one place with the endpoint named.
 */

type Row = Record<string, unknown>;

/** A finite number, else null (the provider omits or nulls figures it lacks). */
export function n(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
function s(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}
function b(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}
function ratio(a: number | null, c: number | null): number | null {
  return a === null || c === null || c === 0 ? null : a / c;
}

function rowsOf(rows: unknown[], endpoint: string): Row[] {
  return rows.map((row, i) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new ProviderShapeError(`${endpoint}[${i}]: expected an object`);
    }
    return row as Row;
  });
}

function check<S extends z.ZodMiniType>(
  schema: S,
  record: unknown,
  endpoint: string,
  i: number,
): z.output<S> {
  const parsed = schema.safeParse(record);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProviderShapeError(
      `${endpoint}[${i}].${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

function mapAll<S extends z.ZodMiniType>(
  rows: unknown[],
  endpoint: string,
  schema: S,
  fn: (r: Row) => Row,
): z.output<S>[] {
  return rowsOf(rows, endpoint).map((r, i) => check(schema, fn(r), endpoint, i));
}

export function mapSearch(rows: unknown[]) {
  return mapAll(rows, 'search-symbol', searchResultSchema, (r) => ({
    ...r,
    symbol: r.symbol,
    name: s(r.name) ?? '',
    currency: s(r.currency),
    stockExchange: s(r.exchangeFullName),
    exchangeShortName: s(r.exchange) ?? '',
  }));
}

export function mapProfile(rows: unknown[]) {
  return mapAll(rows, 'profile', profileSchema, (r) => ({
    ...r,
    symbol: r.symbol,
    companyName: s(r.companyName) ?? '',
    exchange: s(r.exchangeFullName),
    exchangeShortName: s(r.exchange),
    price: n(r.price),
    currency: s(r.currency),
    changes: n(r.change),
    changesPercentage: n(r.changePercentage),
    mktCap: n(r.marketCap),
    beta: n(r.beta),
    volAvg: n(r.averageVolume),
    lastDiv: n(r.lastDividend),
    range: s(r.range),
    description: s(r.description),
    sector: s(r.sector),
    industry: s(r.industry),
    image: s(r.image),
    website: s(r.website),
    ceo: s(r.ceo),
    country: s(r.country),
    fullTimeEmployees: s(r.fullTimeEmployees),
    ipoDate: s(r.ipoDate),
    isEtf: b(r.isEtf),
    isActivelyTrading: b(r.isActivelyTrading),
  }));
}

/**
 * What the stable quote no longer carries, from slower endpoints (cached for a day):
 * TTM EPS (ratios-ttm netIncomePerShareTTM), average volume (profile averageVolume) and
 * shares outstanding (shares-float outstandingShares).
 */
export interface QuoteExtras {
  epsTtm: number | null;
  peTtm: number | null;
  avgVolume: number | null;
  sharesOutstanding: number | null;
}

export const NO_EXTRAS: QuoteExtras = {
  epsTtm: null,
  peTtm: null,
  avgVolume: null,
  sharesOutstanding: null,
};

export function quoteExtras(
  ratiosTtm: unknown[],
  profile: unknown[],
  sharesFloat: unknown[],
): QuoteExtras {
  const r = rowsOf(ratiosTtm, 'ratios-ttm')[0] ?? {};
  const p = rowsOf(profile, 'profile')[0] ?? {};
  const f = rowsOf(sharesFloat, 'shares-float')[0] ?? {};
  return {
    epsTtm: n(r.netIncomePerShareTTM),
    peTtm: n(r.priceToEarningsRatioTTM),
    avgVolume: n(p.averageVolume),
    sharesOutstanding: n(f.outstandingShares),
  };
}

/** The raw stable quote rows, checked; extras are joined per read (joinQuote). */
export function mapQuotes(rows: unknown[], endpoint = 'quote') {
  return mapAll(rows, endpoint, quoteSchema, (r) => ({ ...joinFields(r, NO_EXTRAS) }));
}

function joinFields(r: Row, extras: QuoteExtras): Row {
  const price = n(r.price);
  const marketCap = n(r.marketCap);
  const eps = extras.epsTtm;
  return {
    ...r,
    symbol: r.symbol,
    name: s(r.name),
    price: r.price,
    change: n(r.change),
    changesPercentage: n(r.changePercentage ?? r.changesPercentage),
    open: n(r.open),
    dayHigh: n(r.dayHigh),
    dayLow: n(r.dayLow),
    yearLow: n(r.yearLow),
    yearHigh: n(r.yearHigh),
    marketCap,
    priceAvg50: n(r.priceAvg50),
    priceAvg200: n(r.priceAvg200),
    // P/E moves with the price: price over TTM EPS; without a positive EPS it is not meaningful.
    pe:
      price !== null && eps !== null && eps > 0 ? price / eps : eps === null ? extras.peTtm : null,
    eps,
    volume: n(r.volume),
    avgVolume: extras.avgVolume ?? n(r.avgVolume),
    previousClose: n(r.previousClose),
    sharesOutstanding:
      extras.sharesOutstanding ??
      (marketCap !== null && price ? Math.round(marketCap / price) : null),
    exchange: s(r.exchange),
    timestamp: n(r.timestamp),
  };
}

/** A cached quote with its extras: the contract quote. */
export function joinQuote(quote: Quote, extras: QuoteExtras): Quote {
  return check(quoteSchema, joinFields(quote, extras), 'quote', 0);
}

function statementFields(r: Row) {
  return {
    date: r.date,
    symbol: r.symbol,
    period: s(r.period) ?? '',
    calendarYear: s(r.fiscalYear ?? r.calendarYear),
    reportedCurrency: s(r.reportedCurrency),
    fillingDate: s(r.filingDate ?? r.fillingDate),
  };
}

export function mapIncome(rows: unknown[]) {
  return mapAll(rows, 'income-statement', incomeStatementSchema, (r) => ({
    ...r,
    ...statementFields(r),
    revenue: n(r.revenue),
    costOfRevenue: n(r.costOfRevenue),
    grossProfit: n(r.grossProfit),
    grossProfitRatio: ratio(n(r.grossProfit), n(r.revenue)),
    researchAndDevelopmentExpenses: n(r.researchAndDevelopmentExpenses),
    sellingGeneralAndAdministrativeExpenses: n(r.sellingGeneralAndAdministrativeExpenses),
    operatingExpenses: n(r.operatingExpenses),
    operatingIncome: n(r.operatingIncome),
    interestExpense: n(r.interestExpense),
    ebitda: n(r.ebitda),
    incomeBeforeTax: n(r.incomeBeforeTax),
    incomeTaxExpense: n(r.incomeTaxExpense),
    netIncome: n(r.netIncome),
    eps: n(r.eps),
    epsdiluted: n(r.epsDiluted ?? r.epsdiluted),
    weightedAverageShsOut: n(r.weightedAverageShsOut),
    weightedAverageShsOutDil: n(r.weightedAverageShsOutDil),
  }));
}

export function mapBalance(rows: unknown[]) {
  return mapAll(rows, 'balance-sheet-statement', balanceSheetSchema, (r) => ({
    ...r,
    ...statementFields(r),
    cashAndCashEquivalents: n(r.cashAndCashEquivalents),
    totalCurrentAssets: n(r.totalCurrentAssets),
    totalNonCurrentAssets: n(r.totalNonCurrentAssets),
    totalAssets: n(r.totalAssets),
    totalCurrentLiabilities: n(r.totalCurrentLiabilities),
    totalNonCurrentLiabilities: n(r.totalNonCurrentLiabilities),
    totalLiabilities: n(r.totalLiabilities),
    totalStockholdersEquity: n(r.totalStockholdersEquity),
    totalLiabilitiesAndStockholdersEquity: n(
      r.totalLiabilitiesAndTotalEquity ?? r.totalLiabilitiesAndStockholdersEquity,
    ),
    totalDebt: n(r.totalDebt),
    netDebt: n(r.netDebt),
  }));
}

export function mapCashFlow(rows: unknown[]) {
  return mapAll(rows, 'cash-flow-statement', cashFlowSchema, (r) => ({
    ...r,
    ...statementFields(r),
    netIncome: n(r.netIncome),
    netCashProvidedByOperatingActivities: n(r.netCashProvidedByOperatingActivities),
    netCashUsedForInvestingActivites: n(
      r.netCashProvidedByInvestingActivities ?? r.netCashUsedForInvestingActivites,
    ),
    netCashUsedProvidedByFinancingActivities: n(
      r.netCashProvidedByFinancingActivities ?? r.netCashUsedProvidedByFinancingActivities,
    ),
    effectOfForexChangesOnCash: n(r.effectOfForexChangesOnCash),
    netChangeInCash: n(r.netChangeInCash),
    operatingCashFlow: n(r.operatingCashFlow),
    capitalExpenditure: n(r.capitalExpenditure),
    freeCashFlow: n(r.freeCashFlow),
    dividendsPaid: n(r.netDividendsPaid ?? r.commonDividendsPaid ?? r.dividendsPaid),
  }));
}

/** Annual/quarterly ratios; returns and working-capital days come from key metrics of the same date. */
export function mapRatios(rows: unknown[], keyMetricRows: unknown[]) {
  const metrics = new Map(
    rowsOf(keyMetricRows, 'key-metrics').map((m) => [`${String(m.date)}|${String(m.period)}`, m]),
  );
  return mapAll(rows, 'ratios', ratiosSchema, (r) => {
    const m = metrics.get(`${String(r.date)}|${String(r.period)}`) ?? {};
    const pe = n(r.priceToEarningsRatio);
    const pb = n(r.priceToBookRatio);
    const ps = n(r.priceToSalesRatio);
    const pocf = n(r.priceToOperatingCashFlowRatio);
    return {
      ...r,
      date: r.date,
      symbol: r.symbol,
      period: s(r.period) ?? '',
      calendarYear: s(r.fiscalYear ?? r.calendarYear),
      priceEarningsRatio: pe,
      priceEarningsToGrowthRatio: n(r.priceToEarningsGrowthRatio),
      priceToBookRatio: pb,
      priceBookValueRatio: pb,
      priceToSalesRatio: ps,
      priceSalesRatio: ps,
      priceToFreeCashFlowsRatio: n(r.priceToFreeCashFlowRatio),
      priceToOperatingCashFlowsRatio: pocf,
      priceCashFlowRatio: pocf,
      priceFairValue: n(r.priceToFairValue),
      enterpriseValueMultiple: n(r.enterpriseValueMultiple),
      bookValuePerShare: n(r.bookValuePerShare),
      revenuePerShare: n(r.revenuePerShare),
      netIncomePerShare: n(r.netIncomePerShare),
      operatingCashFlowPerShare: n(r.operatingCashFlowPerShare),
      freeCashFlowPerShare: n(r.freeCashFlowPerShare),
      cashPerShare: n(r.cashPerShare),
      currentRatio: n(r.currentRatio),
      quickRatio: n(r.quickRatio),
      cashRatio: n(r.cashRatio),
      debtRatio: n(r.debtToAssetsRatio),
      debtEquityRatio: n(r.debtToEquityRatio),
      longTermDebtToCapitalization: n(r.longTermDebtToCapitalRatio),
      totalDebtToCapitalization: n(r.debtToCapitalRatio),
      interestCoverage: n(r.interestCoverageRatio),
      cashFlowToDebtRatio: n(r.operatingCashFlowCoverageRatio),
      companyEquityMultiplier: n(r.financialLeverageRatio),
      grossProfitMargin: n(r.grossProfitMargin),
      operatingProfitMargin: n(r.operatingProfitMargin),
      pretaxProfitMargin: n(r.pretaxProfitMargin),
      netProfitMargin: n(r.netProfitMargin),
      effectiveTaxRate: n(r.effectiveTaxRate),
      returnOnAssets: n(m.returnOnAssets),
      returnOnEquity: n(m.returnOnEquity),
      returnOnCapitalEmployed: n(m.returnOnCapitalEmployed),
      receivablesTurnover: n(r.receivablesTurnover),
      payablesTurnover: n(r.payablesTurnover),
      inventoryTurnover: n(r.inventoryTurnover),
      fixedAssetTurnover: n(r.fixedAssetTurnover),
      assetTurnover: n(r.assetTurnover),
      daysOfSalesOutstanding: n(m.daysOfSalesOutstanding),
      daysOfInventoryOutstanding: n(m.daysOfInventoryOutstanding),
      daysOfPayablesOutstanding: n(m.daysOfPayablesOutstanding),
      operatingCycle: n(m.operatingCycle),
      cashConversionCycle: n(m.cashConversionCycle),
      operatingCashFlowSalesRatio: n(r.operatingCashFlowSalesRatio),
      freeCashFlowOperatingCashFlowRatio: n(r.freeCashFlowOperatingCashFlowRatio),
      capitalExpenditureCoverageRatio: n(r.capitalExpenditureCoverageRatio),
      dividendPaidAndCapexCoverageRatio: n(r.dividendPaidAndCapexCoverageRatio),
      dividendYield: n(r.dividendYield),
      payoutRatio: n(r.dividendPayoutRatio),
      dividendPerShare: n(r.dividendPerShare),
    };
  });
}

export function mapKeyMetrics(rows: unknown[]) {
  return mapAll(rows, 'key-metrics', keyMetricsSchema, (r) => ({
    ...r,
    date: r.date,
    symbol: r.symbol,
    period: s(r.period) ?? '',
    calendarYear: s(r.fiscalYear ?? r.calendarYear),
    marketCap: n(r.marketCap),
    enterpriseValue: n(r.enterpriseValue),
    enterpriseValueOverEBITDA: n(r.evToEBITDA),
    evToSales: n(r.evToSales),
    roic: n(r.returnOnInvestedCapital),
    roe: n(r.returnOnEquity),
    returnOnAssets: n(r.returnOnAssets),
    earningsYield: n(r.earningsYield),
    freeCashFlowYield: n(r.freeCashFlowYield),
    netDebtToEBITDA: n(r.netDebtToEBITDA),
    currentRatio: n(r.currentRatio),
    grahamNumber: n(r.grahamNumber),
    workingCapital: n(r.workingCapital),
    investedCapital: n(r.investedCapital),
    daysSalesOutstanding: n(r.daysOfSalesOutstanding),
    daysPayablesOutstanding: n(r.daysOfPayablesOutstanding),
    daysOfInventoryOnHand: n(r.daysOfInventoryOutstanding),
  }));
}

export function mapRatiosTtm(rows: unknown[]) {
  return mapAll(rows, 'ratios-ttm', ratiosTtmSchema, (r) => {
    const pe = n(r.priceToEarningsRatioTTM);
    const yieldFraction = n(r.dividendYieldTTM);
    return {
      ...r,
      symbol: r.symbol,
      peRatioTTM: pe,
      priceEarningsRatioTTM: pe,
      pegRatioTTM: n(r.priceToEarningsGrowthRatioTTM),
      priceToBookRatioTTM: n(r.priceToBookRatioTTM),
      priceToSalesRatioTTM: n(r.priceToSalesRatioTTM),
      priceToFreeCashFlowsRatioTTM: n(r.priceToFreeCashFlowRatioTTM),
      enterpriseValueMultipleTTM: n(r.enterpriseValueMultipleTTM),
      dividendYieldPercentageTTM: yieldFraction === null ? null : yieldFraction * 100,
      dividendYieldTTM: yieldFraction,
      payoutRatioTTM: n(r.dividendPayoutRatioTTM),
      grossProfitMarginTTM: n(r.grossProfitMarginTTM),
      operatingProfitMarginTTM: n(r.operatingProfitMarginTTM),
      netProfitMarginTTM: n(r.netProfitMarginTTM),
      currentRatioTTM: n(r.currentRatioTTM),
      debtEquityRatioTTM: n(r.debtToEquityRatioTTM),
      bookValuePerShareTTM: n(r.bookValuePerShareTTM),
      revenuePerShareTTM: n(r.revenuePerShareTTM),
      netIncomePerShareTTM: n(r.netIncomePerShareTTM),
      dividendPerShareTTM: n(r.dividendPerShareTTM),
    };
  });
}

export function mapKeyMetricsTtm(rows: unknown[]) {
  return mapAll(rows, 'key-metrics-ttm', keyMetricsTtmSchema, (r) => ({
    ...r,
    symbol: r.symbol,
    marketCapTTM: n(r.marketCap),
    enterpriseValueTTM: n(r.enterpriseValueTTM),
    enterpriseValueOverEBITDATTM: n(r.evToEBITDATTM),
    roicTTM: n(r.returnOnInvestedCapitalTTM),
    roeTTM: n(r.returnOnEquityTTM),
    returnOnAssetsTTM: n(r.returnOnAssetsTTM),
    earningsYieldTTM: n(r.earningsYieldTTM),
    freeCashFlowYieldTTM: n(r.freeCashFlowYieldTTM),
    netDebtToEBITDATTM: n(r.netDebtToEBITDATTM),
    currentRatioTTM: n(r.currentRatioTTM),
    grahamNumberTTM: n(r.grahamNumberTTM),
  }));
}

export function mapHolders(rows: unknown[]) {
  return mapAll(
    rows,
    'institutional-ownership/extract-analytics/holder',
    institutionalHolderSchema,
    (r) => ({
      ...r,
      holder: r.investorName ?? r.holder,
      shares: r.sharesNumber ?? r.shares,
      dateReported: r.date ?? r.dateReported,
      change: n(r.changeInSharesNumber ?? r.change),
    }),
  );
}

export function mapExecutives(rows: unknown[]) {
  return mapAll(rows, 'key-executives', executiveSchema, (r) => ({
    ...r,
    title: s(r.title) ?? '',
    name: s(r.name) ?? '',
    pay: n(r.pay),
    currencyPay: s(r.currencyPay),
    gender: s(r.gender),
    yearBorn: n(r.yearBorn),
    titleSince: s(r.titleSince),
    active: b(r.active),
  }));
}

export function mapNews(rows: unknown[]) {
  return mapAll(rows, 'news/stock', newsItemSchema, (r) => ({
    ...r,
    symbol: s(r.symbol),
    publishedDate: r.publishedDate,
    title: s(r.title) ?? '',
    image: s(r.image),
    site: s(r.site),
    text: s(r.text) ?? '',
    url: s(r.url) ?? '',
    publisher: s(r.publisher),
  }));
}

export function mapBars(rows: unknown[], endpoint: string) {
  return mapAll(rows, endpoint, priceBarSchema, (r) => ({ ...r, volume: n(r.volume) }));
}

export function mapScreener(rows: unknown[]) {
  return mapAll(rows, 'company-screener', stockListItemSchema, (r) => ({
    ...r,
    symbol: r.symbol,
    companyName: s(r.companyName) ?? '',
    marketCap: n(r.marketCap),
    sector: s(r.sector),
    industry: s(r.industry),
    price: n(r.price),
    volume: n(r.volume),
    beta: n(r.beta),
    lastAnnualDividend: n(r.lastAnnualDividend),
    exchangeShortName: s(r.exchangeShortName ?? r.exchange),
    country: s(r.country),
  }));
}

export function mapDividends(rows: unknown[]) {
  return mapAll(rows, 'dividends', dividendSchema, (r) => ({
    ...r,
    recordDate: s(r.recordDate) || null,
    paymentDate: s(r.paymentDate) || null,
    declarationDate: s(r.declarationDate) || null,
    adjDividend: n(r.adjDividend) ?? n(r.dividend),
    dividend: n(r.dividend),
  }));
}

export function mapSplits(rows: unknown[]) {
  return mapAll(rows, 'splits', splitSchema, (r) => ({
    ...r,
    numerator: n(r.numerator),
    denominator: n(r.denominator),
  }));
}

/**
 * `analyst-estimates`: the stable names, or the legacy ones (`estimatedEpsAvg`,
 * `numberAnalystsEstimatedEps`, ...) where a provider still sends those.
 */
export function mapEstimates(rows: unknown[]) {
  return mapAll(rows, 'analyst-estimates', analystEstimateSchema, (r) => {
    const legacy = (name: string) => `estimated${name[0]!.toUpperCase()}${name.slice(1)}`;
    const figure = (name: string) => n(r[name]) ?? n(r[legacy(name)]);
    const out: Row = { ...r, symbol: r.symbol, date: r.date };
    for (const what of ['revenue', 'ebitda', 'netIncome', 'eps'])
      for (const end of ['Low', 'High', 'Avg']) out[`${what}${end}`] = figure(`${what}${end}`);
    out.numAnalystsRevenue = n(r.numAnalystsRevenue) ?? n(r.numberAnalystEstimatedRevenue);
    out.numAnalystsEps = n(r.numAnalystsEps) ?? n(r.numberAnalystsEstimatedEps);
    return out;
  });
}
