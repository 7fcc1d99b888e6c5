import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { apiClient } from '../support/api';
import { CLOCK_TAG } from '../support/clock';
import { createSignedInUser, type TestUser } from '../support/users';
import { newPage, logIn, SLOW } from './support/browser';
import { dollars, portfolioCell, savePePitch } from './support/pitches';

const SYMBOL = 'MSFT';
const PORTFOLIO = 'Pitched Ideas';
const SEED = 1_000_000;

async function toast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.locator('.toast--success').filter({ hasText: text }).count(), SLOW)
    .toBeGreaterThan(0);
}

async function createPortfolio(user: TestUser): Promise<string> {
  const res = await apiClient().post<{ data: { portfolio_id: string } }>(
    '/api/addPortfolio',
    { portfolio_name: PORTFOLIO, investment_value: SEED },
    { token: user.accessToken },
  );
  if (res.status !== 200)
    throw new Error(`addPortfolio answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.portfolio_id;
}

test(
  'a signed-in investor buys a pitched stock into a portfolio and sees it in the holdings with a NAV',
  { tags: [CLOCK_TAG] },
  async () => {
    const user = await createSignedInUser({ name: 'Pitch Buyer' });
    const { record } = await savePePitch(user, SYMBOL, {
      epsDivisor: 20,
      growth: 10,
      multiple: 25,
      comment: 'Bought from the pitch',
    });
    await createPortfolio(user);
    const name = record.stock_name ?? SYMBOL;

    const { page, open, errors } = await newPage();
    await open('/login');
    await logIn(page, user);

    // My Pitches: open the pitch, Buy, choose the portfolio, Buy.
    await open('/Pitches');
    await page.getByRole('button', { name, exact: true }).click(SLOW);
    await page.getByRole('region', { name: `P/E Valuation: ${name}` }).waitFor(SLOW);
    await page.locator('.pitch-buttons').getByRole('button', { name: 'Buy', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Buy ${name}` });
    const select = dialog.getByLabel('Select Portfolio');
    await select.waitFor(SLOW);
    const buy = dialog.getByRole('button', { name: 'Buy', exact: true });
    expect(await buy.isDisabled()).toBe(true);
    await select.selectOption({ label: PORTFOLIO });
    await buy.click();
    await toast(page, 'Pitch Added successfully!');
    await expect.poll(() => dialog.count(), SLOW).toBe(0);

    // The confirmation offers "Go to Portfolio" (the spec's control), which opens the portfolios.
    const bought = page.getByRole('dialog', { name: `Bought ${name}` });
    await bought.getByRole('link', { name: 'Go to Portfolio' }).click(SLOW);
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/Portfolio');

    // Portfolio: the stock is held, the cash went down, the NAV is about the seed.
    await page.getByRole('button', { name: PORTFOLIO, exact: true }).click(SLOW);
    const panel = page.getByRole('region', { name: `Stocks in ${PORTFOLIO}` });
    await expect.poll(() => panel.getByTestId('stock-count').textContent(), SLOW).toBe('1');
    const holdings = page.getByRole('region', { name: 'Holdings' });
    await expect
      .poll(() => holdings.getByRole('rowheader', { name: SYMBOL }).count(), SLOW)
      .toBe(1);
    const cash = dollars((await holdings.getByTestId('holdings-cash').textContent()) ?? '');
    expect(cash).toBeLessThan(SEED);
    expect(cash).toBeGreaterThanOrEqual(0);
    const nav = dollars(await portfolioCell(page, PORTFOLIO, 'Net Asset Value'));
    expect(nav).toBeGreaterThan(SEED * 0.9);
    expect(nav).toBeLessThan(SEED * 1.1);
    expect(errors).toEqual([]);
  },
);
