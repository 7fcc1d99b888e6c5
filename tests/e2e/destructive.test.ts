import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiClient } from '../support/api';
import { createSignedInUser, type TestUser } from '../support/users';
import { logIn, newPage, SLOW } from './support/browser';
import { savePePitch } from './support/pitches';

/**
 * Nothing is lost by one click: every destructive action of the product asks first, in a
 * dialog that names what goes. For each: one click opens the dialog and changes nothing,
 * Cancel keeps the item (still there after a reload), and confirming removes it.
 */
const api = apiClient();

async function post<T = unknown>(user: TestUser, path: string, body: unknown): Promise<T> {
  const res = await api.post<T>(path, body, { token: user.accessToken });
  if (res.status !== 200)
    throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A signed-in page for a fresh user, with `seed` run through the API first. */
async function signedIn(seed: (user: TestUser) => Promise<void>) {
  const user = await createSignedInUser({ name: 'Careful Investor' });
  await seed(user);
  const tab = await newPage();
  await tab.open('/login');
  await logIn(tab.page, user);
  return { user, ...tab };
}

/** Clicks `control`; the named dialog opens; Cancel closes it and `stillThere` holds after a reload. */
async function cancelKeeps(
  page: Page,
  control: () => Locator,
  dialogName: string | RegExp,
  stillThere: () => Locator,
  open: () => Promise<void>,
) {
  await control().click(SLOW);
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor(SLOW);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => dialog.count(), SLOW).toBe(0);
  await open();
  await stillThere().waitFor(SLOW);
}

/** Clicks `control`, confirms with `confirm` in the named dialog, and waits for `gone` to be empty. */
async function confirmRemoves(
  page: Page,
  control: () => Locator,
  dialogName: string | RegExp,
  confirm: string,
  gone: () => Locator,
) {
  await control().click(SLOW);
  await page
    .getByRole('dialog', { name: dialogName })
    .getByRole('button', { name: confirm })
    .click();
  await expect.poll(() => gone().count(), SLOW).toBe(0);
}

