import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../../functions/lib/dynamo';
import { keys } from '../../../functions/lib/keys';
import { ROUTES, type RouteDef } from '../../../shared/routes';
import { MESSAGES, TOASTS, type LoginResponse } from '../../../shared/schemas/account';
import { apiClient } from '../../support/api';
import { readMail, waitForMail } from '../../support/mail';
import { recordSecurityFigures } from '../../support/security-summary';
import { clearOfWindowEdge } from '../../support/clock';
import { testStack } from '../../support/stack';
import { createSignedInUser, signIn, type TestUser } from '../../support/users';
import { partitionSnapshot } from './input-support';

/**
 * Tokens a user gave up (decision 123), walked over the route table like the auth suite: after
 * an account's deletion, a sign-out everywhere, a password change and a password reset, a token
 * issued before is refused on every login-required route with 401 and the product's message,
 * and nothing is read or written for it; a token issued after works.
 */
const api = apiClient();
const stack = testStack();
const authRoutes = ROUTES.filter((r) => r.auth);
const figures = {
  scenarios: 0,
  refusedRequests: 0,
  itemsWrittenForRefusedTokens: 0,
  resetEmailsAskedOfOneInbox: 0,
  noticesToOneInbox: 0,
};

/** A concrete path (the auth suite's samples: the check comes before the input's). */
const concretePath = (route: RouteDef) => route.path.replace(/\{[^}]+\}/g, 'sample-123');

/** Every login-required route with `token`: each must answer 401 and change nothing. */
async function expectRefusedEverywhere(token: string, userId: string): Promise<void> {
  const before = await partitionSnapshot(userId);
  const statuses: Record<string, number> = {};
  for (const route of authRoutes) {
    const res = await api.request<{ message?: string }>(route.method, concretePath(route), {
      token,
      ...(route.method === 'POST' ? { body: {} } : {}),
    });
    statuses[route.id] = res.status;
    if (res.status === 401) {
      expect(res.body.message, route.id).toBe('Please Login or Sign Up to Continue!');
      figures.refusedRequests += 1;
    }
  }
  expect(Object.entries(statuses).filter(([, status]) => status !== 401)).toEqual([]);
  const after = await partitionSnapshot(userId);
  figures.itemsWrittenForRefusedTokens += Math.max(0, after.length - before.length);
  expect(after).toEqual(before);
  figures.scenarios += 1;
}

const login = async (email: string, password: string) => {
  const res = await api.post<LoginResponse>('/api/login', { email, password });
  expect(res.status).toBe(200);
  return res.body.access_token;
};

async function withPortfolio(): Promise<TestUser> {
  const user = await createSignedInUser({ name: 'Revoked Tokens' });
  const made = await api.post(
    '/api/addPortfolio',
    { portfolio_name: 'Kept', investment_value: 1000 },
    { token: user.accessToken },
  );
  expect(made.status).toBe(200);
  return user;
}

afterAll(() => recordSecurityFigures('revocation', { ...figures, routes: authRoutes.length }));

