import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../infra/local/stack';
import { compareResponse, sortCompareRows } from '../../shared/compare/compare';
import { formatPrice } from '../../shared/format/money';
import { decodeHeatmap, heatmapResponse } from '../../shared/heatmap/data';
import { marketMap } from '../../shared/heatmap/layout';
import { DCF_DEFAULTS } from '../../shared/valuation/dcf';
import { computeValuation } from '../../shared/valuation/models';
import {
  companyMedianMultiple,
  plainModel,
  quarterBases,
  splitAdjusted,
  type QuarterBase,
} from '../../shared/valuation/value-line';
import { valueLineResponse } from '../../shared/valuation/value-line-api';
import { apiClient } from '../support/api';
import { createSignedInUser } from '../support/users';
import { testMarketClock } from '../support/clock';
import { dollars, savePePitch } from './support/pitches';
import { logIn, newPage, SLOW } from './support/browser';

/*
 * The journey of issue "value through time": an investor opens a company, sees its P/E value
 * line at their multiple over ten years with the statistics beneath, compares it with four
 * peers and finds it on the market heatmap; beside the valuation panel the line's current point
 * is the panel's intrinsic value; a saved pitch shows its line on My Pitches and the shared page.
 */

const SCREENSHOTS =
  process.env.SCREENSHOTS === '1'
    ? join(REPO_ROOT, 'docs', 'screenshots')
    : join(REPO_ROOT, '.test-out', 'screenshots');
const api = apiClient();

const valueLine = (page: Page) => page.getByRole('region', { name: 'Value through time' }).first();

/** Scrolls to the value line and waits for its chart to be drawn. */
async function drawnLine(page: Page) {
  const section = valueLine(page);
  await section.scrollIntoViewIfNeeded(SLOW);
  await section.locator('canvas').first().waitFor(SLOW);
  return section;
}

/** What the company view's line shows at a multiple: the newest TTM EPS times it. */
function plainValue(bases: QuarterBase[], multiple: number): string {
  const model = plainModel(1, bases, 1, multiple, DCF_DEFAULTS)!;
  const result = computeValuation(model);
  if (!result.ok) throw new Error(result.message);
  return formatPrice(result.intrinsicValuePerShare, 'USD');
}

/** The map's companies, from the snapshot the e2e setup's run of the snapshot job stored. */
async function heatmapCompanies() {
  return decodeHeatmap(heatmapResponse.parse((await api.get('/api/market/heatmap')).body).data);
}

