import type { Session } from '../lib/auth';

/**
 * A stand-in for `lib/auth` in tests: the session is whatever the test sets.
 * Use with `vi.mock('<path>/lib/auth', () => authMock)`.
 */
let current: Session = { status: 'guest' };

export function setSession(session: Session): void {
  current = session;
}

export const signedIn = (name = 'Ada Lovelace'): Session => ({
  status: 'signedIn',
  user: { userId: 'user-1', name, email: 'ada@example.com' },
});

export const authMock = {
  useSession: () => current,
  getAccessToken: async () => (current.status === 'signedIn' ? 'test-access-token' : undefined),
  signOutEverywhere: async (_to?: string, _options?: { reportIncomplete?: boolean }) =>
    undefined as string | undefined,
  rememberedSession: () => false,
  setSessionPersistence: async () => undefined,
  refreshSession: async () => current,
  amplifyAuth: async () => null,
  authFlowType: async () => 'USER_SRP_AUTH' as const,
};
