import { TOASTS } from '../../shared/schemas/account';
import type { registerRequest } from '../../shared/schemas/account';
import { register } from '../account/account';
import { route } from '../lib/http';

/** `POST api/register`: creates the account; Cognito sends the activation email. */
export const handler = route<typeof registerRequest>('register', async ({ input }) => {
  await register(input);
  return { message: TOASTS.registerSuccess };
});
