/**
 * FMP-stable-shaped statements, ratios and key metrics built from a company's generated quarters.
 * Annual flows are the sums of the fiscal year's four quarters; annual balance sheets are Q4's.
 * Ratios and key metrics are derived from the statements and the close on the period-end date;
 * the TTM variants sum the last four filed quarters and use the current price.
 */
import { isoOf } from './calendar.js';
import type { Balance, CashFlow, Company, Income, Quarter } from './company.js';

export interface Period {
  endDay: number;
  fiscalYear: number;
  period: 'FY' | Quarter['period'];
  filingDay: number;
  acceptedTime: string;
  income: Income;
  balance: Balance;
  cash: CashFlow;
  prevBalance: Balance | null;
}

export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

function div(a: number, b: number): number {
  if (b === 0) return 0;
  const r = a / b;
  // `+ 0` turns -0 into 0, as JSON carries it.
  return Number.isFinite(r) ? r + 0 : 0;
}

export function quarterPeriod(c: Company, q: Quarter): Period {
  const prev = c.quarters[q.index - 1];
  return {
    endDay: q.endDay,
    fiscalYear: q.fiscalYear,
    period: q.period,
    filingDay: q.filingDay,
    acceptedTime: q.acceptedTime,
    income: q.income,
    balance: q.balance,
    cash: q.cash,
    prevBalance: prev ? prev.balance : null,
  };
}

function sumIncome(qs: Quarter[]): Income {
  const out = Object.assign({}, qs[0]!.income);
  const keys = Object.keys(out) as (keyof Income)[];
  for (const k of keys) out[k] = 0;
  for (const q of qs) for (const k of keys) out[k] += q.income[k];
  out.weightedAverageShsOut = Math.round(out.weightedAverageShsOut / qs.length);
  out.weightedAverageShsOutDil =
    out.netIncome < 0
      ? out.weightedAverageShsOut
      : Math.round(out.weightedAverageShsOutDil / qs.length);
  return out;
}

function sumCash(qs: Quarter[]): CashFlow {
  const out = Object.assign({}, qs[0]!.cash);
  const keys = Object.keys(out) as (keyof CashFlow)[];
  for (const k of keys) out[k] = 0;
  for (const q of qs) for (const k of keys) out[k] += q.cash[k];
  out.cashAtBeginningOfPeriod = qs[0]!.cash.cashAtBeginningOfPeriod;
  return out;
}

/** Fiscal years whose four quarters all exist, oldest first. */
export function annualPeriods(c: Company): Period[] {
  const out: Period[] = [];
  const qs = c.quarters;
  for (let i = 0; i + 3 < qs.length; i++) {
    const q1 = qs[i]!;
    if (q1.period !== 'Q1') continue;
    const four = qs.slice(i, i + 4);
    const q4 = four[3]!;
    out.push({
      endDay: q4.endDay,
      fiscalYear: q4.fiscalYear,
      period: 'FY',
      filingDay: q4.filingDay,
      acceptedTime: q4.acceptedTime,
      income: sumIncome(four),
      balance: q4.balance,
      cash: sumCash(four),
      prevBalance: qs[i - 1]?.balance ?? null,
    });
  }
  return out;
}

/** Trailing twelve months of the last four quarters in `qs` (oldest first). */
export function ttmPeriod(c: Company, qs: Quarter[]): Period {
  const four = qs.slice(-4);
  const last = four[four.length - 1]!;
  const income = sumIncome(four);
  // Per-share TTM figures use the latest quarter's share count.
  income.weightedAverageShsOut = last.income.weightedAverageShsOut;
  income.weightedAverageShsOutDil = last.income.weightedAverageShsOutDil;
  const yearAgo = c.quarters[last.index - 4];
  return {
    endDay: last.endDay,
    fiscalYear: last.fiscalYear,
    period: last.period,
    filingDay: last.filingDay,
    acceptedTime: last.acceptedTime,
    income,
    balance: last.balance,
    cash: sumCash(four),
    prevBalance: yearAgo ? yearAgo.balance : null,
  };
}

