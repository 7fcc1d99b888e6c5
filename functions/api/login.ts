import type { loginRequest } from '../../shared/schemas/account';
import { login } from '../account/account';
import { route, routeIn } from '../lib/http';
import { accountRoutes } from '../../shared/routes/account';

/** `POST api/login`: for clients without Amplify; answers the pool's tokens. */
export const handler = route<typeof loginRequest>(routeIn(accountRoutes, 'login'), ({ input }) =>
  login(input.email, input.password),
);
