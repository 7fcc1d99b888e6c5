import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../infra/local/stack';
import { newPage, SLOW } from './support/browser';

const site = () => inject('site');

/**
 * Waits until the page has reported the violation both ways (the DOM event and Chromium's
 * console line arrive asynchronously, in either order), then takes them.
 */
async function violationsOf(
  p: Awaited<ReturnType<typeof newPage>>,
  directive: string,
): Promise<string[]> {
  const reported = (source: string) =>
    p.cspViolations.some((v) => v.startsWith(source) && v.includes(directive));
  await expect.poll(() => reported('event:') && reported('console:'), SLOW).toBe(true);
  return p.takeCspViolations();
}

describe('security headers in the browser', () => {
  it('serves the app shell with the one set of security headers and runs it without a violation', async () => {
    const p = await newPage();
    const response = await p.page.goto('/', { waitUntil: 'networkidle' });
    const headers = response!.headers();
    for (const [name, value] of Object.entries(site().headers)) expect(headers[name]).toBe(value);
    expect(headers['content-security-policy']).toContain("script-src 'self';");
    await p.page.getByRole('banner').waitFor();
    expect(p.cspViolations).toEqual([]);
  });

  it('blocks an inline script injected into the page and records the violation', async () => {
    const p = await newPage();
    await p.open('/');
    const ran = await p.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    const violations = await violationsOf(p, 'script-src');
    expect(violations).toContainEqual(expect.stringMatching(/^event: script-src-elem \| inline/));
  });

  it('blocks a style element injected into the page and records the violation', async () => {
    const p = await newPage();
    await p.open('/');
    const applied = await p.page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { outline: 7px solid rgb(1, 2, 3); }';
      document.head.append(style);
      return getComputedStyle(document.body).outlineWidth === '7px';
    });
    expect(applied).toBe(false);
    const violations = await violationsOf(p, 'style-src');
    expect(violations).toContainEqual(expect.stringMatching(/^event: style-src-elem \| inline/));
  });

  it('allows style attributes in inserted HTML, as ECharts writes its default tooltips', async () => {
    // ClosingPriceChart (watchlist, portfolio) uses the default axis tooltip, whose markup
    // carries style="..." attributes: style-src-attr 'unsafe-inline' lets them apply.
    const p = await newPage();
    await p.open('/');
    const outline = await p.page.evaluate(() => {
      const holder = document.createElement('div');
      holder.innerHTML = '<span style="outline: 7px solid rgb(1, 2, 3)">tooltip</span>';
      document.body.append(holder);
      return getComputedStyle(holder.firstElementChild!).outlineWidth;
    });
    expect(outline).toBe('7px');
    expect(p.cspViolations).toEqual([]);
  });

  it("shows a company chart's tooltip without a violation", async () => {
    const p = await newPage();
    await p.open('/Market?symbol=MSFT');
    const canvas = p.page.locator('canvas').first();
    await canvas.waitFor(SLOW);
    const box = (await canvas.boundingBox())!;
    // Move across the plot until a point's tooltip shows (the series may not span the middle).
    const tooltip = async () =>
      p.page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('div')].some(
          (d) => d.style.zIndex === '9999999' && d.style.display !== 'none' && d.innerText.trim(),
        ),
      );
    let shown = false;
    for (const x of [0.5, 0.6, 0.7, 0.8, 0.4, 0.3]) {
      await p.page.mouse.move(box.x + box.width * x, box.y + box.height * 0.5);
      await p.page.waitForTimeout(300);
      if ((shown = await tooltip())) break;
    }
    expect(shown).toBe(true);
  });

  it('builds an app shell without inline script or style', () => {
    const distDir = process.env.E2E_DIST_DIR ?? join(REPO_ROOT, '.test-out', 'web-dist');
    const html = readFileSync(join(distDir, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, body] of scripts) {
      expect(tag).toMatch(/\ssrc="/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b/);
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toMatch(/\son[a-z]+="/);
  });
});