export function cikOf(c: Company): string {
  return String(1_000_000 + (c.params.seed % 899_999)).padStart(10, '0');
}

/**
 * Copies b's fields onto a (in order). Used instead of object spread, which is very slow for
 * these wide rows in V8 (each spread-then-extend literal takes hundreds of microseconds).
 */
function merge<A extends object, B extends object>(a: A, b: B): A & B {
  const out = a as Record<string, unknown>;
  const src = b as Record<string, unknown>;
  for (const k of Object.keys(src)) out[k] = src[k];
  return out as A & B;
}

function head(c: Company, p: Period) {
  return {
    date: isoOf(p.endDay),
    symbol: c.entry.symbol,
    reportedCurrency: 'USD',
    cik: cikOf(c),
    filingDate: isoOf(p.filingDay),
    acceptedDate: `${isoOf(p.filingDay)} ${p.acceptedTime}`,
    fiscalYear: String(p.fiscalYear),
    period: p.period,
  };
}

export function incomeStatement(c: Company, p: Period) {
  const i = p.income;
  return merge(head(c, p), {
    revenue: i.revenue,
    costOfRevenue: i.costOfRevenue,
    grossProfit: i.grossProfit,
    researchAndDevelopmentExpenses: i.researchAndDevelopmentExpenses,
    generalAndAdministrativeExpenses: i.generalAndAdministrativeExpenses,
    sellingAndMarketingExpenses: i.sellingAndMarketingExpenses,
    sellingGeneralAndAdministrativeExpenses: i.sellingGeneralAndAdministrativeExpenses,
    otherExpenses: i.otherExpenses,
    operatingExpenses: i.operatingExpenses,
    costAndExpenses: i.costAndExpenses,
    netInterestIncome: i.netInterestIncome,
    interestIncome: i.interestIncome,
    interestExpense: i.interestExpense,
    depreciationAndAmortization: i.depreciationAndAmortization,
    ebitda: i.ebitda,
    ebit: i.ebit,
    nonOperatingIncomeExcludingInterest: i.nonOperatingIncomeExcludingInterest,
    operatingIncome: i.operatingIncome,
    totalOtherIncomeExpensesNet: i.totalOtherIncomeExpensesNet,
    incomeBeforeTax: i.incomeBeforeTax,
    incomeTaxExpense: i.incomeTaxExpense,
    netIncomeFromContinuingOperations: i.netIncomeFromContinuingOperations,
    netIncomeFromDiscontinuedOperations: i.netIncomeFromDiscontinuedOperations,
    otherAdjustmentsToNetIncome: i.otherAdjustmentsToNetIncome,
    netIncome: i.netIncome,
    netIncomeDeductions: i.netIncomeDeductions,
    bottomLineNetIncome: i.bottomLineNetIncome,
    eps: round2(div(i.netIncome, i.weightedAverageShsOut)),
    epsDiluted: round2(div(i.netIncome, i.weightedAverageShsOutDil)),
    weightedAverageShsOut: i.weightedAverageShsOut,
    weightedAverageShsOutDil: i.weightedAverageShsOutDil,
  });
}

