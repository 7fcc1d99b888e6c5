import { describe, expect, it } from 'vitest';
import { demoStable } from './index.js';

const NOW = new Date('2026-03-10T15:30:00Z'); // 11:30 in New York, market open

/** Field lists with JSON types, as in FMP stable responses (docs: fmp-fields.md). */
const STABLE_FIELDS: Record<string, string> = {
  'balance-sheet-statement':
    'date:string, symbol:string, reportedCurrency:string, cik:string, filingDate:string, ' +
    'acceptedDate:string, fiscalYear:string, period:string, cashAndCashEquivalents:number, ' +
    'shortTermInvestments:number, cashAndShortTermInvestments:number, netReceivables:number, ' +
    'accountsReceivables:number, otherReceivables:number, inventory:number, prepaids:number, ' +
    'otherCurrentAssets:number, totalCurrentAssets:number, propertyPlantEquipmentNet:number, ' +
    'goodwill:number, intangibleAssets:number, goodwillAndIntangibleAssets:number, ' +
    'longTermInvestments:number, taxAssets:number, otherNonCurrentAssets:number, ' +
    'totalNonCurrentAssets:number, otherAssets:number, totalAssets:number, totalPayables:number, ' +
    'accountPayables:number, otherPayables:number, accruedExpenses:number, shortTermDebt:number, ' +
    'capitalLeaseObligationsCurrent:number, taxPayables:number, deferredRevenue:number, ' +
    'otherCurrentLiabilities:number, totalCurrentLiabilities:number, longTermDebt:number, ' +
    'capitalLeaseObligationsNonCurrent:number, deferredRevenueNonCurrent:number, ' +
    'deferredTaxLiabilitiesNonCurrent:number, otherNonCurrentLiabilities:number, ' +
    'totalNonCurrentLiabilities:number, otherLiabilities:number, capitalLeaseObligations:number, ' +
    'totalLiabilities:number, treasuryStock:number, preferredStock:number, commonStock:number, ' +
    'retainedEarnings:number, additionalPaidInCapital:number, ' +
    'accumulatedOtherComprehensiveIncomeLoss:number, otherTotalStockholdersEquity:number, ' +
    'totalStockholdersEquity:number, totalEquity:number, minorityInterest:number, ' +
    'totalLiabilitiesAndTotalEquity:number, totalInvestments:number, totalDebt:number, netDebt:number, ',
  'cash-flow-statement':
    'date:string, symbol:string, reportedCurrency:string, cik:string, filingDate:string, ' +
    'acceptedDate:string, fiscalYear:string, period:string, netIncome:number, ' +
    'depreciationAndAmortization:number, deferredIncomeTax:number, stockBasedCompensation:number, ' +
    'changeInWorkingCapital:number, accountsReceivables:number, inventory:number, ' +
    'accountsPayables:number, otherWorkingCapital:number, otherNonCashItems:number, ' +
    'netCashProvidedByOperatingActivities:number, investmentsInPropertyPlantAndEquipment:number, ' +
    'acquisitionsNet:number, purchasesOfInvestments:number, salesMaturitiesOfInvestments:number, ' +
    'otherInvestingActivities:number, netCashProvidedByInvestingActivities:number, ' +
    'netDebtIssuance:number, longTermNetDebtIssuance:number, shortTermNetDebtIssuance:number, ' +
    'netStockIssuance:number, netCommonStockIssuance:number, commonStockIssuance:number, ' +
    'commonStockRepurchased:number, netPreferredStockIssuance:number, netDividendsPaid:number, ' +
    'commonDividendsPaid:number, preferredDividendsPaid:number, otherFinancingActivities:number, ' +
    'netCashProvidedByFinancingActivities:number, effectOfForexChangesOnCash:number, ' +
    'netChangeInCash:number, cashAtEndOfPeriod:number, cashAtBeginningOfPeriod:number, ' +
    'operatingCashFlow:number, capitalExpenditure:number, freeCashFlow:number, incomeTaxesPaid:number, ' +
    'interestPaid:number, ',
  'historical-price-eod/full':
    'symbol:string, date:string, open:number, high:number, low:number, close:number, volume:number, ' +
    'change:number, changePercent:number, vwap:number, ',
  'income-statement':
    'date:string, symbol:string, reportedCurrency:string, cik:string, filingDate:string, ' +
    'acceptedDate:string, fiscalYear:string, period:string, revenue:number, costOfRevenue:number, ' +
    'grossProfit:number, researchAndDevelopmentExpenses:number, generalAndAdministrativeExpenses:number, ' +
    'sellingAndMarketingExpenses:number, sellingGeneralAndAdministrativeExpenses:number, ' +
    'otherExpenses:number, operatingExpenses:number, costAndExpenses:number, netInterestIncome:number, ' +
    'interestIncome:number, interestExpense:number, depreciationAndAmortization:number, ebitda:number, ' +
    'ebit:number, nonOperatingIncomeExcludingInterest:number, operatingIncome:number, ' +
    'totalOtherIncomeExpensesNet:number, incomeBeforeTax:number, incomeTaxExpense:number, ' +
    'netIncomeFromContinuingOperations:number, netIncomeFromDiscontinuedOperations:number, ' +
    'otherAdjustmentsToNetIncome:number, netIncome:number, netIncomeDeductions:number, ' +
    'bottomLineNetIncome:number, eps:number, epsDiluted:number, weightedAverageShsOut:number, ' +
    'weightedAverageShsOutDil:number, ',
  'key-metrics':
    'symbol:string, date:string, fiscalYear:string, period:string, reportedCurrency:string, ' +
    'marketCap:number, enterpriseValue:number, evToSales:number, evToOperatingCashFlow:number, ' +
    'evToFreeCashFlow:number, evToEBITDA:number, netDebtToEBITDA:number, currentRatio:number, ' +
    'incomeQuality:number, grahamNumber:number, grahamNetNet:number, taxBurden:number, ' +
    'interestBurden:number, workingCapital:number, investedCapital:number, returnOnAssets:number, ' +
    'operatingReturnOnAssets:number, returnOnTangibleAssets:number, returnOnEquity:number, ' +
    'returnOnInvestedCapital:number, returnOnCapitalEmployed:number, earningsYield:number, ' +
    'freeCashFlowYield:number, capexToOperatingCashFlow:number, capexToDepreciation:number, ' +
    'capexToRevenue:number, salesGeneralAndAdministrativeToRevenue:number, ' +
    'researchAndDevelopementToRevenue:number, stockBasedCompensationToRevenue:number, ' +
    'intangiblesToTotalAssets:number, averageReceivables:number, averagePayables:number, ' +
    'averageInventory:number, daysOfSalesOutstanding:number, daysOfPayablesOutstanding:number, ' +
    'daysOfInventoryOutstanding:number, operatingCycle:number, cashConversionCycle:number, ' +
    'freeCashFlowToEquity:number, freeCashFlowToFirm:number, tangibleAssetValue:number, ' +
    'netCurrentAssetValue:number, ',
  'key-metrics-ttm':
    'symbol:string, marketCap:number, enterpriseValueTTM:number, evToSalesTTM:number, ' +
    'evToOperatingCashFlowTTM:number, evToFreeCashFlowTTM:number, evToEBITDATTM:number, ' +
    'netDebtToEBITDATTM:number, currentRatioTTM:number, incomeQualityTTM:number, grahamNumberTTM:number, ' +
    'grahamNetNetTTM:number, taxBurdenTTM:number, interestBurdenTTM:number, workingCapitalTTM:number, ' +
    'investedCapitalTTM:number, returnOnAssetsTTM:number, operatingReturnOnAssetsTTM:number, ' +
    'returnOnTangibleAssetsTTM:number, returnOnEquityTTM:number, returnOnInvestedCapitalTTM:number, ' +
    'returnOnCapitalEmployedTTM:number, earningsYieldTTM:number, freeCashFlowYieldTTM:number, ' +
    'capexToOperatingCashFlowTTM:number, capexToDepreciationTTM:number, capexToRevenueTTM:number, ' +
    'salesGeneralAndAdministrativeToRevenueTTM:number, researchAndDevelopementToRevenueTTM:number, ' +
    'stockBasedCompensationToRevenueTTM:number, intangiblesToTotalAssetsTTM:number, ' +
    'averageReceivablesTTM:number, averagePayablesTTM:number, averageInventoryTTM:number, ' +
    'daysOfSalesOutstandingTTM:number, daysOfPayablesOutstandingTTM:number, ' +
    'daysOfInventoryOutstandingTTM:number, operatingCycleTTM:number, cashConversionCycleTTM:number, ' +
    'freeCashFlowToEquityTTM:number, freeCashFlowToFirmTTM:number, tangibleAssetValueTTM:number, ' +
    'netCurrentAssetValueTTM:number, ',
  'news/stock':
    'symbol:string, publishedDate:string, publisher:string, title:string, image:string, site:string, ' +
    'text:string, url:string, ',
  profile:
    'symbol:string, price:number, marketCap:number, beta:number, lastDividend:number, range:string, ' +
    'change:number, changePercentage:number, volume:number, averageVolume:number, companyName:string, ' +
    'currency:string, cik:string, isin:string, cusip:string, exchangeFullName:string, exchange:string, ' +
    'industry:string, website:string, description:string, ceo:string, sector:string, country:string, ' +
    'fullTimeEmployees:string, phone:string, address:string, city:string, state:string, zip:string, ' +
    'image:string, ipoDate:string, defaultImage:boolean, isEtf:boolean, isActivelyTrading:boolean, ' +
    'isAdr:boolean, isFund:boolean, ',
  quote:
    'symbol:string, name:string, price:number, changePercentage:number, change:number, volume:number, ' +
    'dayLow:number, dayHigh:number, yearHigh:number, yearLow:number, marketCap:number, ' +
    'priceAvg50:number, priceAvg200:number, exchange:string, open:number, previousClose:number, ' +
    'timestamp:number, ',
  ratios:
    'symbol:string, date:string, fiscalYear:string, period:string, reportedCurrency:string, ' +
    'grossProfitMargin:number, ebitMargin:number, ebitdaMargin:number, operatingProfitMargin:number, ' +
    'pretaxProfitMargin:number, continuousOperationsProfitMargin:number, netProfitMargin:number, ' +
    'bottomLineProfitMargin:number, receivablesTurnover:number, payablesTurnover:number, ' +
    'inventoryTurnover:number, fixedAssetTurnover:number, assetTurnover:number, currentRatio:number, ' +
    'quickRatio:number, solvencyRatio:number, cashRatio:number, priceToEarningsRatio:number, ' +
    'priceToEarningsGrowthRatio:number, forwardPriceToEarningsGrowthRatio:number, ' +
    'priceToBookRatio:number, priceToSalesRatio:number, priceToFreeCashFlowRatio:number, ' +
    'priceToOperatingCashFlowRatio:number, debtToAssetsRatio:number, debtToEquityRatio:number, ' +
    'debtToCapitalRatio:number, longTermDebtToCapitalRatio:number, financialLeverageRatio:number, ' +
    'workingCapitalTurnoverRatio:number, operatingCashFlowRatio:number, ' +
    'operatingCashFlowSalesRatio:number, freeCashFlowOperatingCashFlowRatio:number, ' +
    'debtServiceCoverageRatio:number, interestCoverageRatio:number, ' +
    'shortTermOperatingCashFlowCoverageRatio:number, operatingCashFlowCoverageRatio:number, ' +
    'capitalExpenditureCoverageRatio:number, dividendPaidAndCapexCoverageRatio:number, ' +
    'dividendPayoutRatio:number, dividendYield:number, dividendYieldPercentage:number, ' +
    'revenuePerShare:number, netIncomePerShare:number, interestDebtPerShare:number, cashPerShare:number, ' +
    'bookValuePerShare:number, tangibleBookValuePerShare:number, shareholdersEquityPerShare:number, ' +
    'operatingCashFlowPerShare:number, capexPerShare:number, freeCashFlowPerShare:number, ' +
    'netIncomePerEBT:number, ebtPerEbit:number, priceToFairValue:number, debtToMarketCap:number, ' +
    'effectiveTaxRate:number, enterpriseValueMultiple:number, dividendPerShare:number, ',
  'ratios-ttm':
    'symbol:string, grossProfitMarginTTM:number, ebitMarginTTM:number, ebitdaMarginTTM:number, ' +
    'operatingProfitMarginTTM:number, pretaxProfitMarginTTM:number, ' +
    'continuousOperationsProfitMarginTTM:number, netProfitMarginTTM:number, ' +
    'bottomLineProfitMarginTTM:number, receivablesTurnoverTTM:number, payablesTurnoverTTM:number, ' +
    'inventoryTurnoverTTM:number, fixedAssetTurnoverTTM:number, assetTurnoverTTM:number, ' +
    'currentRatioTTM:number, quickRatioTTM:number, solvencyRatioTTM:number, cashRatioTTM:number, ' +
    'priceToEarningsRatioTTM:number, priceToEarningsGrowthRatioTTM:number, ' +
    'forwardPriceToEarningsGrowthRatioTTM:number, priceToBookRatioTTM:number, ' +
    'priceToSalesRatioTTM:number, priceToFreeCashFlowRatioTTM:number, ' +
    'priceToOperatingCashFlowRatioTTM:number, debtToAssetsRatioTTM:number, debtToEquityRatioTTM:number, ' +
    'debtToCapitalRatioTTM:number, longTermDebtToCapitalRatioTTM:number, ' +
    'financialLeverageRatioTTM:number, workingCapitalTurnoverRatioTTM:number, ' +
    'operatingCashFlowRatioTTM:number, operatingCashFlowSalesRatioTTM:number, ' +
    'freeCashFlowOperatingCashFlowRatioTTM:number, debtServiceCoverageRatioTTM:number, ' +
    'interestCoverageRatioTTM:number, shortTermOperatingCashFlowCoverageRatioTTM:number, ' +
    'operatingCashFlowCoverageRatioTTM:number, capitalExpenditureCoverageRatioTTM:number, ' +
    'dividendPaidAndCapexCoverageRatioTTM:number, dividendPayoutRatioTTM:number, ' +
    'dividendYieldTTM:number, enterpriseValueTTM:number, revenuePerShareTTM:number, ' +
    'netIncomePerShareTTM:number, interestDebtPerShareTTM:number, cashPerShareTTM:number, ' +
    'bookValuePerShareTTM:number, tangibleBookValuePerShareTTM:number, ' +
    'shareholdersEquityPerShareTTM:number, operatingCashFlowPerShareTTM:number, capexPerShareTTM:number, ' +
    'freeCashFlowPerShareTTM:number, netIncomePerEBTTTM:number, ebtPerEbitTTM:number, ' +
    'priceToFairValueTTM:number, debtToMarketCapTTM:number, effectiveTaxRateTTM:number, ' +
    'enterpriseValueMultipleTTM:number, dividendPerShareTTM:number, ',
};

