import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../infra/local/stack';
import { formatNumber, formatPrice } from '../../shared/format/money';
import {
  companyMedianMultiple,
  companyMultipleAsOf,
  plainModel,
  pricesAgainstValue,
  quarterBases,
  splitAdjusted,
  valueLine,
  valueLineStatistics,
} from '../../shared/valuation/value-line';
import { DCF_DEFAULTS } from '../../shared/valuation/dcf';
import { computeValuation } from '../../shared/valuation/models';
import { valueLineResponse } from '../../shared/valuation/value-line-api';
import { apiClient } from '../support/api';
import { createSignedInUser } from '../support/users';
import { logIn, newPage, SLOW } from './support/browser';
import { savePePitch } from './support/pitches';

/*
 * What the value line says it compares (decisions 160, 161, 163, 164), as an investor reads it
 * on a phone and a desktop: each quarter counts from its filing, the legend says in words what
 * the value is (a value on the day, the median known then or today's), each statistic has its
 * base rate and the difference beside it (the same figures the shared functions give), and a
 * model's end-of-hold value is discounted to the day at a rate the investor sees and changes.
 */

const SCREENSHOTS =
  process.env.SCREENSHOTS === '1'
    ? join(REPO_ROOT, 'docs', 'screenshots')
    : join(REPO_ROOT, '.test-out', 'screenshots');
const api = apiClient();

const valueLineOf = (page: Page) =>
  page.getByRole('region', { name: 'Value through time' }).first();

async function drawn(page: Page): Promise<Locator> {
  const section = valueLineOf(page);
  await section.scrollIntoViewIfNeeded(SLOW);
  await section.locator('canvas').first().waitFor(SLOW);
  return section;
}

const legendValue = (section: Locator) =>
  section.getByTestId('value-line-legend').locator('[data-legend="value"]');
const pct = (n: number) => `${n > 0 ? '+' : ''}${formatNumber(n, 1)}%`;
const points = (n: number) =>
  `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatNumber(Math.abs(n), 1)} points`;