export function balanceTotals(b: Balance) {
  const cashAndShortTermInvestments = b.cashAndCashEquivalents + b.shortTermInvestments;
  const netReceivables = b.accountsReceivables + b.otherReceivables;
  const totalCurrentAssets =
    cashAndShortTermInvestments + netReceivables + b.inventory + b.prepaids + b.otherCurrentAssets;
  const goodwillAndIntangibleAssets = b.goodwill + b.intangibleAssets;
  const totalNonCurrentAssets =
    b.propertyPlantEquipmentNet +
    goodwillAndIntangibleAssets +
    b.longTermInvestments +
    b.taxAssets +
    b.otherNonCurrentAssets;
  const totalAssets = totalCurrentAssets + totalNonCurrentAssets;
  const totalPayables = b.accountPayables + b.otherPayables;
  const totalCurrentLiabilities =
    totalPayables +
    b.accruedExpenses +
    b.shortTermDebt +
    b.capitalLeaseObligationsCurrent +
    b.taxPayables +
    b.deferredRevenue +
    b.otherCurrentLiabilities;
  const totalNonCurrentLiabilities =
    b.longTermDebt +
    b.capitalLeaseObligationsNonCurrent +
    b.deferredRevenueNonCurrent +
    b.deferredTaxLiabilitiesNonCurrent +
    b.otherNonCurrentLiabilities;
  const totalLiabilities = totalCurrentLiabilities + totalNonCurrentLiabilities;
  const totalStockholdersEquity =
    b.commonStock +
    b.additionalPaidInCapital +
    b.retainedEarnings +
    b.treasuryStock +
    b.accumulatedOtherComprehensiveIncomeLoss;
  const totalEquity = totalStockholdersEquity + b.minorityInterest;
  const capitalLeaseObligations =
    b.capitalLeaseObligationsCurrent + b.capitalLeaseObligationsNonCurrent;
  const totalDebt = b.shortTermDebt + b.longTermDebt + capitalLeaseObligations;
  return {
    cashAndShortTermInvestments,
    netReceivables,
    totalCurrentAssets,
    goodwillAndIntangibleAssets,
    totalNonCurrentAssets,
    totalAssets,
    totalPayables,
    totalCurrentLiabilities,
    totalNonCurrentLiabilities,
    totalLiabilities,
    totalStockholdersEquity,
    totalEquity,
    capitalLeaseObligations,
    totalDebt,
    netDebt: totalDebt - b.cashAndCashEquivalents,
    totalInvestments: b.shortTermInvestments + b.longTermInvestments,
  };
}

export function balanceSheet(c: Company, p: Period) {
  const b = p.balance;
  const t = balanceTotals(b);
  return merge(head(c, p), {
    cashAndCashEquivalents: b.cashAndCashEquivalents,
    shortTermInvestments: b.shortTermInvestments,
    cashAndShortTermInvestments: t.cashAndShortTermInvestments,
    netReceivables: t.netReceivables,
    accountsReceivables: b.accountsReceivables,
    otherReceivables: b.otherReceivables,
    inventory: b.inventory,
    prepaids: b.prepaids,
    otherCurrentAssets: b.otherCurrentAssets,
    totalCurrentAssets: t.totalCurrentAssets,
    propertyPlantEquipmentNet: b.propertyPlantEquipmentNet,
    goodwill: b.goodwill,
    intangibleAssets: b.intangibleAssets,
    goodwillAndIntangibleAssets: t.goodwillAndIntangibleAssets,
    longTermInvestments: b.longTermInvestments,
    taxAssets: b.taxAssets,
    otherNonCurrentAssets: b.otherNonCurrentAssets,
    totalNonCurrentAssets: t.totalNonCurrentAssets,
    otherAssets: 0,
    totalAssets: t.totalAssets,
    totalPayables: t.totalPayables,
    accountPayables: b.accountPayables,
    otherPayables: b.otherPayables,
    accruedExpenses: b.accruedExpenses,
    shortTermDebt: b.shortTermDebt,
    capitalLeaseObligationsCurrent: b.capitalLeaseObligationsCurrent,
    taxPayables: b.taxPayables,
    deferredRevenue: b.deferredRevenue,
    otherCurrentLiabilities: b.otherCurrentLiabilities,
    totalCurrentLiabilities: t.totalCurrentLiabilities,
    longTermDebt: b.longTermDebt,
    capitalLeaseObligationsNonCurrent: b.capitalLeaseObligationsNonCurrent,
    deferredRevenueNonCurrent: b.deferredRevenueNonCurrent,
    deferredTaxLiabilitiesNonCurrent: b.deferredTaxLiabilitiesNonCurrent,
    otherNonCurrentLiabilities: b.otherNonCurrentLiabilities,
    totalNonCurrentLiabilities: t.totalNonCurrentLiabilities,
    otherLiabilities: 0,
    capitalLeaseObligations: t.capitalLeaseObligations,
    totalLiabilities: t.totalLiabilities,
    treasuryStock: b.treasuryStock,
    preferredStock: 0,
    commonStock: b.commonStock,
    retainedEarnings: b.retainedEarnings,
    additionalPaidInCapital: b.additionalPaidInCapital,
    accumulatedOtherComprehensiveIncomeLoss: b.accumulatedOtherComprehensiveIncomeLoss,
    otherTotalStockholdersEquity: 0,
    totalStockholdersEquity: t.totalStockholdersEquity,
    totalEquity: t.totalEquity,
    minorityInterest: b.minorityInterest,
    totalLiabilitiesAndTotalEquity: t.totalLiabilities + t.totalEquity,
    totalInvestments: t.totalInvestments,
    totalDebt: t.totalDebt,
    netDebt: t.netDebt,
  });
}

