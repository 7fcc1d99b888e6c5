import { z } from 'zod';
import { defineRoutes } from './types';

const pending = z.object({}).passthrough();

export const marketRoutes = defineRoutes([
  { id: 'commonApi', method: 'POST', path: '/api/common_api', auth: false, request: pending, needs: ['table', 'marketData'], summary: 'Market-data proxy over an allowlist of provider paths' },
  { id: 'getIndexQuotes', method: 'GET', path: '/api/getIndexQuotes', auth: false, request: pending, needs: ['table', 'marketData'], summary: 'Cached quotes of the S&P 500, NYSE, DJIA and NASDAQ indexes' },
  { id: 'getHistoricalData', method: 'POST', path: '/api/getHistoricalData', auth: false, request: pending, needs: ['table', 'marketData'], summary: 'Closing-price series for charts' },
  { id: 'getDailyData', method: 'POST', path: '/api/getDailyData', auth: false, request: pending, needs: ['table', 'marketData'], summary: 'Daily closing prices of a stock' },
  { id: 'getWeeklyData', method: 'POST', path: '/api/getWeeklyData', auth: false, request: pending, needs: ['table', 'marketData'], summary: 'Weekly closing prices of a stock' },
  { id: 'getStockList', method: 'POST', path: '/api/getStockList', auth: false, request: pending, needs: ['table', 'marketData'], summary: 'Stocks by market-cap band, sector and region' },
]);
