import { z } from 'zod';
import { emptyRequest } from '../schemas/common';
import { defineRoutes } from './types';

const pending = z.object({}).passthrough();

export const watchlistRoutes = defineRoutes([
  { id: 'getWatchList', method: 'GET', path: '/api/getWatchList', auth: true, request: emptyRequest, needs: ['table'], summary: "The signed-in user's watchlist with quotes" },
  { id: 'addWatchList', method: 'POST', path: '/api/addWatchList', auth: true, request: pending, needs: ['table', 'marketData'], summary: 'Add a stock to the watchlist' },
  { id: 'removeWatchList', method: 'POST', path: '/api/removeWatchList', auth: true, request: pending, needs: ['table'], summary: 'Remove a stock from the watchlist' },
  { id: 'screenerAdd', method: 'POST', path: '/api/screener/add', auth: true, request: pending, needs: ['table'], summary: 'Save a screener' },
  { id: 'screenerList', method: 'GET', path: '/api/screener/list', auth: true, request: emptyRequest, needs: ['table'], summary: 'The saved screeners' },
  { id: 'screenerDelete', method: 'POST', path: '/api/screener/delete', auth: true, request: pending, needs: ['table'], summary: 'Delete a saved screener' },
]);
