import {
  SIGN_OUT_INCOMPLETE,
  TOASTS,
  type SignOutAnswer,
  type updatePasswordRequest,
} from '../../shared/schemas/account';
import { changePassword } from '../account/account';
import { accessTokenOf, route, routeIn } from '../lib/http';
import { accountRoutes } from '../../shared/routes/account';

/**
 * `POST api/update_password`: Cognito checks the current password against the caller's access
 * token; every token issued before is then refused (decision 123).
 */
export const handler = route<typeof updatePasswordRequest>(
  routeIn(accountRoutes, 'updatePassword'),
  async ({ input, event, user }): Promise<SignOutAnswer> => {
    const everywhere = await changePassword(
      user!,
      accessTokenOf(event),
      input.current_password,
      input.new_password,
    );
    return {
      message: everywhere ? TOASTS.passwordChanged : SIGN_OUT_INCOMPLETE.passwordChanged,
      signed_out_everywhere: everywhere,
    };
  },
);
