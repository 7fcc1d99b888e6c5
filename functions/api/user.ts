import type { UserResponse } from '../../shared/schemas/account';
import { accountUser, loadProfile } from '../account/account';
import { route, routeIn } from '../lib/http';
import { accountRoutes } from '../../shared/routes/account';

/** `GET api/user`: the signed-in user's name, email and photo. */
export const handler = route(
  routeIn(accountRoutes, 'user'),
  async ({ user }): Promise<UserResponse> => {
    const profile = await loadProfile(user!);
    return { user: await accountUser(profile) };
  },
);
