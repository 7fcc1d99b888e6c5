import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { createSignedInUser } from '../support/users';
import { newPage, logIn, SLOW } from './support/browser';
import { dollars, portfolioCell } from './support/pitches';

async function toast(
  page: Page,
  text: string,
  kind: 'success' | 'error' = 'success',
): Promise<void> {
  await expect
    .poll(() => page.locator(`.toast--${kind}`).filter({ hasText: text }).count(), SLOW)
    .toBeGreaterThan(0);
}

test('a portfolio from creation to deletion: buy through the order form, NAV and IRR, chart tabs, seed adjusted', async () => {
  const user = await createSignedInUser({ name: 'Portfolio Investor' });
  const { page, open, errors } = await newPage();
  await open('/login');
  await logIn(page, user);

  // Empty state.
  await open('/Portfolio');
  await expect
    .poll(() => page.getByText('You have not created your portfolio yet.').count(), SLOW)
    .toBe(1);

  // Create with a typed seed of $1,000,000.
  await page.getByRole('button', { name: 'Create Portfolio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Portfolio' });
  expect(await dialog.getByRole('slider', { name: 'Seed Capital' }).inputValue()).toBe('100000000');
  const create = dialog.getByRole('button', { name: 'Create Portfolio' });
  expect(await create.isDisabled()).toBe(true);
  await dialog.getByLabel('Portfolio Name').fill('Browser Growth');
  await dialog.getByLabel('Seed Capital (USD)').fill('1000000');
  await create.click();
  await toast(page, 'Portfolio Created successfully');
  await expect.poll(() => dialog.count(), SLOW).toBe(0);
  await expect
    .poll(() => portfolioCell(page, 'Browser Growth', 'Net Asset Value'), SLOW)
    .toBe('$1,000,000.00');
  expect(await page.getByTestId('total-value').textContent()).toBe('$1,000,000.00');

  // Select it: no stocks yet.
  await page.getByRole('button', { name: 'Browser Growth', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Stocks in Browser Growth' });
  await expect.poll(() => panel.getByTestId('stock-count').textContent(), SLOW).toBe('0');

  // Buy $10,000 of AAPL at market through the order form.
  const form = page.getByRole('region', { name: 'Invests' });
  expect(await form.getByLabel('Portfolio').locator('option:checked').textContent()).toBe(
    'Browser Growth',
  );
  await form.getByLabel('Symbol').fill('AAPL');
  await form.getByLabel('Amount (USD)').fill('10000');
  await form.getByRole('button', { name: 'Invest' }).click();
  await toast(page, 'Order filled: bought');
  await expect.poll(() => panel.getByTestId('stock-count').textContent(), SLOW).toBe('1');

  // Holdings, cash, NAV and IRR.
  const holdings = page.getByRole('region', { name: 'Holdings' });
  await expect.poll(() => holdings.getByRole('rowheader', { name: 'AAPL' }).count(), SLOW).toBe(1);
  expect(await holdings.getByTestId('holdings-cash').textContent()).toBe('$990,000.00');
  const nav = dollars(await portfolioCell(page, 'Browser Growth', 'Net Asset Value'));
  expect(nav).toBeGreaterThan(990_000);
  expect(nav).toBeLessThan(1_010_000);
  expect(await portfolioCell(page, 'Browser Growth', 'IRR since inception')).toMatch(
    /^-?\d+\.\d{2}% since inception$/,
  );
  expect(await portfolioCell(page, 'Browser Growth', 'S&P 500')).toMatch(/%|unavailable/);
  await expect.poll(() => holdings.getByText('Recent transactions').count(), SLOW).toBe(1);

  // Chart tabs: Weekly by default, then Daily and Monthly, each drawing a chart.
  const tab = (name: string) => panel.getByRole('tab', { name });
  expect(await tab('Weekly').getAttribute('aria-selected')).toBe('true');
  await expect
    .poll(() => panel.getByRole('img', { name: 'AAPL Weekly closing price chart' }).count(), SLOW)
    .toBe(1);
  for (const name of ['Daily', 'Monthly']) {
    await tab(name).click();
    expect(await tab(name).getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(
        () =>
          panel
            .getByRole('img', { name: `AAPL ${name} closing price chart` })
            .locator('canvas')
            .count(),
        SLOW,
      )
      .toBeGreaterThan(0);
  }
  // Quote tiles carry figures, not placeholders.
  const quote = panel.getByLabel('AAPL quote');
  await expect
    .poll(() => quote.locator('dd').first().textContent(), SLOW)
    .toMatch(/^\d[\d,]*\.\d{2}$/);

  // Adjust the seed capital to $2,000,000: the cash and NAV grow by $1,000,000.
  await page.getByRole('button', { name: 'Adjust Browser Growth' }).click();
  const update = page.getByRole('dialog', { name: 'Update Portfolio' });
  await expect
    .poll(() => update.getByLabel('Portfolio Name').inputValue(), SLOW)
    .toBe('Browser Growth');
  expect(await update.getByLabel('Seed Capital (USD)').inputValue()).toBe('1000000');
  await update.getByLabel('Seed Capital (USD)').fill('2000000');
  await update.getByRole('button', { name: 'Update Portfolio' }).click();
  await toast(page, 'Updated successfully');
  await expect.poll(() => update.count(), SLOW).toBe(0);
  await expect
    .poll(() => holdings.getByTestId('holdings-cash').textContent(), SLOW)
    .toBe('$1,990,000.00');
  await expect
    .poll(async () => dollars(await portfolioCell(page, 'Browser Growth', 'Net Asset Value')), SLOW)
    .toBeGreaterThan(1_990_000);

  // Delete, after confirmation.
  await page.getByRole('button', { name: 'Delete Browser Growth' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Portfolio' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await toast(page, 'Deleted successfully!');
  await expect
    .poll(() => page.getByText('You have not created your portfolio yet.').count(), SLOW)
    .toBe(1);

  expect(errors).toEqual([]);
});
