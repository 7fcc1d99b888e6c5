import type { forgotPasswordRequest } from '../../shared/schemas/account';
import { forgotPassword } from '../account/account';
import { route, routeIn } from '../lib/http';
import { accountRoutes } from '../../shared/routes/account';

/** `POST api/forgot-password`: sends the reset link (the same answer for unknown addresses). */
export const handler = route<typeof forgotPasswordRequest>(
  routeIn(accountRoutes, 'forgotPassword'),
  async ({ input }) => {
    await forgotPassword(input.email);
    return { message: 'Please Check Your Email for Password Reset!' };
  },
);
