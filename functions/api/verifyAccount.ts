import { TOASTS, type verifyAccountRequest } from '../../shared/schemas/account';
import { verifyAccount } from '../account/account';
import { route, routeIn } from '../lib/http';
import { accountRoutes } from '../../shared/routes/account';

/** `GET api/verify_account/{code}`: confirms the account; a bad or used link is "Request not found". */
export const handler = route<typeof verifyAccountRequest>(
  routeIn(accountRoutes, 'verifyAccount'),
  async ({ input }) => {
    await verifyAccount(input.code);
    return { message: TOASTS.verified };
  },
);
