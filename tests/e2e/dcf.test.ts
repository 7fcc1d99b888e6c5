import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { computeValuation, dcfImpliedGrowth, type DCFInput } from '../../shared/valuation';
import { apiClient } from '../support/api';
import { createSignedInUser, type TestUser } from '../support/users';
import { newPage, logIn, SLOW } from './support/browser';

const SYMBOL = 'MSFT';
const PORTFOLIO = 'DCF Ideas';

async function toast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.locator('.toast--success').filter({ hasText: text }).count(), SLOW)
    .toBeGreaterThan(0);
}

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const output = (page: Page, label: string) => page.locator(`dd[data-output="${label}"]`);
const path = (page: Page) => new URL(page.url()).pathname;
const money = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function createPortfolio(user: TestUser): Promise<void> {
  const res = await apiClient().post(
    '/api/addPortfolio',
    { portfolio_name: PORTFOLIO, investment_value: 1_000_000 },
    { token: user.accessToken },
  );
  if (res.status !== 200) throw new Error(`addPortfolio answered ${res.status}`);
}

/** The DCF assumptions on screen, as numbers. */
async function shownInput(page: Page): Promise<DCFInput> {
  const n = async (name: string) =>
    Number((await field(page, name).inputValue()).replace(/,/g, ''));
  return {
    valuation_type_id: 5,
    free_cash_flow_per_share: await n('free_cash_flow_per_share'),
    stage_one_growth: await n('stage_one_growth'),
    stage_one_years: await n('stage_one_years'),
    terminal_growth: await n('terminal_growth'),
    discount_rate: await n('discount_rate'),
    market_price: await n('market_price'),
    holding_period: await n('holding_period'),
  };
}

test('an investor values a company by DCF, sees the growth the price implies, pitches, buys and tracks it', async () => {
  const user = await createSignedInUser({ name: 'DCF Investor' });
  await createPortfolio(user);
  const { page, open, errors } = await newPage({ width: 1400, height: 1000 });
  await open('/login');
  await logIn(page, user);

  // Value Business -> DCF: prefilled from the cash flow statements, defaults for the rest.
  await open(`/Market?symbol=${SYMBOL}`);
  await page.locator('.company-header__name').waitFor(SLOW);
  await page.getByRole('button', { name: 'Value Business', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Choose Valuation Methodology' });
  await dialog.getByRole('radio', { name: 'DCF', exact: true }).click(SLOW);
  await dialog.getByRole('button', { name: 'Value Business' }).click();
  await page.getByRole('region', { name: 'DCF Valuation' }).waitFor(SLOW);
  await field(page, 'holding_period').waitFor(SLOW);
  expect(await field(page, 'stage_one_years').inputValue()).toBe('10');
  expect(await field(page, 'terminal_growth').inputValue()).toBe('2.50');
  expect(await field(page, 'discount_rate').inputValue()).toBe('9.00');

  // The investor's own assumptions; the figures follow at once and match the formulas to the cent.
  const price = Number(await field(page, 'market_price').inputValue());
  await field(page, 'free_cash_flow_per_share').fill((price / 25).toFixed(2));
  await field(page, 'stage_one_growth').fill('9');
  await field(page, 'holding_period').fill('5');
  const input = await shownInput(page);
  const result = computeValuation(input);
  if (!result.ok) throw new Error(result.message);
  await expect
    .poll(() => output(page, 'Intrinsic Value Per Share').textContent(), SLOW)
    .toBe(money(result.intrinsicValuePerShare));
  expect(await output(page, 'PV Of Stage One').textContent()).toBe(money(result.dcf!.pvStageOne));
  expect(await output(page, 'PV Of Terminal Value').textContent()).toBe(
    money(result.dcf!.pvTerminalValue),
  );
  const implied = dcfImpliedGrowth(input);
  const impliedText = (await page.locator('[data-implied-growth]').textContent()) ?? '';
  expect(impliedText).toContain(implied.ok ? `${money(implied.growthPercent)}%` : 'N/A');
  const grid = page.locator('table[data-grid="dcf"]');
  await grid.waitFor(SLOW);
  expect(await grid.locator('td[aria-current="true"]').textContent()).toContain(
    money(result.intrinsicValuePerShare),
  );
  expect(await page.locator('body').textContent()).not.toMatch(/NaN|Infinity/);

  // Pitch it.
  await page.getByRole('button', { name: 'Pitch', exact: true }).click();
  await toast(page, 'Stock Pitch Successful!');
  await expect.poll(() => path(page), SLOW).toBe('/Pitches');

  // My Pitches: the DCF pitch, bought into the portfolio.
  const row = page.locator('.pitch-table__open').first();
  await row.waitFor(SLOW);
  await row.click();
  const pane = page.getByRole('region', { name: /^DCF Valuation: / });
  await pane.waitFor(SLOW);
  await page.locator('.pitch-buttons').getByRole('button', { name: 'Buy', exact: true }).click();
  const buyDialog = page.getByRole('dialog', { name: /^Buy / });
  const select = buyDialog.getByLabel('Select Portfolio');
  await select.waitFor(SLOW);
  await select.selectOption({ label: PORTFOLIO });
  await buyDialog.getByRole('button', { name: 'Buy', exact: true }).click();
  await toast(page, 'Pitch Added successfully!');
  await expect.poll(() => buyDialog.count(), SLOW).toBe(0);
  await page
    .getByRole('dialog', { name: /^Bought / })
    .getByRole('button', { name: 'Done' })
    .click(SLOW);

  // Track it: My Tracked Pitches lists it at its intrinsic value, and the scorecard scores it.
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await toast(page, 'Pitch Updated Successfully!');
  await expect.poll(() => path(page), SLOW).toBe('/Mytrackedpitches');
  const tracked = page.getByTestId(`tracked-row-${SYMBOL}`);
  await tracked.waitFor(SLOW);
  expect(await tracked.textContent()).toContain(money(result.intrinsicValuePerShare));
  await expect.poll(() => page.locator('[data-testid^="scorecard-row-"]').count(), SLOW).toBe(1);

  // The portfolio holds the stock.
  await open('/Portfolio');
  await page.getByRole('button', { name: PORTFOLIO, exact: true }).click(SLOW);
  const holdings = page.getByRole('region', { name: 'Holdings' });
  await expect.poll(() => holdings.getByRole('rowheader', { name: SYMBOL }).count(), SLOW).toBe(1);

  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
}, 180_000);