describe('every destructive action asks first', () => {
  let pitchName = 'AAPL';

  beforeAll(async () => {
    const probe = await createSignedInUser();
    const { record } = await savePePitch(probe, 'AAPL', {
      epsDivisor: 20,
      growth: 8,
      multiple: 18,
      comment: 'Name probe',
    });
    pitchName = record.stock_name ?? 'AAPL';
  });

  test('a pitch (My Pitches)', async () => {
    const { page, open, errors } = await signedIn(async (user) => {
      await savePePitch(user, 'AAPL', {
        epsDivisor: 20,
        growth: 8,
        multiple: 18,
        comment: 'Keep?',
      });
    });
    const reopen = () => open('/Pitches');
    await reopen();
    const trash = () => page.getByRole('button', { name: `Delete ${pitchName}`, exact: true });
    const dialog = `Delete the pitch ${pitchName}?`;
    await cancelKeeps(page, trash, dialog, trash, reopen);
    await confirmRemoves(page, trash, dialog, 'Delete pitch', trash);
    expect(errors).toEqual([]);
  });

  test('a tracked pitch (My Tracked Pitches): the icon says it deletes the pitch', async () => {
    const { page, open, errors } = await signedIn(async (user) => {
      const { record } = await savePePitch(user, 'AAPL', {
        epsDivisor: 20,
        growth: 8,
        multiple: 18,
        comment: 'Tracked',
      });
      await post(user, '/api/update-pitch', {
        valuation_id: record.id,
        tracked_market_price: record.market_price,
        tracked_premium: record.premium,
        tracked_cumulative_loss: record.cumulative_loss,
        tracked_irr: record.irr,
      });
    });
    const reopen = () => open('/Mytrackedpitches');
    await reopen();
    const trash = () => page.getByRole('button', { name: `Delete the pitch ${pitchName}` });
    expect(await trash().getAttribute('title')).toBe('Delete the pitch (from My Pitches too)');
    const dialog = `Delete the pitch ${pitchName}?`;
    await cancelKeeps(page, trash, dialog, trash, reopen);
    await confirmRemoves(page, trash, dialog, 'Delete pitch', trash);
    // Gone from My Pitches too, as the dialog said.
    await open('/Pitches');
    await page.getByRole('link', { name: 'Pitch a Stock' }).waitFor(SLOW);
    expect(errors).toEqual([]);
  });

  test('a portfolio', async () => {
    const { page, open, errors } = await signedIn(async (user) => {
      await post(user, '/api/addPortfolio', {
        portfolio_name: 'Careful Fund',
        investment_value: 50_000,
      });
    });
    const reopen = () => open('/Portfolio');
    await reopen();
    const del = () => page.getByRole('button', { name: 'Delete Careful Fund' });
    await cancelKeeps(page, del, 'Delete Portfolio', del, reopen);
    await confirmRemoves(page, del, 'Delete Portfolio', 'Delete', del);
    expect(errors).toEqual([]);
  });

  test('a watchlist row', async () => {
    const { page, open, errors } = await signedIn(async (user) => {
      await post(user, '/api/addWatchList', { stock_symbol: 'KO' });
    });
    const reopen = () => open('/Watchlist');
    await reopen();
    const remove = () => page.getByRole('button', { name: 'Remove KO' });
    const dialog = 'Remove KO from your watchlist?';
    await cancelKeeps(page, remove, dialog, remove, reopen);
    await confirmRemoves(page, remove, dialog, 'Remove', remove);
    expect(errors).toEqual([]);
  });

  test('a saved screen', async () => {
    const { page, open, errors } = await signedIn(async (user) => {
      await post(user, '/api/screener/add', {
        name: 'Cheap large caps',
        filters: { marketcap: 'large', pe: 'under20' },
      });
    });
    const reopen = async () => {
      await open('/Screener');
      await page.getByRole('button', { name: 'Show Saved Screeners' }).click(SLOW);
    };
    await reopen();
    const item = () => page.getByRole('listitem', { name: 'Cheap large caps' });
    const del = () => item().getByRole('button', { name: 'Delete' });
    const dialog = 'Delete the saved screener “Cheap large caps”?';
    await cancelKeeps(page, del, dialog, item, reopen);
    await confirmRemoves(page, del, dialog, 'Delete screener', item);
    expect(errors).toEqual([]);
  });

  test('an alert', async () => {
    const { page, open, errors } = await signedIn(async (user) => {
      await post(user, '/api/alerts/add', {
        kind: 'price',
        stock_symbol: 'KO',
        direction: 'below',
        price: 1,
      });
    });
    const reopen = () => open('/Alerts');
    await reopen();
    const remove = () => page.getByRole('button', { name: /^Remove the alert: KO/ });
    await cancelKeeps(page, remove, 'Remove the alert on KO?', remove, reopen);
    await confirmRemoves(page, remove, 'Remove the alert on KO?', 'Remove alert', remove);
    expect(errors).toEqual([]);
  });

  test('stop sharing', async () => {
    const { page, open, errors } = await signedIn(async (user) => {
      const { record } = await savePePitch(user, 'AAPL', {
        epsDivisor: 20,
        growth: 8,
        multiple: 18,
        comment: 'Shared',
      });
      await post(user, '/api/sharePitch', { valuation_id: record.id });
    });
    const reopen = async () => {
      await open('/Pitches');
      await page.getByRole('button', { name: pitchName, exact: true }).click(SLOW);
    };
    await reopen();
    const stop = () => page.getByRole('button', { name: `Stop sharing ${pitchName}` });
    const dialog = `Stop sharing ${pitchName}?`;
    await cancelKeeps(page, stop, dialog, stop, reopen);
    await confirmRemoves(page, stop, dialog, 'Stop sharing', stop);
    await page.getByRole('button', { name: `Share ${pitchName}` }).waitFor(SLOW);
    expect(errors).toEqual([]);
  });

  test('the account', async () => {
    const { user, page, open, errors } = await signedIn(async () => undefined);
    const reopen = () => open('/Myaccount');
    await reopen();
    const del = () => page.getByRole('button', { name: 'Delete Account' });
    await cancelKeeps(page, del, 'Delete your account?', del, reopen);
    expect(
      (await api.post('/api/login', { email: user.email, password: user.password })).status,
    ).toBe(200);
    await del().click();
    await page
      .getByRole('dialog', { name: 'Delete your account?' })
      .getByRole('button', { name: 'Yes, delete my account' })
      .click();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/login');
    expect(
      (await api.post('/api/login', { email: user.email, password: user.password })).status,
    ).toBe(401);
    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
  });
});
