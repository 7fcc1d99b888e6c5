import {
  TOASTS,
  type updateProfileImageRequest,
  type UserResponse,
} from '../../shared/schemas/account';
import { accountUser, updateImage } from '../account/account';
import { route, routeIn } from '../lib/http';
import { accountRoutes } from '../../shared/routes/account';

/** `POST api/updateProfileimage` {profile_image: data URL of a JPEG, PNG or WebP photo}. */
export const handler = route<typeof updateProfileImageRequest>(
  routeIn(accountRoutes, 'updateProfileImage'),
  async ({ input, user }) => {
    const profile = await updateImage(user!, input.profile_image);
    const body: UserResponse & { message: string } = {
      message: TOASTS.uploadSuccess,
      user: await accountUser(profile),
    };
    return body;
  },
);
