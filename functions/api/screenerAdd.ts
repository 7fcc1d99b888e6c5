import type { screenerAddRequest } from '../../shared/schemas/watchlist';
import { route } from '../lib/http';
import { saveScreener } from '../screener/saved';

/** Save Screener: {name, filters}, or {id, name, filters} to change a saved one. */
export const handler = route<typeof screenerAddRequest>('screenerAdd', async ({ input, user }) => ({
  message: 'Screener saved',
  data: await saveScreener(user!.userId, input),
}));
