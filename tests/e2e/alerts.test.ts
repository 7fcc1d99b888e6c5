import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { apiClient } from '../support/api';
import { createSignedInUser } from '../support/users';
import { newPage, logIn, SLOW } from './support/browser';

async function toast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.locator('.toast').filter({ hasText: text }).count(), SLOW)
    .toBeGreaterThan(0);
}

test('a signed-in investor sets a price alert from a watchlist row, sees it in My Alerts and removes it', async () => {
  const user = await createSignedInUser({ name: 'Alert Investor' });
  const added = await apiClient().post(
    '/api/addWatchList',
    { stock_symbol: 'AAPL' },
    { token: user.accessToken },
  );
  expect(added.status).toBe(200);

  const { page, open, errors } = await newPage();
  await open('/login');
  await logIn(page, user);
  await open('/Watchlist');

  await page.getByRole('button', { name: 'Alert me about AAPL' }).click(SLOW);
  const dialog = page.getByRole('dialog', { name: 'Alert me: AAPL' });
  await dialog.getByLabel('When').selectOption('price-below');
  // A bad price is refused in the dialog with the schema's message.
  await dialog.getByLabel('Price ($)').fill('0');
  await dialog.getByRole('button', { name: 'Add alert' }).click();
  await expect
    .poll(() => dialog.getByRole('alert').textContent(), SLOW)
    .toBe('Enter a price of at least $0.01');
  await dialog.getByLabel('Price ($)').fill('1');
  await dialog.getByRole('button', { name: 'Add alert' }).click();
  await toast(page, 'Alert added');

  await open('/Alerts');
  const remove = page.getByRole('button', { name: /^Remove the alert: .*AAPL/ });
  await expect.poll(() => remove.count(), SLOW).toBe(1);
  await remove.click();
  await page
    .getByRole('dialog', { name: 'Remove the alert on AAPL?' })
    .getByRole('button', { name: 'Remove alert', exact: true })
    .click();
  await toast(page, 'Alert removed');
  await expect.poll(() => page.getByText(/^No alerts yet\./).count(), SLOW).toBe(1);
  // The one refused request (the price of 0) is the only failure the browser saw.
  expect(errors).toEqual([expect.stringContaining('status of 400')]);
});

test('an unsubscribe link that is not valid says so, without signing in', async () => {
  const { page, open } = await newPage();
  await open('/alerts/unsubscribe?token=forged.AAAAAAAAAAAAAAAAAAAAAAAA');
  await expect
    .poll(() => page.getByRole('alert').filter({ hasText: 'not valid' }).count(), SLOW)
    .toBe(1);
});
