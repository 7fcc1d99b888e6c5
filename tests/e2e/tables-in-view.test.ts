import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiClient } from '../support/api';
import { createSignedInUser, type TestUser } from '../support/users';
import { logIn, newPage, SLOW } from './support/browser';

/**
 * Tables show their columns where they stand, measured on the page: at 1366 px every table of a
 * portfolio's Performance view shows all its columns without scrolling and the monthly returns
 * all twelve months (decision 193); on a 390 px phone Compare's name column stays narrow, so the
 * figures of several companies' columns are in view beside it.
 */
const api = apiClient();

/**
 * Each table of a region, by the name of the box it scrolls in: its column headers in view
 * (inside that box and the window), those cut off, how far the box scrolls sideways, and the
 * width of its first column.
 */
function tablesInView(region: Locator) {
  return region.locator('table').evaluateAll((tables) =>
    tables.map((table) => {
      const box = table.closest('.table-scroll') ?? table.parentElement!;
      const frame = box.getBoundingClientRect();
      const left = Math.max(frame.left, 0);
      const right = Math.min(frame.right, window.innerWidth);
      const headers = [...table.querySelectorAll('thead th')].map((th) => {
        const r = th.getBoundingClientRect();
        return {
          text: th.textContent?.trim() ?? '',
          seen: r.left >= left - 1 && r.right <= right + 1,
        };
      });
      const first = table.querySelector('thead th')?.getBoundingClientRect();
      return {
        name: box.getAttribute('aria-label') ?? '',
        columns: headers.length,
        inView: headers.filter((h) => h.seen).map((h) => h.text),
        cutOff: headers.filter((h) => !h.seen).map((h) => h.text),
        scrolls: box.scrollWidth - box.clientWidth,
        boxWidth: right - left,
        firstColumn: first ? first.width : 0,
      };
    }),
  );
}

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

describe('the Performance view at 1366 px', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createSignedInUser({ name: 'Wide Tables' });
    const created = await api.post<{ data: { id: string } }>(
      '/api/addPortfolio',
      { portfolio_name: 'History', investment_value: 0 },
      { token: user.accessToken },
    );
    expect(created.status).toBe(200);
    const rows = ['Date,Type,Symbol,Quantity,Price,Amount,Fee'];
    for (const [date, type, symbol, quantity, amount] of HISTORY) {
      const price = symbol ? String(await closeOn(symbol, date)) : '';
      rows.push([date, type, symbol, quantity, price, amount, symbol ? '1.00' : ''].join(','));
    }
    const imported = await api.post<{ data: { created: number } }>(
      '/api/importTransactions',
      { portfolio_id: created.body.data.id, mode: 'commit', csv: rows.join('\n') },
      { token: user.accessToken },
    );
    expect(imported.status).toBe(200);
    expect(imported.body.data.created).toBe(HISTORY.length);
  }, 60_000);

  test('every table shows all its columns without scrolling, the monthly returns all twelve months', async () => {
    const { page, open, errors } = await newPage({ width: 1366, height: 844 });
    await open('/login');
    await logIn(page, user);
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
    await performance.getByRole('table', { name: 'Open lots' }).waitFor(SLOW);
    await page.waitForLoadState('networkidle');
    const tables = await tablesInView(performance);
    // Holdings, monthly returns, realised gains by tax year, open lots, realised by sale.
    expect(tables.map((t) => t.name)).toEqual([
      'Cost and return by stock, scrollable',
      'Monthly returns, scrollable',
      'Realised gains by tax year, scrollable',
      'Open lots, scrollable',
      'Realised sales, scrollable',
    ]);
    for (const table of tables) {
      expect(table.columns, table.name).toBeGreaterThan(3);
      expect({ [table.name]: table.cutOff }).toEqual({ [table.name]: [] });
      expect(table.scrolls, table.name).toBeLessThanOrEqual(0);
    }
    expect(tables.find((t) => t.name.startsWith('Monthly'))!.inView).toEqual([
      'Year',
      ...['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    ]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});

describe('Compare on a phone', () => {
  // Compare's fundamentals read the snapshot the e2e setup's run of the snapshot job stored.
  test("at 390 px Compare's name column stays narrow and at least three columns of figures are in view beside it", async () => {
    const { page, open, errors } = await newPage({ width: 390, height: 844 });
    await open('/Compare?symbols=AAPL,MSFT,KO');
    const fundamentals = page.getByRole('region', { name: 'Fundamentals, scrollable' });
    await expect.poll(() => fundamentals.locator('tbody tr').count(), SLOW).toBe(3);
    await page.waitForLoadState('networkidle');
    const [table] = await tablesInView(page.locator('main'));
    expect(table!.name).toBe('Fundamentals, scrollable');
    // The name column takes under a third of the box; the first figures stand beside it whole.
    expect(table!.firstColumn).toBeLessThan(table!.boxWidth / 3);
    expect(table!.inView[0]).toBe('Company');
    expect(table!.inView.length).toBeGreaterThanOrEqual(4);
    expect(table!.inView.slice(1, 3)).toEqual([
      expect.stringMatching(/^Total Return/),
      expect.stringMatching(/^Price Return/),
    ]);
    // Each company's name is still there to read, under its symbol.
    const names = await fundamentals.locator('tbody th .compare__name').allTextContents();
    expect(names.every((n) => n.length > 3)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
