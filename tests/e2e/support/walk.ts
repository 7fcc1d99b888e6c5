import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SLOW } from './browser';
import { REPO_ROOT } from '../../../infra/local/stack';

/**
 * The layout walk (decision 155): every page is loaded at a phone width and at a desktop width,
 * and after each load the viewport is narrowed to the next layout class: 390 px then 320 px
 * (the CSS changes at 389/390), 1366 px then 768 px (a tablet: the navigation and the
 * master-detail pages change between 760 and 1180). At all four widths the page must fit (no
 * sideways scroll) and offer the whole navigation; at the two loaded widths axe checks it too,
 * the phone and desktop classes of the product's layout.
 */
export const WALKS = [
  { load: 390, narrower: 320 },
  { load: 1366, narrower: 768 },
] as const;

/** The header's links, in order (every feature one click away). */
export const NAV = [
  'My Pitches',
  'My Tracked Pitches',
  'Portfolio',
  'Watchlist',
  'Screener',
  'Heatmap',
  'About us',
];

// docs/screenshots is rewritten only when asked for (SCREENSHOTS=1); otherwise under .test-out.
export const SCREENSHOTS =
  process.env.SCREENSHOTS === '1'
    ? join(REPO_ROOT, 'docs', 'screenshots')
    : join(REPO_ROOT, '.test-out', 'screenshots');

/** How far the page itself scrolls sideways (0 when it fits). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** axe's WCAG 2.0 and 2.1 A and AA rules and its best practices (decision 192). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
// Experimental in some axe releases, so not run by a tag alone: enabled by name.
const AXE_EXTRA_RULES = ['label-content-name-mismatch'];

/** Every axe finding, of any impact, on the page as it is now. */
export async function axeFindings(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: AXE_TAGS },
      rules: Object.fromEntries(AXE_EXTRA_RULES.map((id) => [id, { enabled: true }])),
    })
    .analyze();
  return result.violations.map(
    (v) =>
      `${label}: ${v.id} (${v.impact ?? 'no impact'}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * The page fits `width` once its layout settled (charts redraw for a new width on their next
 * frame): 0 px of sideways scroll, or the overflow with the widest element that sticks out.
 */
export async function fits(page: Page): Promise<string | null> {
  let overflow = 0;
  try {
    await expect.poll(async () => (overflow = await sidewaysOverflow(page)), SLOW).toBe(0);
    return null;
  } catch {
    // Name the outermost thing that sticks out of the page (not out of a box that scrolls or
    // clips its own content), to make a failure easy to act on.
    const culprit = await page.evaluate(() => {
      const clipped = (e: Element) => {
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
          const x = getComputedStyle(a).overflowX;
          if (x !== 'visible') return true;
        }
        return false;
      };
      const out = Array.from(document.querySelectorAll('body *')).find(
        (e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(e),
      );
      if (!out) return 'unknown';
      // With the ancestors it widens: the outermost is usually where a min-width is missing.
      const chain: string[] = [];
      for (let a: Element | null = out; a && a !== document.body; a = a.parentElement)
        if (a.getBoundingClientRect().right > window.innerWidth + 1)
          chain.push(
            `${a.tagName.toLowerCase()}.${String(a.className).split(' ')[0]} ${Math.round(a.getBoundingClientRect().width)} px`,
          );
      return chain.join(' < ');
    });
    return `${overflow} px (${culprit})`;
  }
}

/** Makes the viewport `width` wide (the height as set) and waits for two frames of layout. */
export async function resize(page: Page, width: number): Promise<void> {
  const height = page.viewportSize()?.height ?? 844;
  await page.setViewportSize({ width, height });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * Checks the page as it stands at the walk's two widths: fits, navigation whole and axe at the
 * loaded width, then fits and navigation at the narrower one. The viewport is left at the
 * loaded width. `shot` names the screenshot files (SCREENSHOTS=1 only).
 */
export async function checkBothWidths(
  page: Page,
  walk: (typeof WALKS)[number],
  label: string,
  shot?: string,
): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [walk.load, walk.narrower]) {
    if (width !== walk.load) await resize(page, width);
    const overflow = await fits(page);
    if (overflow) problems.push(`${label} at ${width} px: scrolls sideways ${overflow}`);
    const links = await page
      .getByRole('navigation', { name: 'Main' })
      .locator('ul a')
      .allTextContents();
    if (JSON.stringify(links) !== JSON.stringify(NAV))
      problems.push(`${label} at ${width} px: navigation ${JSON.stringify(links)}`);
    if (width === walk.load) problems.push(...(await axeFindings(page, `${label} at ${width} px`)));
    // Screenshots after the checks: a full-page screenshot resizes the page while it is taken.
    if (shot && process.env.SCREENSHOTS === '1')
      await page.screenshot({ path: join(SCREENSHOTS, `${width}-${shot}.png`), fullPage: true });
  }
  await resize(page, walk.load);
  return problems;
}
