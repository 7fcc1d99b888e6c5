import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { mySharesResponse, sharePitchResponse } from '../../shared/sharing/schemas';
import { apiClient } from '../support/api';
import { createSignedInUser, type TestUser } from '../support/users';
import { logIn, newPage, SLOW } from './support/browser';
import { saveDcfPitch, savePePitch } from './support/pitches';
import { checkBothWidths, WALKS } from './support/walk';

/**
 * axe with the whole WCAG 2.1 A and AA rule set on every page of the navigation, signed in and
 * out, at the walk's loaded widths (390 and 1366 px), and on the states a page opens into (a
 * pitch's pane and its assumptions, a tracked pitch being edited, a portfolio's Income): no
 * finding of any impact, `label-content-name-mismatch` included (decision 192). The pages and
 * states the layout walks do not visit (a shared pitch, a public record, /forget, the states)
 * get the walk's checks too (fit at four widths, the navigation whole).
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
// Experimental in some axe releases, so not run by a tag alone: enabled by name.
const AXE_EXTRA_RULES = ['label-content-name-mismatch'];

async function everyAxeFinding(page: Page, label: string): Promise<string[]> {
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
let pitchId = '';
let dcfPitchId = '';
let shared = { pitch: '', record: '' };

beforeAll(async () => {
  user = await createSignedInUser({ name: 'Axe Walker' });
  const { record } = await savePePitch(user, 'AAPL', {
    epsDivisor: 20,
    growth: 9,
    multiple: 18,
    comment: 'A pitch every reader can reach',
  });
  pitchId = record.id;
  dcfPitchId = (await saveDcfPitch(user, 'MSFT')).id;
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
  /** Not visited by the layout walks: checked for fit and navigation here too. */
  walk?: boolean;
  states?: State[];
}

async function openFirst(page: Page): Promise<void> {
  await page.locator('main table button, main [role="listitem"] button').first().click();
  await page.waitForLoadState('networkidle');
}

const SIGNED_OUT: () => Stop[] = () => [
  { path: '/' },
  { path: '/Market?symbol=AAPL' },
  { path: '/Heatmap' },
  { path: '/Compare?symbols=AAPL,MSFT' },
  { path: '/Aboutus' },
  { path: '/Contactus' },
  { path: '/Privacypolicy' },
  { path: '/Termsofuse' },
  { path: '/Compliance' },
  { path: '/DataProtection' },
  { path: '/login' },
  { path: '/signup' },
  { path: '/forget', walk: true },
  { path: shared.pitch, walk: true },
  { path: shared.record, walk: true },
];

const SIGNED_IN: () => Stop[] = () => [
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
  { path: '/Portfolio/Income', walk: true },
  { path: '/Dashboard' },
  { path: '/Watchlist' },
  { path: '/Screener' },
  { path: '/Heatmap' },
  { path: '/Compare?symbols=AAPL,MSFT,KO' },
  { path: '/Market?symbol=AAPL', walk: true },
  { path: `/Market/${pitchId}` },
  { path: `/Market/${dcfPitchId}` },
  { path: '/Alerts' },
  { path: '/Myaccount' },
  { path: '/Aboutus' },
  { path: shared.pitch },
  { path: shared.record },
];

async function walkStops(page: Page, stops: Stop[], walk: (typeof WALKS)[number]) {
  const problems: string[] = [];
  const check = async (label: string, layout: boolean) => {
    if (layout) problems.push(...(await checkBothWidths(page, walk, label)));
    problems.push(...(await everyAxeFinding(page, `${label} at ${walk.load} px`)));
  };
  for (const { path, walk: layout = false, states = [] } of stops) {
    await page.goto(path);
    await page.locator('h1').first().waitFor(SLOW);
    await page.waitForLoadState('networkidle');
    await check(path, layout);
    for (const state of states) {
      await state.enter(page);
      await check(`${path} (${state.label})`, true);
    }
  }
  return problems;
}

describe.each(WALKS)('at $load px', (walk) => {
  test('signed out: axe finds nothing on any page', async () => {
    const { page, open, errors } = await newPage({ width: walk.load, height: 844 });
    await open('/');
    expect(await walkStops(page, SIGNED_OUT(), walk)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 600_000);

  test('signed in: axe finds nothing on any page or the states it opens into', async () => {
    const { page, open, errors } = await newPage({ width: walk.load, height: 844 });
    await open('/login');
    await logIn(page, user);
    expect(await walkStops(page, SIGNED_IN(), walk)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 600_000);
});
