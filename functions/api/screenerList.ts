import { route, routeIn } from '../lib/http';
import { watchlistRoutes } from '../../shared/routes/watchlist';
import { listScreeners } from '../screener/saved';

/** Show Saved Screeners: the user's screeners, newest first, in `data`. */
export const handler = route(routeIn(watchlistRoutes, 'screenerList'), async ({ user }) => ({
  data: await listScreeners(user!.userId),
}));
