import type { watchListSymbolRequest } from '../../shared/schemas/watchlist';
import { route, routeIn } from '../lib/http';
import { watchlistRoutes } from '../../shared/routes/watchlist';
import { addToWatchList } from '../watchlist/store';

/** Adds {stock_symbol} to the watchlist; an unknown symbol is refused, a second add changes nothing. */
export const handler = route<typeof watchListSymbolRequest>(
  routeIn(watchlistRoutes, 'addWatchList'),
  async ({ input, user }) => ({
    message: 'Watchlist Added successfully',
    data: await addToWatchList(user!.userId, input.stock_symbol),
  }),
);
