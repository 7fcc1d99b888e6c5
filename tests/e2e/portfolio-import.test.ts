import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { parseCsv } from '../../shared/csv';
import { createSignedInUser } from '../support/users';
import { logIn, newPage, SLOW } from './support/browser';

const CSV = [
  'Date,Type,Symbol,Quantity,Price,Amount,Fee',
  '2024-01-02,deposit,,,,"50,000.00",',
  '2024-01-03,buy,KO,100,60.25,,0',
  '2024-02-01,buy,AAPL,20,185.50,,',
  '2024-03-01,buy,NOTASYMBOL,1,10,,',
  '2025-03-03,sell,KO,40,62.00,,1.00',
].join('\n');

/** Creates an empty portfolio through the dialog and opens its Performance tab. */
async function newPortfolioPerformance(page: Page, name: string) {
  await page.getByRole('button', { name: 'Create Portfolio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Portfolio' });
  await dialog.getByLabel('Portfolio Name').fill(name);
  await dialog.getByLabel('Seed Capital (USD)').fill('0');
  await dialog.getByRole('button', { name: 'Create Portfolio' }).click();
  await expect.poll(() => dialog.count(), SLOW).toBe(0);
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('tab', { name: 'Performance' }).click();
  return page.getByRole('region', { name: 'Performance' });
}

