import { describe, expect, test } from 'vitest';
import { newPage, SLOW } from './support/browser';
import { checkBothWidths, WALKS } from './support/walk';

/**
 * Every page a guest can open holds up at a phone's width and a desktop's (the walk of
 * tests/e2e/support/walk.ts: 390 and 320 px, 1366 and 768 px): no page scrolls sideways, the
 * navigation is whole, axe finds nothing serious; each public page has its own document title.
 */
const PAGES: { path: string; heading?: string }[] = [
  { path: '/' },
  { path: '/Market?symbol=AAPL' },
  { path: '/Heatmap' },
  { path: '/Compare?symbols=AAPL,MSFT' },
  { path: '/Aboutus', heading: 'About Us' },
  { path: '/Contactus', heading: 'Contact Us' },
  { path: '/Privacypolicy', heading: 'Privacy Policy' },
  { path: '/Termsofuse', heading: 'Terms Of Use' },
  { path: '/Compliance', heading: 'Compliance Note' },
  { path: '/DataProtection', heading: 'Data Protection Notice' },
  { path: '/EmptyPage', heading: 'Coming Soon' },
  { path: '/login' },
  { path: '/signup' },
];

describe.each(WALKS)('loaded at $load px, then at $narrower px', (walk) => {
  test('signed out: no page scrolls sideways, axe finds nothing serious, the navigation is whole, each public page has its own title', async () => {
    const { page, open, errors } = await newPage({ width: walk.load, height: 844 });
    const problems: string[] = [];
    const titles: string[] = [];
    for (const { path, heading } of PAGES) {
      await open(path);
      if (heading) {
        await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor(SLOW);
        await expect.poll(() => page.title(), SLOW).toBe(`${heading} · Mr. Market`);
        titles.push(await page.title());
      } else {
        await page.locator('h1').first().waitFor(SLOW);
      }
      const name = path.replace(/^\//, '').replace(/[^A-Za-z0-9]+/g, '-') || 'home';
      problems.push(...(await checkBothWidths(page, walk, path, `signed-out-${name}`)));
    }
    expect(problems).toEqual([]);
    expect(new Set(titles).size).toBe(PAGES.filter((p) => p.heading).length);
    expect(errors).toEqual([]);
  }, 240_000);
});
