import { emptyRequest } from '../schemas/common';
import { cancelOrderPayload } from '../schemas/portfolio-api';
import {
  createPortfolioPayload,
  orderPayload,
  portfolioIdPayload,
  searchPortfolioPayload,
  updatePortfolioPayload,
} from '../portfolio/schemas';
import { defineRoutes } from './types';

/** Portfolios and paper trading: response shapes in shared/schemas/portfolio-api.ts. */
export const portfolioRoutes = defineRoutes([
  { id: 'addPortfolio', method: 'POST', path: '/api/addPortfolio', auth: true, handler: 'api/addPortfolio', request: createPortfolioPayload, needs: ['table', 'marketData'], summary: 'Create a portfolio with seed capital' },
  { id: 'getPortfolioList', method: 'GET', path: '/api/getPortfolioList', auth: true, handler: 'api/getPortfolioList', request: emptyRequest, needs: ['table', 'marketData'], summary: 'The portfolios with NAV, IRR and benchmark, and the total portfolio value' },
  { id: 'getPortfolioDetails', method: 'POST', path: '/api/getPortfolioDetails', auth: true, handler: 'api/getPortfolioDetails', request: portfolioIdPayload, needs: ['table'], summary: 'One portfolio' },
  { id: 'updatePortfolioDetails', method: 'POST', path: '/api/updatePortfolioDetails', auth: true, handler: 'api/updatePortfolioDetails', request: updatePortfolioPayload, needs: ['table'], summary: 'Rename or change the seed capital' },
  { id: 'deletePortfolio', method: 'POST', path: '/api/deletePortfolio', auth: true, handler: 'api/deletePortfolio', request: portfolioIdPayload, needs: ['table'], summary: 'Delete a portfolio with its holdings, transactions and orders' },
  { id: 'searchPortfolioList', method: 'POST', path: '/api/searchPortfolioList', auth: true, handler: 'api/searchPortfolioList', request: searchPortfolioPayload, needs: ['table', 'marketData'], summary: 'Search portfolios by name' },
  { id: 'stockPerPortfolio', method: 'POST', path: '/api/stock_per_portfolio', auth: true, handler: 'api/stockPerPortfolio', request: portfolioIdPayload, needs: ['table'], summary: 'Symbols held in a portfolio' },
  { id: 'getPortfolioHoldings', method: 'POST', path: '/api/getPortfolioHoldings', auth: true, handler: 'api/getPortfolioHoldings', request: portfolioIdPayload, needs: ['table', 'marketData'], summary: 'Holdings at the latest quotes, cash, NAV, IRR, benchmark, orders and transactions' },
  { id: 'placeOrder', method: 'POST', path: '/api/placeOrder', auth: true, handler: 'api/placeOrder', request: orderPayload, needs: ['table', 'marketData'], summary: 'Buy or sell in a portfolio: a market order fills at the current quote, a limit order waits' },
  { id: 'cancelOrder', method: 'POST', path: '/api/cancelOrder', auth: true, handler: 'api/cancelOrder', request: cancelOrderPayload, needs: ['table'], summary: 'Cancel an open limit order' },
]);