/** Opens the import dialog, gives it the file and asks for the preview. */
async function previewImport(page: Page, csv: string) {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import transactions from CSV' });
  await dialog.getByLabel(/CSV file/).setInputFiles({
    name: 'trades.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  return dialog;
}

test('a CSV of trades imports through the dialog, then the Performance view shows its history, risk and tax lots', async () => {
  const user = await createSignedInUser({ name: 'Importing Investor' });
  const { page, open, errors } = await newPage();
  await open('/login');
  await logIn(page, user);
  await open('/Portfolio');
  const performance = await newPortfolioPerformance(page, 'Imported');

  const dialog = await previewImport(page, CSV);
  await expect
    .poll(() => dialog.getByTestId('import-summary').textContent(), SLOW)
    .toBe('4 rows will be created, 1 will not.');
  expect(
    await dialog.getByRole('table', { name: 'Rows that will not be created' }).textContent(),
  ).toContain('Unknown symbol NOTASYMBOL');
  await dialog.getByRole('button', { name: 'Import 4 rows' }).click();
  await expect
    .poll(() => dialog.getByTestId('import-done').textContent(), SLOW)
    .toBe('Imported 4 rows.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => dialog.count(), SLOW).toBe(0);

  // The period control: pressed buttons, reachable with the arrow keys.
  const periods = performance.getByRole('group', { name: 'Period' });
  await periods.getByRole('button', { name: '1Y' }).focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  expect(await periods.getByRole('button', { name: 'MAX' }).getAttribute('aria-pressed')).toBe(
    'true',
  );
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

  // Risk figures (needs the route's risk figures): over two years there are enough days.
  expect(await performance.getByTestId('risk-volatility').textContent()).toMatch(/% a year$/);
  expect(await performance.getByTestId('risk-beta').textContent()).toMatch(/^-?\d+\.\d\d$/);
  const drawdown = (await performance.getByTestId('risk-drawdown').textContent()) ?? '';
  expect(drawdown).toMatch(/^-\d+\.\d\d%\s*\d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d, /);
  // The chart's description names the same drawdown.
  const [, peak, trough] = /(\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)/.exec(drawdown) ?? [];
  expect(
    await performance
      .getByRole('img', { name: new RegExp(`Largest drawdown .* to ${trough}`) })
      .count(),
  ).toBe(1);
  expect(peak).toBeTruthy();
  // Its formula shows on a tap.
  const info = performance.getByRole('button', { name: 'How is the volatility worked out?' });
  await info.click();
  expect(await info.getAttribute('aria-expanded')).toBe('true');
  await expect
    .poll(() => performance.getByRole('tooltip').filter({ hasText: 'sd(r) × √252' }).isVisible())
    .toBe(true);

  // Tax lots (needs the route's lots): 40 KO of 2024-01-03 sold on 2025-03-03, long-term.
  const years = performance.getByRole('table', { name: 'Realised gains by tax year' });
  await expect.poll(() => years.getByRole('row').count(), SLOW).toBe(2);
  const sales = performance.getByRole('table', { name: 'Realised, by sale' });
  expect(await sales.getByRole('row').nth(1).textContent()).toMatch(
    /^2025-03-03KO2024-01-0340.*Long-term$/,
  );
  const lots = performance.getByRole('table', { name: 'Open lots' });
  expect(await lots.getByRole('row').count()).toBe(3);
  const [taxFile] = await Promise.all([
    page.waitForEvent('download', SLOW),
    performance
      .getByRole('button', { name: 'Export Imported Realised Gains by Tax Year as CSV' })
      .click(),
  ]);
  const [taxHeader, ...taxRows] = parseCsv(await readFile(await taxFile.path(), 'utf8'));
  expect(taxHeader).toEqual([
    'Tax Year',
    'Short-Term Gain (USD)',
    'Long-Term Gain (USD)',
    'Total Gain (USD)',
  ]);
  // 40 x 62.00 - 1.00 fee - 40 x 60.25 = 69.00, long-term.
  expect(taxRows).toEqual([['2025', '0', '69', '69']]);

  // The activity exports in the columns the import reads.
  const [download] = await Promise.all([
    page.waitForEvent('download', SLOW),
    performance.getByRole('button', { name: 'Export Activity as CSV' }).click(),
  ]);
  const [header, ...rows] = parseCsv(await readFile(await download.path(), 'utf8'));
  expect(header).toEqual(['Date', 'Type', 'Symbol', 'Quantity', 'Price', 'Amount', 'Fee']);
  expect(rows.filter((r) => r[1] !== 'dividend').map((r) => r.slice(0, 3))).toEqual([
    ['2024-01-02', 'deposit', ''],
    ['2024-01-03', 'buy', 'KO'],
    ['2024-02-01', 'buy', 'AAPL'],
    ['2025-03-03', 'sell', 'KO'],
  ]);
  await performance
    .getByRole('group', { name: 'Chart' })
    .getByRole('button', { name: 'Time-weighted (start = 100)' })
    .click();
  await expect
    .poll(() => performance.getByRole('img', { name: /both 100 at the start/ }).count(), SLOW)
    .toBe(1);
  expect(errors).toEqual([]);
  await page.close();
});

test('the settings switch the cost method and the risk-free rate; importing the file again skips every row as already there', async () => {
  const user = await createSignedInUser({ name: 'Settling Investor' });
  const { page, open, errors } = await newPage();
  await open('/login');
  await logIn(page, user);
  await open('/Portfolio');
  const performance = await newPortfolioPerformance(page, 'Settled');
  let dialog = await previewImport(page, CSV);
  await dialog.getByRole('button', { name: 'Import 4 rows' }).click();
  await expect.poll(() => dialog.getByTestId('import-done').count(), SLOW).toBe(1);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The cost method is saved on the portfolio and the holdings say which is used.
  const method = performance.getByRole('group', { name: 'Cost method' });
  await expect
    .poll(
      () => method.getByRole('button', { name: 'Average cost' }).getAttribute('aria-pressed'),
      SLOW,
    )
    .toBe('true');
  await method.getByRole('button', { name: 'FIFO' }).click();
  await expect
    .poll(
      () => performance.getByText('Cost by the first in, first out (FIFO) method').count(),
      SLOW,
    )
    .toBe(1);
  // The Sharpe ratio's risk-free rate.
  await performance.getByRole('textbox', { name: 'Risk-free rate' }).fill('5.25');
  await performance.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(() => performance.getByText(/risk-free rate 5\.25% a year/).count(), SLOW)
    .toBe(1);
  // Both are kept: a fresh page shows them.
  await open('/Portfolio');
  await page.getByRole('button', { name: 'Settled', exact: true }).click();
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect
    .poll(
      () =>
        page
          .getByRole('group', { name: 'Cost method' })
          .getByRole('button', { name: 'FIFO' })
          .getAttribute('aria-pressed'),
      SLOW,
    )
    .toBe('true');
  expect(await page.getByRole('textbox', { name: 'Risk-free rate' }).inputValue()).toBe('5.25');

  // The same file again: every row is already there.
  dialog = await previewImport(page, CSV);
  await expect
    .poll(() => dialog.getByTestId('import-summary').textContent(), SLOW)
    .toBe(
      '0 rows will be created, 4 are already in the portfolio and will be skipped, 1 will not.',
    );
  expect(
    await dialog
      .getByRole('table', { name: 'Rows already in the portfolio' })
      .getByRole('row')
      .count(),
  ).toBe(5);
  expect(await dialog.getByRole('button', { name: 'Import 0 rows' }).isDisabled()).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});
