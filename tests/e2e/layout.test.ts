import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiClient } from '../support/api';
import { createSignedInUser, type TestUser } from '../support/users';
import { logIn, newPage, SLOW } from './support/browser';
import { checkBothWidths, SCREENSHOTS, WALKS } from './support/walk';

/**
 * Screens hold up on a phone: the Performance view of a portfolio with history at the walk's
 * widths, the phone menu, and the phone header's one row. Every other page is walked by
 * layout-signed-in.test.ts and layout-signed-out.test.ts.
 */
const api = apiClient();
let user: TestUser;

beforeAll(async () => {
  user = await createSignedInUser({ name: 'Phone Investor' });
}, 60_000);

/** Three years of history: deposits, a withdrawal, buys and sales at the day's demo close. */
const HISTORY: [date: string, type: string, symbol: string, quantity: string, amount: string][] = [
  ['2023-01-03', 'deposit', '', '', '"250,000.00"'],
  ['2023-01-04', 'buy', 'KO', '200', ''],
  ['2023-01-05', 'buy', 'MSFT', '50', ''],
  ['2023-03-01', 'buy', 'AAPL', '50', ''],
  ['2023-09-01', 'withdrawal', '', '', '"5,000.00"'],
  ['2024-02-01', 'sell', 'KO', '120', ''],
  ['2025-04-01', 'sell', 'MSFT', '20', ''],
  ['2025-10-01', 'deposit', '', '', '"10,000.00"'],
  ['2025-11-03', 'buy', 'KO', '50', ''],
];

/** The demo market's close of a symbol on a day. */
async function closeOn(symbol: string, date: string): Promise<number> {
  const res = await api.get<{ data: { date: string; close: number }[] }>('/api/market/historical', {
    query: { stock_symbol: symbol, from: date, to: date },
  });
  const close = res.body.data.find((bar) => bar.date.slice(0, 10) === date)?.close;
  if (close === undefined) throw new Error(`No close of ${symbol} on ${date}`);
  return close;
}

async function historyCsv(): Promise<string> {
  const rows = ['Date,Type,Symbol,Quantity,Price,Amount,Fee'];
  for (const [date, type, symbol, quantity, amount] of HISTORY) {
    const price = symbol ? String(await closeOn(symbol, date)) : '';
    rows.push([date, type, symbol, quantity, price, amount, symbol ? '1.00' : ''].join(','));
  }
  return rows.join('\n');
}

/**
 * The Performance view of a portfolio with history (risk figures, the drawdown on the chart,
 * tax lots), since the whole history: no sideways scrolling, nothing serious for axe, and a
 * screenshot of each width when asked for (SCREENSHOTS=1).
 */
