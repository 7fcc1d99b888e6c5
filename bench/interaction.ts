/**
 * Bench section `interaction`, measured in Chromium on the production build:
 * - valuation panels (P/E, and the DCF with its implied growth): a keystroke in an input until
 *   the outputs on screen changed (keydown to the DOM update of the outputs), until the
 *   sensitivity grid changed, and the Event Timing API's entries over 16 ms;
 * - company view: switching the chart back to a metric already loaded, from the change of the
 *   select until its panel shows a chart (measured at the next animation frame).
 */
import { chromium, type Page } from 'playwright-core';
import { CATALOGUE } from '../shared/company/catalogue';
import { periodsFor } from '../shared/company/periods';
import { dcfImpliedGrowth } from '../shared/valuation/dcf';
import { computeValuation, type DCFInput } from '../shared/valuation/models';
import { dcfSensitivityGrid } from '../shared/valuation/sensitivity';
import { type Report, atMost, info, median, ms, percentile } from './lib';
import { CHROMIUM, CHROMIUM_ARGS, startBenchSite } from './site';
import { createBenchUser } from './user';

const KEYSTROKES = 30;
const SWITCHES = 10;
const SLOW = { timeout: 30_000 };

interface PanelCase {
  label: string;
  radio: string;
  /** Inputs filled before measuring; the first is typed into. */
  fields: [string, string][];
}

const PANELS: readonly PanelCase[] = [
  {
    label: 'P/E',
    radio: 'P/E',
    fields: [
      ['earnings_per_share', '5'],
      ['growth_ratein_eps', '8'],
      ['forward_multiple', '20'],
    ],
  },
  {
    label: 'DCF',
    radio: 'DCF',
    fields: [
      ['free_cash_flow_per_share', '5'],
      ['stage_one_growth', '8'],
      ['holding_period', '5'],
    ],
  },
];

