import { TOASTS, type updateProfileRequest, type UserResponse } from '../../shared/schemas/account';
import { accountUser, updateName } from '../account/account';
import { route, routeIn } from '../lib/http';
import { accountRoutes } from '../../shared/routes/account';

/** `POST api/updateProfile` {name}. */
export const handler = route<typeof updateProfileRequest>(
  routeIn(accountRoutes, 'updateProfile'),
  async ({ input, user }) => {
    const profile = await updateName(user!, input.name);
    const body: UserResponse & { message: string } = {
      message: TOASTS.profileSaved,
      user: await accountUser(profile),
    };
    return body;
  },
);
