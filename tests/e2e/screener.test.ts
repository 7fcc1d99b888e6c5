import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { parseCsv } from '../../shared/csv';
import { createSignedInUser } from '../support/users';
import { newPage, logIn, SLOW } from './support/browser';

async function toast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.locator('.toast').filter({ hasText: text }).count(), SLOW)
    .toBeGreaterThan(0);
}

const results = (page: Page) => page.getByRole('region', { name: 'Screener results' });

/** The result table's rows: symbol and the cells of the GENERAL tab. */
const rows = (page: Page) =>
  results(page)
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => ({
        symbol: tr.getAttribute('data-symbol'),
        cells: [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
      })),
    );

/** "1.23T" / "456.78B" as a number of dollars. */
const money = (text: string) => {
  const m = /^([\d,.]+)([TBM]?)$/.exec(text);
  if (!m) return NaN;
  return (
    Number(m[1]!.replace(/,/g, '')) *
    ({ T: 1e12, B: 1e9, M: 1e6, '': 1 } as Record<string, number>)[m[2]!]!
  );
};

async function addFilter(page: Page, field: string, label: string, value: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Another Filter' }).click();
  await page
    .getByRole('combobox', { name: /^Filter \d+$/ })
    .last()
    .selectOption(field);
  await page.getByLabel(label, { exact: true }).selectOption(value);
}

test('a signed-in investor screens large-cap Technology under P/E 30, sorts, saves and applies it again', async () => {
  const user = await createSignedInUser({ name: 'Screening Investor' });
  const { page, open, errors } = await newPage({ width: 1400 });

  await open('/Screener');
  await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/login');
  await logIn(page, user);
  await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/Screener');

  await page.getByLabel('Market Cap.', { exact: true }).selectOption('large');
  await addFilter(page, 'sector', 'Sector', 'Technology');
  await addFilter(page, 'pe', 'P/E', 'under30');

  // The snapshot the screener reads is the one the e2e setup's run of the snapshot job stored.
  await page.getByRole('button', { name: 'Screen for Stocks' }).click();
  const status = results(page).getByRole('status').filter({ hasText: /match/ });
  await status.waitFor(SLOW);
  expect((await rows(page)).length).toBeGreaterThan(1);
  const count = await status.textContent();
  expect(count).toMatch(/^\d+ stocks? match(es)?$/);

  // GENERAL: No, Ticker, Company, Sector, Industry, Market Cap, P/E, ...
  const first = await rows(page);
  for (const r of first) {
    expect(r.cells[3]).toBe('Technology');
    expect(money(r.cells[5]!)).toBeGreaterThanOrEqual(5e9);
    expect(Number(r.cells[6]!.replace(/,/g, ''))).toBeLessThan(30);
  }

  // Export CSV saves every match, not just the page, in the same order, numbers unformatted.
  const [download] = await Promise.all([
    page.waitForEvent('download', SLOW),
    results(page).getByRole('button', { name: 'Export Screener Results as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^mr-market-screener-results-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const [header, ...csvRows] = parseCsv(await readFile(await download.path(), 'utf8'));
  const column = (name: string) => header!.indexOf(name);
  expect(csvRows).toHaveLength(Number(/^\d+/.exec(count ?? '')?.[0]));
  expect(csvRows.slice(0, first.length).map((r) => r[column('Ticker')])).toEqual(
    first.map((r) => r.symbol),
  );
  for (const r of csvRows) {
    expect(r[column('Sector')]).toBe('Technology');
    expect(Number(r[column('Market Cap')])).toBeGreaterThanOrEqual(5e9);
    expect(Number(r[column('P/E')])).toBeLessThan(30);
  }

  // Sort by market cap: the first click on a figure sorts largest first, the second smallest first.
  const capHeader = results(page).getByRole('columnheader', { name: /^Market Cap/ });
  await expect.poll(() => capHeader.getAttribute('aria-sort'), SLOW).toBe('descending');
  await capHeader.getByRole('button').click();
  await expect.poll(() => capHeader.getAttribute('aria-sort'), SLOW).toBe('ascending');
  await expect
    .poll(async () => {
      const caps = (await rows(page)).map((r) => money(r.cells[5]!));
      return caps.length > 1 && caps.every((c, i) => i === 0 || caps[i - 1]! <= c);
    }, SLOW)
    .toBe(true);
  const ascending = (await rows(page)).map((r) => r.symbol);

  // Save it under a name.
  await page.getByRole('button', { name: 'Save Screener' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Screener' });
  await dialog.getByLabel('Screener name').fill('Large tech under 30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Screener saved');

  // Clear the form, then apply the saved screener from the list.
  await page.getByRole('button', { name: 'Remove All Filters' }).click();
  await page.getByRole('button', { name: 'Show Saved Screeners' }).click();
  const saved = page.getByRole('listitem', { name: 'Large tech under 30' });
  await expect.poll(() => saved.count(), SLOW).toBe(1);
  await saved.getByRole('button', { name: 'Apply' }).click();
  await expect
    .poll(() => page.getByLabel('P/E', { exact: true }).inputValue(), SLOW)
    .toBe('under30');
  expect(await page.getByLabel('Sector', { exact: true }).inputValue()).toBe('Technology');
  expect(await page.getByLabel('Market Cap.', { exact: true }).inputValue()).toBe('large');
  await expect.poll(async () => (await rows(page)).map((r) => r.symbol), SLOW).toEqual(ascending);
  expect(await results(page).getByRole('status').textContent()).toBe(count);

  // SNAPSHOT shows the same matches as cards.
  await results(page).getByRole('tab', { name: 'SNAPSHOT' }).click();
  await expect
    .poll(() => results(page).locator('.screener-snapshot__card').count(), SLOW)
    .toBe(ascending.length);
  expect(errors).toEqual([]);
});
