import type { watchListSymbolRequest } from '../../shared/schemas/watchlist';
import { route } from '../lib/http';
import { removeFromWatchList } from '../watchlist/store';

/** Removes {stock_symbol} from the watchlist. */
export const handler = route<typeof watchListSymbolRequest>(
  'removeWatchList',
  async ({ input, user }) => ({
    message: 'Removed successfully',
    data: await removeFromWatchList(user!.userId, input.stock_symbol),
  }),
);
