import { describe, expect, it } from 'vitest';
import {
  LOCAL_FAULTS_PATH,
  type FaultOperation,
  type FaultRequest,
} from '../../../infra/local/cognito';
import { SIGN_OUT_INCOMPLETE, TOASTS } from '../../../shared/schemas/account';
import { apiClient } from '../../support/api';
import { testStack } from '../../support/stack';
import { createSignedInUser } from '../../support/users';

/**
 * A global sign-out that fails (decision 144), end to end through the local stack: the local
 * Cognito endpoint fails GlobalSignOut for one user as often as the test asks (its control
 * path; other users' calls, in files running at the same time, are not touched). The API server
 * runs the logout function as deployed: it retries, and when Cognito keeps failing it answers
 * with the sentence the app shows, and the old token is refused all the same.
 */
const api = apiClient();
const proxy = () => testStack().urls.cognitoProxy;

async function failSignOut(fault: FaultRequest): Promise<void> {
  const res = await fetch(new URL(LOCAL_FAULTS_PATH, proxy()), {
    method: 'POST',
    body: JSON.stringify(fault),
  });
  expect(res.status).toBe(204);
}

async function signOutCalls(operation: FaultOperation, subject: string): Promise<number> {
  const url = new URL(LOCAL_FAULTS_PATH, proxy());
  url.searchParams.set('operation', operation);
  url.searchParams.set('subject', subject);
  return ((await (await fetch(url)).json()) as { calls: number }).calls;
}

describe('sign out everywhere when Cognito fails (through the local Cognito endpoint)', () => {
  it('retries through two failures and tells the user every session ended', async () => {
    const user = await createSignedInUser();
    await failSignOut({ operation: 'GlobalSignOut', subject: user.userId, failures: 2 });
    const out = await api.post('/api/logout', {}, { token: user.accessToken });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: TOASTS.logoutSuccess, signed_out_everywhere: true });
    expect(await signOutCalls('GlobalSignOut', user.userId)).toBe(3);
  });

  it('still failing after three tries: says the sign-out was incomplete and what to do; the old token is refused', async () => {
    const user = await createSignedInUser();
    await failSignOut({ operation: 'GlobalSignOut', subject: user.userId, failures: 100 });
    const out = await api.post('/api/logout', {}, { token: user.accessToken });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: SIGN_OUT_INCOMPLETE.logout, signed_out_everywhere: false });
    expect(SIGN_OUT_INCOMPLETE.logout).toMatch(/sign in and log out again|change/i);
    expect(await signOutCalls('GlobalSignOut', user.userId)).toBe(3);
    expect((await api.get('/api/getPortfolioList', { token: user.accessToken })).status).toBe(401);
  });

  it('fails only the user it was asked for', async () => {
    const [failing, other] = await Promise.all([createSignedInUser(), createSignedInUser()]);
    await failSignOut({ operation: 'GlobalSignOut', subject: failing.userId, failures: 100 });
    const out = await api.post('/api/logout', {}, { token: other.accessToken });
    expect(out.body).toEqual({ message: TOASTS.logoutSuccess, signed_out_everywhere: true });
    expect(await signOutCalls('GlobalSignOut', other.userId)).toBe(0);
  });
});
