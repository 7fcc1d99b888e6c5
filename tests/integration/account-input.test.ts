import { beforeAll, describe, expect, it } from 'vitest';
import type { UserResponse } from '../../shared/schemas/account';
import { apiClient } from '../support/api';
import { createSignedInUser, signIn, uniqueEmail, type TestUser } from '../support/users';
import {
  cognitoUserExists,
  JPEG_BYTES,
  partitionItems,
  pngDataUrl,
  PNG_BYTES,
  profileImages,
  textAsPng,
} from './account-support';

const api = apiClient();
type Refusal = { message: string; errors?: Record<string, string> };
// Under the 64 kB body cap (a 1 MB body answers 413: tests/integration/security/limits.test.ts).
const LONG_NAME = 'N'.repeat(10_000);

describe('account routes refuse bad input with 400 and a clear message', () => {
  const good = {
    name: 'Valid Name',
    password: 'Valid-Passw0rd',
    password_confirmation: 'Valid-Passw0rd',
    terms_and_conditions: true,
  };

  it.each([
    ['no fields', {}, 'name', 'Name is required'],
    ['a 10 kB name', { ...good, name: LONG_NAME }, 'name', 'Name must be at most 100 characters'],
    ['a number as the name', { ...good, name: 42 }, 'name', 'Name is required'],
    [
      'a malformed email',
      { ...good, email: 'not-an-email' },
      'email',
      'Please enter an appropriate e-mail address',
    ],
    [
      'a short password',
      { ...good, password: 'Ab1', password_confirmation: 'Ab1' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      'a password without digits',
      { ...good, password: 'NoDigitsHere', password_confirmation: 'NoDigitsHere' },
      'password',
      'Password must contain an upper-case letter, a lower-case letter and a number',
    ],
    [
      'different confirmation',
      { ...good, password_confirmation: 'Other-Passw0rd' },
      'password_confirmation',
      'Both passwords need to be the same',
    ],
    [
      'terms not accepted',
      { ...good, terms_and_conditions: false },
      'terms_and_conditions',
      'You must accept the Terms of Use and Privacy Policy',
    ],
  ])('register with %s', async (_, body, field, message) => {
    const email = uniqueEmail('refused');
    const res = await api.post<Refusal>('/api/register', { email, ...body });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(message);
    expect(await cognitoUserExists(email)).toBe(false);
  });

  it.each([
    ['no fields', {}, 'email', 'Please enter an appropriate email address!'],
    ['no password', { email: 'a@example.com' }, 'password', 'Password is required'],
    [
      'a password that is an object',
      { email: 'a@example.com', password: { $ne: '' } },
      'password',
      'Password is required',
    ],
  ])('login with %s', async (_, body, field, message) => {
    const res = await api.post<Refusal>('/api/login', body);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(message);
  });

  it.each([
    ['no email', {}],
    ['an array as the email', { email: ['a@example.com'] }],
  ])('forgot-password with %s', async (_, body) => {
    const res = await api.post<Refusal>('/api/forgot-password', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter an appropriate e-mail address');
  });

  it.each([
    ['no fields', {}, 'token', 'Request not found'],
    [
      'no confirmation',
      { token: '123456-YWJj', password: 'Valid-Passw0rd' },
      'password_confirmation',
      'Both passwords need to be the same',
    ],
    [
      'a weak password',
      { token: '123456-YWJj', password: 'weak', password_confirmation: 'weak' },
      'password',
      'Password must be at least 8 characters',
    ],
  ])('password/reset with %s', async (_, body, field, message) => {
    const res = await api.post<Refusal>('/api/password/reset', body);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(message);
  });

  it('password/reset with a token that is not a reset link', async () => {
    const res = await api.post<Refusal>('/api/password/reset', {
      token: 'garbage',
      password: 'Valid-Passw0rd',
      password_confirmation: 'Valid-Passw0rd',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
  });

  it.each(['garbage', '123456-bm8tc3VjaC11c2Vy', '1-%E0%A4%A'])(
    'verify_account with the code %s is "Request not found"',
    async (code) => {
      const res = await api.get<Refusal>(`/api/verify_account/${code}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Request not found');
    },
  );
});

describe('login-required account routes with bad input change nothing', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createSignedInUser({ name: 'Careful Investor' });
    await api.post(
      '/api/updateProfileimage',
      { profile_image: pngDataUrl },
      { token: user.accessToken },
    );
  });

  const snapshot = async () => ({
    user: (await api.get<UserResponse>('/api/user', { token: user.accessToken })).body.user,
    images: await profileImages(user.userId),
    items: await partitionItems(user.userId),
  });

  it.each([
    ['no fields', {}, 'Name is required'],
    ['a 10 kB name', { name: LONG_NAME }, 'Name must be at most 100 characters'],
    ['only spaces', { name: '   ' }, 'Name is required'],
    ['a number', { name: 7 }, 'Name is required'],
    [
      'markup in the name',
      { name: '<img src=x onerror=alert(1)>' },
      'Name cannot contain control characters, < or >',
    ],
    [
      'an unknown field',
      { name: 'Fine', admin: true },
      'The request has a field that is not expected: admin',
    ],
  ])('updateProfile with %s', async (_, body, message) => {
    const before = await snapshot();
    const res = await api.post<Refusal>('/api/updateProfile', body, { token: user.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await snapshot()).toEqual({
      ...before,
      user: { ...before.user, profile_image_url: expect.any(String) },
    });
    expect((await snapshot()).user.name).toBe('Careful Investor');
  });

  const oversized = `data:image/png;base64,${Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]).toString('base64')}`;
  const jpegAsPng = `data:image/png;base64,${JPEG_BYTES.toString('base64')}`;
  it.each([
    ['no photo', {}, 'Please choose a JPEG, PNG or WebP image'],
    ['a number as the photo', { profile_image: 12 }, 'Please choose a JPEG, PNG or WebP image'],
    ['a photo over 2 MB', { profile_image: oversized }, 'The photo must be 2 MB or smaller'],
    [
      'a text file declared as PNG',
      { profile_image: textAsPng },
      'Please choose a JPEG, PNG or WebP image',
    ],
    [
      'a JPEG declared as PNG',
      { profile_image: jpegAsPng },
      'Please choose a JPEG, PNG or WebP image',
    ],
    [
      'an SVG',
      { profile_image: `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}` },
      'Please choose a JPEG, PNG or WebP image',
    ],
    [
      'a URL instead of data',
      { profile_image: 'https://example.com/me.png' },
      'Please choose a JPEG, PNG or WebP image',
    ],
  ])('updateProfileimage with %s', async (_, body, message) => {
    const before = await snapshot();
    const res = await api.post<Refusal>('/api/updateProfileimage', body, {
      token: user.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    const after = await snapshot();
    expect(after.images).toEqual(before.images);
    expect(after.items).toEqual(before.items);
    expect(after.user.profile).toBe(before.user.profile);
  });

  it.each([
    ['no fields', {}, 'Current Password is required'],
    ['no new password', { current_password: 'x' }, 'New Password is required'],
    [
      'a different confirmation',
      {
        current_password: 'x',
        new_password: 'Valid-Passw0rd',
        new_confirm_password: 'Valid-Passw0rd2',
      },
      'Both passwords need to be the same',
    ],
    [
      'a weak new password',
      { current_password: 'x', new_password: 'short', new_confirm_password: 'short' },
      'Password must be at least 8 characters',
    ],
    [
      'numbers for passwords',
      { current_password: 1, new_password: 2, new_confirm_password: 2 },
      'Current Password is required',
    ],
  ])('update_password with %s', async (_, body, message) => {
    const res = await api.post<Refusal>('/api/update_password', body, { token: user.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    await expect(signIn(user.email, user.password)).resolves.toBeDefined();
  });

  it.each([
    ['no confirmation', {}],
    ['confirm as a string', { confirm: 'true' }],
    ['confirm false', { confirm: false }],
  ])('deleteAccount with %s', async (_, body) => {
    const res = await api.post<Refusal>('/api/deleteAccount', body, { token: user.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please confirm that you want to delete your account');
    expect(await cognitoUserExists(user.email)).toBe(true);
    expect((await partitionItems(user.userId)).length).toBeGreaterThan(0);
  });
});

describe('login-required account routes answer 401 without a signed-in user', () => {
  it.each([
    ['GET', '/api/user', undefined],
    ['POST', '/api/updateProfile', { name: 'Guest' }],
    ['POST', '/api/updateProfileimage', { profile_image: pngDataUrl }],
    [
      'POST',
      '/api/update_password',
      {
        current_password: 'a',
        new_password: 'Valid-Passw0rd',
        new_confirm_password: 'Valid-Passw0rd',
      },
    ],
    ['POST', '/api/deleteAccount', { confirm: true }],
  ])('%s %s', async (method, path, body) => {
    const res = await api.request(method, path, body === undefined ? {} : { body });
    expect(res.status).toBe(401);
  });
});
