import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../infra/local/stack';
import { decodeHeatmap, heatmapResponse } from '../../shared/heatmap/data';
import { marketMap, undrawn } from '../../shared/heatmap/layout';
import { premiumText } from '../../shared/heatmap/scale';
import { VALUE_GAP_LABELS } from '../../shared/heatmap/value';
import { changeText } from '../../web/src/features/heatmap/components/shading';
import { apiClient } from '../support/api';
import { testMarketClock } from '../support/clock';
import { newPage, SLOW } from './support/browser';

/*
 * The market map and Compare say what they show and how fresh it is (decisions 166-168), at a
 * phone's and a desk's width: the map's as-of time and session, every company drawn or named,
 * an out-of-date snapshot marked as such and its moves never called today's; Compare's total
 * and price returns, a later listing (RIVN) starting at its first close and marked, and every
 * symbol of the address it cannot show named.
 */

const SCREENSHOTS =
  process.env.SCREENSHOTS === '1'
    ? join(REPO_ROOT, 'docs', 'screenshots')
    : join(REPO_ROOT, '.test-out', 'screenshots');
const api = apiClient();
const TODAY = testMarketClock().slice(0, 10);

/** The map's companies, from the snapshot the e2e setup's run of the snapshot job stored. */
async function heatmapCompanies() {
  return decodeHeatmap(heatmapResponse.parse((await api.get('/api/market/heatmap')).body).data);
}

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
}

async function noSeriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  const serious = result.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** "+12.3%" or "-4.0%" as a number. */
const percent = (text: string | null) => Number((text ?? '').replace(/[%,+]/g, ''));

