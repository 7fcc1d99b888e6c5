import type { screenerDeleteRequest } from '../../shared/schemas/watchlist';
import { route, routeIn } from '../lib/http';
import { watchlistRoutes } from '../../shared/routes/watchlist';
import { deleteScreener } from '../screener/saved';

/** Deletes one of the user's saved screeners by id; another user's id is not found. */
export const handler = route<typeof screenerDeleteRequest>(
  routeIn(watchlistRoutes, 'screenerDelete'),
  async ({ input, user }) => {
    await deleteScreener(user!.userId, input.id);
    return { message: 'Screener deleted', data: { id: input.id } };
  },
);
