import { TOASTS, type deleteAccountRequest } from '../../shared/schemas/account';
import { deleteAccount } from '../account/account';
import { route, routeIn } from '../lib/http';
import { accountRoutes } from '../../shared/routes/account';

/** `POST api/deleteAccount` {confirm: true}: removes the Cognito user, every item they own and their photos. */
export const handler = route<typeof deleteAccountRequest>(
  routeIn(accountRoutes, 'deleteAccount'),
  async ({ user }) => {
    await deleteAccount(user!);
    return { message: TOASTS.accountDeleted };
  },
);