/** Nothing serious or critical for axe inside the section, and no sideways scroll on the page. */
async function expectAccessible(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const result = await new AxeBuilder({ page }).include('section.value-line').analyze();
  const serious = result.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

describe.each([390, 1366])('at %i px wide', (width) => {
  test('the company view’s line says what its value is and sets each statistic against its base rate', async () => {
    const { page, open, errors } = await newPage({ width, height: 900 });
    await open('/Market?symbol=MSFT');
    await page.locator('.company-header__name').waitFor(SLOW);
    const section = await drawn(page);
    await expect
      .poll(() => section.textContent(), SLOW)
      .toContain('Each quarter counts from the day its statements were filed.');

    // The same line worked out with the shared functions from the route's data.
    const data = valueLineResponse.parse(
      (await api.get('/api/market/value-line?symbol=MSFT')).body,
    ).data;
    const bases = quarterBases(1, splitAdjusted(data.quarters, data.splits));
    const today = companyMedianMultiple(1, bases, data.closes).median!;
    const model = plainModel(1, bases, data.closes.at(-1)![1], today, DCF_DEFAULTS)!;
    const steps = valueLine(model, bases, {
      latest: 'quarters',
      multiple: companyMultipleAsOf(1, bases, data.closes),
    });
    const stats = valueLineStatistics(pricesAgainstValue(steps, data.closes));

    await expect
      .poll(() => legendValue(section).textContent(), SLOW)
      .toBe(
        `Value: the TTM EPS known on each day × the company’s 10-yr median P/E known on each day (${formatNumber(today, 2)}x now): a value on the day`,
      );
    const shown = section.getByTestId('value-line-stats');
    const base = stats.baseRate;
    expect(await shown.locator('[data-stat="base"]').textContent()).toBe(
      `median ${pct(base.medianReturnPercent!)} (${base.days.toLocaleString('en-US')} days)`,
    );
    const anyDay = `any day: ${pct(base.medianReturnPercent!)} (${base.days.toLocaleString('en-US')} days) · difference `;
    if (stats.medianCrossingReturnPercent !== null)
      expect(await shown.locator('[data-base="crossings"]').textContent()).toBe(
        anyDay + points(stats.crossingVsBasePoints!),
      );
    expect(await shown.locator('[data-base="below-return"]').textContent()).toBe(
      anyDay + points(stats.belowVsBasePoints!),
    );
    await section.screenshot({ path: join(SCREENSHOTS, `value-line-base-rates-${width}.png`) });

    // The sector's median is today's, and the legend says so.
    await section.getByRole('radio', { name: 'Sector median today' }).click();
    await expect
      .poll(() => legendValue(section).textContent(), SLOW)
      .toBe(
        `Value: the TTM EPS known on each day × the ${data.sector} median P/E today (${formatNumber(data.sectorMedians.pe!, 2)}x), on every day: a value on the day`,
      );
    await expectAccessible(page);
    expect(errors).toEqual([]);
  }, 180_000);

  test('beside the panel and on a pitch the end-of-hold value is discounted to the day at a rate the investor changes', async () => {
    const user = await createSignedInUser({ name: 'Discount Reader' });
    const { page, open } = await newPage({ width, height: 900 });
    await open('/login');
    await logIn(page, user);

    await open('/Market?symbol=KO');
    await page.locator('.company-header__name').waitFor(SLOW);
    await page.getByRole('button', { name: 'Value Business', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Choose Valuation Methodology' });
    await dialog.getByRole('radio', { name: 'P/E', exact: true }).click(SLOW);
    await dialog.getByRole('button', { name: 'Value Business' }).click();
    const panel = page.getByRole('region', { name: 'P/E Valuation' });
    await panel.waitFor(SLOW);
    await page.locator('input[name="growth_ratein_eps"]').fill('6.5');
    await page.locator('input[name="forward_multiple"]').fill('22');
    await page.locator('input[name="holding_period"]').fill('4');
    const section = await drawn(page);
    await expect
      .poll(() => legendValue(section).textContent(), SLOW)
      .toBe(
        'Value: your P/E value at the end of a 4-year hold at your P/E of 22.00x, discounted to each day at 9.0% a year',
      );
    // The panel's own value at the end of the hold, from its inputs with the shared math.
    const n = async (name: string) =>
      Number(await page.locator(`input[name="${name}"]`).inputValue());
    const result = computeValuation({
      valuation_type_id: 1,
      earnings_per_share: await n('earnings_per_share'),
      growth_ratein_eps: 6.5,
      forward_multiple: 22,
      market_price: await n('market_price'),
      holding_period: 4,
    });
    if (!result.ok) throw new Error(result.message);
    const endOfHold = async () => result.intrinsicValuePerShare;
    expect(await section.getByTestId('value-line-current').textContent()).toBe(
      formatPrice(result.intrinsicValuePerShare, 'USD'),
    );
    const todayValue = section.getByTestId('value-line-current-today');
    await expect
      .poll(() => todayValue.textContent(), SLOW)
      .toBe(formatPrice((await endOfHold()) / 1.09 ** 4, 'USD'));
    await section.getByLabel('Discount rate (% a year)').fill('12');
    await expect
      .poll(() => legendValue(section).textContent(), SLOW)
      .toMatch(/discounted to each day at 12\.0% a year$/);
    await expect
      .poll(() => todayValue.textContent(), SLOW)
      .toBe(formatPrice((await endOfHold()) / 1.12 ** 4, 'USD'));
    await section.screenshot({ path: join(SCREENSHOTS, `value-line-discounted-${width}.png`) });
    await expectAccessible(page);

    // A saved pitch says the same of its own value.
    await savePePitch(user, 'JNJ', {
      epsDivisor: 18,
      growth: 5,
      multiple: 17,
      comment: 'Discounted to the day',
    });
    await open('/Pitches');
    await page.locator('.pitch-table__open').first().click();
    const pitchLine = valueLineOf(page);
    await pitchLine.scrollIntoViewIfNeeded(SLOW);
    await expect
      .poll(() => pitchLine.textContent(), SLOW)
      .toContain('the line shows it discounted to each day');
    await expect(pitchLine.getByLabel('Discount rate (% a year)').inputValue()).resolves.toBe('9');
  }, 180_000);
});