async function valuationKeystrokes(page: Page, panel: PanelCase) {
  await page.getByRole('button', { name: 'Value Business', exact: true }).first().click(SLOW);
  const dialog = page.getByRole('dialog', { name: 'Choose Valuation Methodology' });
  await dialog.getByRole('radio', { name: panel.radio, exact: true }).click(SLOW);
  await dialog.getByRole('button', { name: 'Value Business' }).click(SLOW);
  const [first] = panel.fields;
  const input = page.locator(`input[name="${first![0]}"]`);
  await input.waitFor(SLOW);
  for (const [name, value] of panel.fields) await page.locator(`input[name="${name}"]`).fill(value);
  await page.locator('dd[data-output]').first().waitFor(SLOW);
  await page.evaluate(() => {
    const w = window as unknown as {
      __bench: { updates: number[]; grid: number[]; events: number[] };
    };
    w.__bench = { updates: [], grid: [], events: [] };
    let t0: number | undefined;
    let g0: number | undefined;
    document.addEventListener(
      'keydown',
      () => {
        t0 = performance.now();
        g0 = t0;
      },
      true,
    );
    new MutationObserver((records) => {
      const inside = (selector: string) =>
        records.some((r) => {
          const el = r.target instanceof Element ? r.target : r.target.parentElement;
          return el?.closest(selector);
        });
      if (t0 !== undefined && inside('dd[data-output]')) {
        w.__bench.updates.push(performance.now() - t0);
        t0 = undefined;
      }
      if (g0 !== undefined && inside('table.sensitivity__grid')) {
        w.__bench.grid.push(performance.now() - g0);
        g0 = undefined;
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (/^(keydown|keyup|keypress|beforeinput|input)$/.test(e.name))
          w.__bench.events.push(e.duration);
    }).observe({
      type: 'event',
      durationThreshold: 16,
      buffered: false,
    } as PerformanceObserverInit);
  });
  await input.click();
  await page.keyboard.press('End');
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.press(i % 2 === 0 ? '5' : 'Backspace');
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(300);
  return page.evaluate(
    () =>
      (window as unknown as { __bench: { updates: number[]; grid: number[]; events: number[] } })
        .__bench,
  );
}

async function chartSwitches(page: Page) {
  const charts = CATALOGUE.filter((i) => i.kind === 'bar' || i.kind === 'area').slice(0, 2);
  if (charts.length < 2) throw new Error('fewer than two chart items in the catalogue');
  const nameOf = (item: (typeof charts)[number]) => {
    const first = periodsFor(item)[0];
    return first ? `${item.title} (${first.label})` : item.title;
  };
  const select = page.getByLabel('Show', { exact: true });
  for (const item of charts) {
    await select.selectOption(item.id);
    await page
      .getByRole('region', { name: nameOf(item), exact: true })
      .locator('canvas')
      .waitFor(SLOW);
  }
  const times: number[] = [];
  for (let i = 0; i < SWITCHES; i++) {
    const item = charts[i % 2]!;
    const waiting = page.evaluate((expected) => {
      const nameOfRegion = (el: Element) =>
        el.getAttribute('aria-label') ??
        (el.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
          .trim();
      return new Promise<number>((resolve) => {
        document.addEventListener(
          'change',
          () => {
            const t0 = performance.now();
            const check = () => {
              const region = [
                ...document.querySelectorAll(
                  'section[aria-labelledby], section[aria-label], [role="region"]',
                ),
              ].find((el) => nameOfRegion(el) === expected);
              if (region?.querySelector('canvas')) resolve(performance.now() - t0);
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          },
          { capture: true, once: true },
        );
      });
    }, nameOf(item));
    await select.selectOption(item.id);
    times.push(await waiting);
  }
  return times;
}

/**
 * What a keystroke in the DCF panel recomputes, in Node: the outputs, the implied growth and
 * the 25-cell grid, at the longest stage one (20 years), for slightly different inputs each time.
 */
function dcfRecomputeTimes(): number[] {
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const input: DCFInput = {
      valuation_type_id: 5,
      free_cash_flow_per_share: 4 + (i % 10) / 10,
      stage_one_growth: 6 + (i % 7),
      stage_one_years: 20,
      terminal_growth: 2.5,
      discount_rate: 9,
      market_price: 180,
      holding_period: 5,
    };
    const t0 = performance.now();
    computeValuation(input);
    dcfImpliedGrowth(input);
    dcfSensitivityGrid(input);
    times.push(performance.now() - t0);
  }
  return times.slice(20); // after warm-up
}

export async function run(report: Report): Promise<void> {
  const recompute = dcfRecomputeTimes();
  report(
    atMost(
      'interaction',
      'DCF recompute: outputs, implied growth and grid, 20 years (p95)',
      percentile(recompute, 0.95),
      16,
      ms,
      true,
    ),
  );
  const site = await startBenchSite();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const user = await createBenchUser(site.stack);
    const context = await browser.newContext({
      viewport: { width: 1400, height: 1000 },
      baseURL: site.url,
    });
    // The bench runs under tsx, whose transform names functions with a `__name` helper that
    // the functions sent to the page would call.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.locator('.toast--success').first().waitFor(SLOW);

    await page.goto('/Market?symbol=MSFT', { waitUntil: 'networkidle' });
    await page.locator('.company-header__name').waitFor(SLOW);
    const switches = await chartSwitches(page);
    report(
      atMost(
        'interaction',
        'chart metric switch, loaded (p95)',
        percentile(switches, 0.95),
        100,
        ms,
        true,
      ),
    );
    report(info('interaction', 'chart metric switch, loaded (median)', ms(median(switches))));

    for (const panel of PANELS) {
      await page.goto('/Market?symbol=MSFT', { waitUntil: 'networkidle' });
      await page.locator('.company-header__name').waitFor(SLOW);
      const { updates, grid, events } = await valuationKeystrokes(page, panel);
      const name = panel.label === 'P/E' ? '' : ` (${panel.label})`;
      report(
        atMost(
          'interaction',
          `keystroke to outputs updated${name} (p95)`,
          percentile(updates, 0.95),
          16,
          ms,
          true,
        ),
      );
      report(
        info(
          'interaction',
          `keystroke to outputs updated${name} (median, n)`,
          `${ms(median(updates))}, n=${updates.length}`,
        ),
      );
      report(
        info(
          'interaction',
          `keystroke to sensitivity grid updated${name} (p95, median)`,
          grid.length
            ? `${ms(percentile(grid, 0.95))}, ${ms(median(grid))}, n=${grid.length}`
            : 'no grid change seen',
        ),
      );
      // Event Timing durations run to the next paint (a frame is about 16 ms), rounded to 8 ms.
      report(
        info(
          'interaction',
          `Event Timing key/input entries >= 16 ms (to next paint)${name}`,
          events.length ? `${events.length}, max ${ms(Math.max(...events), 0)}` : 'none',
        ),
      );
    }
    await context.close();
  } finally {
    await browser.close();
    await site.stop();
  }
}
