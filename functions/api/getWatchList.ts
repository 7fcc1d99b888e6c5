import { route } from '../lib/http';
import { watchList } from '../watchlist/store';

/** The signed-in user's watchlist: Name, LTP, CHG, CHG % per stock, quotes from the server's cache. */
export const handler = route('getWatchList', ({ user }) => watchList(user!.userId));
