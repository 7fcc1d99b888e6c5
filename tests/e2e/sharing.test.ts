import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { SHARING_MESSAGES } from '../../shared/sharing/schemas';
import { apiClient } from '../support/api';
import { createSignedInUser } from '../support/users';
import { baseUrl, logIn, newPage, SLOW } from './support/browser';
import { savePePitch } from './support/pitches';

const SYMBOL = 'AAPL';
const api = apiClient();

async function toast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.locator('.toast--success').filter({ hasText: text }).count(), SLOW)
    .toBeGreaterThan(0);
}

/** What a crawler gets: the server's HTML, no JavaScript run. */
async function crawl(path: string): Promise<{ status: number; html: string }> {
  const res = await fetch(new URL(path, baseUrl()));
  return { status: res.status, html: await res.text() };
}

test('a pitch shared from My Pitches, read signed out, re-pitched, stopped, then gone with the account', async () => {
  const user = await createSignedInUser({ name: 'Sharing Investor' });
  const { record } = await savePePitch(user, SYMBOL, {
    epsDivisor: 20,
    growth: 9,
    multiple: 22,
    comment: 'Services keep growing <b>fast</b>',
  });
  const name = record.stock_name ?? SYMBOL;

  // The sharer: My Pitches, the pitch's pane, Share.
  const sharer = await newPage();
  await sharer.open('/login');
  await logIn(sharer.page, user);
  await sharer.open('/Pitches');
  await sharer.page.getByRole('button', { name, exact: true }).click(SLOW);
  await sharer.page.getByRole('button', { name: `Share ${name}` }).click(SLOW);
  await toast(sharer.page, SHARING_MESSAGES.shared);
  const link = sharer.page.getByRole('link', { name: 'Public page' });
  await link.waitFor(SLOW);
  const path = (await link.getAttribute('href')) ?? '';
  expect(path).toMatch(/^\/p\/[A-Za-z0-9_-]{22}$/);

  // A crawler gets the title, description and image in the HTML itself.
  const crawled = await crawl(path);
  expect(crawled.status).toBe(200);
  expect(crawled.html).toContain(`<meta property="og:title" content="${name} (${SYMBOL})`);
  expect(crawled.html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  expect(crawled.html).toMatch(/<meta property="og:image" content="[^"]*preview\.png" \/>/);
  expect(crawled.html).not.toContain('<b>fast</b>');
  expect(crawled.html).not.toContain(user.email);

  // A signed-out visitor: the app takes over the page and shows the thesis and its record.
  const visitor = await newPage();
  await visitor.open(path);
  await visitor.page.getByRole('heading', { name: `${name} (${SYMBOL})`, level: 1 }).waitFor(SLOW);
  await expect
    .poll(() => visitor.page.getByTestId('share-comment').textContent(), SLOW)
    .toBe('Services keep growing <b>fast</b>');
  expect(await visitor.page.locator('.share-page__comment b').count()).toBe(0);
  expect(await visitor.page.getByTestId('share-return').textContent()).toMatch(/%$/);
  expect(await visitor.page.getByTestId('share-index-return').textContent()).toMatch(/%$/);
  expect(await visitor.page.getByTestId('share-version').count()).toBe(1);
  expect(await visitor.page.content()).not.toContain(user.email);
  const image = await visitor.page.evaluate(
    () => (document.querySelector('.share-page__chart') as HTMLImageElement | null)?.naturalWidth,
  );
  expect(image).toBeGreaterThan(0);

  // A Re-Pitch shows as a second version.
  const repitch = await api.post(
    '/api/updateValuation',
    { valuation_id: record.id },
    { token: user.accessToken },
  );
  expect(repitch.status).toBe(200);
  await visitor.open(path);
  await expect.poll(() => visitor.page.getByTestId('share-version').count(), SLOW).toBe(2);

  // Stop sharing: the page answers 404 and says so.
  await sharer.page.getByRole('button', { name: `Stop sharing ${name}` }).click(SLOW);
  await sharer.page
    .getByRole('dialog', { name: `Stop sharing ${name}?` })
    .getByRole('button', { name: 'Stop sharing' })
    .click(SLOW);
  await toast(sharer.page, SHARING_MESSAGES.stopped);
  expect((await crawl(path)).status).toBe(404);
  await visitor.open(path);
  await visitor.page.getByRole('heading', { name: SHARING_MESSAGES.notFound }).waitFor(SLOW);

  // Shared again, then the account is deleted: 404 again.
  const again = await api.post(
    '/api/sharePitch',
    { valuation_id: record.id },
    { token: user.accessToken },
  );
  expect(again.status).toBe(200);
  const againPath = (again.body as { path: string }).path;
  expect((await crawl(againPath)).status).toBe(200);
  const deleted = await api.post(
    '/api/deleteAccount',
    { confirm: true },
    { token: user.accessToken },
  );
  expect(deleted.status).toBe(200);
  expect((await crawl(againPath)).status).toBe(404);
  await visitor.open(againPath);
  await visitor.page.getByRole('heading', { name: SHARING_MESSAGES.notFound }).waitFor(SLOW);
  expect(visitor.errors.filter((e) => !/404|Not Found/i.test(e))).toEqual([]);
});
