import type { loginRequest } from '../../shared/schemas/account';
import { login } from '../account/account';
import { route } from '../lib/http';

/** `POST api/login`: for clients without Amplify; answers the pool's tokens. */
export const handler = route<typeof loginRequest>('login', ({ input }) =>
  login(input.email, input.password),
);
