import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { mySharesResponse, sharePitchResponse } from '../../shared/sharing/schemas';
import { apiClient } from '../support/api';
import { createSignedInUser, type TestUser } from '../support/users';
import { logIn, newPage, SLOW } from './support/browser';
import { savePePitch } from './support/pitches';
import { checkBothWidths, WALKS } from './support/walk';

/**
 * What the layout walks (layout-signed-in, layout-signed-out) do not visit, checked the same way
 * (fit at four widths, the navigation whole, axe with the WCAG 2.1 A and AA rules and
 * `label-content-name-mismatch`, no finding of any impact; decision 192): the states a page
 * opens into (a pitch's pane and its assumptions, a tracked pitch being edited, a portfolio and
 * its Income), and the pages outside the navigation (a shared pitch, a public record, /forget,
 * /Portfolio/Income, the company view signed in).
 */
const api = apiClient();

/** The user shares a pitch and turns on a public record, through the API: their paths. */
async function publicPages(user: TestUser, valuationId: string, displayName: string) {
  const token = { token: user.accessToken };
  const shared = await api.post('/api/sharePitch', { valuation_id: valuationId }, token);
  expect(shared.status).toBe(200);
  const record = await api.post(
    '/api/setPublicRecord',
    { enabled: true, display_name: displayName },
    token,
  );
  expect(record.status).toBe(200);
  const shares = mySharesResponse.parse((await api.get('/api/myShares', token)).body);
  return {
    pitch: sharePitchResponse.parse(shared.body).path,
    record: `/u/${shares.publicRecord!.slug}`,
  };
}

let user: TestUser;
let shared = { pitch: '', record: '' };

beforeAll(async () => {
  user = await createSignedInUser({ name: 'Axe Walker' });
  const { record } = await savePePitch(user, 'AAPL', {
    epsDivisor: 20,
    growth: 9,
    multiple: 18,
    comment: 'A pitch every reader can reach',
  });
  const token = { token: user.accessToken };
  const track = await api.post(
    '/api/update-pitch',
    {
      valuation_id: record.id,
      tracked_market_price: record.market_price,
      tracked_premium: record.premium,
      tracked_cumulative_loss: record.cumulative_loss,
      tracked_irr: record.irr,
    },
    token,
  );
  expect(track.status).toBe(200);
  const portfolio = await api.post<{ data: { id: string } }>(
    '/api/addPortfolio',
    { portfolio_name: 'Axe Portfolio', investment_value: 100_000 },
    token,
  );
  expect(portfolio.status).toBe(200);
  const order = await api.post(
    '/api/placeOrder',
    {
      portfolio_id: portfolio.body.data.id,
      stock_symbol: 'KO',
      order_type: 'market',
      invest_by: 'amount',
      amount: '10,000',
    },
    token,
  );
  expect(order.status).toBe(200);
  expect((await api.post('/api/addWatchList', { stock_symbol: 'KO' }, token)).status).toBe(200);
  shared = await publicPages(user, record.id, 'Axe Walker');
}, 60_000);

/** A state a page opens into, checked after the page itself. */
interface State {
  label: string;
  enter: (page: Page) => Promise<void>;
}

interface Stop {
  path: string;
  /** The page itself is visited by a layout walk: only its states are checked here. */
  walked?: boolean;
  states?: State[];
}

async function openFirst(page: Page): Promise<void> {
  await page.locator('main table button, main [role="listitem"] button').first().click();
  await page.waitForLoadState('networkidle');
}

const SIGNED_OUT: () => Stop[] = () => [
  { path: '/forget' },
  { path: shared.pitch },
  { path: shared.record },
];

const SIGNED_IN: () => Stop[] = () => [
  {
    path: '/Pitches',
    walked: true,
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
    walked: true,
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
    walked: true,
    states: [
      { label: 'a portfolio open', enter: openFirst },
      {
        label: 'its Income',
        enter: async (page) => {
          await page.getByRole('tab', { name: 'Income', exact: true }).click();
          await page.getByRole('region', { name: 'Income', exact: true }).waitFor(SLOW);
          await page.waitForLoadState('networkidle');
        },
      },
    ],
  },
  { path: '/Portfolio/Income' },
  { path: '/Market?symbol=AAPL' },
  { path: shared.pitch },
  { path: shared.record },
];

async function walkStops(page: Page, stops: Stop[], walk: (typeof WALKS)[number]) {
  const problems: string[] = [];
  for (const { path, walked = false, states = [] } of stops) {
    await page.goto(path);
    await page.locator('h1').first().waitFor(SLOW);
    await page.waitForLoadState('networkidle');
    if (!walked) problems.push(...(await checkBothWidths(page, walk, path)));
    for (const state of states) {
      await state.enter(page);
      problems.push(...(await checkBothWidths(page, walk, `${path} (${state.label})`)));
    }
  }
  return problems;
}

describe.each(WALKS)('at $load px', (walk) => {
  test('signed out: the pages outside the navigation', async () => {
    const { page, open, errors } = await newPage({ width: walk.load, height: 844 });
    await open('/');
    expect(await walkStops(page, SIGNED_OUT(), walk)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 600_000);

  test('signed in: the states pages open into, and the pages outside the navigation', async () => {
    const { page, open, errors } = await newPage({ width: walk.load, height: 844 });
    await open('/login');
    await logIn(page, user);
    expect(await walkStops(page, SIGNED_IN(), walk)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 600_000);
});
