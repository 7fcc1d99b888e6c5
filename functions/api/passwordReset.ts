import { TOASTS, type passwordResetRequest } from '../../shared/schemas/account';
import { resetPassword } from '../account/account';
import { route, routeIn } from '../lib/http';
import { accountRoutes } from '../../shared/routes/account';

/** `POST api/password/reset`: `token` is the code of the reset link. */
export const handler = route<typeof passwordResetRequest>(
  routeIn(accountRoutes, 'passwordReset'),
  async ({ input }) => {
    await resetPassword(input.token, input.password);
    return { message: TOASTS.resetSuccess };
  },
);
