import { TOASTS, type updatePasswordRequest } from '../../shared/schemas/account';
import { changePassword } from '../account/account';
import { route, routeIn } from '../lib/http';
import { accountRoutes } from '../../shared/routes/account';

/** `POST api/update_password`: Cognito checks the current password against the caller's access token. */
export const handler = route<typeof updatePasswordRequest>(
  routeIn(accountRoutes, 'updatePassword'),
  async ({ input, event }) => {
    const header = event.headers.authorization ?? event.headers.Authorization;
    const token = header?.replace(/^Bearer\s+/i, '').trim();
    const tokenUse = event.requestContext.authorizer?.jwt?.claims?.token_use;
    await changePassword(
      tokenUse === 'access' ? token : undefined,
      input.current_password,
      input.new_password,
    );
    return { message: TOASTS.passwordChanged };
  },
);
