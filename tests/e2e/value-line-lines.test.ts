import { describe, expect, test } from 'vitest';
import { formatNumber } from '../../shared/format/money';
import {
  companyMedianMultiple,
  quarterBases,
  splitAdjusted,
} from '../../shared/valuation/value-line';
import { valueLineResponse } from '../../shared/valuation/value-line-api';
import { apiClient } from '../support/api';
import { newPage, SLOW } from './support/browser';
import { checkBothWidths, WALKS } from './support/walk';
import { drawnValueLine } from './support/value-line';

/*
 * Lines together on the company view's value line (decision 188), on a phone and a desktop:
 * beside the chosen multiple, the company's normal multiple (its 10-yr median) and a fixed 15x
 * P/E, each named in the legend with its multiple and each switchable.
 */

const api = apiClient();

describe.each(WALKS)('at $load px wide', (walk) => {
  test('my P/E line with the normal and a fixed 15x P/E beside it, each switchable', async () => {
    const { page, open, errors } = await newPage({ width: walk.load, height: 900 });
    await open('/Market?symbol=KO');
    await page.locator('.company-header__name').waitFor(SLOW);
    const section = await drawnValueLine(page);
    const data = valueLineResponse.parse(
      (await api.get('/api/market/value-line?symbol=KO')).body,
    ).data;
    const bases = quarterBases(1, splitAdjusted(data.quarters, data.splits));
    const median = companyMedianMultiple(1, bases, data.closes).median!;

    const legend = section.getByTestId('value-line-legend');
    const normal = legend.locator('[data-legend="normal"]');
    const fixed = legend.locator('[data-legend="fixed"]');
    // At the company's median the normal line is the chosen one: the fixed one beside it.
    await fixed.waitFor(SLOW);
    expect(await fixed.textContent()).toBe('Fixed P/E of 15.00x on every day');
    expect(await normal.count()).toBe(0);

    await section.getByRole('radio', { name: 'My multiple' }).click();
    await section.getByLabel('My P/E multiple').fill('30');
    await normal.waitFor(SLOW);
    expect(await normal.textContent()).toBe(
      `Normal P/E: the company’s 10-yr median known on each day (${formatNumber(median, 2)}x now)`,
    );
    expect(await legend.locator('[data-legend="value"]').textContent()).toContain('30.00x');

    await section.getByRole('checkbox', { name: 'Fixed P/E of 15x' }).uncheck();
    await expect.poll(() => fixed.count(), SLOW).toBe(0);
    await section.getByRole('checkbox', { name: 'Normal P/E (company 10-yr median)' }).uncheck();
    await expect.poll(() => normal.count(), SLOW).toBe(0);
    await section.getByRole('checkbox', { name: 'Fixed P/E of 15x' }).check();
    await fixed.waitFor(SLOW);

    expect(await checkBothWidths(page, walk, 'value line with lines together')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
