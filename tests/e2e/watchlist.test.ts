import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { createSignedInUser } from '../support/users';
import { newPage, logIn, SLOW } from './support/browser';

async function toast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.locator('.toast').filter({ hasText: text }).count(), SLOW)
    .toBeGreaterThan(0);
}

const rowSymbols = (page: Page) =>
  page
    .locator('.watchlist-table tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-symbol')));

async function addFromSearch(page: Page, text: string, symbol: string): Promise<void> {
  const search = page.getByPlaceholder('Search stocks and shares here');
  await search.fill(text);
  await page.getByRole('button', { name: `Add ${symbol} to watchlist` }).click(SLOW);
  await toast(page, 'Watchlist Added successfully');
  await search.fill('');
}

test('a signed-in investor adds two stocks to the watchlist, opens one and removes the other', async () => {
  const user = await createSignedInUser({ name: 'Watchful Investor' });
  const { page, open, errors } = await newPage();

  await open('/Watchlist');
  await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/login');
  await logIn(page, user);
  await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/Watchlist');

  await expect.poll(() => page.getByText('Your watchlist is empty.').count(), SLOW).toBe(1);
  await addFromSearch(page, 'AAPL', 'AAPL');
  await addFromSearch(page, 'MSFT', 'MSFT');
  await expect.poll(() => rowSymbols(page), SLOW).toEqual(['AAPL', 'MSFT']);

  // Quotes come from the server's cache: LTP is a price, CHG % a percentage.
  const cells = await page
    .locator('.watchlist-table tbody tr')
    .first()
    .locator('td')
    .allTextContents();
  expect(cells[0]).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  expect(cells[2]).toMatch(/^-?\d+\.\d{2}%$/);

  // The detail card: range tabs and a chart.
  await page.getByRole('button', { name: /^AAPL/ }).click();
  const card = page.getByRole('region', { name: 'AAPL details' });
  await card.getByRole('tab', { name: '1 Year' }).click();
  await expect
    .poll(() => card.getByRole('img', { name: 'AAPL price, 1 Year' }).count(), SLOW)
    .toBe(1);
  await card.getByRole('button', { name: 'Ignore' }).click();
  await expect.poll(() => card.count(), SLOW).toBe(0);

  await page.getByRole('button', { name: 'Remove MSFT' }).click();
  await page
    .getByRole('dialog', { name: /^Remove MSFT from your watchlist\?$/ })
    .getByRole('button', { name: 'Remove', exact: true })
    .click();
  await toast(page, 'Removed successfully');
  await expect.poll(() => rowSymbols(page), SLOW).toEqual(['AAPL']);

  // The list is stored on the server: a reload shows the same stock.
  await open('/Watchlist');
  await expect.poll(() => rowSymbols(page), SLOW).toEqual(['AAPL']);
  expect(errors).toEqual([]);
});
