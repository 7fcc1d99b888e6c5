import { TOASTS } from '../../shared/schemas/account';
import type { registerRequest } from '../../shared/schemas/account';
import { register } from '../account/account';
import { route, routeIn } from '../lib/http';
import { accountRoutes } from '../../shared/routes/account';

/** `POST api/register`: creates the account; Cognito sends the activation email. */
export const handler = route<typeof registerRequest>(
  routeIn(accountRoutes, 'register'),
  async ({ input }) => {
    await register(input);
    return { message: TOASTS.registerSuccess };
  },
);