export function cashFlowTotals(p: Period) {
  const cf = p.cash;
  const i = p.income;
  const changeInWorkingCapital =
    cf.accountsReceivables + cf.inventory + cf.accountsPayables + cf.otherWorkingCapital;
  const operating =
    i.netIncome +
    i.depreciationAndAmortization +
    cf.deferredIncomeTax +
    cf.stockBasedCompensation +
    changeInWorkingCapital +
    cf.otherNonCashItems;
  const investing =
    cf.capitalExpenditure +
    cf.acquisitionsNet +
    cf.purchasesOfInvestments +
    cf.salesMaturitiesOfInvestments;
  const netDebtIssuance = cf.shortTermNetDebtIssuance + cf.longTermNetDebtIssuance;
  const netCommonStockIssuance = cf.commonStockIssuance + cf.commonStockRepurchased;
  const financing = netDebtIssuance + netCommonStockIssuance + cf.commonDividendsPaid;
  const netChangeInCash = operating + investing + financing;
  return {
    changeInWorkingCapital,
    operating,
    investing,
    netDebtIssuance,
    netCommonStockIssuance,
    financing,
    netChangeInCash,
    freeCashFlow: operating + cf.capitalExpenditure,
    dividendsPaid: -cf.commonDividendsPaid,
  };
}

export function cashFlowStatement(c: Company, p: Period) {
  const cf = p.cash;
  const t = cashFlowTotals(p);
  return merge(head(c, p), {
    netIncome: p.income.netIncome,
    depreciationAndAmortization: p.income.depreciationAndAmortization,
    deferredIncomeTax: cf.deferredIncomeTax,
    stockBasedCompensation: cf.stockBasedCompensation,
    changeInWorkingCapital: t.changeInWorkingCapital,
    accountsReceivables: cf.accountsReceivables,
    inventory: cf.inventory,
    accountsPayables: cf.accountsPayables,
    otherWorkingCapital: cf.otherWorkingCapital,
    otherNonCashItems: cf.otherNonCashItems,
    netCashProvidedByOperatingActivities: t.operating,
    investmentsInPropertyPlantAndEquipment: cf.capitalExpenditure,
    acquisitionsNet: cf.acquisitionsNet,
    purchasesOfInvestments: cf.purchasesOfInvestments,
    salesMaturitiesOfInvestments: cf.salesMaturitiesOfInvestments,
    otherInvestingActivities: 0,
    netCashProvidedByInvestingActivities: t.investing,
    netDebtIssuance: t.netDebtIssuance,
    longTermNetDebtIssuance: cf.longTermNetDebtIssuance,
    shortTermNetDebtIssuance: cf.shortTermNetDebtIssuance,
    netStockIssuance: t.netCommonStockIssuance,
    netCommonStockIssuance: t.netCommonStockIssuance,
    commonStockIssuance: cf.commonStockIssuance,
    commonStockRepurchased: cf.commonStockRepurchased,
    netPreferredStockIssuance: 0,
    netDividendsPaid: cf.commonDividendsPaid,
    commonDividendsPaid: cf.commonDividendsPaid,
    preferredDividendsPaid: 0,
    otherFinancingActivities: 0,
    netCashProvidedByFinancingActivities: t.financing,
    effectOfForexChangesOnCash: 0,
    netChangeInCash: t.netChangeInCash,
    cashAtEndOfPeriod: cf.cashAtBeginningOfPeriod + t.netChangeInCash,
    cashAtBeginningOfPeriod: cf.cashAtBeginningOfPeriod,
    operatingCashFlow: t.operating,
    capitalExpenditure: cf.capitalExpenditure,
    freeCashFlow: t.freeCashFlow,
    incomeTaxesPaid: cf.incomeTaxesPaid,
    interestPaid: cf.interestPaid,
  });
}

