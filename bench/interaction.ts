/**
 * Bench section `interaction`, measured in Chromium on the production build:
 * - valuation panel: a keystroke in an input until the outputs on screen changed (keydown to
 *   the DOM update of the outputs), and the Event Timing API's entries over 16 ms;
 * - company view: switching the chart back to a metric already loaded, from the change of the
 *   select until its panel shows a chart (measured at the next animation frame).
 */
import { chromium, type Page } from 'playwright-core';
import { CATALOGUE } from '../shared/company/catalogue';
import { periodsFor } from '../shared/company/periods';
import { type Report, atMost, info, median, ms, percentile } from './lib';
import { CHROMIUM, CHROMIUM_ARGS, startBenchSite } from './site';
import { createBenchUser } from './user';

const KEYSTROKES = 30;
const SWITCHES = 10;
const SLOW = { timeout: 30_000 };

async function valuationKeystrokes(page: Page) {
  await page.getByRole('button', { name: 'Value Business', exact: true }).first().click(SLOW);
  const dialog = page.getByRole('dialog', { name: 'Choose Valuation Methodology' });
  await dialog.getByRole('radio', { name: 'P/E', exact: true }).click(SLOW);
  await dialog.getByRole('button', { name: 'Value Business' }).click(SLOW);
  const input = page.locator('input[name="earnings_per_share"]');
  await input.waitFor(SLOW);
  await input.fill('5');
  await page.locator('input[name="growth_ratein_eps"]').fill('8');
  await page.locator('input[name="forward_multiple"]').fill('20');
  await page.locator('dd[data-output]').first().waitFor(SLOW);
  await page.evaluate(() => {
    const w = window as unknown as { __bench: { updates: number[]; events: number[] } };
    w.__bench = { updates: [], events: [] };
    let t0: number | undefined;
    document.addEventListener('keydown', () => (t0 = performance.now()), true);
    new MutationObserver((records) => {
      if (t0 === undefined) return;
      const outputs = records.some((r) => {
        const el = r.target instanceof Element ? r.target : r.target.parentElement;
        return el?.closest('dd[data-output]');
      });
      if (outputs) {
        w.__bench.updates.push(performance.now() - t0);
        t0 = undefined;
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
    () => (window as unknown as { __bench: { updates: number[]; events: number[] } }).__bench,
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

export async function run(report: Report): Promise<void> {
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

    const { updates, events } = await valuationKeystrokes(page);
    report(
      atMost(
        'interaction',
        'keystroke to outputs updated (p95)',
        percentile(updates, 0.95),
        16,
        ms,
        true,
      ),
    );
    report(
      info(
        'interaction',
        'keystroke to outputs updated (median, n)',
        `${ms(median(updates))}, n=${updates.length}`,
      ),
    );
    // Event Timing durations run to the next paint (a frame is about 16 ms), rounded to 8 ms.
    report(
      info(
        'interaction',
        'Event Timing key/input entries >= 16 ms (to next paint)',
        events.length ? `${events.length}, max ${ms(Math.max(...events), 0)}` : 'none',
      ),
    );
    await context.close();
  } finally {
    await browser.close();
    await site.stop();
  }
}
