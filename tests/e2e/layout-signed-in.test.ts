import { beforeAll, describe, expect, test } from 'vitest';
import { apiClient } from '../support/api';
import { createSignedInUser, type TestUser } from '../support/users';
import { logIn, newPage, SLOW } from './support/browser';
import { saveDcfPitch, savePePitch } from './support/pitches';
import { checkBothWidths, WALKS } from './support/walk';

/**
 * Every signed-in screen holds up at a phone's width and a desktop's (the walk of
 * tests/e2e/support/walk.ts: 390 and 320 px, 1366 and 768 px): no page scrolls sideways, the
 * navigation is whole, axe finds nothing serious. The pages are filled first (a pitch, a
 * tracked pitch, a portfolio with a holding, a watched stock), so the widest content is on screen.
 */
const api = apiClient();
let user: TestUser;
let pitchId = '';
let dcfPitchId = '';

beforeAll(async () => {
  user = await createSignedInUser({ name: 'Phone Investor' });
  const { record } = await savePePitch(user, 'AAPL', {
    epsDivisor: 20,
    growth: 9,
    multiple: 18,
    comment: 'A pitch read on a phone',
  });
  pitchId = record.id;
  dcfPitchId = (await saveDcfPitch(user, 'MSFT')).id;
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
  '/Heatmap',
  '/Compare?symbols=AAPL,MSFT,KO',
  '/Alerts',
  '/Myaccount',
  '/Aboutus',
];

describe.each(WALKS)('loaded at $load px, then at $narrower px', (walk) => {
  test('signed in: no page scrolls sideways, axe finds nothing serious, the navigation is whole', async () => {
    const { page, open, errors } = await newPage({ width: walk.load, height: 844 });
    await open('/login');
    await logIn(page, user);
    const problems: string[] = [];
    // A saved pitch opens the company view and the valuation panel of /Market (P/E and DCF).
    for (const path of [...PAGES, `/Market/${pitchId}`, `/Market/${dcfPitchId}`]) {
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
      const name = path.replace(/^\//, '').replace(/[^A-Za-z0-9]+/g, '-') || 'home';
      problems.push(...(await checkBothWidths(page, walk, path, `signed-in-${name}`)));
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);
});