/**
 * Ratios and key metrics for a period at a price. `shares` is the share count behind market cap
 * and per-share figures (the period's weighted diluted shares); `priorEps` feeds the PEG ratio.
 */
export function metrics(p: Period, price: number, priorEps: number | null, days: number) {
  const i = p.income;
  const b = p.balance;
  const bt = balanceTotals(b);
  const ct = cashFlowTotals(p);
  const shares = i.weightedAverageShsOutDil;
  const marketCap = price * shares;
  const enterpriseValue = marketCap + bt.totalDebt - b.cashAndCashEquivalents;
  const eps = div(i.netIncome, shares);
  const bvps = div(bt.totalStockholdersEquity, shares);
  const pe = div(price, eps);
  const epsGrowthPct = priorEps !== null && priorEps > 0 ? (eps / priorEps - 1) * 100 : 0;
  const peg = epsGrowthPct !== 0 ? pe / epsGrowthPct : 0;
  const capex = -p.cash.capitalExpenditure;
  const taxRate = div(i.incomeTaxExpense, i.incomeBeforeTax);
  const prev = p.prevBalance ?? b;
  const avgReceivables = (prev.accountsReceivables + b.accountsReceivables) / 2;
  const avgPayables = (prev.accountPayables + b.accountPayables) / 2;
  const avgInventory = (prev.inventory + b.inventory) / 2;
  const dso = div(b.accountsReceivables, i.revenue) * days;
  const dpo = div(b.accountPayables, i.costOfRevenue) * days;
  const dio = div(b.inventory, i.costOfRevenue) * days;
  const workingCapital = bt.totalCurrentAssets - bt.totalCurrentLiabilities;
  const investedCapital = bt.totalDebt + bt.totalStockholdersEquity;
  const nopat = i.operatingIncome * (1 - taxRate);
  const dps = div(ct.dividendsPaid, shares);
  const graham = eps > 0 && bvps > 0 ? Math.sqrt(22.5 * eps * bvps) : 0;
  const ratios = {
    grossProfitMargin: div(i.grossProfit, i.revenue),
    ebitMargin: div(i.ebit, i.revenue),
    ebitdaMargin: div(i.ebitda, i.revenue),
    operatingProfitMargin: div(i.operatingIncome, i.revenue),
    pretaxProfitMargin: div(i.incomeBeforeTax, i.revenue),
    continuousOperationsProfitMargin: div(i.netIncomeFromContinuingOperations, i.revenue),
    netProfitMargin: div(i.netIncome, i.revenue),
    bottomLineProfitMargin: div(i.bottomLineNetIncome, i.revenue),
    receivablesTurnover: div(i.revenue, avgReceivables),
    payablesTurnover: div(i.costOfRevenue, avgPayables),
    inventoryTurnover: div(i.costOfRevenue, avgInventory),
    fixedAssetTurnover: div(i.revenue, b.propertyPlantEquipmentNet),
    assetTurnover: div(i.revenue, bt.totalAssets),
    currentRatio: div(bt.totalCurrentAssets, bt.totalCurrentLiabilities),
    quickRatio: div(bt.cashAndShortTermInvestments + bt.netReceivables, bt.totalCurrentLiabilities),
    solvencyRatio: div(i.netIncome + i.depreciationAndAmortization, bt.totalLiabilities),
    cashRatio: div(b.cashAndCashEquivalents, bt.totalCurrentLiabilities),
    priceToEarningsRatio: pe,
    priceToEarningsGrowthRatio: peg,
    forwardPriceToEarningsGrowthRatio: peg,
    priceToBookRatio: div(price, bvps),
    priceToSalesRatio: div(marketCap, i.revenue),
    priceToFreeCashFlowRatio: div(marketCap, ct.freeCashFlow),
    priceToOperatingCashFlowRatio: div(marketCap, ct.operating),
    debtToAssetsRatio: div(bt.totalDebt, bt.totalAssets),
    debtToEquityRatio: div(bt.totalDebt, bt.totalStockholdersEquity),
    debtToCapitalRatio: div(bt.totalDebt, bt.totalDebt + bt.totalStockholdersEquity),
    longTermDebtToCapitalRatio: div(b.longTermDebt, b.longTermDebt + bt.totalStockholdersEquity),
    financialLeverageRatio: div(bt.totalAssets, bt.totalStockholdersEquity),
    workingCapitalTurnoverRatio: div(i.revenue, workingCapital),
    operatingCashFlowRatio: div(ct.operating, bt.totalCurrentLiabilities),
    operatingCashFlowSalesRatio: div(ct.operating, i.revenue),
    freeCashFlowOperatingCashFlowRatio: div(ct.freeCashFlow, ct.operating),
    debtServiceCoverageRatio: div(i.operatingIncome, i.interestExpense + b.shortTermDebt),
    interestCoverageRatio: div(i.operatingIncome, i.interestExpense),
    shortTermOperatingCashFlowCoverageRatio: div(ct.operating, b.shortTermDebt),
    operatingCashFlowCoverageRatio: div(ct.operating, bt.totalDebt),
    capitalExpenditureCoverageRatio: div(ct.operating, capex),
    dividendPaidAndCapexCoverageRatio: div(ct.operating, capex + ct.dividendsPaid),
    dividendPayoutRatio: div(ct.dividendsPaid, i.netIncome),
    dividendYield: div(dps, price),
    dividendYieldPercentage: div(dps, price) * 100,
    revenuePerShare: div(i.revenue, shares),
    netIncomePerShare: eps,
    interestDebtPerShare: div(i.interestExpense + bt.totalDebt, shares),
    cashPerShare: div(bt.cashAndShortTermInvestments, shares),
    bookValuePerShare: bvps,
    tangibleBookValuePerShare: div(
      bt.totalStockholdersEquity - bt.goodwillAndIntangibleAssets,
      shares,
    ),
    shareholdersEquityPerShare: bvps,
    operatingCashFlowPerShare: div(ct.operating, shares),
    capexPerShare: div(capex, shares),
    freeCashFlowPerShare: div(ct.freeCashFlow, shares),
    netIncomePerEBT: div(i.netIncome, i.incomeBeforeTax),
    ebtPerEbit: div(i.incomeBeforeTax, i.ebit),
    priceToFairValue: div(price, bvps),
    debtToMarketCap: div(bt.totalDebt, marketCap),
    effectiveTaxRate: taxRate,
    enterpriseValueMultiple: div(enterpriseValue, i.ebitda),
    dividendPerShare: dps,
  };
  const keyMetrics = {
    marketCap,
    enterpriseValue,
    evToSales: div(enterpriseValue, i.revenue),
    evToOperatingCashFlow: div(enterpriseValue, ct.operating),
    evToFreeCashFlow: div(enterpriseValue, ct.freeCashFlow),
    evToEBITDA: div(enterpriseValue, i.ebitda),
    netDebtToEBITDA: div(bt.netDebt, i.ebitda),
    currentRatio: ratios.currentRatio,
    incomeQuality: div(ct.operating, i.netIncome),
    grahamNumber: graham,
    grahamNetNet: div(
      bt.cashAndShortTermInvestments +
        0.75 * bt.netReceivables +
        0.5 * b.inventory -
        bt.totalLiabilities,
      shares,
    ),
    taxBurden: div(i.netIncome, i.incomeBeforeTax),
    interestBurden: div(i.incomeBeforeTax, i.ebit),
    workingCapital,
    investedCapital,
    returnOnAssets: div(i.netIncome, bt.totalAssets),
    operatingReturnOnAssets: div(i.operatingIncome, bt.totalAssets),
    returnOnTangibleAssets: div(i.netIncome, bt.totalAssets - bt.goodwillAndIntangibleAssets),
    returnOnEquity: div(i.netIncome, bt.totalStockholdersEquity),
    returnOnInvestedCapital: div(nopat, investedCapital),
    returnOnCapitalEmployed: div(i.ebit, bt.totalAssets - bt.totalCurrentLiabilities),
    earningsYield: div(i.netIncome, marketCap),
    freeCashFlowYield: div(ct.freeCashFlow, marketCap),
    capexToOperatingCashFlow: div(capex, ct.operating),
    capexToDepreciation: div(capex, i.depreciationAndAmortization),
    capexToRevenue: div(capex, i.revenue),
    salesGeneralAndAdministrativeToRevenue: div(
      i.sellingGeneralAndAdministrativeExpenses,
      i.revenue,
    ),
    researchAndDevelopementToRevenue: div(i.researchAndDevelopmentExpenses, i.revenue),
    stockBasedCompensationToRevenue: div(p.cash.stockBasedCompensation, i.revenue),
    intangiblesToTotalAssets: div(bt.goodwillAndIntangibleAssets, bt.totalAssets),
    averageReceivables: avgReceivables,
    averagePayables: avgPayables,
    averageInventory: avgInventory,
    daysOfSalesOutstanding: dso,
    daysOfPayablesOutstanding: dpo,
    daysOfInventoryOutstanding: dio,
    operatingCycle: dso + dio,
    cashConversionCycle: dso + dio - dpo,
    freeCashFlowToEquity: ct.freeCashFlow + ct.netDebtIssuance,
    freeCashFlowToFirm: ct.freeCashFlow + i.interestExpense * (1 - taxRate),
    tangibleAssetValue: bt.totalStockholdersEquity - bt.goodwillAndIntangibleAssets,
    netCurrentAssetValue: bt.totalCurrentAssets - bt.totalLiabilities,
  };
  return { ratios, keyMetrics };
}

