import { expect, test } from 'vitest';
import { testMarketClock } from '../support/clock';
import { newPage } from './support/browser';

test('a guest opens the app and sees the five valuation methodologies from the API', async () => {
  const { page, open, errors } = await newPage();
  await open('/');
  await expect.poll(() => page.title()).toContain('Mr. Market');
  const list = page.getByRole('region', { name: 'Valuation methodologies' }).or(
    page.locator('section', {
      has: page.getByRole('heading', { name: 'Valuation methodologies' }),
    }),
  );
  for (const name of ['P/E', 'P/B', 'P/S', 'EV/EBITDA', 'DCF']) {
    await expect.poll(() => list.getByText(name, { exact: true }).count()).toBeGreaterThan(0);
  }
  expect(errors).toEqual([]);
});

test('the header and footer carry the product navigation', async () => {
  const { page, open } = await newPage();
  await open('/');
  const nav = page.getByRole('banner');
  for (const link of ['My Pitches', 'My Tracked Pitches', 'About us']) {
    await expect.poll(() => nav.getByText(link, { exact: true }).count()).toBeGreaterThan(0);
  }
  await expect.poll(() => nav.getByText('Sign Up', { exact: true }).count()).toBeGreaterThan(0);
  await expect.poll(() => nav.getByText('Login', { exact: true }).count()).toBeGreaterThan(0);
  const footer = page.getByRole('contentinfo');
  for (const link of ['Contact us', 'Privacy Policy', 'Terms Of Use', 'Compliance Note']) {
    await expect.poll(() => footer.getByRole('link', { name: link }).count()).toBe(1);
  }
  // The year on the product's clock (pinned for the tests), not the machine's.
  const year = new Date(testMarketClock()).getUTCFullYear();
  await expect.poll(() => footer.textContent()).toContain(`© ${year} Mr. Market`);
});

test('opening /Pitches as a guest redirects to /login', async () => {
  const { page, open } = await newPage();
  await open('/Pitches');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  await expect.poll(() => page.getByRole('heading', { name: 'Login' }).count()).toBeGreaterThan(0);
});

test('an unknown path shows the not-found page', async () => {
  const { page, open } = await newPage();
  await open('/no-such-page');
  await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
});

test('the API behind the site reports the table reachable', async () => {
  const { page, open } = await newPage();
  await open('/');
  const health = await page.evaluate(async () => {
    const res = await fetch('/api/health');
    return { status: res.status, body: (await res.json()) as { table: string } };
  });
  expect(health.status).toBe(200);
  expect(health.body.table).toBe('reachable');
});
