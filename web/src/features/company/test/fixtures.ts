import type { CompanyOverview } from '../../../../../shared/market/overview';

/** A company overview as the server answers it, with every contract field present. */
export function overviewFixture(
  overrides: {
    symbol?: string;
    companyName?: string;
    sector?: string;
    price?: number;
    change?: number;
    /** The income statement's reporting currency (the profile trades in USD). */
    reportedCurrency?: string;
  } = {},
): CompanyOverview {
  const symbol = overrides.symbol ?? 'AAPL';
  const price = overrides.price ?? 190.5;
  const change = overrides.change ?? 2.5;
  return {
    symbol,
    profile: {
      symbol,
      companyName: overrides.companyName ?? 'Apple Inc.',
      exchange: 'NASDAQ Global Select',
      exchangeShortName: 'NASDAQ',
      price,
      currency: 'USD',
      changes: change,
      changesPercentage: null,
      mktCap: 2.9e12,
      beta: 1.2,
      volAvg: 5e7,
      lastDiv: 0.96,
      range: '150-200',
      description: 'Designs phones and computers.',
      sector: overrides.sector ?? 'Technology',
      industry: 'Consumer Electronics',
      image: null,
      website: null,
      ceo: null,
      country: 'US',
      fullTimeEmployees: null,
      ipoDate: null,
      isEtf: false,
      isActivelyTrading: true,
    },
    quote: {
      symbol,
      name: 'Apple Inc.',
      price,
      change,
      changesPercentage: null,
      open: 188.25,
      dayHigh: 191,
      dayLow: 187.75,
      yearLow: 150.1,
      yearHigh: 199.62,
      marketCap: 2_950_000_000_000,
      priceAvg50: null,
      priceAvg200: null,
      pe: 29.31,
      eps: 6.5,
      volume: 51_234_567,
      avgVolume: null,
      previousClose: 188,
      sharesOutstanding: 15_000_000_000,
      exchange: 'NASDAQ',
      timestamp: null,
    },
    ratiosTtm: {
      symbol,
      peRatioTTM: 29.31,
      priceEarningsRatioTTM: 29.31,
      pegRatioTTM: null,
      priceToBookRatioTTM: 45.2,
      priceToSalesRatioTTM: 7.6,
      priceToFreeCashFlowsRatioTTM: null,
      enterpriseValueMultipleTTM: 22.1,
      dividendYieldPercentageTTM: 0.5,
      dividendYieldTTM: 0.005,
      payoutRatioTTM: null,
      grossProfitMarginTTM: null,
      operatingProfitMarginTTM: 0.3,
      netProfitMarginTTM: 0.25,
      currentRatioTTM: null,
      debtEquityRatioTTM: null,
      bookValuePerShareTTM: null,
      revenuePerShareTTM: null,
      netIncomePerShareTTM: null,
      dividendPerShareTTM: null,
    },
    revenueQuarters: [
      { date: '2024-09-28', revenue: 100e9 },
      { date: '2024-06-29', revenue: 90e9 },
      { date: '2024-03-30', revenue: 95e9 },
      { date: '2023-12-30', revenue: 110e9 },
    ],
    reportedCurrency: overrides.reportedCurrency ?? 'USD',
    owners: {
      quarter: { year: 2024, quarter: 2 },
      fellBackToLatest: false,
      owners: [
        {
          holder: 'Northbridge Capital',
          shares: 1_200_000_000,
          dateReported: '2024-06-30',
          change: null,
          percentOwned: 8,
          percentOwnedText: '8.00%',
        },
        {
          holder: 'Tiny Fund',
          shares: 300,
          dateReported: '2024-06-30',
          change: null,
          percentOwned: 0.000002,
          percentOwnedText: '0.000002%',
        },
      ],
    },
    news: Array.from({ length: 5 }, (_, i) => ({
      symbol,
      publishedDate: `2024-10-0${i + 1} 09:30:00`,
      title: `Headline ${i + 1}`,
      image: i === 0 ? 'https://images.example.com/a.png' : '/images/news/placeholder.svg',
      site: 'news.example.com',
      text: `Story ${i + 1}`,
      url: `https://news.example.com/story-${i + 1}`,
      publisher: 'Example News',
    })),
  };
}

/** Dated statement-like rows, newest first, with the given field values (oldest last). */
export function rowsFixture(
  frequency: 'annual' | 'quarter',
  count: number,
  values: (i: number) => Record<string, number | null>,
) {
  return Array.from({ length: count }, (_, i) => {
    const year = 2024 - (frequency === 'annual' ? i : Math.floor(i / 4));
    const quarter = 4 - (i % 4);
    const month = frequency === 'annual' ? 12 : quarter * 3;
    return {
      date: `${year}-${String(month).padStart(2, '0')}-28`,
      symbol: 'AAPL',
      period: frequency === 'annual' ? 'FY' : `Q${quarter}`,
      calendarYear: String(year),
      ...values(i),
    };
  });
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const envelope = (data: unknown) => ({
  data,
  source: 'demo',
  stale: false,
  asOf: '2024-10-01T00:00:00.000Z',
});