export function ratiosRow(c: Company, p: Period, price: number, priorEps: number | null) {
  const { ratios } = metrics(p, price, priorEps, p.period === 'FY' ? 365 : 91.25);
  return merge(
    {
      symbol: c.entry.symbol,
      date: isoOf(p.endDay),
      fiscalYear: String(p.fiscalYear),
      period: p.period,
      reportedCurrency: 'USD',
    },
    ratios,
  );
}

export function keyMetricsRow(c: Company, p: Period, price: number) {
  const { keyMetrics } = metrics(p, price, null, p.period === 'FY' ? 365 : 91.25);
  return merge(
    {
      symbol: c.entry.symbol,
      date: isoOf(p.endDay),
      fiscalYear: String(p.fiscalYear),
      period: p.period,
      reportedCurrency: 'USD',
    },
    keyMetrics,
  );
}

export function ratiosTtmRow(c: Company, p: Period, price: number, priorEps: number | null) {
  const { ratios, keyMetrics } = metrics(p, price, priorEps, 365);
  const out: Record<string, string | number> = { symbol: c.entry.symbol };
  for (const [k, v] of Object.entries(ratios)) {
    if (k === 'dividendYieldPercentage') continue;
    out[`${k}TTM`] = v;
    if (k === 'dividendYield') out.enterpriseValueTTM = keyMetrics.enterpriseValue;
  }
  return out;
}

export function keyMetricsTtmRow(c: Company, p: Period, price: number) {
  const { keyMetrics } = metrics(p, price, null, 365);
  const out: Record<string, string | number> = { symbol: c.entry.symbol };
  for (const [k, v] of Object.entries(keyMetrics)) out[k === 'marketCap' ? k : `${k}TTM`] = v;
  return out;
}
