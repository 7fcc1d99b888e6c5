import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createSignedInUser } from '../support/users';
import { logIn, newPage, SLOW } from './support/browser';
import { checkBothWidths, WALKS } from './support/walk';

/**
 * A broker's file through the import dialog (decisions 182, 183): a UTF-16 file with semicolons,
 * its own header, US dates and type words, mapped, saved as a preset and imported, at a phone's
 * width and a desktop's; the mapping step fits, and axe finds nothing serious.
 */

const BROKER = [
  'Run Date;Action;Ticker;Memo;Amount ($)',
  '01/02/2024;Journal;;cash in;2500.00',
  '02/01/2024;Wire Out;;;300',
].join('\r\n');

/** Text as Excel's "Unicode text" saves it: UTF-16 little-endian with its byte order mark. */
function utf16le(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

async function newPortfolio(page: Page, name: string) {
  await page.getByRole('button', { name: 'Create Portfolio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Portfolio' });
  await dialog.getByLabel('Portfolio Name').fill(name);
  await dialog.getByLabel('Seed Capital (USD)').fill('0');
  await dialog.getByRole('button', { name: 'Create Portfolio' }).click();
  await expect.poll(() => dialog.count(), SLOW).toBe(0);
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('tab', { name: 'Performance' }).click();
}

describe.each(WALKS)('loaded at $load px', (walk) => {
  test('a broker’s UTF-16 file is mapped, saved as a preset and imported', async () => {
    const user = await createSignedInUser({ name: 'Broker Investor' });
    const { page, open, errors } = await newPage({ width: walk.load, height: 844 });
    await open('/login');
    await logIn(page, user);
    await open('/Portfolio');
    await newPortfolio(page, 'From my broker');

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import transactions from CSV' });
    await dialog.getByLabel(/CSV file/).setInputFiles({
      name: 'broker.csv',
      mimeType: 'text/csv',
      buffer: utf16le(BROKER),
    });
    const dates = dialog.getByLabel('Dates written as');
    await dates.waitFor(SLOW);
    expect(await dates.inputValue()).toBe('MM/DD/YYYY');
    await dialog.getByLabel('Journal').selectOption('deposit');
    const first = dialog.getByRole('table', { name: 'The first 2 rows as they will be read' });
    await expect.poll(() => first.textContent(), SLOW).toContain('22024-01-02deposit');
    expect(await first.textContent()).toContain('32024-02-01withdrawal');

    await dialog.getByLabel('Save this mapping as').fill('My broker');
    await dialog.getByRole('button', { name: 'Save preset' }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent(), SLOW)
      .toBe('Saved the preset “My broker”');
    expect(await checkBothWidths(page, walk, 'import mapping', 'import-mapping')).toEqual([]);

    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect
      .poll(() => dialog.getByTestId('import-summary').textContent(), SLOW)
      .toBe('2 rows will be created, 0 will not.');
    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect
      .poll(() => dialog.getByTestId('import-done').textContent(), SLOW)
      .toBe('Imported 2 rows.');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The preset is there for the next file.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await dialog.getByLabel(/CSV file/).setInputFiles({
      name: 'broker.csv',
      mimeType: 'text/csv',
      buffer: utf16le(BROKER),
    });
    const preset = dialog.getByLabel('Preset');
    await preset.waitFor(SLOW);
    await expect
      .poll(() => preset.locator('option').allTextContents(), SLOW)
      .toContain('My broker');
    await preset.selectOption('My broker');
    expect(await dialog.getByLabel('Journal').inputValue()).toBe('deposit');
    expect(errors).toEqual([]);
  }, 240_000);
});
