import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/lib/keys';
import { valuationResponse } from '../../shared/schemas/valuation-api';
import {
  SHARING_MESSAGES,
  mySharesResponse,
  publicPitchResponse,
  publicRecordResponse,
  sharePitchResponse,
} from '../../shared/sharing/schemas';
import { decodePng } from '../support/png';
import { testStack } from '../support/stack';
import { createSignedInUser, type TestUser } from '../support/users';
import { api, doc, pitchOf, quotePrice, table } from './valuation-support';

/** Every public answer a share can be reached by (decision 128). */
const publicPaths = (slug: string) => [
  `/api/public/pitch/${slug}`,
  `/api/public/pitch/${slug}/preview.svg`,
  `/api/public/pitch/${slug}/preview.png`,
  `/p/${slug}`,
];

async function share(user: TestUser, valuationId: string) {
  const res = await api.post(
    '/api/sharePitch',
    { valuation_id: valuationId },
    { token: user.accessToken },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sharePitchResponse.parse(res.body);
}

async function publicPitch(slug: string) {
  const res = await api.get(`/api/public/pitch/${slug}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { view: publicPitchResponse.parse(res.body), text: JSON.stringify(res.body) };
}

async function expectGone(slug: string) {
  for (const path of publicPaths(slug)) {
    const res = await api.get(path);
    expect(res.status, path).toBe(404);
    // A 404 is never kept at the edge: sharing again is seen at once.
    expect(res.headers.get('cache-control'), path).toBe('no-store');
  }
}

/** Moves a share's anchor (the pitch's date, price and the index's close) to known figures. */
async function setAnchor(
  user: TestUser,
  valuationId: string,
  anchor: { pitchedAt: string; priceThen: number; indexThen: number },
) {
  await doc.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.share(user.userId, valuationId),
      UpdateExpression: 'SET anchor = :a',
      ExpressionAttributeValues: { ':a': anchor },
    }),
  );
}

function expectNothingPrivate(text: string, user: TestUser, privateIds: string[]) {
  expect(text).not.toContain(user.email);
  expect(text).not.toContain(user.userId);
  expect(text).not.toContain(user.name);
  for (const id of privateIds) expect(text).not.toContain(id);
}

describe('sharing a pitch', () => {
  let a: TestUser;
  beforeAll(async () => {
    a = await createSignedInUser({ name: 'Private Person' });
  });

  it('a signed-out visitor reads the shared pitch: thesis, record and versions from the server', async () => {
    const pitch = await pitchOf(a, 1, 'AAPL', {
      comment: 'Moat <script>alert(1)</script> <a href="javascript:alert(2)">link</a>',
    });
    const other = await pitchOf(a, 1, 'MSFT');
    const shared = await share(a, pitch.id);
    expect(shared.slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(shared.path).toBe(`/p/${shared.slug}`);
    // Sharing again answers the same address.
    expect((await share(a, pitch.id)).slug).toBe(shared.slug);

    const { view, text } = await publicPitch(shared.slug);
    expect(view.current.stock_symbol).toBe('AAPL');
    expect(view.current.intrinsic_value_per_share).toBe(pitch.intrinsic_value_per_share);
    expect(view.current.inputs.earnings_per_share).toBe(6.5);
    expect(view.current.moats).toEqual(pitch.moats);
    expect(view.versions).toHaveLength(1);
    expect(view.record.priceThen).toBe(pitch.tracked_market_price);
    expect(view.record.priceNow).toBe(await quotePrice('AAPL'));
    expect(view.record.indexNow).toBe(await quotePrice('^GSPC'));
    expect(view.sharedBy).toBeNull();
    expect(view.expectedPath.length).toBeGreaterThan(1);
    expectNothingPrivate(text, a, [pitch.id, other.id, pitch.valuation_output_id]);
    expect(text).not.toContain('MSFT');

    const page = await api.get<string>(`/p/${shared.slug}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<meta property="og:title" content="Apple');
    expect(page.body).toMatch(
      new RegExp(
        `<meta property="og:image" content="[^"]*/api/public/pitch/${shared.slug}/preview\\.png"`,
      ),
    );
    expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(page.body).toContain('<script defer src="/share-boot.js"></script>');
    // The comment is text: no markup of it survives.
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<a href="javascript');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expectNothingPrivate(page.body, a, [pitch.id, other.id]);

    // Shared answers live at the edge for seconds only (decision 128): no invalidation on stop.
    expect(page.headers.get('cache-control')).toBe('public, s-maxage=30, stale-while-revalidate=0');
    const image = await api.get<string>(`/api/public/pitch/${shared.slug}/preview.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.body).toMatch(/^<svg /);
    expectNothingPrivate(image.body, a, [pitch.id]);

    // Link previews are a PNG (what social sites and chat apps show), cached as the page is.
    expect(page.body).toContain('<meta property="og:image:type" content="image/png" />');
    const png = await fetch(
      new URL(`/api/public/pitch/${shared.slug}/preview.png`, testStack().urls.api),
    );
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toBe('public, s-maxage=30, stale-while-revalidate=0');
    const decoded = decodePng(new Uint8Array(await png.arrayBuffer()));
    expect([decoded.width, decoded.height]).toEqual([1200, 630]);
    // The drawing's background in the corners, the title's light text near the top left.
    expect(decoded.pixel(4, 4).slice(0, 3)).toEqual([15, 23, 42]);
    expect(decoded.pixel(1195, 625).slice(0, 3)).toEqual([15, 23, 42]);
    let light = 0;
    for (let y = 20; y < 80; y++)
      for (let x = 80; x < 500; x++) if (decoded.pixel(x, y)[0] > 150) light++;
    expect(light).toBeGreaterThan(300);
  });

  it('a Re-Pitch shows as a new version with its date; the first stays', async () => {
    const pitch = await pitchOf(a, 1, 'AAPL');
    const shared = await share(a, pitch.id);
    const res = await api.post(
      '/api/updateValuation',
      { valuation_id: pitch.id },
      { token: a.accessToken },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { view } = await publicPitch(shared.slug);
    expect(view.versions.map((v) => v.version)).toEqual([1, 2]);
    expect(view.current.version).toBe(2);
    expect(Date.parse(view.versions[1]!.at)).toBeGreaterThanOrEqual(
      Date.parse(view.versions[0]!.at),
    );
    // The record stays anchored at the first pitch.
    expect(view.record.priceThen).toBe(pitch.tracked_market_price);
  });

  it('stopping answers 404 on every public route; sharing again is a new address', async () => {
    const pitch = await pitchOf(a, 1, 'AAPL');
    const shared = await share(a, pitch.id);
    const stop = await api.post(
      '/api/stopSharingPitch',
      { valuation_id: pitch.id },
      { token: a.accessToken },
    );
    expect(stop.status).toBe(200);
    expect((stop.body as { message: string }).message).toBe(SHARING_MESSAGES.stopped);
    await expectGone(shared.slug);
    const page = await api.get<string>(`/p/${shared.slug}`);
    expect(page.body).toContain(SHARING_MESSAGES.notFound);
    const again = await share(a, pitch.id);
    expect(again.slug).not.toBe(shared.slug);
    await expectGone(shared.slug);
    expect((await api.get(`/api/public/pitch/${again.slug}`)).status).toBe(200);
  });

  it('deleting or removing the pitch stops its sharing', async () => {
    const deleted = await pitchOf(a, 1, 'AAPL');
    const removed = await pitchOf(a, 1, 'AAPL');
    const s1 = await share(a, deleted.id);
    const s2 = await share(a, removed.id);
    expect(
      (await api.post('/api/deletePitch', { valuation_id: deleted.id }, { token: a.accessToken }))
        .status,
    ).toBe(200);
    expect(
      (
        await api.post(
          '/api/ignoreValuation',
          { valuation_id: removed.id },
          { token: a.accessToken },
        )
      ).status,
    ).toBe(200);
    await expectGone(s1.slug);
    await expectGone(s2.slug);
  });

  it('a saved (not pitched) valuation cannot be shared; an unknown slug is 404, a malformed one 400', async () => {
    const saved = await pitchOf(a, 1, 'AAPL', { pitch_status: 0 });
    const res = await api.post(
      '/api/sharePitch',
      { valuation_id: saved.id },
      { token: a.accessToken },
    );
    expect(res.status).toBe(409);
    expect((res.body as { message: string }).message).toBe(SHARING_MESSAGES.notPitched);
    await expectGone('AAAAAAAAAAAAAAAAAAAAAA');
    const bad = await api.get('/api/public/pitch/not-a-slug');
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toBe(SHARING_MESSAGES.slug);
  });

  it('a DCF pitch is shared with every assumption; the scorecard says why it has no split', async () => {
    const pitch = await pitchOf(a, 5, 'AAPL');
    const shared = await share(a, pitch.id);
    const { view } = await publicPitch(shared.slug);
    expect(view.current.valuation_type_id).toBe(5);
    expect(view.current.forward_multiple).toBeNull();
    expect(Object.keys(view.current.inputs)).toContain('discount_rate');
    expect(view.current.inputs.discount_rate).toBe(pitch.discount_rate);
    expect(view.scorecard.reasons.length).toBeGreaterThan(0);
    expect((await api.get(`/p/${shared.slug}`)).status).toBe(200);
    expect((await api.get(`/api/public/pitch/${shared.slug}/preview.svg`)).status).toBe(200);
  });

  it('a tracked pitch is shared from its tracking day and cost', async () => {
    const pitch = await pitchOf(a, 1, 'AAPL');
    const tracked = await api.post(
      '/api/update-pitch',
      { valuation_id: pitch.id },
      { token: a.accessToken },
    );
    const record = valuationResponse.parse(tracked.body).data;
    const shared = await share(a, pitch.id);
    const { view } = await publicPitch(shared.slug);
    expect(view.record.pitchedAt).toBe(record.trackedAt);
    expect(view.record.priceThen).toBe(record.tracked_market_price);
    expect(view.scorecard.realizedReturn).not.toBeUndefined();
  });
});

describe('the public record', () => {
  let b: TestUser;
  beforeAll(async () => {
    b = await createSignedInUser({ name: 'Record Keeper' });
  });

  it('refuses display names that impersonate the product or carry an email, and changes nothing', async () => {
    for (const name of ['Mr. Market', 'MR MARKET fan', 'me@example.com', 'x', '<b>hi</b>']) {
      const res = await api.post(
        '/api/setPublicRecord',
        { enabled: true, display_name: name },
        { token: b.accessToken },
      );
      expect(res.status, name).toBe(400);
    }
    const mine = await api.get('/api/myShares', { token: b.accessToken });
    expect(mySharesResponse.parse(mine.body).publicRecord).toBeNull();
  });

  it('lists shared pitches with hit rate, average and median against the index; off answers 404', async () => {
    const p1 = await pitchOf(b, 1, 'AAPL');
    const p2 = await pitchOf(b, 1, 'MSFT');
    const p3 = await pitchOf(b, 1, 'AAPL');
    const unshared = await pitchOf(b, 1, 'AAPL');
    await share(b, p1.id);
    await share(b, p2.id);
    await share(b, p3.id);
    const aapl = await quotePrice('AAPL');
    const msft = await quotePrice('MSFT');
    const index = await quotePrice('^GSPC');
    // Hand-computed: AAPL +25 %, MSFT -20 %, the index +0 % (both pitched 30 days before the
    // pinned clock, tests/support/clock.ts): one of two ahead, average and median +2.5 points.
    // The third was pitched an hour before the clock: listed, not counted.
    await setAnchor(b, p1.id, {
      pitchedAt: '2026-02-08T15:00:00.000Z',
      priceThen: aapl / 1.25,
      indexThen: index,
    });
    await setAnchor(b, p2.id, {
      pitchedAt: '2026-02-08T15:00:00.000Z',
      priceThen: msft / 0.8,
      indexThen: index,
    });
    await setAnchor(b, p3.id, {
      pitchedAt: '2026-03-10T14:00:00.000Z',
      priceThen: aapl / 2,
      indexThen: index,
    });

    const on = await api.post(
      '/api/setPublicRecord',
      { enabled: true, display_name: 'Value Hunter' },
      { token: b.accessToken },
    );
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const mine = mySharesResponse.parse(
      (await api.get('/api/myShares', { token: b.accessToken })).body,
    );
    expect(mine.shares).toHaveLength(3);
    const slug = mine.publicRecord!.slug;

    const res = await api.get(`/api/public/record/${slug}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const record = publicRecordResponse.parse(res.body);
    expect(record.displayName).toBe('Value Hunter');
    expect(record.pitches).toHaveLength(3);
    expect(record.pitches.map((p) => p.counted).sort()).toEqual([false, true, true]);
    expect(record.summary.counted).toBe(2);
    expect(record.summary.ahead).toBe(1);
    expect(record.summary.hitRate).toBe(50);
    expect(record.summary.averageVsIndex).toBeCloseTo(2.5, 8);
    expect(record.summary.medianVsIndex).toBeCloseTo(2.5, 8);
    expect(record.summary.averageReturn).toBeCloseTo(2.5, 8);
    const text = JSON.stringify(res.body);
    expectNothingPrivate(text, b, [p1.id, p2.id, p3.id, unshared.id]);

    // The shared pitch's page names the record.
    const { view } = await publicPitch(mine.shares[0]!.slug);
    expect(view.sharedBy).toBe('Value Hunter');
    expect(view.recordSlug).toBe(slug);

    const off = await api.post(
      '/api/setPublicRecord',
      { enabled: false },
      { token: b.accessToken },
    );
    expect(off.status).toBe(200);
    expect((await api.get(`/api/public/record/${slug}`)).status).toBe(404);
    expect((await publicPitch(mine.shares[0]!.slug)).view.sharedBy).toBeNull();
  });

  it('deleting the account stops every share and the record', async () => {
    const c = await createSignedInUser();
    const pitch = await pitchOf(c, 1, 'AAPL');
    const shared = await share(c, pitch.id);
    const on = await api.post(
      '/api/setPublicRecord',
      { enabled: true, display_name: 'Soon Gone' },
      { token: c.accessToken },
    );
    const recordSlug = (on.body as { publicRecord: { slug: string } }).publicRecord.slug;
    expect((await api.get(`/api/public/record/${recordSlug}`)).status).toBe(200);
    const res = await api.post('/api/deleteAccount', { confirm: true }, { token: c.accessToken });
    expect(res.status).toBe(200);
    await expectGone(shared.slug);
    expect((await api.get(`/api/public/record/${recordSlug}`)).status).toBe(404);
  });
});
