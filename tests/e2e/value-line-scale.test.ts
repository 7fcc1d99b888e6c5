import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newPage, SLOW } from './support/browser';
import { checkBothWidths, WALKS } from './support/walk';
import { drawnValueLine } from './support/value-line';

/*
 * The value line's log scale (decision 189) and range (decision 199), on a phone and a desktop:
 * opened from the address, said in the legend or drawn over, and kept in the address as the
 * investor switches, so a reload keeps them.
 */

/** The first and last day the chart is drawn over, from its accessible name. */
async function drawnDays(section: Locator): Promise<[string, string]> {
  const name = (await section.getByRole('img').first().getAttribute('aria-label')) ?? '';
  const m = /, (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec(name);
  return m ? [m[1]!, m[2]!] : ['', ''];
}

describe.each(WALKS)('at $load px wide', (walk) => {
  test('the line on a log scale from the address, switched and kept there', async () => {
    const { page, open, errors } = await newPage({ width: walk.load, height: 900 });
    await open('/Market?symbol=NVDA&lineScale=log');
    await page.locator('.company-header__name').waitFor(SLOW);
    const section = await drawnValueLine(page);
    const legend = section.getByTestId('value-line-legend');
    await legend.locator('[data-legend="scale"]').waitFor(SLOW);
    expect(await section.getByRole('radio', { name: 'Log' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await checkBothWidths(page, walk, 'value line on a log scale')).toEqual([]);

    await section.getByRole('radio', { name: 'Linear' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('lineScale'), SLOW).toBeNull();
    await expect.poll(() => legend.locator('[data-legend="scale"]').count(), SLOW).toBe(0);
    expect(new URL(page.url()).searchParams.get('symbol')).toBe('NVDA');
    await section.getByRole('radio', { name: 'Log' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('lineScale'), SLOW).toBe('log');
    // Opened again from the address: still on the log scale.
    await open(new URL(page.url()).pathname + new URL(page.url()).search);
    const again = await drawnValueLine(page);
    await again.getByTestId('value-line-legend').locator('[data-legend="scale"]').waitFor(SLOW);

    // The range: ten years by default; 20Y reaches back as far as the demo market's closes go
    // (2 January 2009), kept in the address; two dates draw the line between them.
    const [tenFrom, last] = await drawnDays(again);
    expect(tenFrom > '2015-06-01').toBe(true);
    await again.getByRole('radio', { name: '20Y' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('lineRange'), SLOW).toBe('20y');
    await expect.poll(async () => (await drawnDays(again))[0], SLOW).toMatch(/^2009-/);
    expect((await drawnDays(again))[1]).toBe(last);
    expect(new URL(page.url()).searchParams.get('lineScale')).toBe('log');
    await again.getByRole('radio', { name: 'Dates' }).click();
    await again.getByLabel('From', { exact: true }).fill('2015-01-02');
    await again.getByLabel('To', { exact: true }).fill('2019-12-31');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('lineTo'), SLOW)
      .toBe('2019-12-31');
    expect(new URL(page.url()).searchParams.get('lineFrom')).toBe('2015-01-02');
    expect(new URL(page.url()).searchParams.get('lineRange')).toBeNull();
    await expect.poll(() => drawnDays(again), SLOW).toEqual(['2015-01-02', '2019-12-31']);
    // The estimates follow the last close: not drawn on a range that ends before it.
    await again.getByTestId('value-line-forecast-later').waitFor(SLOW);
    expect(await again.getByRole('img', { name: /analysts’ estimates/ }).count()).toBe(0);
    expect(await checkBothWidths(page, walk, 'value line over two dates')).toEqual([]);
    // Opened again from the address: the same two dates.
    await open(new URL(page.url()).pathname + new URL(page.url()).search);
    const third = await drawnValueLine(page);
    await expect.poll(() => drawnDays(third), SLOW).toEqual(['2015-01-02', '2019-12-31']);
    expect(errors).toEqual([]);
  });
});