describe.each([390, 1366])('at %i px wide', (width) => {
  test('the map states when its figures were taken, draws or names every company, and marks an old snapshot out of date', async () => {
    const companies = await heatmapCompanies();
    const { page, open, errors } = await newPage({ width, height: 900 });
    await open('/Heatmap');
    const canvas = page.locator('canvas.heatmap__canvas');
    await canvas.waitFor(SLOW);
    await expect
      .poll(() => canvas.getAttribute('aria-label'), SLOW)
      .toBe(
        `Market heatmap: ${companies.length} companies sized by market cap, coloured by their change today`,
      );
    const asOf = page.getByTestId('heatmap-as-of');
    expect(await asOf.getAttribute('data-stale')).toBe('false');
    expect(await asOf.textContent()).toMatch(
      new RegExp(
        `^Figures as of ${TODAY} \\d\\d:\\d\\d New York time, refreshed every 15 minutes while the market trades; one-day moves of today’s session \\(${TODAY}\\)\\.$`,
      ),
    );

    // Every company is drawn or named: the page's list is exactly the layout's undrawn tiles.
    const box = await page.evaluate(() => {
      const el = document.querySelector('.heatmap__box')!;
      const c = document.querySelector('canvas.heatmap__canvas')!.getBoundingClientRect();
      return { width: Math.floor(el.clientWidth), height: c.height };
    });
    const hidden = undrawn(marketMap(companies, box.width, box.height));
    expect(hidden.length).toBeGreaterThan(0);
    const count = page.getByTestId('heatmap-count');
    expect(await count.textContent()).toContain(
      `${companies.length} companies, sized by market cap, coloured by their change today: ${(companies.length - hidden.length).toLocaleString('en-US')} drawn, ${hidden.length} too small to draw at this size (listed below)`,
    );
    const list = page.getByTestId('heatmap-too-small');
    await list.locator('summary').click();
    expect(
      await list
        .locator('li')
        .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-symbol'))),
    ).toEqual(hidden.map((c) => c.symbol));
    await noSidewaysScroll(page);
    await noSeriousAxeViolations(page);
    await page.screenshot({
      path: join(SCREENSHOTS, `heatmap-as-of-${width}.png`),
      fullPage: true,
    });

    // The same map from a snapshot ten days old: out of date, and its moves are its session's.
    await page.route('**/api/market/heatmap', async (route) => {
      const response = await route.fetch();
      const body = heatmapResponse.parse(await response.json());
      const old = {
        ...body,
        stale: true,
        data: {
          ...body.data,
          freshness: {
            snapshotAt: '2026-02-27T21:05:00.000Z',
            session: '2026-02-27',
            refreshMinutes: 15,
            stale: true,
          },
        },
      };
      await route.fulfill({ response, json: old });
    });
    await page.reload({ waitUntil: 'networkidle' });
    const stale = page.getByTestId('heatmap-as-of');
    await expect.poll(() => stale.getAttribute('data-stale'), SLOW).toBe('true');
    expect(await stale.textContent()).toBe(
      'Out of date. These figures are from a snapshot taken 2026-02-27 16:05 New York time, older than its 15-minute refresh allows: the one-day moves are those of the session of 2026-02-27 as they stood then.',
    );
    await expect
      .poll(() => canvas.getAttribute('aria-label'), SLOW)
      .toMatch(/coloured by their change on 2026-02-27$/);
    expect(
      await page.getByRole('list', { name: 'Colour scale: change on 2026-02-27' }).count(),
    ).toBe(1);
    expect(await page.locator('main').textContent()).not.toMatch(/\btoday\b/i);
    await page.screenshot({ path: join(SCREENSHOTS, `heatmap-stale-${width}.png`) });
    await noSidewaysScroll(page);
    await noSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    // A read the page sends after the test (a refresh in flight) must not reach the rewrite once
    // its context is closed.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }, 180_000);

  test('the map coloured by each company’s price against its value at its median P/E over 1Y, kept in the address', async () => {
    const companies = await heatmapCompanies();
    const { page, open, errors } = await newPage({ width, height: 900 });
    await open('/Heatmap');
    const canvas = page.locator('canvas.heatmap__canvas');
    await canvas.waitFor(SLOW);
    await page.getByRole('radio', { name: 'vs 10-yr median P/E value' }).click();
    await page.getByRole('radio', { name: '1Y' }).click();
    await expect.poll(() => new URL(page.url()).search, SLOW).toBe('?colour=value&period=1Y');
    const label = `Market heatmap: ${companies.length} companies sized by market cap, coloured by their price against their value at their own 10-yr median P/E`;
    await expect.poll(() => canvas.getAttribute('aria-label'), SLOW).toBe(label);
    // The legend says what the colour means, in words; a company without a value is named.
    const legend = page.getByRole('list', {
      name: 'Colour scale: price against value at the company’s 10-yr median P/E',
    });
    expect(await legend.locator('li').allTextContents()).toEqual([
      '≥ 50% below',
      '33% below',
      '17% below',
      'At value',
      '17% above',
      '33% above',
      '≥ 50% above',
      VALUE_GAP_LABELS.loss,
      VALUE_GAP_LABELS.history,
    ]);

    // A reload keeps the colouring and the period; the list gives each figure the route gave.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => canvas.getAttribute('aria-label'), SLOW).toBe(label);
    expect(await page.getByRole('radio', { name: '1Y' }).getAttribute('aria-checked')).toBe('true');
    await page.getByText('The companies as a list').click();
    const valued = companies.find((c) => c.premium !== null)!;
    const loss = companies.find((c) => c.gap === 'loss')!;
    const item = (symbol: string) =>
      page.locator(`.heatmap__list:not(.heatmap__hidden) li[data-symbol="${symbol}"]`);
    await item(valued.symbol).first().waitFor(SLOW);
    expect(await item(valued.symbol).first().locator('[data-figure="value"]').textContent()).toBe(
      premiumText(valued.premium!),
    );
    expect(await item(valued.symbol).first().textContent()).toContain(
      `${changeText(valued.changes['1Y'])} (1Y)`,
    );
    expect(await item(loss.symbol).first().locator('[data-figure="value"]').textContent()).toBe(
      'Loss',
    );
    await page.screenshot({ path: join(SCREENSHOTS, `heatmap-value-${width}.png`) });
    await noSidewaysScroll(page);
    await noSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  }, 180_000);

  test('Compare shows total and price return, starts RIVN at its first close marked, and names what it cannot show', async () => {
    const { page, open, errors } = await newPage({ width, height: 900 });
    await open('/Compare?symbols=JPM,RIVN,ZZZZQ,^GSPC,AAPL,MSFT,KO,NVDA&period=10Y');
    const returns = page.getByRole('list', { name: 'Returns over 10Y' });
    await returns.locator('li[data-symbol="RIVN"]').waitFor(SLOW);

    // A shorter history starts where it starts, marked.
    const rivn = returns.locator('li[data-symbol="RIVN"]');
    expect(await rivn.getAttribute('data-starts-late')).toBe('true');
    expect(await rivn.textContent()).toContain('since its first close on 2021-11-10 ●');
    expect(await returns.locator('li[data-symbol="JPM"]').getAttribute('data-starts-late')).toBe(
      'false',
    );
    expect(await page.getByTestId('compare-prices-as-of').textContent()).toContain(
      'a company listed within the period starts at 100 on its first close (marked ●)',
    );

    // JPM's dividends reinvested: a total return above its price return.
    const jpm = returns.locator('li[data-symbol="JPM"]');
    const total = percent(await jpm.locator('[data-figure="total"]').textContent());
    const price = percent(await jpm.locator('[data-figure="price"]').textContent());
    expect(total).toBeGreaterThan(price);
    // One figure, two places: the table's period columns are the list's.
    const table = page.getByRole('table');
    await expect.poll(() => table.locator('tbody tr').count(), SLOW).toBe(4);
    // Each company's figures arrive with its own reads: wait until both places show them.
    const both = async (symbol: string, col: string, figure: string) => {
      const cell = await table
        .locator(`tr[data-symbol="${symbol}"] [data-col="${col}"]`)
        .textContent();
      const listed = await returns
        .locator(`li[data-symbol="${symbol}"] [data-figure="${figure}"]`)
        .textContent();
      return { cell, listed, shown: /%$/.test(cell ?? '') && /%$/.test(listed ?? '') };
    };
    for (const symbol of ['JPM', 'RIVN', 'AAPL', 'MSFT'])
      for (const [col, figure] of [
        ['totalReturn', 'total'],
        ['priceReturn', 'price'],
      ] as const) {
        await expect.poll(async () => (await both(symbol, col, figure)).shown, SLOW).toBe(true);
        const { cell, listed } = await both(symbol, col, figure);
        expect(cell, `${symbol} ${col}`).toBe(listed);
      }
    expect(await page.getByRole('columnheader', { name: '1-Day Change %' }).count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'Total Return (10Y)' }).count()).toBe(1);

    // Every symbol of the address it cannot show, named.
    const notShown = page.getByTestId('compare-not-shown');
    await notShown.locator('[data-reason="unknown"]').waitFor(SLOW);
    expect(await notShown.locator('[data-reason="unknown"]').textContent()).toBe(
      'ZZZZQ: no company found by this symbol',
    );
    expect(await notShown.locator('[data-reason="invalid"]').textContent()).toBe(
      '“^GSPC”: not a stock symbol',
    );
    expect(await notShown.locator('[data-reason="extra"]').textContent()).toBe(
      'KO, NVDA: 5 companies at most (remove one to compare another)',
    );

    // The fundamentals say when they were taken.
    expect(await page.getByTestId('compare-as-of').textContent()).toMatch(
      new RegExp(
        `^Fundamentals as of ${TODAY} \\d\\d:\\d\\d New York time, refreshed every 15 minutes while the market trades; the 1-day change is that of today’s session \\(${TODAY}\\)\\.$`,
      ),
    );
    await page.locator('.compare__chart canvas').first().waitFor(SLOW);
    await page.screenshot({
      path: join(SCREENSHOTS, `compare-returns-${width}.png`),
      fullPage: true,
    });
    await noSidewaysScroll(page);
    await noSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  }, 180_000);
});