describe('a token its user gave up is refused on every login-required route', () => {
  it('after the account is deleted: nothing read, nothing written into the gone partition', async () => {
    const user = await withPortfolio();
    const older = (await signIn(user.email, user.password)).accessToken;
    const deleted = await api.post(
      '/api/deleteAccount',
      { confirm: true },
      { token: user.accessToken },
    );
    expect(deleted.status).toBe(200);
    expect(await partitionSnapshot(user.userId)).toEqual([]);
    await expectRefusedEverywhere(user.accessToken, user.userId);
    await expectRefusedEverywhere(older, user.userId);
    const item = await db.send(
      new GetCommand({ TableName: stack.tableName, Key: keys.revocation(user.userId) }),
    );
    expect(item.Item).toMatchObject({ deleted: true });
  });

  it('after a sign-out everywhere; a token from a new sign-in works', async () => {
    const user = await withPortfolio();
    const otherDevice = (await signIn(user.email, user.password)).accessToken;
    const out = await api.post<{ message: string }>('/api/logout', {}, { token: user.accessToken });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(TOASTS.logoutSuccess);
    await expectRefusedEverywhere(user.accessToken, user.userId);
    await expectRefusedEverywhere(otherDevice, user.userId);
    const fresh = await login(user.email, user.password);
    const list = await api.get('/api/getPortfolioList', { token: fresh });
    expect(list.status).toBe(200);
  });

  it('after a password change; a token from signing in with the new password works', async () => {
    const user = await withPortfolio();
    const next = 'Changed-Passw0rd';
    const changed = await api.post(
      '/api/update_password',
      { current_password: user.password, new_password: next, new_confirm_password: next },
      { token: user.accessToken },
    );
    expect(changed.status).toBe(200);
    await expectRefusedEverywhere(user.accessToken, user.userId);
    const fresh = await login(user.email, next);
    const profile = await api.get<{ user: { email: string } }>('/api/user', { token: fresh });
    expect(profile.status).toBe(200);
    expect(profile.body.user.email).toBe(user.email);
  });

  it('after a password reset through the emailed link', async () => {
    const user = await withPortfolio();
    const since = Math.floor(Date.now() / 1000) - 1;
    expect((await api.post('/api/forgot-password', { email: user.email })).status).toBe(200);
    const mail = await waitForMail(user.email, { sinceEpochSeconds: since });
    const code = /reset_password\/([^"\s<]+)/.exec(mail.body.html ?? mail.body.text ?? '')?.[1];
    expect(code).toBeDefined();
    const next = 'Reset-Passw0rd';
    const reset = await api.post('/api/password/reset', {
      token: decodeURIComponent(code!),
      password: next,
      password_confirmation: next,
    });
    expect(reset.status).toBe(200);
    await expectRefusedEverywhere(user.accessToken, user.userId);
    const fresh = await login(user.email, next);
    expect((await api.get('/api/user', { token: fresh })).status).toBe(200);
  });
});

describe('no guest can flood an inbox', () => {
  it('answers password-reset requests alike for known and unknown addresses, and stops each at 3 an hour', async () => {
    await clearOfWindowEdge(3600);
    const known = await createSignedInUser();
    const unknown = `nobody-${known.userId.slice(0, 8)}@example.com`;
    const answers = async (email: string) => {
      const out: { status: number; message?: string }[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await api.post<{ message: string }>('/api/forgot-password', { email });
        out.push({ status: res.status, message: res.body.message });
      }
      return out;
    };
    const forKnown = await answers(known.email);
    const forUnknown = await answers(unknown);
    expect(forKnown).toEqual(forUnknown);
    expect(forKnown.map((a) => a.status)).toEqual([200, 200, 200, 429, 429, 429]);
    expect(forKnown[3]!.message).toBe(MESSAGES.tooManyEmails);
    figures.resetEmailsAskedOfOneInbox = forKnown.length;
  });

  it('the email trigger sends an inbox 3 emails an hour, however they were asked for (Cognito called directly too)', async () => {
    await clearOfWindowEdge(3600);
    const { handler, MAIL_LIMIT_REACHED } =
      await import('../../../functions/cognito/customMessage');
    const email = `direct-${Date.now()}@example.com`;
    const event = () =>
      ({
        version: '1',
        region: 'us-east-1',
        userPoolId: stack.userPoolId,
        userName: email,
        callerContext: { awsSdkVersion: 'x', clientId: stack.userPoolClientId },
        triggerSource: 'CustomMessage_ForgotPassword',
        request: { userAttributes: { email }, codeParameter: '{####}', usernameParameter: null },
        response: { smsMessage: null, emailMessage: null, emailSubject: null },
      }) as never;
    for (let i = 0; i < 3; i++)
      expect((await handler(event())).response.emailSubject).toBe('Reset your Mr. Market password');
    await expect(handler(event())).rejects.toThrow(MAIL_LIMIT_REACHED);
  });

  it('answers sign-up for a taken address as for a new one; the owner gets at most 3 notices an hour', async () => {
    await clearOfWindowEdge(3600);
    const owner = await createSignedInUser();
    const since = Math.floor(Date.now() / 1000) - 1;
    const body = {
      name: 'Someone',
      email: owner.email,
      password: 'Valid-Passw0rd',
      password_confirmation: 'Valid-Passw0rd',
      terms_and_conditions: true,
    };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await api.post('/api/register', body)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await waitForMail(owner.email, { sinceEpochSeconds: since });
    const notices = await readMail({ to: owner.email, sinceEpochSeconds: since });
    expect(notices.length).toBeLessThanOrEqual(3);
    figures.noticesToOneInbox = notices.length;
  });
});
