import { emptyRequest } from '../schemas/common';
import { screenRequest, screenerAddRequest, screenerDeleteRequest, watchListSymbolRequest } from '../schemas/watchlist';
import { defineRoutes } from './types';

export const watchlistRoutes = defineRoutes([
  { id: 'getWatchList', method: 'GET', path: '/api/getWatchList', auth: true, handler: 'api/getWatchList', request: emptyRequest, needs: ['table', 'marketData'], summary: "The signed-in user's watchlist with quotes" },
  { id: 'addWatchList', method: 'POST', path: '/api/addWatchList', auth: true, handler: 'api/addWatchList', request: watchListSymbolRequest, needs: ['table', 'marketData'], summary: 'Add a stock to the watchlist' },
  { id: 'removeWatchList', method: 'POST', path: '/api/removeWatchList', auth: true, handler: 'api/removeWatchList', request: watchListSymbolRequest, needs: ['table'], summary: 'Remove a stock from the watchlist' },
  { id: 'screenerAdd', method: 'POST', path: '/api/screener/add', auth: true, handler: 'api/screenerAdd', request: screenerAddRequest, needs: ['table'], summary: 'Save a screener, or change one of the saved ones' },
  { id: 'screenerList', method: 'GET', path: '/api/screener/list', auth: true, handler: 'api/screenerList', request: emptyRequest, needs: ['table'], summary: 'The saved screeners' },
  { id: 'screenerDelete', method: 'POST', path: '/api/screener/delete', auth: true, handler: 'api/screenerDelete', request: screenerDeleteRequest, needs: ['table'], summary: 'Delete a saved screener' },
  { id: 'screenerScreen', method: 'POST', path: '/api/screener/screen', auth: true, handler: 'api/screenerScreen', request: screenRequest, needs: ['table', 'marketData'], summary: 'Screen the whole universe: filters, sort and a page of results from the precomputed snapshot' },
]);
