import { z } from 'zod';
import { emptyRequest } from '../schemas/common';
import { defineRoutes } from './types';

const pending = z.object({}).passthrough();

export const portfolioRoutes = defineRoutes([
  { id: 'addPortfolio', method: 'POST', path: '/api/addPortfolio', auth: true, request: pending, needs: ['table'], summary: 'Create a portfolio with seed capital' },
  { id: 'getPortfolioList', method: 'GET', path: '/api/getPortfolioList', auth: true, request: emptyRequest, needs: ['table'], summary: 'The portfolios and total portfolio value' },
  { id: 'getPortfolioDetails', method: 'POST', path: '/api/getPortfolioDetails', auth: true, request: pending, needs: ['table'], summary: 'One portfolio' },
  { id: 'updatePortfolioDetails', method: 'POST', path: '/api/updatePortfolioDetails', auth: true, request: pending, needs: ['table'], summary: 'Rename or change the seed capital' },
  { id: 'deletePortfolio', method: 'POST', path: '/api/deletePortfolio', auth: true, request: pending, needs: ['table'], summary: 'Delete a portfolio and its holdings' },
  { id: 'searchPortfolioList', method: 'POST', path: '/api/searchPortfolioList', auth: true, request: pending, needs: ['table'], summary: 'Search portfolios by name' },
  { id: 'stockPerPortfolio', method: 'POST', path: '/api/stock_per_portfolio', auth: true, request: pending, needs: ['table'], summary: 'Symbols held in a portfolio' },
]);
