import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../infra/constructs/house-function';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiClient } from '../support/api';
import { createSignedInUser, type TestUser } from '../support/users';
import { logIn, newPage } from './support/browser';
import { savePePitch } from './support/pitches';

/**
 * Screens hold up on a phone: at 390 px (and 320 px) no page scrolls sideways, whatever it
 * shows; a wide table scrolls inside its own card. The signed-in pages are filled first (a
 * pitch, a tracked pitch, a portfolio with a holding, a watched stock), so the widest content
 * is on screen. On a phone the navigation folds behind the Menu button and still reaches every
 * feature.
 */
const SLOW = { timeout: 20_000 };
// docs/screenshots is rewritten only when asked for (SCREENSHOTS=1); otherwise under .test-out.
const SCREENSHOTS =
  process.env.SCREENSHOTS === '1'
    ? join(REPO_ROOT, 'docs', 'screenshots')
    : join(REPO_ROOT, '.test-out', 'screenshots');
const api = apiClient();
let user: TestUser;
let pitchId = '';

/** How far the page itself scrolls sideways (0 when it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

beforeAll(async () => {
  user = await createSignedInUser({ name: 'Phone Investor' });
  const { record } = await savePePitch(user, 'AAPL', {
    epsDivisor: 20,
    growth: 9,
    multiple: 18,
    comment: 'A pitch read on a phone',
  });
  pitchId = record.id;
  const track = await api.post(
    '/api/update-pitch',
    {
      valuation_id: record.id,
      tracked_market_price: record.market_price,
      tracked_premium: record.premium,
      tracked_cumulative_loss: record.cumulative_loss,
      tracked_irr: record.irr,
    },
    { token: user.accessToken },
  );
  expect(track.status).toBe(200);
  const portfolio = await api.post<{ data: { id: string } }>(
    '/api/addPortfolio',
    { portfolio_name: 'Phone Portfolio', investment_value: 100_000 },
    { token: user.accessToken },
  );
  expect(portfolio.status).toBe(200);
  const order = await api.post(
    '/api/placeOrder',
    {
      portfolio_id: portfolio.body.data.id,
      stock_symbol: 'MSFT',
      order_type: 'market',
      invest_by: 'amount',
      amount: '10,000',
    },
    { token: user.accessToken },
  );
  expect(order.status).toBe(200);
  const watch = await api.post(
    '/api/addWatchList',
    { stock_symbol: 'KO' },
    { token: user.accessToken },
  );
  expect(watch.status).toBe(200);
}, 60_000);

const PAGES = [
  '/',
  '/Pitches',
  '/Mytrackedpitches',
  '/Portfolio',
  '/Dashboard',
  '/Watchlist',
  '/Screener',
  '/Alerts',
  '/Myaccount',
  '/Aboutus',
] as const;

describe.each([390, 320])('at %i px wide', (width) => {
  test('no page scrolls sideways', async () => {
    const { page, open, errors } = await newPage({ width, height: 844 });
    await open('/login');
    await logIn(page, user);
    const overflowing: string[] = [];
    // A saved pitch opens the company view and the valuation panel of /Market.
    for (const path of [...PAGES, `/Market/${pitchId}`]) {
      await open(path);
      await page.locator('h1').first().waitFor(SLOW);
      // Open the first item of a master-detail page, so its detail pane is measured too.
      if (path === '/Pitches' || path === '/Portfolio') {
        const first = page.locator('main table button, main [role="listitem"] button').first();
        if (await first.count()) {
          await first.click();
          await page.waitForLoadState('networkidle');
        }
      }
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) {
        // Name the widest thing that sticks out, to make a failure easy to act on.
        const culprit = await page.evaluate(() => {
          const out = Array.from(document.querySelectorAll('main *')).find(
            (e) => e.getBoundingClientRect().right > window.innerWidth + 1,
          );
          return out ? `${out.tagName.toLowerCase()}.${String(out.className)}` : 'unknown';
        });
        overflowing.push(`${path}: ${overflow} px (${culprit})`);
      }
    }
    expect(overflowing).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});

test('on a phone the Menu button folds the navigation and reaches every feature', async () => {
  const { page, open } = await newPage({ width: 390, height: 844 });
  await open('/login');
  await logIn(page, user);
  await open('/Aboutus');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const portfolio = nav.getByRole('link', { name: 'Portfolio' });
  expect(await portfolio.isVisible()).toBe(false);
  const menu = nav.getByRole('button', { name: 'Menu' });
  await menu.click();
  expect(await menu.getAttribute('aria-expanded')).toBe('true');
  await page.screenshot({ path: join(SCREENSHOTS, 'phone-menu.png') });
  await portfolio.click();
  await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/Portfolio');
  expect(await portfolio.isVisible()).toBe(false);
});