/** Endpoints the field notes do not list: shapes from the stable mapping notes. */
const OTHER_FIELDS: Record<string, string> = {
  'search-symbol':
    'symbol:string, name:string, currency:string, exchangeFullName:string, exchange:string',
  'search-name':
    'symbol:string, name:string, currency:string, exchangeFullName:string, exchange:string',
  'batch-quote-short': 'symbol:string, price:number, change:number, volume:number',
  dividends:
    'symbol:string, date:string, recordDate:string, paymentDate:string, declarationDate:string, ' +
    'adjDividend:number, dividend:number, yield:number, frequency:string',
  splits: 'symbol:string, date:string, numerator:number, denominator:number',
  'historical-price-eod/light': 'symbol:string, date:string, price:number, volume:number',
  'historical-chart/5min':
    'date:string, open:number, low:number, high:number, close:number, volume:number',
  'shares-float':
    'symbol:string, date:string, freeFloat:number, floatShares:number, outstandingShares:number',
};

function parse(spec: string): [string, string][] {
  return spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => s.split(':') as [string, string]);
}

function typeOf(v: unknown): string {
  return v === null ? 'null' : typeof v;
}

/** Same keys in the same order, and each value of the listed JSON type. */
function expectShape(row: unknown, spec: string, nullable: string[] = []) {
  const fields = parse(spec);
  const obj = row as Record<string, unknown>;
  expect(Object.keys(obj)).toEqual(fields.map(([k]) => k));
  for (const [k, t] of fields) {
    const actual = typeOf(obj[k]);
    if (nullable.includes(k)) expect(['null', 'number', 'string']).toContain(actual);
    else expect(actual, k).toBe(t);
    if (actual === 'number') expect(Number.isFinite(obj[k] as number), k).toBe(true);
  }
}

