import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { createSignedInUser } from '../support/users';
import { newPage, logIn, SLOW } from './support/browser';

const OUTPUT_LABELS = [
  'Intrinsic Value Per Share',
  'Margin Of Safety',
  'Premium',
  'Expected Gain',
  'Expected Loss',
  'IRR',
  'MOIC',
];

async function toast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.locator('.toast').filter({ hasText: text }).count(), SLOW)
    .toBeGreaterThan(0);
}

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const output = (page: Page, label: string) => page.locator(`dd[data-output="${label}"]`);

/** The My Valuation figures on screen, by label. */
async function figures(page: Page): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  for (const label of OUTPUT_LABELS) {
    const cell = output(page, label);
    if (await cell.count()) shown[label] = (await cell.textContent()) ?? '';
  }
  return shown;
}

async function chooseMethodology(page: Page, name: string, via: 'Value Business' | 'Change') {
  // From the keyboard, as an investor may (the value line's journeys press it with the pointer).
  await page.getByRole('button', { name: via, exact: true }).first().press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Choose Valuation Methodology' });
  await dialog.getByRole('radio', { name, exact: true }).click(SLOW);
  await dialog.getByRole('button', { name: 'Value Business' }).click();
  await page.getByRole('region', { name: `${name} Valuation` }).waitFor(SLOW);
  await field(page, 'holding_period').waitFor(SLOW);
}

/** Sets the base figure, then changes it, and sees the intrinsic value follow at once. */
async function tryModel(page: Page, name: string, base: string, via: 'Value Business' | 'Change') {
  await chooseMethodology(page, name, via);
  const intrinsic = output(
    page,
    name === 'EV/EBITDA' ? 'Intrinsic Value Per Share (Equity)' : 'Intrinsic Value Per Share',
  );
  await field(page, base).fill('5');
  await intrinsic.waitFor(SLOW);
  const before = await intrinsic.textContent();
  await field(page, base).fill('7.5');
  await expect.poll(() => intrinsic.textContent(), SLOW).not.toBe(before);
  expect(await page.locator('body').textContent()).not.toMatch(/NaN|Infinity/);
}

test('value a stock with each model, pitch it and open it again by id', async () => {
  const user = await createSignedInUser({ name: 'Val Investor' });
  const { page, open, errors } = await newPage({ width: 1400, height: 1000 });

  await open('/login');
  await logIn(page, user);

  await open('/Market?symbol=MSFT');
  await page.locator('.company-header__name').waitFor(SLOW);
  expect(await page.getByText('This is a beta version').count()).toBe(1);

  await tryModel(page, 'P/B', 'book_value_per_share', 'Value Business');
  await tryModel(page, 'P/S', 'revenue_per_share', 'Change');
  await tryModel(page, 'EV/EBITDA', 'ebitda', 'Change');
  await tryModel(page, 'P/E', 'earnings_per_share', 'Change');

  // The P/E valuation to pitch: every change recomputes, no button.
  await field(page, 'earnings_per_share').fill('12');
  await field(page, 'growth_ratein_eps').fill('8');
  await field(page, 'forward_multiple').fill('25');
  await field(page, 'holding_period').fill('3');
  await expect.poll(async () => (await figures(page)).IRR ?? '', SLOW).toMatch(/%$/);
  const pitched = await figures(page);
  expect(pitched['Intrinsic Value Per Share']).toMatch(/^[\d,]+\.\d{2}$/);

  // The sensitivity grid marks the user's own cell; bear and bull cases give a weighted value.
  const grid = page.getByRole('table', { name: /IRR by growth rate/ });
  await grid.waitFor(SLOW);
  expect(await grid.locator('td[aria-current="true"]').textContent()).toMatch(
    /%.*your assumptions/,
  );
  // From the keyboard: the panel's value line, drawn above when its data arrive, moves these
  // buttons down, and a pointer click at the old place would miss.
  await page.getByRole('button', { name: 'Bear / Base / Bull' }).press('Enter');
  await page.getByRole('button', { name: 'Add Bear And Bull Cases' }).press('Enter');
  const weighted = page.getByText(/^Probability-weighted value: [\d,]+\.\d{2}/);
  await weighted.waitFor(SLOW);
  const weightedText = await weighted.textContent();

  await page.getByRole('button', { name: 'Choose Moats' }).click();
  const moats = page.getByRole('dialog', { name: 'Choose Moats' });
  await moats.getByRole('checkbox', { name: 'Patents' }).check();
  await moats.getByRole('checkbox', { name: 'Network Effects' }).check();
  await moats.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('textbox', { name: 'Comment' }).fill('Strong franchise.');

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/addValuation'));
  await page.getByRole('button', { name: 'Pitch', exact: true }).click();
  const answer = (await (await saved).json()) as { data: { id: string } };
  await toast(page, 'Stock Pitch Successful!');
  await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/Pitches');

  await open(`/Market/${answer.data.id}`);
  await page.getByRole('region', { name: 'P/E Valuation' }).waitFor(SLOW);
  await output(page, 'Intrinsic Value Per Share').waitFor(SLOW);
  expect(await field(page, 'earnings_per_share').inputValue()).toBe('12');
  expect(await field(page, 'growth_ratein_eps').inputValue()).toBe('8.00');
  expect(await field(page, 'holding_period').inputValue()).toBe('3');
  expect(await figures(page)).toEqual(pitched);
  expect(await output(page, 'Moats').textContent()).toBe('Patents, Network Effects');
  expect(await page.getByRole('textbox', { name: 'Comment' }).inputValue()).toBe(
    'Strong franchise.',
  );
  expect(await page.getByRole('button', { name: 'Re-Pitch' }).count()).toBe(1);
  // The scenarios came back with the pitch.
  expect(await page.getByText(/^Probability-weighted value:/).textContent()).toBe(weightedText);

  // An id that is not one of this user's valuations is a not-found.
  await open('/Market/00000000-0000-4000-8000-000000000000');
  await page.getByText('We could not find this valuation.').waitFor(SLOW);

  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
}, 180_000);
