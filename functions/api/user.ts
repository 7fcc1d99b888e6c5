import type { UserResponse } from '../../shared/schemas/account';
import { accountUser, loadProfile } from '../account/account';
import { route } from '../lib/http';

/** `GET api/user`: the signed-in user's name, email and photo. */
export const handler = route('user', async ({ user }): Promise<UserResponse> => {
  const profile = await loadProfile(user!);
  return { user: await accountUser(profile) };
});