describe('the Performance view', () => {
  let historyUser: TestUser;
  beforeAll(async () => {
    historyUser = await createSignedInUser({ name: 'Performance Investor' });
    const created = await api.post<{ data: { id: string } }>(
      '/api/addPortfolio',
      { portfolio_name: 'History', investment_value: 0 },
      { token: historyUser.accessToken },
    );
    expect(created.status).toBe(200);
    const imported = await api.post<{ data: { created: number } }>(
      '/api/importTransactions',
      { portfolio_id: created.body.data.id, mode: 'commit', csv: await historyCsv() },
      { token: historyUser.accessToken },
    );
    expect(imported.status).toBe(200);
    expect(imported.body.data.created).toBe(9);
  }, 60_000);

  test.each(WALKS)(
    'loaded at $load px, then at $narrower px: fits, axe finds nothing serious',
    async (walk) => {
      const { page, open, errors } = await newPage({ width: walk.load, height: 844 });
      await open('/login');
      await logIn(page, historyUser);
      await open('/Portfolio');
      await page.getByRole('button', { name: 'History', exact: true }).click();
      await page.getByRole('tab', { name: 'Performance' }).click();
      const performance = page.getByRole('region', { name: 'Performance' });
      await performance
        .getByRole('group', { name: 'Period' })
        .getByRole('button', { name: 'MAX' })
        .click();
      await expect
        .poll(() => performance.getByTestId('performance-range').textContent(), SLOW)
        .toMatch(/^2023-01-03 to /);
      await performance.getByTestId('risk-volatility').waitFor(SLOW);
      await performance.getByRole('table', { name: 'Open lots' }).waitFor(SLOW);
      await expect.poll(() => performance.locator('canvas').count(), SLOW).toBeGreaterThan(1);
      await page.waitForLoadState('networkidle');
      expect(
        await checkBothWidths(
          page,
          walk,
          '/Portfolio (Performance)',
          'signed-in-Portfolio-Performance',
        ),
      ).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
    120_000,
  );
});

test('on a phone the Menu button folds the navigation and reaches every feature', async () => {
  const { page, open } = await newPage({ width: 390, height: 844 });
  await open('/login');
  await logIn(page, user);
  await open('/Aboutus');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const portfolio = nav.getByRole('link', { name: 'Portfolio' });
  expect(await portfolio.isVisible()).toBe(false);
  const menu = nav.getByRole('button', { name: 'Menu' });
  await menu.click();
  expect(await menu.getAttribute('aria-expanded')).toBe('true');
  await page.screenshot({ path: join(SCREENSHOTS, 'phone-menu.png') });
  await portfolio.click();
  await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/Portfolio');
  expect(await portfolio.isVisible()).toBe(false);
});

/**
 * The header on a phone: one row (brand, account buttons, Menu) from the first paint on, as
 * tall before the session is known as after the Sign Up and Login buttons (or the user's
 * picture) appear, so nothing below it moves (the company view's layout shift, decision 147).
 */
const HEADER_PROBE = `
  window.__headerHeights = [];
  document.addEventListener('DOMContentLoaded', () => {
    const header = document.querySelector('.site-header');
    if (header) window.__headerHeights.push(header.getBoundingClientRect().height);
  });
`;

async function headerRow(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const el = document.querySelector(selector);
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    // The brand ends where its name ends (a name cut or running under the buttons counts).
    const name = document.querySelector('.main-nav .brand span')?.getBoundingClientRect();
    const brand = box('.main-nav .brand')!;
    if (name && name.width > 1) brand.right = Math.max(brand.right, name.right);
    return {
      header: box('.site-header'),
      brand,
      toggle: box('.main-nav__toggle'),
      account: box('.site-header__account > *:last-child'),
      first: (window as unknown as { __headerHeights: number[] }).__headerHeights[0],
    };
  });
}

describe('the header on a phone', () => {
  for (const signedIn of [false, true])
    test(`${signedIn ? 'signed in' : 'signed out'} at 320, 360, 390, 412 and 430 px: one row, as tall after load as at first paint`, async () => {
      // One session (the tab keeps it) for the five widths: each is a fresh load of the
      // company view, its first paint measured by the probe.
      const { page, context, open } = await newPage({ width: 390, height: 844 });
      if (signedIn) {
        await open('/login');
        await logIn(page, user);
      }
      await context.addInitScript({ content: HEADER_PROBE });
      for (const width of [320, 360, 390, 412, 430]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto('/Market?symbol=AAPL', { waitUntil: 'networkidle' });
        // The session is known: the guest buttons or the user's picture are on screen.
        const account = signedIn
          ? page.locator('.site-header__account .user-menu__button')
          : page.locator('.site-header__account').getByRole('link', { name: 'Login' });
        await account.waitFor(SLOW);
        const row = await headerRow(page);
        const at = `${width} px`;
        expect(row.first, `header height at first paint, ${at}`).toBeGreaterThan(0);
        expect(row.header!.bottom - row.header!.top, at).toBe(row.first);
        // One row: brand, account and Menu side by side, inside the header's height.
        for (const part of [row.brand!, row.toggle!, row.account!]) {
          expect(part.top, at).toBeGreaterThanOrEqual(row.header!.top);
          expect(part.bottom, at).toBeLessThanOrEqual(row.header!.bottom);
        }
        expect(row.account!.right, at).toBeLessThanOrEqual(row.toggle!.left);
        expect(row.brand!.right, at).toBeLessThanOrEqual(row.account!.left);
        expect(row.toggle!.right, at).toBeLessThanOrEqual(width);
      }
    }, 120_000);
});
