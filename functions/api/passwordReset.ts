import {
  SIGN_OUT_INCOMPLETE,
  TOASTS,
  type passwordResetRequest,
  type SignOutAnswer,
} from '../../shared/schemas/account';
import { resetPassword } from '../account/account';
import { route, routeIn } from '../lib/http';
import { accountRoutes } from '../../shared/routes/account';

/** `POST api/password/reset`: `token` is the code of the reset link. */
export const handler = route<typeof passwordResetRequest>(
  routeIn(accountRoutes, 'passwordReset'),
  async ({ input }): Promise<SignOutAnswer> => {
    const everywhere = await resetPassword(input.token, input.password);
    return {
      message: everywhere ? TOASTS.resetSuccess : SIGN_OUT_INCOMPLETE.passwordReset,
      signed_out_everywhere: everywhere,
    };
  },
);
