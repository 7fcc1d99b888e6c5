import type { screenerAddRequest } from '../../shared/schemas/watchlist';
import { route, routeIn } from '../lib/http';
import { watchlistRoutes } from '../../shared/routes/watchlist';
import { saveScreener, screenerSaved } from '../screener/saved';

/** Save Screener: {name, filters}, or {id, name, filters} to change a saved one. */
export const handler = route<typeof screenerAddRequest>(
  routeIn(watchlistRoutes, 'screenerAdd'),
  async ({ input, user }) => screenerSaved(await saveScreener(user!.userId, input)),
);
