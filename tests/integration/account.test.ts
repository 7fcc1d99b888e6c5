import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/lib/keys';
import type { LoginResponse, UserResponse } from '../../shared/schemas/account';
import { apiClient } from '../support/api';
import { waitForMail } from '../support/mail';
import { testStack } from '../support/stack';
import { createSignedInUser, uniqueEmail, type TestUser } from '../support/users';
import {
  cognitoAttribute,
  cognitoUserExists,
  doc,
  linkIn,
  partitionItems,
  pngDataUrl,
  PNG_BYTES,
  profileImages,
  seedOwnedItems,
} from './account-support';

const api = apiClient();
const stack = testStack();
const nowSeconds = () => Math.floor(Date.now() / 1000) - 1;

describe('an account from sign-up to deletion, through the API, cognito-local, the local SES and DynamoDB Local', () => {
  const email = uniqueEmail('journey');
  const firstPassword = 'First-Passw0rd';
  const secondPassword = 'Second-Passw0rd';
  const thirdPassword = 'Third-Passw0rd';
  let tokens: LoginResponse;
  let userId = '';
  let verifyCode = '';
  let other: TestUser;

  beforeAll(async () => {
    other = await createSignedInUser({ name: 'Other Investor' });
    await api.post(
      '/api/updateProfileimage',
      { profile_image: pngDataUrl },
      { token: other.accessToken },
    );
    await seedOwnedItems(other.userId);
  });

  it('signs up and receives the branded activation email with a link to /Verify_account/{code}', async () => {
    const since = nowSeconds();
    const res = await api.post('/api/register', {
      name: 'Jane <Investor>'.replace(/[<>]/g, ''),
      email,
      password: firstPassword,
      password_confirmation: firstPassword,
      terms_and_conditions: '1',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Registered successfully' });

    const mail = await waitForMail(email, { sinceEpochSeconds: since });
    expect(mail.subject).toBe('Activate your Mr. Market account');
    expect(mail.body.html).toContain('Hello Jane Investor,');
    const link = linkIn(mail, 'Verify_account');
    expect(link.url.startsWith(`${stack.env.SITE_URL}/Verify_account/`)).toBe(true);
    // The code carries the user name and the real code (Cognito replaced the placeholder).
    expect(link.code.startsWith(`${stack.cognitoCode}-`)).toBe(true);
    expect(link.code).not.toContain('.');
    verifyCode = link.code;
  });

  it('cannot log in before the account is activated', async () => {
    const res = await api.post<{ message: string }>('/api/login', {
      email,
      password: firstPassword,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Please activate your account with the link in the email we sent you',
    );
  });

  it('a link with a wrong code is "Request not found" and does not activate', async () => {
    const wrong = verifyCode.replace(/^\d+-/, '000001-');
    const res = await api.get<{ message: string }>(
      `/api/verify_account/${encodeURIComponent(wrong)}`,
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Request not found');
  });

  it('the link from the email activates the account; opening it again is "Request not found"', async () => {
    const res = await api.get<{ message: string }>(
      `/api/verify_account/${encodeURIComponent(verifyCode)}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your email has been verified successfully');

    const again = await api.get<{ message: string }>(
      `/api/verify_account/${encodeURIComponent(verifyCode)}`,
    );
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Request not found');
  });

  it('logs in and gets the pool tokens; a wrong password gets the product message', async () => {
    const bad = await api.post<{ message: string }>('/api/login', {
      email,
      password: 'Wrong-Passw0rd',
    });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe(
      "Please check that you've entered the right username and password!",
    );

    const res = await api.post<LoginResponse>('/api/login', {
      email: email.toUpperCase(),
      password: firstPassword,
    });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe('Bearer');
    tokens = res.body;
    const payload = JSON.parse(
      Buffer.from(tokens.access_token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as { sub: string };
    userId = payload.sub;
    expect(userId).toMatch(/[0-9a-f-]{36}/);
  });

  it('GET api/user answers the name, the email and no photo yet', async () => {
    const res = await api.get<UserResponse>('/api/user', { token: tokens.access_token });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      name: 'Jane Investor',
      email,
      profile: null,
      profile_image_url: null,
    });
  });

  it('changes the name in the profile and in Cognito (the attribute tokens carry)', async () => {
    const res = await api.post<UserResponse & { message: string }>(
      '/api/updateProfile',
      { name: '  Jane Q. Investor ' },
      { token: tokens.access_token },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Changes Saved!');
    expect(res.body.user.name).toBe('Jane Q. Investor');

    expect(await cognitoAttribute(email, 'name')).toBe('Jane Q. Investor');
    const user = await api.get<UserResponse>('/api/user', { token: tokens.access_token });
    expect(user.body.user.name).toBe('Jane Q. Investor');
  });

  it('uploads a photo, stored under images/profile/ and served at the URL GET api/user gives', async () => {
    const res = await api.post<UserResponse & { message: string }>(
      '/api/updateProfileimage',
      { profile_image: pngDataUrl },
      { token: tokens.access_token },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Upload Successful!');
    expect(res.body.user.profile).toMatch(new RegExp(`^${userId}-[0-9a-f-]+\\.png$`));

    const user = await api.get<UserResponse>('/api/user', { token: tokens.access_token });
    const url = user.body.user.profile_image_url;
    expect(url).toContain(`/images/profile/${user.body.user.profile}`);
    const image = await fetch(url ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
  });

  it('a second photo replaces the first (the old object is removed)', async () => {
    const before = await profileImages(userId);
    expect(before).toHaveLength(1);
    const res = await api.post<UserResponse>(
      '/api/updateProfileimage',
      { profile_image: pngDataUrl },
      { token: tokens.access_token },
    );
    expect(res.status).toBe(200);
    const after = await profileImages(userId);
    expect(after).toEqual([`images/profile/${res.body.user.profile}`]);
    expect(after).not.toEqual(before);
  });

  it('changes the password only with the right current password', async () => {
    const wrong = await api.post<{ message: string }>(
      '/api/update_password',
      {
        current_password: 'Not-The-Passw0rd',
        new_password: secondPassword,
        new_confirm_password: secondPassword,
      },
      { token: tokens.access_token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The current password is not correct');

    const res = await api.post<{ message: string }>(
      '/api/update_password',
      {
        current_password: firstPassword,
        new_password: secondPassword,
        new_confirm_password: secondPassword,
      },
      { token: tokens.access_token },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password Reset Successful!');
    expect((await api.post('/api/login', { email, password: firstPassword })).status).toBe(401);
    expect((await api.post('/api/login', { email, password: secondPassword })).status).toBe(200);
  });

  it('forgot password sends a reset link; the link sets a new password once', async () => {
    const since = nowSeconds();
    const res = await api.post<{ message: string }>('/api/forgot-password', { email });
    expect(res.status).toBe(200);
    const mail = await waitForMail(email, { sinceEpochSeconds: since });
    expect(mail.subject).toBe('Reset your Mr. Market password');
    const link = linkIn(mail, 'reset_password');
    expect(link.url.startsWith(`${stack.env.SITE_URL}/reset_password/`)).toBe(true);

    const mismatch = await api.post<{ message: string }>('/api/password/reset', {
      token: link.code,
      password: thirdPassword,
      password_confirmation: 'Other-Passw0rd',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Both passwords need to be the same');

    const reset = await api.post<{ message: string }>('/api/password/reset', {
      token: link.code,
      email,
      password: thirdPassword,
      password_confirmation: thirdPassword,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Password Reset Successful!');

    const reused = await api.post<{ message: string }>('/api/password/reset', {
      token: link.code,
      password: 'Fourth-Passw0rd',
      password_confirmation: 'Fourth-Passw0rd',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(
      'This password reset link is invalid or has expired. Please request a new one.',
    );

    expect((await api.post('/api/login', { email, password: secondPassword })).status).toBe(401);
    const login = await api.post<LoginResponse>('/api/login', { email, password: thirdPassword });
    expect(login.status).toBe(200);
    tokens = login.body;
  });

  it('forgot password for an unknown address answers the same and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const res = await api.post<{ message: string }>('/api/forgot-password', { email: nobody });
    expect(res.status).toBe(200);
    await expect(waitForMail(nobody, { timeoutMs: 500 })).rejects.toThrow(/No mail/);
  });

  it('deleting the account removes the Cognito user, every item of the user and the photo; others keep theirs', async () => {
    await seedOwnedItems(userId);
    expect((await partitionItems(userId)).length).toBeGreaterThanOrEqual(7);
    const otherBefore = await partitionItems(other.userId);
    const otherImagesBefore = await profileImages(other.userId);
    expect(otherImagesBefore).toHaveLength(1);

    const unconfirmed = await api.post<{ message: string }>(
      '/api/deleteAccount',
      {},
      { token: tokens.access_token },
    );
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.message).toBe('Please confirm that you want to delete your account');
    expect(await cognitoUserExists(email)).toBe(true);

    const res = await api.post<{ message: string }>(
      '/api/deleteAccount',
      { confirm: true },
      { token: tokens.access_token },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Account Deleted!');

    expect(await partitionItems(userId)).toEqual([]);
    expect(await profileImages(userId)).toEqual([]);
    expect(await cognitoUserExists(email)).toBe(false);
    expect((await api.post('/api/login', { email, password: thirdPassword })).status).toBe(401);
    // The token is still signed and unexpired, but it names no account any more.
    expect((await api.get('/api/user', { token: tokens.access_token })).status).toBe(401);
    expect(await partitionItems(userId)).toEqual([]);

    expect(await partitionItems(other.userId)).toEqual(otherBefore);
    expect(await profileImages(other.userId)).toEqual(otherImagesBefore);
    expect(await cognitoUserExists(other.email)).toBe(true);
    const otherUser = await api.get<UserResponse>('/api/user', { token: other.accessToken });
    expect(otherUser.body.user.name).toBe('Other Investor');
  });

  it('the same email can sign up again after deletion', async () => {
    const res = await api.post('/api/register', {
      name: 'Jane Again',
      email,
      password: firstPassword,
      password_confirmation: firstPassword,
      terms_and_conditions: true,
    });
    expect(res.status).toBe(200);
    const profile = await doc.send(
      new GetCommand({ TableName: stack.tableName, Key: keys.userProfile(userId) }),
    );
    expect(profile.Item).toBeUndefined();
  });
});

describe('sign-up refusals', () => {
  it('an email that already has an account gets the answer a new one gets; its owner is told by email', async () => {
    const user = await createSignedInUser();
    const body = (email: string) => ({
      name: 'Copy',
      email,
      password: 'Valid-Passw0rd',
      password_confirmation: 'Valid-Passw0rd',
      terms_and_conditions: true,
    });
    const since = nowSeconds();
    const taken = await api.post<{ message: string }>('/api/register', body(user.email));
    const fresh = await api.post<{ message: string }>('/api/register', body(uniqueEmail('new')));
    // Nothing in the answer tells whether the address has an account (decision 123).
    expect({ status: taken.status, body: taken.body }).toEqual({
      status: fresh.status,
      body: fresh.body,
    });
    expect(taken.status).toBe(200);
    const notice = await waitForMail(user.email, { sinceEpochSeconds: since });
    expect(notice.subject).toBe('Someone tried to sign up with your email');
    expect(notice.body.text).toContain('nothing was changed');
    // The account is as it was: the owner still signs in with the old password.
    expect(
      (await api.post('/api/login', { email: user.email, password: user.password })).status,
    ).toBe(200);
  });

  it('the profile of a user who never called the API is created from Cognito on first read', async () => {
    const user = await createSignedInUser({ name: 'Fresh Name' });
    const before = await doc.send(
      new GetCommand({ TableName: stack.tableName, Key: keys.userProfile(user.userId) }),
    );
    expect(before.Item).toBeUndefined();
    const res = await api.get<UserResponse>('/api/user', { token: user.accessToken });
    expect(res.body.user).toEqual({
      name: 'Fresh Name',
      email: user.email,
      profile: null,
      profile_image_url: null,
    });
    const after = await doc.send(
      new GetCommand({ TableName: stack.tableName, Key: keys.userProfile(user.userId) }),
    );
    expect(after.Item).toMatchObject({
      type: 'UserProfile',
      name: 'Fresh Name',
      email: user.email,
    });
  });

  it('a stored profile survives unrelated items in the partition', async () => {
    const user = await createSignedInUser({ name: 'Keeper' });
    await doc.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: { ...keys.watchItem(user.userId, 'IBM'), type: 'WatchItem' },
      }),
    );
    const res = await api.get<UserResponse>('/api/user', { token: user.accessToken });
    expect(res.body.user.name).toBe('Keeper');
  });
});