function rows(endpoint: string, params: Record<string, string>): Record<string, unknown>[] {
  const res = demoStable(endpoint, params, NOW);
  expect(Array.isArray(res)).toBe(true);
  return res as Record<string, unknown>[];
}

const SAMPLE = ['AAPL', 'JPM', 'MCD', 'RIVN', 'ARM', 'XOM', 'O', 'INTT'];
/** Profile fields the demo leaves empty: it states no facts about people, head count or offices. */
const PROFILE_NULLS = ['ceo', 'fullTimeEmployees', 'phone', 'address', 'city', 'state', 'zip'];

describe('demo data set answers in FMP stable shapes', () => {
  for (const endpoint of Object.keys(STABLE_FIELDS)) {
    it(`${endpoint} rows have the stable field names and JSON types`, () => {
      for (const symbol of SAMPLE) {
        const params: Record<string, string> = { symbol, limit: '3' };
        if (endpoint === 'historical-price-eod/full') params.from = '2026-01-01';
        if (endpoint === 'news/stock') {
          delete params.symbol;
          params.symbols = symbol;
        }
        const list = rows(endpoint, params);
        expect(list.length, `${endpoint} ${symbol}`).toBeGreaterThan(0);
        for (const row of list) {
          expectShape(row, STABLE_FIELDS[endpoint]!, endpoint === 'profile' ? PROFILE_NULLS : []);
        }
      }
    });
  }

  it('quarterly statements, ratios and key metrics have the same shapes as annual ones', () => {
    for (const endpoint of [
      'income-statement',
      'balance-sheet-statement',
      'cash-flow-statement',
      'ratios',
      'key-metrics',
    ]) {
      const list = rows(endpoint, { symbol: 'MSFT', period: 'quarter', limit: '8' });
      expect(list).toHaveLength(8);
      for (const row of list) {
        expectShape(row, STABLE_FIELDS[endpoint]!);
        expect(row.period).toMatch(/^Q[1-4]$/);
        expect(row.fiscalYear).toMatch(/^\d{4}$/);
        expect(row.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  for (const [endpoint, spec] of Object.entries(OTHER_FIELDS)) {
    it(`${endpoint} rows have the stable field names and JSON types`, () => {
      const params: Record<string, string> = endpoint.startsWith('search')
        ? { query: endpoint === 'search-name' ? 'apple' : 'AA' }
        : endpoint === 'batch-quote-short'
          ? { symbols: 'AAPL,MSFT,^GSPC' }
          : { symbol: 'AAPL', from: '2026-01-01' };
      const list = rows(endpoint, params);
      expect(list.length).toBeGreaterThan(0);
      for (const row of list) expectShape(row, spec);
    });
  }

  it('index quotes and daily history use the quote and price shapes', () => {
    for (const symbol of ['^GSPC', '^NYA', '^DJI', '^IXIC']) {
      const [q] = rows('quote', { symbol });
      expectShape(q, STABLE_FIELDS.quote!);
      const history = rows('historical-price-eod/full', { symbol, from: '2025-01-01' });
      expect(history.length).toBeGreaterThan(250);
      expectShape(history[0], STABLE_FIELDS['historical-price-eod/full']!);
    }
  });

  it('earnings rows carry actuals for past announcements and nulls for the next one', () => {
    const list = rows('earnings', { symbol: 'AAPL', limit: '6' });
    expect(list).toHaveLength(6);
    for (const row of list) {
      expect(Object.keys(row).slice(0, 6)).toEqual([
        'symbol',
        'date',
        'epsActual',
        'epsEstimated',
        'revenueActual',
        'revenueEstimated',
      ]);
      expect(row.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(typeof row.epsEstimated).toBe('number');
    }
    const future = list.filter((r) => (r.date as string) > '2026-03-10');
    const past = list.filter((r) => (r.date as string) <= '2026-03-10');
    expect(future.length).toBeGreaterThan(0);
    for (const r of future) expect(r.epsActual).toBeNull();
    for (const r of past) expect(typeof r.epsActual).toBe('number');
  });

  it('institutional holder rows carry the fields the holder mapping reads', () => {
    const list = rows('institutional-ownership/extract-analytics/holder', { symbol: 'AAPL' });
    expect(list).toHaveLength(10);
    for (const row of list) {
      expect(typeof row.symbol).toBe('string');
      expect(typeof row.investorName).toBe('string');
      expect(Number.isInteger(row.sharesNumber)).toBe(true);
      expect(Number.isInteger(row.changeInSharesNumber)).toBe(true);
      expect(row.date).toBe('2025-12-31');
      expect(typeof row.ownership).toBe('number');
      expect(row.changeInSharesNumber).toBe(
        (row.sharesNumber as number) - (row.lastSharesNumber as number),
      );
    }
    const shares = list.map((r) => r.sharesNumber as number);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
  });

  it('company-screener rows carry the screener fields', () => {
    const list = rows('company-screener', {
      sector: 'Technology',
      marketCapMoreThan: '5000000000',
      limit: '5',
    });
    expect(list).toHaveLength(5);
    for (const row of list) {
      expect(row.sector).toBe('Technology');
      expect(row.marketCap as number).toBeGreaterThan(5e9);
      expect(typeof row.companyName).toBe('string');
      expect(typeof row.price).toBe('number');
    }
  });

  it('news items link to example hosts and a data-free placeholder image', () => {
    const list = rows('news/stock', { symbols: 'AAPL,MSFT', limit: '10' });
    expect(list).toHaveLength(10);
    for (const n of list) {
      expect(n.url).toMatch(/^https:\/\/[a-z]+\.example\.(com|org|net)\//);
      expect(n.image).toBe('/images/news/placeholder.svg');
      expect(n.publishedDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect((n.publishedDate as string) <= '2026-03-10 11:30:00').toBe(true);
    }
    const dates = list.map((n) => n.publishedDate as string);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('profiles describe the company with a generated description and example website', () => {
    const p = rows('profile', { symbol: 'KO' })[0]!;
    expect(p.companyName).toBe('The Coca-Cola Company');
    expect(p.sector).toBe('Consumer Defensive');
    expect(p.industry).toBe('Beverages - Non-Alcoholic');
    expect(p.website).toBe('https://www.ko.example.com');
    expect(p.description as string).toContain('The Coca-Cola Company');
    expect((p.description as string).split('. ').length).toBeGreaterThanOrEqual(2);
    expect(p.ipoDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('names no people and invents no facts about the firms: no executives, head count, office or real-sounding holders', () => {
    for (const symbol of SAMPLE) {
      expect(rows('key-executives', { symbol })).toEqual([]);
      const p = rows('profile', { symbol })[0]!;
      for (const field of PROFILE_NULLS) expect(p[field], `${symbol} ${field}`).toBeNull();
      expect(p.description as string).not.toMatch(/led by|employs/);
      const holders = rows('institutional-ownership/extract-analytics/holder', { symbol });
      expect(holders.length).toBeGreaterThan(0);
      for (const h of holders) expect(h.investorName as string).toMatch(/^Illustrative /);
    }
  });
});
