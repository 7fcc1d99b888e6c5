import { route, routeIn } from '../lib/http';
import { watchlistRoutes } from '../../shared/routes/watchlist';
import { watchList } from '../watchlist/store';

/** The signed-in user's watchlist: Name, LTP, CHG, CHG % per stock, quotes from the server's cache. */
export const handler = route(routeIn(watchlistRoutes, 'getWatchList'), ({ user }) =>
  watchList(user!.userId),
);
