import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiClient } from '../support/api';
import { createSignedInUser, type TestUser } from '../support/users';
import { logIn, newPage } from './support/browser';
import { saveDcfPitch, savePePitch } from './support/pitches';
import { checkBothWidths, publicPages, SLOW, WALKS } from './support/walk';

/**
 * Every signed-in screen holds up at a phone's width and a desktop's (the walk of
 * tests/e2e/support/walk.ts: 390 and 320 px, 1366 and 768 px): no page scrolls sideways, the
 * navigation is whole, axe finds nothing. The pages are filled first (a pitch, tracked and
 * shared, a public record, a portfolio with a holding, a watched stock), so the widest content
 * is on screen, and the states a page opens into (a pitch's pane and its assumptions, a tracked
 * pitch being edited, a portfolio's tabs) are checked as well as the page itself.
 */
const api = apiClient();
let user: TestUser;
let pitchId = '';
let dcfPitchId = '';
let shared = { pitch: '', record: '' };

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
  shared = await publicPages(user, record.id, 'Phone Investor');
}, 60_000);

/** A state a page opens into, checked after the page itself. */
interface State {
  label: string;
  enter: (page: Page) => Promise<void>;
}

/** Opens the first item of a master-detail page, so its detail pane is measured too. */
async function openFirst(page: Page): Promise<void> {
  await page.locator('main table button, main [role="listitem"] button').first().click();
  await page.waitForLoadState('networkidle');
}

async function clickTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('region', { name, exact: true }).waitFor(SLOW);
  await page.waitForLoadState('networkidle');
}

/** Each page of the navigation's reach, and the states it opens into. */
const STOPS: () => { path: string; states?: State[] }[] = () => [
  { path: '/' },
  {
    path: '/Pitches',
    states: [
      { label: 'a pitch open', enter: openFirst },
      {
        label: 'its assumptions',
        enter: async (page) => {
          await page.getByRole('button', { name: 'View', exact: true }).click();
          await page.getByRole('form', { name: 'My Assumptions' }).waitFor(SLOW);
        },
      },
    ],
  },
  {
    path: '/Mytrackedpitches',
    states: [
      {
        label: 'an intrinsic value being edited',
        enter: async (page) => {
          await page
            .getByRole('button', { name: /^Edit intrinsic value of / })
            .first()
            .click();
          await page.getByRole('button', { name: 'Update', exact: true }).waitFor(SLOW);
        },
      },
    ],
  },
  {
    path: '/Portfolio',
    states: [
      { label: 'a portfolio open', enter: openFirst },
      { label: 'its Income', enter: (page) => clickTab(page, 'Income') },
    ],
  },
  { path: '/Portfolio/Income' },
  { path: '/Dashboard' },
  { path: '/Watchlist' },
  { path: '/Screener' },
  { path: '/Heatmap' },
  { path: '/Compare?symbols=AAPL,MSFT,KO' },
  { path: '/Market?symbol=AAPL' },
  // A saved pitch opens the company view and the valuation panel of /Market (P/E and DCF).
  { path: `/Market/${pitchId}` },
  { path: `/Market/${dcfPitchId}` },
  { path: '/Alerts' },
  { path: '/Myaccount' },
  { path: '/Aboutus' },
  { path: shared.pitch },
  { path: shared.record },
];

const shotName = (label: string) =>
  label
    .replace(/^\//, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/-$/, '') || 'home';

describe.each(WALKS)('loaded at $load px, then at $narrower px', (walk) => {
  test('signed in: no page scrolls sideways, axe finds nothing, the navigation is whole', async () => {
    const { page, open, errors } = await newPage({ width: walk.load, height: 844 });
    await open('/login');
    await logIn(page, user);
    const problems: string[] = [];
    for (const { path, states = [] } of STOPS()) {
      await open(path);
      await page.locator('h1').first().waitFor(SLOW);
      problems.push(...(await checkBothWidths(page, walk, path, `signed-in-${shotName(path)}`)));
      for (const state of states) {
        await state.enter(page);
        const label = `${path} (${state.label})`;
        problems.push(
          ...(await checkBothWidths(page, walk, label, `signed-in-${shotName(label)}`)),
        );
      }
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  }, 300_000);
});
