import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { trackedPitchesResponse } from '../../shared/schemas/valuation-api';
import { apiClient } from '../support/api';
import { createSignedInUser, type TestUser } from '../support/users';
import { newPage, logIn, SLOW } from './support/browser';
import { savePePitch } from './support/pitches';

const SYMBOL = 'AAPL';

async function toast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.locator('.toast--success').filter({ hasText: text }).count(), SLOW)
    .toBeGreaterThan(0);
}

const path = (page: Page) => new URL(page.url()).pathname;

/**
 * A saved pitch whose intrinsic value sits below the market price (so it starts as
 * "Revisit Investment Idea"): EPS x 1.09^3 x 18 is about 0.58 x price.
 */
async function savePitch(user: TestUser) {
  const saved = await savePePitch(user, SYMBOL, {
    epsDivisor: 40,
    growth: 9,
    multiple: 18,
    comment: 'Browser pitch',
  });
  expect(saved.intrinsic).toBeLessThan(saved.price);
  return saved;
}

/** The text of a cell of the tracked row, by its column. */
const cell = (page: Page, column: string) =>
  page.getByTestId(`tracked-row-${SYMBOL}`).locator(`[data-col="${column}"]`).textContent();

test('a saved pitch tracked, its intrinsic value edited until it is on track, then deleted', async () => {
  const user = await createSignedInUser({ name: 'Tracking Investor' });
  const { price, record } = await savePitch(user);
  const name = record.stock_name ?? SYMBOL;

  const { page, open, errors } = await newPage();
  await open('/login');
  await logIn(page, user);

  // My Pitches lists it; the pane shows the methodology, the user and Track.
  await open('/Pitches');
  await page.getByRole('button', { name, exact: true }).click(SLOW);
  const pane = page.getByRole('region', { name: `P/E Valuation: ${name}` });
  await pane.waitFor(SLOW);
  await expect.poll(() => pane.getByText('Tracking Investor').count(), SLOW).toBe(1);
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await toast(page, 'Pitch Updated Successfully!');
  await expect.poll(() => path(page), SLOW).toBe('/Mytrackedpitches');

  // The table shows it at the price it was tracked at, below the market: revisit.
  const table = page.getByRole('table', { name: 'My Tracked Pitches' });
  await table.waitFor(SLOW);
  await expect.poll(() => cell(page, 'status'), SLOW).toBe('Revisit Investment Idea');
  const cost = (await cell(page, 'cost')) ?? '';
  expect(Math.abs(Number(cost.replace(/[$,]/g, '')) - price)).toBeLessThan(0.01);
  expect((await cell(page, 'margin'))?.startsWith('Premium')).toBe(true);

  // The scorecard below scores it: a realized return in percent (near 0: just tracked).
  const scoreRow = page.getByTestId(`scorecard-row-${record.id}`);
  await expect.poll(() => scoreRow.count(), SLOW).toBe(1);
  expect(await scoreRow.locator('[data-col="realized"]').textContent()).toMatch(
    /^[+-]?\d+\.\d{2}%$/,
  );

  // Edit the intrinsic value well above the price: on track.
  const target = Math.ceil(price * 2) + 1000;
  await page.getByRole('button', { name: `Edit intrinsic value of ${name}` }).click();
  const input = page.getByLabel(`Intrinsic Value Per Share of ${name}`);
  await input.fill(String(target));
  expect(await input.inputValue()).toBe(target.toLocaleString('en-US'));
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await toast(page, 'Pitch Updated Successfully!');
  await expect.poll(() => cell(page, 'status'), SLOW).toBe('On Track');
  // The row leaves edit mode once the list has been read again.
  await expect
    .poll(() => cell(page, 'intrinsic'), SLOW)
    .toBe(`$${target.toLocaleString('en-US')}.00`);
  expect((await cell(page, 'margin'))?.startsWith('Margin of Safety')).toBe(true);

  // The server kept it.
  const listed = trackedPitchesResponse.parse(
    (await apiClient().post('/api/trackedPitches', {}, { token: user.accessToken })).body,
  );
  expect(listed.data.map((r) => [r.id, r.intrinsic_value_per_share])).toEqual([
    [record.id, target],
  ]);

  // Delete it: the table empties.
  await page.getByRole('button', { name: `Delete the pitch ${name}` }).click();
  await page
    .getByRole('dialog', { name: /^Delete the pitch / })
    .getByRole('button', { name: 'Delete pitch', exact: true })
    .click();
  await toast(page, 'Pitch Deleted Successfully!');
  await expect
    .poll(() => page.getByText(/You are not tracking any pitch yet/).count(), SLOW)
    .toBe(1);
  const after = trackedPitchesResponse.parse(
    (await apiClient().post('/api/trackedPitches', {}, { token: user.accessToken })).body,
  );
  expect(after.data).toEqual([]);
  expect(errors).toEqual([]);
});
