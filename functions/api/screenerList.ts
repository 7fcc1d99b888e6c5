import { route } from '../lib/http';
import { listScreeners } from '../screener/saved';

/** Show Saved Screeners: the user's screeners, newest first, in `data`. */
export const handler = route('screenerList', async ({ user }) => ({
  data: await listScreeners(user!.userId),
}));
