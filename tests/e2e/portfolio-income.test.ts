import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { parseCsv } from '../../shared/csv';
import { formatPrice } from '../../shared/format/money';
import { incomeResponseSchema, type IncomeData } from '../../shared/schemas/portfolio-income';
import { apiClient } from '../support/api';
import { createSignedInUser, type TestUser } from '../support/users';
import { logIn, newPage, SLOW } from './support/browser';

/*
 * An income investor's journey: from the Portfolio page to a portfolio's Income tab (forward
 * income, yields, dividends by month and year, each holding, the dividend calendar of the
 * holdings and the watchlist, exported as CSV), then to the income of all portfolios; at a
 * phone's width and a laptop's, with nothing scrolling sideways and nothing serious for axe.
 */

const api = apiClient();

const CSV = [
  'Date,Type,Symbol,Quantity,Price,Amount,Fee',
  '2019-12-02,deposit,,,,"100,000.00",',
  '2019-12-03,buy,KO,100,50.00,,',
  '2019-12-03,buy,WMT,40,40.00,,',
  '2021-06-01,buy,MSFT,10,250.00,,',
].join('\n');

let user: TestUser;
let portfolioId = '';

const cents = (c: number) => formatPrice(c / 100, 'USD');

async function incomeOf(body: Record<string, string>): Promise<IncomeData> {
  const res = await api.post('/api/getPortfolioIncome', body, { token: user.accessToken });
  expect(res.status).toBe(200);
  return incomeResponseSchema.parse(res.body).data;
}

async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

beforeAll(async () => {
  user = await createSignedInUser({ name: 'Income Investor' });
  const created = await api.post<{ data: { portfolio_id: string } }>(
    '/api/addPortfolio',
    { portfolio_name: 'Income Fund', investment_value: 0 },
    { token: user.accessToken },
  );
  expect(created.status).toBe(200);
  portfolioId = created.body.data.portfolio_id;
  const imported = await api.post(
    '/api/importTransactions',
    { portfolio_id: portfolioId, mode: 'commit', csv: CSV },
    { token: user.accessToken },
  );
  expect(imported.status).toBe(200);
  const watched = await api.post(
    '/api/addWatchList',
    { stock_symbol: 'JNJ' },
    { token: user.accessToken },
  );
  expect(watched.status).toBe(200);
}, 60_000);

describe.each([390, 1366])('at %i px wide', (width) => {
  test('the Income tab shows forward income, yields, dividends received and the calendar, which exports as CSV; all portfolios are one link away', async () => {
    const expected = await incomeOf({ portfolio_id: portfolioId });
    const { page, open, errors } = await newPage({ width, height: 844 });
    await open('/login');
    await logIn(page, user);
    await open('/Portfolio');
    await page.getByRole('button', { name: 'Income Fund', exact: true }).click();
    await page.getByRole('tab', { name: 'Income' }).click();
    const income = page.getByRole('region', { name: 'Income', exact: true });

    // The figures are the API's.
    await expect
      .poll(() => income.getByTestId('income-forward').textContent(), SLOW)
      .toBe(cents(expected.forward.total_cents));
    expect(expected.forward.declared_cents).toBeGreaterThan(0);
    expect(await income.getByTestId('income-declared').textContent()).toBe(
      cents(expected.forward.declared_cents),
    );
    expect(await income.getByTestId('income-received').textContent()).toBe(
      cents(expected.received.total_cents),
    );
    expect(await income.getByTestId('income-yield-on-cost').textContent()).toMatch(/^\d+\.\d\d%$/);
    const info = income.getByRole('button', { name: 'How is the yield on cost worked out?' });
    await info.click();
    await expect
      .poll(() =>
        income.getByRole('tooltip').filter({ hasText: 'what the shares held cost' }).isVisible(),
      )
      .toBe(true);
    await info.click();

    // Each holding: KO and MSFT have declared their next dividend, WMT not yet.
    const row = (symbol: string) => income.getByTestId(`income-${symbol}`);
    expect(await row('KO').textContent()).toContain('Declared + last 12 months');
    expect(await row('WMT').textContent()).toContain('Last 12 months');
    expect(await row('KO').textContent()).toContain(
      cents(expected.holdings.find((h) => h.symbol === 'KO')!.forward_cents),
    );

    // Dividends received, by month then by year, drawn and listed.
    await expect
      .poll(
        () =>
          income
            .getByRole('img', { name: /^Dividends received by month, Dec 2019 to Mar 2026/ })
            .locator('canvas')
            .count(),
        SLOW,
      )
      .toBeGreaterThan(0);
    await income
      .getByRole('group', { name: 'Dividends received by' })
      .getByRole('button', { name: 'Year' })
      .click();
    await expect
      .poll(
        () =>
          income.getByRole('img', { name: /^Dividends received by year, 2019 to 2026/ }).count(),
        SLOW,
      )
      .toBe(1);
    const years = income.getByRole('table', { name: 'Dividends received by year' });
    expect(await years.getByRole('row').count()).toBe(expected.received.years.length + 1);

    // The calendar: KO goes ex today on the shares held; JNJ from the watchlist.
    const march = income.getByRole('region', { name: 'March 2026' });
    const events = march.getByTestId('calendar-event');
    await expect
      .poll(() => events.filter({ hasText: 'KO goes ex-dividend' }).count(), SLOW)
      .toBe(1);
    const ko = expected.calendar.find((e) => e.symbol === 'KO' && e.status === 'declared')!;
    expect(await events.filter({ hasText: 'KO pays' }).textContent()).toContain(
      `${cents(ko.amount_cents!)} on 100 shares`,
    );
    const jnj = events.filter({ hasText: 'JNJ goes ex-dividend' });
    expect(await jnj.textContent()).toContain('Watchlist');
    expect(await jnj.textContent()).toContain('Declared');
    expect(await income.getByText('Estimated', { exact: true }).count()).toBeGreaterThan(0);

    // The CSV export holds the calendar as the API answers it.
    const [download] = await Promise.all([
      page.waitForEvent('download', SLOW),
      income.getByRole('button', { name: 'Export Income Fund Dividend Calendar as CSV' }).click(),
    ]);
    const [header, ...rows] = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(header).toEqual([
      'Symbol',
      'Name',
      'In',
      'Status',
      'Declaration Date',
      'Ex-Date',
      'Record Date',
      'Pay Date',
      'Dividend a Share (USD)',
      'Shares',
      'Amount (USD)',
    ]);
    expect(rows).toHaveLength(expected.calendar.length);
    expect(rows.find((r) => r[0] === 'KO' && r[3] === 'Declared')).toEqual([
      'KO',
      ko.name,
      'Holding',
      'Declared',
      ko.declaration_date,
      ko.ex_date,
      ko.record_date,
      ko.pay_date,
      String(ko.per_share),
      '100',
      String(ko.amount_cents! / 100),
    ]);

    await page.waitForLoadState('networkidle');
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await axeFindings(page)).toEqual([]);

    // Every portfolio together, one link from the Portfolio page.
    const all = await incomeOf({});
    await open('/Portfolio');
    await page.getByRole('link', { name: 'Income from all portfolios' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW)
      .toBe('Income from all portfolios');
    const allIncome = page.getByRole('region', { name: 'Income', exact: true });
    await expect
      .poll(() => allIncome.getByTestId('income-forward').textContent(), SLOW)
      .toBe(cents(all.forward.total_cents));
    await allIncome.getByRole('region', { name: 'March 2026' }).waitFor(SLOW);
    await page.waitForLoadState('networkidle');
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await axeFindings(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
