import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { apiClient } from '../support/api';
import { waitForMail, type LocalMail } from '../support/mail';
import { uniqueEmail } from '../support/users';
import { newPage, SLOW } from './support/browser';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const nowSeconds = () => Math.floor(Date.now() / 1000) - 1;
const path = (page: Page) => new URL(page.url()).pathname;

/** The path of the link in an account email (the link works on any origin serving the app). */
function linkPath(mail: LocalMail, kind: 'Verify_account' | 'reset_password'): string {
  const match = new RegExp(`href="[^"]*(/${kind}/[^"]+)"`).exec(mail.body.html ?? '');
  if (!match?.[1]) throw new Error(`No ${kind} link in "${mail.subject}"`);
  return match[1];
}

async function toast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.locator('.toast').filter({ hasText: text }).count(), SLOW)
    .toBeGreaterThan(0);
}

async function login(
  page: Page,
  email: string,
  password: string,
  remember: boolean,
): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const box = page.getByRole('checkbox', { name: 'Remember Me' });
  if ((await box.isChecked()) !== remember) await box.click();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await toast(page, 'Login Successful!');
}

/** Keys Amplify keeps its Cognito tokens under in a storage area. */
const tokenKeys = (page: Page, area: 'localStorage' | 'sessionStorage') =>
  page.evaluate(
    (a) =>
      Object.keys(window[a]).filter(
        (k) => k.includes('CognitoIdentityServiceProvider') && k.endsWith('accessToken'),
      ),
    area,
  );

test('an account from sign-up to deletion, through the screens', async () => {
  const { page, open, errors } = await newPage();
  const email = uniqueEmail('browser');
  const first = 'First-Passw0rd';
  const second = 'Second-Passw0rd';
  const third = 'Third-Passw0rd';

  // Sign up: the button waits for a valid form.
  await open('/signup');
  await page.getByLabel('Name').fill('Browser Investor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(first);
  await page.getByLabel('Confirm Password').fill(first);
  const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });
  expect(await signUp.isDisabled()).toBe(true);
  await page.getByRole('checkbox').check();
  const since = nowSeconds();
  await signUp.click();
  await expect.poll(() => path(page), SLOW).toBe('/sucess');
  await expect
    .poll(() => page.getByText('Please Check Your Email for Account Activation!').count(), SLOW)
    .toBe(1);

  // The activation email's link, opened in a new browser context (not the one that signed up).
  const activation = await waitForMail(email, { sinceEpochSeconds: since, timeoutMs: 10_000 });
  const other = await newPage();
  await other.open(linkPath(activation, 'Verify_account'));
  await expect
    .poll(() => other.page.getByRole('dialog', { name: 'Account Activated' }).count(), SLOW)
    .toBe(1);
  expect(
    await other.page.getByText('Your email has been verified successfully').count(),
  ).toBeGreaterThan(0);
  await other.page.getByRole('dialog').getByRole('link', { name: 'Login to continue...' }).click();
  await expect.poll(() => path(other.page), SLOW).toBe('/login');

  // Login with Remember Me: the session and the email stay in localStorage, never the password.
  await open('/login');
  await login(page, email, first, true);
  await expect.poll(() => path(page), SLOW).toBe('/');
  const header = page.getByRole('banner');
  await expect
    .poll(() => header.getByRole('button', { name: 'Browser Investor' }).count(), SLOW)
    .toBe(1);
  expect(await tokenKeys(page, 'localStorage')).toHaveLength(1);
  const stored = await page.evaluate(() =>
    JSON.stringify({ ...window.localStorage, ...window.sessionStorage }),
  );
  expect(stored).toContain(email);
  expect(stored).not.toContain(first);

  // Edit Profile from the header menu.
  await header.getByRole('button', { name: 'Browser Investor' }).click();
  await header.getByRole('link', { name: 'Edit Profile' }).click();
  await expect.poll(() => path(page), SLOW).toBe('/Myaccount');
  const userName = page.getByLabel('User Name');
  await expect.poll(() => userName.inputValue(), SLOW).toBe('Browser Investor');
  expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
  await userName.fill('Renamed Investor');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, 'Changes Saved!');
  await expect
    .poll(() => header.getByRole('button', { name: 'Renamed Investor' }).count(), SLOW)
    .toBe(1);

  // Change Photo: the header shows it, loaded through /images/profile/.
  await page
    .getByLabel('Change Photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await toast(page, 'Upload Successful!');
  await expect
    .poll(
      () =>
        header.getByRole('button', { name: 'Renamed Investor' }).locator('img').getAttribute('src'),
      SLOW,
    )
    .toContain('/images/profile/');
  // The new src is set before the picture has arrived: wait for it to load (a 1x1 PNG).
  const photo = page.getByRole('img', { name: 'Profile photo' });
  await expect
    .poll(
      () =>
        photo.evaluate((img) => {
          const i = img as HTMLImageElement;
          return i.complete ? i.naturalWidth : -1;
        }),
      SLOW,
    )
    .toBe(1);

  // Password Reset tab.
  await page.getByRole('tab', { name: 'Password Reset' }).click();
  await page.getByLabel('Current Password').fill(first);
  await page.getByLabel('New Password', { exact: true }).fill(second);
  await page.getByLabel('Confirm New Password').fill(second);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await toast(page, 'Password Reset Successful!');

  // Logout: back home as a guest.
  await header.getByRole('button', { name: 'Renamed Investor' }).click();
  await header.getByRole('link', { name: 'Logout' }).click();
  // The header turns to a guest's before Logout reloads the home page: wait for the reload.
  await expect.poll(() => path(page), SLOW).toBe('/');
  await page.waitForLoadState('load');
  await expect.poll(() => header.getByRole('link', { name: 'Login' }).count(), SLOW).toBe(1);
  expect(await tokenKeys(page, 'localStorage')).toEqual([]);

  // Forgot password, then the reset link.
  await open('/forget');
  await page.getByLabel('Email').fill(email);
  const resetSince = nowSeconds();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => path(page), SLOW).toBe('/ResetSucess');
  await expect
    .poll(() => page.getByText('Please Check Your Email for Password Reset!').count(), SLOW)
    .toBe(1);
  const resetMail = await waitForMail(email, { sinceEpochSeconds: resetSince, timeoutMs: 10_000 });
  await open(linkPath(resetMail, 'reset_password'));
  await page.getByLabel('Password', { exact: true }).fill(third);
  await page.getByLabel('Confirm Password').fill(`${third}x`);
  await expect
    .poll(() => page.getByText('Both passwords need to be the same').count(), SLOW)
    .toBe(1);
  await page.getByLabel('Confirm Password').fill(third);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect.poll(() => path(page), SLOW).toBe('/ResetSucessmsg');
  await page.getByRole('main').getByRole('link', { name: 'Login' }).click();

  // Login with the new password, Remember Me unchecked: the session lives in sessionStorage only.
  await expect.poll(() => path(page), SLOW).toBe('/login');
  expect(await page.getByLabel('Email').inputValue()).toBe(email);
  await login(page, email, third, false);
  await expect.poll(async () => (await tokenKeys(page, 'sessionStorage')).length, SLOW).toBe(1);
  expect(await tokenKeys(page, 'localStorage')).toEqual([]);

  // Delete the account, with its confirmation step.
  await open('/Myaccount');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Yes, delete my account' })
    .click();
  await toast(page, 'Account Deleted!');
  await expect.poll(() => path(page), SLOW).toBe('/login');
  const api = apiClient();
  expect((await api.post('/api/login', { email, password: third })).status).toBe(401);

  expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
});
