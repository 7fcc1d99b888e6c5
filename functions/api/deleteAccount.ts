import { TOASTS, type deleteAccountRequest } from '../../shared/schemas/account';
import { deleteAccount } from '../account/account';
import { route } from '../lib/http';

/** `POST api/deleteAccount` {confirm: true}: removes the Cognito user, every item they own and their photos. */
export const handler = route<typeof deleteAccountRequest>('deleteAccount', async ({ user }) => {
  await deleteAccount(user!);
  return { message: TOASTS.accountDeleted };
});