describe.each([390, 1366])('at %i px wide', (width) => {
  test('a company’s P/E line at my multiple with its statistics, four peers compared, found on the heatmap', async () => {
    const { page, open, errors } = await newPage({ width, height: 900 });

    // 1. The company view: the P/E line at the company's median, then at my own multiple.
    await open('/Market?symbol=MSFT');
    await page.locator('.company-header__name').waitFor(SLOW);
    const section = await drawnLine(page);
    const data = valueLineResponse.parse(
      (await api.get('/api/market/value-line?symbol=MSFT')).body,
    ).data;
    const bases = quarterBases(1, splitAdjusted(data.quarters, data.splits));
    const median = companyMedianMultiple(1, bases, data.closes).median!;
    const current = section.getByTestId('value-line-current');
    await expect.poll(() => current.textContent(), SLOW).toBe(plainValue(bases, median));
    await section.getByRole('radio', { name: 'My multiple' }).click();
    await section.getByLabel('My P/E multiple').fill('25');
    await expect.poll(() => current.textContent(), SLOW).toBe(plainValue(bases, 25));
    // Ten years of prices, and the statistics beneath.
    const chart = section.getByRole('img', { name: /^P\/E value line against the daily price/ });
    const label = (await chart.getAttribute('aria-label')) ?? '';
    const [, from] = /, (\d{4}-\d{2}-\d{2}) to/.exec(label)!;
    expect(from! <= '2016-06-30').toBe(true);
    const stats = section.getByTestId('value-line-stats');
    expect(await stats.locator('[data-stat="below"]').textContent()).toMatch(
      /^\d+\.\d% of [\d,]+ days$/,
    );
    expect(await stats.locator('[data-stat="median"]').textContent()).toMatch(
      /% (premium|discount)$|^at the line$/,
    );
    expect(await stats.locator('[data-stat="crossings"]').textContent()).toMatch(/^\d+/);
    await section.screenshot({ path: join(SCREENSHOTS, `value-line-company-${width}.png`) });

    // 2. Compare with four peers, from the company view.
    await page.getByRole('link', { name: 'Compare', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/Compare');
    const search = page.getByRole('combobox', { name: 'Add a company to compare' });
    for (const peer of ['AAPL', 'GOOGL', 'AMZN', 'META']) {
      await search.fill(peer);
      const option = page.getByRole('option').filter({
        has: page.locator('.stock-picker__symbol', { hasText: new RegExp(`^${peer}$`) }),
      });
      await option.first().click(SLOW);
      await expect
        .poll(() => new URL(page.url()).searchParams.get('symbols'), SLOW)
        .toContain(peer);
    }
    expect(new URL(page.url()).search).toBe('?symbols=MSFT,AAPL,GOOGL,AMZN,META');
    // The fifth company fills the page: the note replaces the search on its next render.
    await page.getByText('Five companies at most').waitFor(SLOW);
    const table = page.getByRole('table');
    await expect.poll(() => table.locator('tbody tr').count(), SLOW).toBe(5);
    await page.getByRole('button', { name: 'P/E', exact: true }).click();
    const rows = compareResponse.parse(
      (await api.get('/api/market/compare?symbols=AAPL,AMZN,GOOGL,META,MSFT')).body,
    ).data.rows;
    const expected = sortCompareRows(rows, 'pe', 'desc').map((r) => r.symbol);
    // The table re-sorts on its next render: wait for it.
    await expect
      .poll(() =>
        table
          .locator('tbody tr')
          .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-symbol'))),
      )
      .toEqual(expected);
    await page.locator('.compare__chart canvas').first().waitFor(SLOW);
    // The address holds the comparison: opened again, it is the same.
    await open(new URL(page.url()).pathname + new URL(page.url()).search);
    await expect.poll(() => table.locator('tbody tr').count(), SLOW).toBe(5);
    await page.screenshot({ path: join(SCREENSHOTS, `compare-${width}.png`), fullPage: true });

    // 3. The heatmap, from the navigation: zoom into the company's sector, tap it, it opens.
    const companies = await heatmapCompanies();
    const msft = companies.find((c) => c.symbol === 'MSFT')!;
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (width < 760) await nav.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'Heatmap' }).click();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/Heatmap');
    const canvas = page.locator('canvas.heatmap__canvas');
    await canvas.waitFor(SLOW);
    await expect
      .poll(() => canvas.getAttribute('aria-label'), SLOW)
      .toMatch(new RegExp(`^Market heatmap: ${companies.length} companies`));
    await page.getByLabel('Sector').selectOption(msft.sector);
    await expect
      .poll(() => canvas.getAttribute('aria-label'), SLOW)
      .toMatch(new RegExp(`^Market heatmap of ${msft.sector}:`));
    const box = await page.evaluate(() => {
      const el = document.querySelector('.heatmap__box')!;
      const c = document.querySelector('canvas.heatmap__canvas')!.getBoundingClientRect();
      return { width: Math.floor(el.clientWidth), height: c.height };
    });
    const layout = marketMap(
      companies.filter((c) => c.sector === msft.sector),
      box.width,
      box.height,
    );
    const tile = layout.tiles.find((t) => t.company.symbol === 'MSFT')!;
    expect(tile.w * tile.h).toBeGreaterThan(24 * 24);
    await page.screenshot({ path: join(SCREENSHOTS, `heatmap-${width}.png`), fullPage: true });
    await canvas.click({ position: { x: tile.x + tile.w / 2, y: tile.y + tile.h / 2 } });
    await expect.poll(() => new URL(page.url()).searchParams.get('symbol'), SLOW).toBe('MSFT');
    await page.locator('.company-header__name').waitFor(SLOW);
    expect(errors).toEqual([]);
  }, 180_000);

  test('beside the valuation panel the line ends on its intrinsic value; a pitch shows its line on My Pitches and the shared page', async () => {
    const user = await createSignedInUser({ name: 'Line Reader' });
    const { page, open } = await newPage({ width, height: 900 });
    // Every console error counts (the shared page links the site's icon, as every page does).
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => consoleErrors.push(e.message));
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
    const intrinsic = panel.locator('dd[data-output="Intrinsic Value Per Share"]');
    const section = await drawnLine(page);
    const current = section.getByTestId('value-line-current');
    const cents = async (locator: typeof current) => dollars((await locator.textContent()) ?? '');
    // To the cent: "$71.23" beside the panel's "71.23".
    await expect.poll(() => cents(current), SLOW).toBe(await cents(intrinsic));
    expect(await cents(current)).toBeGreaterThan(0);
    // The company's own median instead: the current point moves off the panel's.
    await section.getByRole('radio', { name: 'Company 10-yr median' }).click();
    await expect.poll(() => cents(current), SLOW).not.toBe(await cents(intrinsic));
    await section.screenshot({ path: join(SCREENSHOTS, `value-line-panel-${width}.png`) });

    // A saved pitch: its line on My Pitches, then on its shared page.
    const pitch = await savePePitch(user, 'JNJ', {
      epsDivisor: 18,
      growth: 5,
      multiple: 17,
      comment: 'Steady compounding',
    });
    await open('/Pitches');
    await page.locator('.pitch-table__open').first().click();
    // Pitched today: the line holds the pitch's own value; the closes come as the days pass.
    const pitchLine = valueLine(page);
    await pitchLine.scrollIntoViewIfNeeded(SLOW);
    await expect
      .poll(() => pitchLine.getByTestId('value-line-current').textContent(), SLOW)
      .toBe(formatPrice(pitch.intrinsic, 'USD'));
    expect(await pitchLine.textContent()).toContain(
      `The line starts on the pitch date, ${testMarketClock().slice(0, 10)}`,
    );
    const shared = await api.post(
      '/api/sharePitch',
      { valuation_id: pitch.record.id },
      { token: user.accessToken },
    );
    expect(shared.status).toBe(200);
    const { slug } = shared.body as { slug: string };
    await open(`/p/${slug}`);
    const publicLine = valueLine(page);
    await publicLine.scrollIntoViewIfNeeded(SLOW);
    await expect
      .poll(() => publicLine.getByTestId('value-line-current').textContent(), SLOW)
      .toBe(formatPrice(pitch.intrinsic, 'USD'));
    expect(consoleErrors).toEqual([]);
  }, 180_000);
});
