import { READ_CACHE_KIND, type EdgeCacheKind, type QueryValue } from '../market/edge-cache';
import {
  canonicalReadQuery,
  historicalDataRequest,
  indexQuotesRequest,
  marketReadRequest,
  stockListRequest,
  symbolSeriesRequest,
  type ProxyRead,
  type StockListRequest,
} from '../market';
import { companyOverviewRequest, type CompanyOverviewRequest } from '../market/overview';
import { compareRequest, type CompareRequest } from '../compare/compare';
import { heatmapRequest } from '../heatmap/data';
import { estimatesRequest, type EstimatesRequest } from '../valuation/estimates-api';
import { valueLineRequest, type ValueLineRequest } from '../valuation/value-line-api';
import { CLIENT_LIMITS, defineRoutes, type EdgeCacheDef } from './types';

/*
 * The GET forms of the public market reads (decision 126): their parameters in the query
 * string, under /api/market/ (the one path CloudFront caches), answering
 * `Cache-Control: public, s-maxage=…` for their kind of data. The POST forms of
 * shared/routes/market.ts keep working, uncached. A read that misses the cache counts against
 * its client's limit (CLIENT_LIMITS.marketReadGet, decision 190).
 */

/** An edge-cache entry typed by the route's validated input. */
function edge<I>(
  kind: EdgeCacheKind | ((input: I) => EdgeCacheKind),
  query: (input: I) => Readonly<Record<string, QueryValue>>,
): EdgeCacheDef {
  return { kind: kind as EdgeCacheDef['kind'], query: query as EdgeCacheDef['query'] };
}

const symbolSeries = edge('series', (input: { stock_symbol: string }) => ({
  stock_symbol: input.stock_symbol,
}));

const sorted = (list: readonly string[]) => [...list].sort().join('|');

export const marketReadRoutes = defineRoutes([
  {
    id: 'marketIndexQuotes',
    method: 'GET',
    path: '/api/market/index-quotes',
    auth: false,
    handler: 'api/marketIndexQuotes',
    request: indexQuotesRequest,
    needs: ['tableWrite', 'marketData'],
    clientLimitPerMinute: CLIENT_LIMITS.marketReadGet,
    summary: 'Cached quotes of the S&P 500, NYSE, DJIA and NASDAQ indexes (edge-cached)',
    edgeCache: edge('quote', () => ({})),
  },
  {
    id: 'marketRead',
    method: 'GET',
    path: '/api/market/read',
    auth: false,
    handler: 'api/marketRead',
    request: marketReadRequest,
    needs: ['tableWrite', 'marketData'],
    clientLimitPerMinute: CLIENT_LIMITS.marketReadGet,
    summary:
      'One read of the market-data allowlist (profile, statements, ratios, news, search, quotes, prices) by query (edge-cached)',
    edgeCache: edge(
      (input: ProxyRead) => READ_CACHE_KIND[input.kind],
      (input: ProxyRead) => canonicalReadQuery(input),
    ),
  },
  {
    id: 'marketHistorical',
    method: 'GET',
    path: '/api/market/historical',
    auth: false,
    handler: 'api/marketHistorical',
    request: historicalDataRequest,
    needs: ['tableWrite', 'marketData'],
    clientLimitPerMinute: CLIENT_LIMITS.marketReadGet,
    summary: 'Closing-price series for charts (edge-cached)',
    edgeCache: edge('series', (input: { stock_symbol: string; from?: string; to?: string }) => ({
      stock_symbol: input.stock_symbol,
      from: input.from,
      to: input.to,
    })),
  },
  {
    id: 'marketDaily',
    method: 'GET',
    path: '/api/market/daily',
    auth: false,
    handler: 'api/marketDaily',
    request: symbolSeriesRequest,
    needs: ['tableWrite', 'marketData'],
    clientLimitPerMinute: CLIENT_LIMITS.marketReadGet,
    summary: 'Daily closing prices of a stock (edge-cached)',
    edgeCache: symbolSeries,
  },
  {
    id: 'marketWeekly',
    method: 'GET',
    path: '/api/market/weekly',
    auth: false,
    handler: 'api/marketWeekly',
    request: symbolSeriesRequest,
    needs: ['tableWrite', 'marketData'],
    clientLimitPerMinute: CLIENT_LIMITS.marketReadGet,
    summary: 'Weekly closing prices of a stock (edge-cached)',
    edgeCache: symbolSeries,
  },
  {
    id: 'marketStockList',
    method: 'GET',
    path: '/api/market/stock-list',
    auth: false,
    handler: 'api/marketStockList',
    request: stockListRequest,
    needs: ['tableWrite', 'marketData'],
    clientLimitPerMinute: CLIENT_LIMITS.marketReadGet,
    summary: 'Stocks by market-cap band, sector and region (edge-cached)',
    edgeCache: edge('stockList', (input: StockListRequest) => ({
      marketcap: sorted(input.marketcap),
      sector: sorted(input.sector),
      region: input.region,
    })),
  },
  {
    id: 'marketCompanyOverview',
    method: 'GET',
    path: '/api/market/company-overview',
    auth: false,
    handler: 'api/marketCompanyOverview',
    request: companyOverviewRequest,
    needs: ['tableWrite', 'marketData'],
    clientLimitPerMinute: CLIENT_LIMITS.marketReadGet,
    summary: "A company view's first screen in one answer (edge-cached)",
    edgeCache: edge('overview', (input: CompanyOverviewRequest) => ({ symbol: input.symbol })),
  },
  {
    id: 'marketValueLine',
    method: 'GET',
    path: '/api/market/value-line',
    auth: false,
    handler: 'api/marketValueLine',
    request: valueLineRequest,
    needs: ['tableWrite', 'marketData'],
    clientLimitPerMinute: CLIENT_LIMITS.marketReadGet,
    summary:
      "A value line's data: twenty years of quarterly statements, splits, daily closes and the sector's medians (edge-cached)",
    edgeCache: edge('series', (input: ValueLineRequest) => ({ symbol: input.symbol })),
  },
  {
    id: 'marketEstimates',
    method: 'GET',
    path: '/api/market/estimates',
    auth: false,
    handler: 'api/marketEstimates',
    request: estimatesRequest,
    needs: ['tableWrite', 'marketData'],
    clientLimitPerMinute: CLIENT_LIMITS.marketReadGet,
    summary:
      "Analysts' annual estimates of EPS, revenue and EBITDA beside the figures later reported (edge-cached)",
    edgeCache: edge('fundamentals', (input: EstimatesRequest) => ({ symbol: input.symbol })),
  },
  {
    id: 'marketHeatmap',
    method: 'GET',
    path: '/api/market/heatmap',
    auth: false,
    handler: 'api/marketHeatmap',
    request: heatmapRequest,
    needs: ['tableWrite', 'marketData'],
    clientLimitPerMinute: CLIENT_LIMITS.marketReadGet,
    summary:
      'The market map: every company with its market cap and 1D, 1W, 1M and YTD change, from the screener snapshot and the quote cache (edge-cached)',
    edgeCache: edge('snapshot', () => ({})),
  },
  {
    id: 'marketCompare',
    method: 'GET',
    path: '/api/market/compare',
    auth: false,
    handler: 'api/marketCompare',
    request: compareRequest,
    needs: ['tableWrite', 'marketData'],
    clientLimitPerMinute: CLIENT_LIMITS.marketReadGet,
    summary:
      "Up to five companies' fundamentals side by side, from the screener snapshot and the quote cache (edge-cached)",
    edgeCache: edge('snapshot', (input: CompareRequest) => ({ symbols: input.symbols.join(',') })),
  },
]);
