import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../infra/local/stack';
import { CATALOGUE, CATALOGUE_GROUPS, type CatalogueItem } from '../../shared/company/catalogue';
import { periodsFor } from '../../shared/company/periods';
import { apiClient } from '../support/api';
import { createSignedInUser } from '../support/users';
import { newPage, logIn, SLOW } from './support/browser';

// docs/screenshots is rewritten only when asked for (SCREENSHOTS=1); otherwise under .test-out.
const SCREENSHOTS =
  process.env.SCREENSHOTS === '1'
    ? join(REPO_ROOT, 'docs', 'screenshots')
    : join(REPO_ROOT, '.test-out', 'screenshots');

/** The panel of the chosen item and period, and what it shows once loaded. */
async function shownPanel(page: Page, title: string) {
  const panel = page.getByRole('region', { name: title, exact: true });
  await panel.waitFor({ state: 'visible' });
  await expect
    .poll(async () => {
      if (await panel.getByRole('status').count()) return 'loading';
      if (await panel.locator('canvas').count()) return 'chart';
      if (await panel.locator('table').count()) return 'table';
      if (await panel.locator('.company-empty').count()) return 'empty';
      if (await panel.locator('.news-list').count()) return 'news';
      return 'nothing';
    }, SLOW)
    .not.toMatch(/loading|nothing/);
  if (await panel.locator('canvas').count()) return 'chart';
  if (await panel.locator('table').count()) return 'table';
  if (await panel.locator('.news-list').count()) return 'news';
  return 'empty';
}

async function openCompany(symbol: string, options: { height?: number } = {}) {
  const t = await newPage(options);
  await t.open(`/Market?symbol=${symbol}`);
  await t.page.getByRole('combobox', { name: 'Search for a company' }).waitFor();
  await t.page.locator('.company-header__name').waitFor();
  return t;
}

async function checkItems(items: readonly CatalogueItem[]) {
  const { page, errors } = await openCompany('MSFT');
  const select = page.getByLabel('Show', { exact: true });
  for (const item of items) {
    await select.selectOption(item.id);
    const periods = periodsFor(item);
    if (periods.length === 0) {
      const shown = await shownPanel(page, item.title);
      expect(shown, item.id).not.toBe('empty');
      continue;
    }
    // Choosing an item selects its first period: 1D for the price chart, All otherwise.
    // The chart's own period tabs (the value line below has choices of its own).
    const tabs = page.getByRole('radiogroup', { name: 'Period', exact: true });
    expect(await tabs.getByRole('radio', { checked: true }).textContent(), item.id).toBe(
      periods[0]!.label,
    );
    for (const period of periods) {
      await tabs.getByRole('radio', { name: period.label, exact: true }).click();
      const shown = await shownPanel(page, `${item.title} (${period.label})`);
      const expected = item.kind === 'statement' || item.kind === 'ratios' ? 'table' : 'chart';
      // A market holiday right before the window can leave 1D empty (shared/company/periods.ts).
      if (!(item.id === 'price' && period.id === '1D' && shown === 'empty'))
        expect(shown, `${item.id} ${period.id}`).toBe(expected);
    }
  }
  expect(errors).toEqual([]);
}

test('a guest searches by name, picks a stock with the keyboard and sees its company view with the price chart', async () => {
  const { page, open, errors } = await newPage();
  await open('/');
  const box = page.getByRole('combobox', { name: 'Search for a company' });
  await box.fill('Apple');
  const option = page.getByRole('option').filter({ hasText: 'AAPL' });
  await option.first().waitFor();
  await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
  const index = await page
    .getByRole('option')
    .evaluateAll((els) => els.findIndex((el) => el.textContent?.includes('AAPL')));
  for (let i = 0; i <= index; i += 1) await box.press('ArrowDown');
  await expect.poll(() => box.getAttribute('aria-activedescendant')).toBeTruthy();
  await box.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('symbol')).toBe('AAPL');
  await expect.poll(() => page.locator('.company-header__name').textContent()).toMatch(/Apple/);
  expect(await page.locator('.company-header__listing').textContent()).toContain('AAPL');
  expect(await page.getByText('All numbers are in millions, Currency in USD').count()).toBe(1);
  await page.getByRole('radio', { name: '1Y', exact: true }).click();
  expect(await shownPanel(page, 'Price Chart (1Y)')).toBe('chart');

  // Search by symbol; no match shows the empty state.
  await box.fill('zzzzqx');
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'No stocks match' }).count())
    .toBe(1);

  // Find Another Business goes back to /, and Back returns to the company (from the keyboard).
  await page.getByRole('button', { name: 'Find Another Business' }).press('Enter');
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/');
  await page.goBack();
  await expect.poll(() => new URL(page.url()).searchParams.get('symbol')).toBe('AAPL');
  await page.locator('.company-header__name').waitFor();
  expect(errors).toEqual([]);
});

describe('every selector item and period shows a chart or table with its title', () => {
  for (const group of CATALOGUE_GROUPS) {
    test(`${group}`, async () => {
      await checkItems(CATALOGUE.filter((item) => item.group === group));
    }, 180_000);
  }
});

