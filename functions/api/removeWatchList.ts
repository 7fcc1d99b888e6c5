import type { watchListSymbolRequest } from '../../shared/schemas/watchlist';
import { route, routeIn } from '../lib/http';
import { watchlistRoutes } from '../../shared/routes/watchlist';
import { removeFromWatchList } from '../watchlist/store';

/** Removes {stock_symbol} from the watchlist. */
export const handler = route<typeof watchListSymbolRequest>(
  routeIn(watchlistRoutes, 'removeWatchList'),
  async ({ input, user }) => ({
    message: 'Removed successfully',
    data: await removeFromWatchList(user!.userId, input.stock_symbol),
  }),
);
