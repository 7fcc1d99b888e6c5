import {
  historicalDataRequest,
  indexQuotesRequest,
  proxyRequestSchema,
  stockListRequest,
  symbolSeriesRequest,
} from '../market';
import { companyOverviewRequest } from '../market/overview';
import { defineRoutes } from './types';

/** Market data: responses are `{ data, source: 'demo' | 'fmp', stale, asOf }` (shared/market). */
export const marketRoutes = defineRoutes([
  {
    id: 'commonApi',
    method: 'POST',
    path: '/api/common_api',
    auth: false,
    handler: 'api/commonApi',
    request: proxyRequestSchema,
    needs: ['tableWrite', 'marketData'],
    summary: 'Market-data proxy over an allowlist of provider paths',
  },
  {
    id: 'getIndexQuotes',
    method: 'GET',
    path: '/api/getIndexQuotes',
    auth: false,
    handler: 'api/getIndexQuotes',
    request: indexQuotesRequest,
    needs: ['tableWrite', 'marketData'],
    summary: 'Cached quotes of the S&P 500, NYSE, DJIA and NASDAQ indexes',
  },
  {
    id: 'getHistoricalData',
    method: 'POST',
    path: '/api/getHistoricalData',
    auth: false,
    handler: 'api/getHistoricalData',
    request: historicalDataRequest,
    needs: ['tableWrite', 'marketData'],
    summary: 'Closing-price series for charts',
  },
  {
    id: 'getDailyData',
    method: 'POST',
    path: '/api/getDailyData',
    auth: false,
    handler: 'api/getDailyData',
    request: symbolSeriesRequest,
    needs: ['tableWrite', 'marketData'],
    summary: 'Daily closing prices of a stock',
  },
  {
    id: 'getWeeklyData',
    method: 'POST',
    path: '/api/getWeeklyData',
    auth: false,
    handler: 'api/getWeeklyData',
    request: symbolSeriesRequest,
    needs: ['tableWrite', 'marketData'],
    summary: 'Weekly closing prices of a stock',
  },
  {
    id: 'getStockList',
    method: 'POST',
    path: '/api/getStockList',
    auth: false,
    handler: 'api/getStockList',
    request: stockListRequest,
    needs: ['tableWrite', 'marketData'],
    summary: 'Stocks by market-cap band, sector and region',
  },
  {
    id: 'getCompanyOverview',
    method: 'POST',
    path: '/api/getCompanyOverview',
    auth: false,
    handler: 'api/getCompanyOverview',
    request: companyOverviewRequest,
    needs: ['tableWrite', 'marketData'],
    summary:
      "A company view's first screen: profile, quote, TTM ratios, owners and news in one answer",
  },
]);
