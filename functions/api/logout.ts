import {
  SIGN_OUT_INCOMPLETE,
  TOASTS,
  type logoutRequest,
  type SignOutAnswer,
} from '../../shared/schemas/account';
import { signOutEverywhere } from '../account/account';
import { accessTokenOf, route, routeIn } from '../lib/http';
import { accountRoutes } from '../../shared/routes/account';

/**
 * `POST api/logout`: signs the user out on every device. Every token issued until now is
 * refused from here on, and Cognito revokes the refresh tokens (decision 123).
 */
export const handler = route<typeof logoutRequest>(
  routeIn(accountRoutes, 'logout'),
  async ({ event, user }): Promise<SignOutAnswer> => {
    const everywhere = await signOutEverywhere(user!, accessTokenOf(event));
    return {
      message: everywhere ? TOASTS.logoutSuccess : SIGN_OUT_INCOMPLETE.logout,
      signed_out_everywhere: everywhere,
    };
  },
);
