/**
 * Bench section `charts`, measured in Chromium on the production build with User Timing
 * measures the app records (web/src/lib/perf-marks.ts):
 * - value line: ten years of daily prices (MSFT, about 2,570 days; twenty years of quarters read),
 *   from the data being ready to the chart having drawn them (`finished`): the line, the days
 *   against it, the statistics, the render and echarts' draw. The first draw waits for the
 *   chart's code as well (reported apart); then each change of the multiple (target < 100 ms);
 * - market heatmap: the layout (squarified treemap) and canvas draw of the demo universe's 538
 *   companies from the real route, then of a simulated 6,000 (the route answered by the bench),
 *   at first draw and on each resize of its box (a new layout), target < 200 ms.
 */
import { chromium, type Page } from 'playwright-core';
import { DEMO_UNIVERSE } from '../functions/market/demo/index';
import { snapshotFreshness } from '../shared/market/freshness';
import { encodeHeatmap, type HeatmapCompany } from '../shared/heatmap/data';
import { type Report, atMost, info, median, ms, percentile } from './lib';
import { CHROMIUM, CHROMIUM_ARGS, startBenchSite } from './site';

const SLOW = { timeout: 60_000 };
const REDRAWS = 20;

/** The durations of a User Timing measure recorded so far, in order. */
const measures = (page: Page, name: string) =>
  page.evaluate((n) => performance.getEntriesByName(n, 'measure').map((e) => e.duration), name);

async function waitForMeasures(page: Page, name: string, count: number) {
  await page.waitForFunction(
    ([n, c]) => performance.getEntriesByName(n as string, 'measure').length >= (c as number),
    [name, count] as const,
    SLOW,
  );
}

async function valueLine(page: Page) {
  await page.goto('/Market?symbol=MSFT', { waitUntil: 'networkidle' });
  const section = page.getByRole('region', { name: 'Value through time' });
  await section.scrollIntoViewIfNeeded(SLOW);
  await section.locator('canvas').first().waitFor(SLOW);
  await waitForMeasures(page, 'value-line', 1);
  const choices = ['Sector median today', 'Company 10-yr median'];
  for (let i = 0; i < REDRAWS; i++) {
    await section.getByRole('radio', { name: choices[i % 2]!, exact: true }).click();
    await waitForMeasures(page, 'value-line', i + 2);
  }
  const days = await section
    .getByRole('img', { name: /value line against the daily price/ })
    .getAttribute('aria-label');
  return {
    all: await measures(page, 'value-line'),
    compute: await measures(page, 'value-line:compute'),
    label: days ?? '',
  };
}

async function heatmap(page: Page) {
  await page.goto('/Heatmap', { waitUntil: 'networkidle' });
  const canvas = page.locator('canvas.heatmap__canvas');
  await canvas.waitFor(SLOW);
  await waitForMeasures(page, 'heatmap', 1);
  const label = (await canvas.getAttribute('aria-label')) ?? '';
  for (let i = 0; i < REDRAWS; i++) {
    // Below the content's 1,160 px the map's box changes width: a new layout each time.
    await page.setViewportSize({ width: i % 2 === 0 ? 1000 : 1100, height: 900 });
    await waitForMeasures(page, 'heatmap', i + 2);
  }
  return { all: await measures(page, 'heatmap'), label };
}

/** A simulated universe of `n` companies: the demo's sectors and industries, caps spread wide. */
function simulatedUniverse(n: number): HeatmapCompany[] {
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  return Array.from({ length: n }, (_, i) => {
    const model = DEMO_UNIVERSE[i % DEMO_UNIVERSE.length]!;
    const change = () => Math.round((random() - 0.5) * 800) / 100;
    return {
      symbol: `S${i.toString(36).toUpperCase()}`,
      name: `${model.name} ${i}`,
      sector: model.sector,
      industry: model.industry,
      marketCap: Math.round(1e8 * Math.exp(random() * 9)),
      changes: {
        '1D': change(),
        '1W': change(),
        '1M': change(),
        '3M': change() * 2,
        '6M': change() * 2,
        '1Y': change() * 3,
        YTD: change() * 3,
      },
      price: 100,
      value: 100 + change() * 5,
      multiple: 18,
      premium: change() * 5,
      gap: null,
    };
  });
}

