import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { parseCsv } from '../../shared/csv';
import { createSignedInUser } from '../support/users';
import { logIn, newPage } from './support/browser';

/** The machine may be busy: give screens time to render. */
const SLOW = { timeout: 20_000 };

const CSV = [
  'Date,Type,Symbol,Quantity,Price,Amount,Fee',
  '2024-01-02,deposit,,,,"50,000.00",',
  '2024-01-03,buy,KO,100,60.25,,0',
  '2024-02-01,buy,AAPL,20,185.50,,',
  '2024-03-01,buy,NOTASYMBOL,1,10,,',
].join('\n');

test('a CSV of trades imports with a preview, then the portfolio shows its history against the S&P 500', async () => {
  const user = await createSignedInUser({ name: 'Importing Investor' });
  const { page, open, errors } = await newPage();
  await open('/login');
  await logIn(page, user);
  await open('/Portfolio');

  await page.getByRole('button', { name: 'Create Portfolio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Portfolio' });
  await dialog.getByLabel('Portfolio Name').fill('Imported');
  await dialog.getByLabel('Seed Capital (USD)').fill('0');
  await dialog.getByRole('button', { name: 'Create Portfolio' }).click();
  await expect.poll(() => dialog.count(), SLOW).toBe(0);
  await page.getByRole('button', { name: 'Imported', exact: true }).click();

  const performance = page.getByRole('region', { name: 'Performance' });
  await performance.getByLabel(/CSV file/).setInputFiles({
    name: 'trades.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await performance.getByRole('button', { name: 'Preview' }).click();
  await expect
    .poll(() => performance.getByTestId('import-summary').textContent(), SLOW)
    .toBe('3 rows will be created, 1 will not.');
  expect(
    await performance.getByRole('table', { name: 'Rows that will not be created' }).textContent(),
  ).toContain('Unknown symbol NOTASYMBOL');
  await performance.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect
    .poll(() => performance.getByTestId('import-done').textContent(), SLOW)
    .toBe('Imported 3 rows.');

  await performance.getByRole('button', { name: 'Max' }).click();
  await expect
    .poll(() => performance.getByTestId('performance-range').textContent(), SLOW)
    .toMatch(/^2024-01-02 to /);
  expect(await performance.getByTestId('return-twr').textContent()).toMatch(/% a year$/);
  expect(await performance.getByTestId('return-mwr').textContent()).toMatch(/% a year$/);
  await expect
    .poll(
      () =>
        performance
          .getByRole('img', { name: /Net asset value against the S&P 500/ })
          .locator('canvas')
          .count(),
      SLOW,
    )
    .toBeGreaterThan(0);
  // The deposit is pinned on the chart and listed under it.
  expect(await performance.getByText(/Deposits and withdrawals in this period \(1\)/).count()).toBe(
    1,
  );
  // The activity exports in the columns the import reads.
  const [download] = await Promise.all([
    page.waitForEvent('download', SLOW),
    performance.getByRole('button', { name: 'Export Activity as CSV' }).click(),
  ]);
  const [header, ...rows] = parseCsv(await readFile(await download.path(), 'utf8'));
  expect(header).toEqual(['Date', 'Type', 'Symbol', 'Quantity', 'Price', 'Amount', 'Fee']);
  expect(rows.map((r) => r.slice(0, 3))).toEqual([
    ['2024-01-02', 'deposit', ''],
    ['2024-01-03', 'buy', 'KO'],
    ['2024-02-01', 'buy', 'AAPL'],
    ...rows.slice(3).map((r) => [r[0], 'dividend', r[2]]),
  ]);
  await performance.getByRole('button', { name: 'Time-weighted (start = 100)' }).click();
  await expect
    .poll(() => performance.getByRole('img', { name: /both 100 at the start/ }).count(), SLOW)
    .toBe(1);
  expect(errors).toEqual([]);
  await page.close();
});
