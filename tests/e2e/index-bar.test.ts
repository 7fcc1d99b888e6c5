import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newPage, SLOW } from './support/browser';

const NAMES = ['S&P 500', 'NYSE', 'DJIA', 'NASDAQ'];
/** 2 decimals with thousands separators: "4,512.35". */
const VALUE = /^\d{1,3}(,\d{3})*\.\d{2}$/;
/** A signed change with its percent, or an unchanged one: "+12.35 (+0.27%)", "-4.10 (-0.03%)". */
const CHANGE =
  /^(\+\d[\d,]*\.\d{2} \(\+\d+\.\d{2}%\)|-\d[\d,]*\.\d{2} \(-\d+\.\d{2}%\)|0\.00 \(0\.00%\))$/;

const bar = (page: Page) => page.getByRole('region', { name: 'Market indexes' });

/** Name, value and visible change text of each index, in screen order. */
async function shownIndexes(page: Page) {
  return bar(page)
    .locator('li')
    .evaluateAll((items) =>
      items.map((li) => ({
        name: li.querySelector('.index-quote__name')?.textContent ?? '',
        value: li.querySelector('.index-quote__value')?.textContent ?? '',
        change: [li.querySelector('.index-quote__delta'), li.querySelector('.index-quote__percent')]
          .map((el) => el?.textContent ?? '')
          .join(' '),
        direction: (li as HTMLElement).dataset.direction ?? '',
      })),
    );
}

async function expectFourValues(page: Page) {
  await expect.poll(() => bar(page).locator('.index-quote__value').count(), SLOW).toBe(4);
  const shown = await shownIndexes(page);
  expect(shown.map((i) => i.name)).toEqual(NAMES);
  for (const index of shown) {
    expect(index.value, index.name).toMatch(VALUE);
    expect(index.change, index.name).toMatch(CHANGE);
    const sign = index.change.startsWith('+')
      ? 'up'
      : index.change.startsWith('-')
        ? 'down'
        : 'flat';
    expect(index.direction, index.name).toBe(sign);
  }
}

describe('index bar', () => {
  test.each(['/', '/Aboutus'])(
    'shows S&P 500, NYSE, DJIA and NASDAQ with values on %s',
    async (path) => {
      const { page, open, errors } = await newPage();
      await open(path);

      await expectFourValues(page);
      expect(errors).toEqual([]);
    },
  );

  test('sits above the header and keeps its values across a page change', async () => {
    const { page, open } = await newPage();
    await open('/');
    await expectFourValues(page);
    const barBox = await bar(page).boundingBox();
    const headerBox = await page.getByRole('banner').boundingBox();
    expect(barBox && headerBox && barBox.y + barBox.height <= headerBox.y + 1).toBe(true);

    await page.getByRole('banner').getByRole('link', { name: 'About us' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/Aboutus');
    expect(await bar(page).locator('.index-quote__value').count()).toBe(4);
  });

  test('shows the Demo data badge, explained, while the demo provider serves the page', async () => {
    const { page, open } = await newPage();
    await open('/Aboutus');

    const badge = page.getByText('Demo data', { exact: true });
    await expect.poll(() => badge.isVisible(), SLOW).toBe(true);
    const title = await page.locator('.demo-data-badge').getAttribute('title');
    expect(title).toMatch(/generated sample data, not real/);
  });

  test('asks the API again after 30 seconds', async () => {
    const { page, open } = await newPage();
    const asked: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/market/index-quotes') asked.push(Date.now());
    });
    await page.clock.install();
    await open('/');
    await expectFourValues(page);
    expect(asked).toHaveLength(1);

    await page.clock.runFor(31_000);

    await expect.poll(() => asked.length, SLOW).toBe(2);
    await expectFourValues(page);
  });

  test('at 1280 px all four indexes and the badge fit without scrolling', async () => {
    const { page, open } = await newPage({ width: 1280 });
    await open('/');
    await expectFourValues(page);

    const widths = await bar(page).evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await expect.poll(() => page.getByText('Demo data', { exact: true }).isVisible()).toBe(true);
  });

  test('at 360 px the bar scrolls sideways inside the page and the badge stays in view', async () => {
    const { page, open } = await newPage({ width: 360, height: 740 });
    await open('/');
    await expectFourValues(page);

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const scroller = bar(page);
    const widths = await scroller.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    await scroller.evaluate((el) => el.scrollBy({ left: 1000 }));
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const badge = await page.getByText('Demo data', { exact: true }).boundingBox();
    expect(badge && badge.x >= 0 && badge.x + badge.width <= 360).toBe(true);
  });

  test.each([1280, 360])(
    'at %i px axe finds no serious or critical violation in the bar',
    async (width) => {
      const { page, open } = await newPage({ width, height: 800 });
      await open('/');
      await expectFourValues(page);

      const result = await new AxeBuilder({ page }).include('#index-bar').analyze();
      const serious = result.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    },
  );
});