test('the panels: highlights with top five owners, five news items opening in a new tab, no millions note', async () => {
  const { page, errors } = await openCompany('AAPL');
  const select = page.getByLabel('Show', { exact: true });
  await select.selectOption('investment-highlights');
  const highlights = page.getByRole('region', { name: 'Investment Highlights', exact: true });
  for (const card of [
    'Share Information',
    'Valuation Metrics (TTM)',
    'Financials (TTM)',
    'Largest Institutional Owners',
  ]) {
    expect(await highlights.getByRole('region', { name: card }).count(), card).toBe(1);
  }
  const ownerRows = highlights
    .getByRole('region', { name: 'Largest Institutional Owners' })
    .locator('tbody tr');
  expect(await ownerRows.count()).toBeGreaterThan(0);
  expect(await ownerRows.count()).toBeLessThanOrEqual(5);
  expect(await page.getByText(/All numbers are in millions/).count()).toBe(0);

  await select.selectOption('news');
  const items = page.locator('.news-list__item');
  await expect.poll(() => items.count()).toBe(5);
  const link = items.first().getByRole('link');
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toContain('noopener');
  expect(await items.first().locator('time').textContent()).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  expect(await page.getByText(/All numbers are in millions/).count()).toBe(0);
  expect(errors).toEqual([]);
});

test('a Financial Services company (JPM) hides the gross-profit block; a technology company shows it', async () => {
  for (const [symbol, shown] of [
    ['JPM', 0],
    ['AAPL', 1],
  ] as const) {
    const { page, errors } = await openCompany(symbol);
    await page.getByLabel('Show', { exact: true }).selectOption('income-statement-annual');
    expect(await shownPanel(page, 'Income Statement (Annual) (All)')).toBe('table');
    const table = page.getByRole('region', { name: 'Income Statement (Annual) (All)' });
    expect(await table.getByRole('rowheader', { name: 'Revenue', exact: true }).count()).toBe(1);
    expect(
      await table.getByRole('rowheader', { name: 'Gross Profit', exact: true }).count(),
      symbol,
    ).toBe(shown);
    expect(
      await table.getByRole('rowheader', { name: 'Cost of Revenue', exact: true }).count(),
      symbol,
    ).toBe(shown);
    expect(await table.locator('thead th').nth(1).textContent()).toMatch(/^FY \d{4}$/);
    expect(errors).toEqual([]);
  }
});

test('screenshots of the price chart, a statement table and a bar chart', async () => {
  const { page, errors } = await openCompany('AAPL', { height: 1400 });
  const select = page.getByLabel('Show', { exact: true });
  await page.getByRole('radio', { name: '1Y', exact: true }).click();
  expect(await shownPanel(page, 'Price Chart (1Y)')).toBe('chart');
  await page
    .locator('.company-view')
    .screenshot({ path: join(SCREENSHOTS, 'company-price-chart.png') });

  await select.selectOption('income-statement-quarterly');
  await page.getByRole('radio', { name: '2Y', exact: true }).click();
  expect(await shownPanel(page, 'Income Statement (Quarterly) (2Y)')).toBe('table');
  await page
    .locator('.company-view')
    .screenshot({ path: join(SCREENSHOTS, 'company-income-statement.png') });

  expect(errors).toEqual([]);

  // A company with losses in its early years: red bars, then green.
  const tesla = await openCompany('TSLA', { height: 1400 });
  await tesla.page.getByLabel('Show', { exact: true }).selectOption('net-income-quarterly');
  expect(await shownPanel(tesla.page, 'Net Income (Quarterly) (All)')).toBe('chart');
  await tesla.page
    .locator('.company-view')
    .screenshot({ path: join(SCREENSHOTS, 'company-net-income-bars.png') });
  expect(tesla.errors).toEqual([]);
}, 90_000);

test('a signed-in investor adds the company to the watchlist from the company view; a guest is sent to log in', async () => {
  const guest = await openCompany('NVDA');
  await guest.page.getByRole('link', { name: 'Add to Watchlist' }).click();
  await expect.poll(() => new URL(guest.page.url()).pathname, SLOW).toBe('/login');
  expect(guest.errors).toEqual([]);

  const user = await createSignedInUser({ name: 'Company Watcher' });
  const { page, open, errors } = await newPage();
  await open('/login');
  await logIn(page, user);
  await open('/Market?symbol=NVDA');
  await page.locator('.company-header__name').waitFor(SLOW);
  await page.getByRole('button', { name: 'Add to Watchlist' }).click(SLOW);
  await expect
    .poll(
      () =>
        page.locator('.toast--success').filter({ hasText: 'Watchlist Added successfully' }).count(),
      SLOW,
    )
    .toBeGreaterThan(0);

  // The server kept it.
  const list = await apiClient().get<{ data: { stock_symbol: string }[] }>('/api/getWatchList', {
    token: user.accessToken,
  });
  expect(list.body.data.map((item) => item.stock_symbol)).toEqual(['NVDA']);
  expect(errors).toEqual([]);
}, 60_000);