export async function run(report: Report): Promise<void> {
  const site = await startBenchSite();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    // What the screener job does: the snapshot the map reads (the stack runs no jobs).
    const { buildMarketService } = await import('../functions/market/service');
    const { DemoSource } = await import('../functions/market/source');
    const { PLANS } = await import('../functions/market/plan');
    const { buildSnapshot } = await import('../functions/screener/build');
    const { saveSnapshot } = await import('../functions/screener/snapshot');
    const service = buildMarketService({ source: new DemoSource(), plan: PLANS.demo });
    await saveSnapshot((await buildSnapshot({ service })).data);

    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      baseURL: site.url,
    });
    const page = await context.newPage();

    const line = await valueLine(page);
    // The first draw waits for the chart's code; the first two changes run code not yet
    // optimised by the browser (reported apart); the rest are what a reader sees from then on.
    const [first, ...changes] = line.all;
    const warm = changes.slice(2);
    const list = (xs: number[]) => xs.map((d) => d.toFixed(1)).join(', ');
    console.log(`  value line: ${line.label}`);
    console.log(`  value line draws: ${list(line.all)}; of which computing: ${list(line.compute)}`);
    report(
      info(
        'charts',
        'value line, 10 years: first draw after the data (chart code loading included)',
        ms(first!),
      ),
    );
    report(
      info(
        'charts',
        'value line, 10 years: first two changes of the multiple',
        `${ms(changes[0]!)}, ${ms(changes[1]!)}`,
      ),
    );
    report(
      atMost(
        'charts',
        `value line, 10 years: compute and draw, p50 of ${warm.length} changes`,
        median(warm),
        100,
        ms,
        true,
      ),
    );
    report(
      atMost(
        'charts',
        `value line, 10 years: compute and draw, p95 of ${warm.length} changes`,
        percentile(warm, 0.95),
        100,
        ms,
        true,
      ),
    );
    report(
      info(
        'charts',
        'value line, 10 years: of which computing (line, days, statistics), p50',
        ms(median(line.compute.slice(3))),
      ),
    );

    const map = await heatmap(page);
    console.log(`  heatmap: ${map.label}; draws ${map.all.map((d) => d.toFixed(1)).join(', ')}`);
    const companies = Number(/: ([\d,]+) companies/.exec(map.label)?.[1]?.replace(',', '') ?? 0);
    report(info('charts', 'heatmap: companies drawn from the snapshot', String(companies)));
    report(
      atMost(
        'charts',
        `heatmap, ${companies} companies: first layout and draw`,
        map.all[0]!,
        200,
        ms,
        true,
      ),
    );
    report(
      atMost(
        'charts',
        `heatmap, ${companies} companies: layout and draw, p95`,
        percentile(map.all.slice(1), 0.95),
        200,
        ms,
        true,
      ),
    );

    // A simulated 6,000-company universe: the route answered by the bench.
    const many = encodeHeatmap(simulatedUniverse(6000), snapshotFreshness(Date.now(), Date.now()));
    await page.route('**/api/market/heatmap', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          data: many,
          source: 'demo',
          stale: false,
          asOf: new Date().toISOString(),
        }),
      }),
    );
    await page.setViewportSize({ width: 1366, height: 900 });
    const big = await heatmap(page);
    report(
      atMost(
        'charts',
        'heatmap, 6,000 companies: first layout and draw',
        big.all[0]!,
        200,
        ms,
        true,
      ),
    );
    report(
      atMost(
        'charts',
        'heatmap, 6,000 companies: layout and draw, p95',
        percentile(big.all.slice(1), 0.95),
        200,
        ms,
        true,
      ),
    );
    await context.close();
  } finally {
    await browser.close();
    await site.stop();
  }
}
