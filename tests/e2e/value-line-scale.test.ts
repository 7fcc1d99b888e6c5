import { describe, expect, test } from 'vitest';
import { newPage, SLOW } from './support/browser';
import { checkBothWidths, WALKS } from './support/walk';
import { drawnValueLine } from './support/value-line';

/*
 * The value line's log scale (decision 189), on a phone and a desktop: opened from the address,
 * said in the legend, and kept in the address as the investor switches, so a reload keeps it.
 */

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
    expect(errors).toEqual([]);
  });
});
