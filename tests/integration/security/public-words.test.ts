import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../../functions/lib/keys';
import { cachedQuotes } from '../../../functions/valuations/quotes';
import { valuationResponse } from '../../../shared/schemas/valuation-api';
import { nameSkeleton } from '../../../shared/sharing/display-name';
import {
  DISPLAY_NAME_MESSAGES,
  SHARING_MESSAGES,
  mySharesResponse,
  publicPitchResponse,
  publicRecordResponse,
  sharePitchResponse,
} from '../../../shared/sharing/schemas';
import { recordSecurityFigures } from '../../support/security-summary';
import { createSignedInUser, type TestUser } from '../../support/users';
import { api, doc, inputsFor, payloadOf, pitchOf, quotePrice, table } from '../valuation-support';

/**
 * What public pages say comes from trusted sources, and their authors can take words back
 * (decisions 142, 143). Each case replays one finding of the attack pass: a stock name typed
 * into a pitch, display names that impersonate the product or another user, a comment kept
 * public after a Re-Pitch removed it, a tracked pitch's edited value missing from its page.
 */
const figures: Record<string, number> = {};
afterAll(() => recordSecurityFigures('public-words', figures));

const EVIL_NAME = 'Coca-Cola — BUY NOW, official Mr. Market pick, claim at evil.example';

async function share(user: TestUser, valuationId: string) {
  const res = await api.post(
    '/api/sharePitch',
    { valuation_id: valuationId },
    { token: user.accessToken },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sharePitchResponse.parse(res.body).slug;
}

/** Every public answer of a share, as text: the data, the HTML page and the preview image. */
async function publicTexts(slug: string): Promise<string[]> {
  const texts: string[] = [];
  for (const path of [
    `/api/public/pitch/${slug}`,
    `/p/${slug}`,
    `/api/public/pitch/${slug}/preview.svg`,
  ]) {
    const res = await api.get<unknown>(path);
    expect(res.status, path).toBe(200);
    texts.push(typeof res.body === 'string' ? res.body : JSON.stringify(res.body));
  }
  return texts;
}

const setName = (user: TestUser, name: string) =>
  api.post<{ message: string }>(
    '/api/setPublicRecord',
    { enabled: true, display_name: name },
    { token: user.accessToken },
  );

/** Latin small capitals of the letters uniqueName uses. */
const SMALL_CAPITALS: Record<string, string> = {
  a: 'ᴀ',
  b: 'ʙ',
  c: 'ᴄ',
  d: 'ᴅ',
  e: 'ᴇ',
  f: 'ꜰ',
  i: 'ɪ',
  l: 'ʟ',
};

/** A name no other test uses (letters only: digits would read as letters). */
const uniqueName = (first: string) =>
  `${first} ${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)
    .padEnd(4, 'b')}`;

describe('a stock name typed into a pitch never reaches a public page', () => {
  let a: TestUser;
  let marketName: string;
  beforeAll(async () => {
    a = await createSignedInUser();
    marketName = (await cachedQuotes(['KO'])).get('KO')!.name!;
    expect(marketName).toBeTruthy();
  });

  it('addPitch and addValuation store the market data’s name, not the request’s', async () => {
    const price = await quotePrice('KO');
    const pitched = await api.post<{ data: { id: string; stock_name: string | null } }>(
      '/api/addPitch',
      payloadOf(inputsFor(1, 'KO', price), { stock_name: EVIL_NAME }),
      { token: a.accessToken },
    );
    expect(pitched.status, JSON.stringify(pitched.body)).toBe(200);
    expect(pitched.body.data.stock_name).toBe(marketName);
    const saved = await pitchOf(a, 1, 'KO', { stock_name: EVIL_NAME });
    expect(saved.stock_name).toBe(marketName);

    const slug = await share(a, pitched.body.data.id);
    const [data, page, image] = await publicTexts(slug);
    for (const text of [data!, page!, image!]) expect(text).not.toContain('evil.example');
    expect(page).toContain(`<title>${marketName} (KO)`);
    expect(page).toContain(`<meta property="og:title" content="${marketName} (KO)`);
    expect(page).toContain(`<meta name="twitter:title" content="${marketName} (KO)`);
    expect(image).toContain(marketName);
    figures.typedNamesShown = 0;
  });

  it('a share stored before, with a typed name in its versions, shows the market’s name', async () => {
    const pitch = await pitchOf(a, 1, 'KO');
    const slug = await share(a, pitch.id);
    await doc.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.share(a.userId, pitch.id),
        UpdateExpression: 'SET versions[0].stock_name = :evil',
        ExpressionAttributeValues: { ':evil': EVIL_NAME },
      }),
    );
    for (const text of await publicTexts(slug)) expect(text).not.toContain('evil.example');
    const view = publicPitchResponse.parse((await api.get(`/api/public/pitch/${slug}`)).body);
    expect(view.current.stock_name).toBe(marketName);
    expect(view.versions.map((v) => ('stock_name' in v ? v.stock_name : null))).toEqual([
      marketName,
    ]);
  });
});

describe('display names', () => {
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    [a, b] = await Promise.all([createSignedInUser(), createSignedInUser()]);
  });

  it.each([
    ['Mr Mark\u0435t', DISPLAY_NAME_MESSAGES.reserved],
    ['\u041Cr Market', DISPLAY_NAME_MESSAGES.reserved],
    ['\u0430dmin', DISPLAY_NAME_MESSAGES.reserved],
    ['Supp\u043Ert', DISPLAY_NAME_MESSAGES.reserved],
    ['Adm1n', DISPLAY_NAME_MESSAGES.reserved],
    // Small capitals and phonetic letters, Cyrillic к and т, Greek α and ε.
    ['ᴍʀ ᴍᴀʀᴋᴇᴛ', DISPLAY_NAME_MESSAGES.reserved],
    ['ᴀᴅᴍɪɴ', DISPLAY_NAME_MESSAGES.reserved],
    ['ꜱᴜᴘᴘᴏʀᴛ', DISPLAY_NAME_MESSAGES.reserved],
    ['Mr Maʀket', DISPLAY_NAME_MESSAGES.reserved],
    ['Mr Marкet', DISPLAY_NAME_MESSAGES.mixedScripts],
    ['Mr Markeт', DISPLAY_NAME_MESSAGES.reserved],
    ['Mr Mαrkεt', DISPLAY_NAME_MESSAGES.mixedScripts],
    ['Mr Mαrket', DISPLAY_NAME_MESSAGES.reserved],
  ])('refuses %s (%s), and keeps no record', async (name, message) => {
    {
      const res = await setName(b, name);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      const mine = mySharesResponse.parse(
        (await api.get('/api/myShares', { token: b.accessToken })).body,
      );
      expect(mine.publicRecord).toBeNull();
    }
  });

  it('are unique by skeleton: user B cannot take user A’s name, nor one that looks the same', async () => {
    const name = uniqueName('Alice');
    expect((await setName(a, name)).status).toBe(200);
    const cyrillic = name.replace('A', '\u0410').replace('e', '\u0435');
    // The same letters as small capitals (`ᴀʟɪᴄᴇ ...`): one script, folded to the same name.
    const smallCaps = [...name.toLowerCase()].map((ch) => SMALL_CAPITALS[ch] ?? ch).join('');
    expect(smallCaps).not.toBe(name.toLowerCase());
    let refused = 0;
    for (const twin of [name, smallCaps, name.toUpperCase(), name.replace(' ', '-'), `${name}.`]) {
      const res = await setName(b, twin);
      expect(res.status, twin).toBe(409);
      expect(res.body.message).toBe(DISPLAY_NAME_MESSAGES.taken);
      refused++;
    }
    // Latin with Cyrillic letters is refused before it is compared: one script per name.
    const mixed = await setName(b, cyrillic);
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe(DISPLAY_NAME_MESSAGES.mixedScripts);
    refused++;
    // A keeps it and may change its case; B's record stays off.
    expect((await setName(a, name.toLowerCase())).status).toBe(200);
    const mine = mySharesResponse.parse(
      (await api.get('/api/myShares', { token: b.accessToken })).body,
    );
    expect(mine.publicRecord).toBeNull();
    figures.lookAlikeNamesRefused = refused;
  });

  it('a name is free again once its holder turns the record off, renames, or leaves', async () => {
    const name = uniqueName('Bianca');
    expect((await setName(a, name)).status).toBe(200);
    const off = await api.post(
      '/api/setPublicRecord',
      { enabled: false },
      { token: a.accessToken },
    );
    expect(off.status).toBe(200);
    expect((await setName(b, name)).status).toBe(200);
    expect((await setName(a, name)).status).toBe(409);

    // Renamed: the old name is released.
    const next = uniqueName('Bruna');
    expect((await setName(b, next)).status).toBe(200);
    expect((await setName(a, name)).status).toBe(200);

    // A claim left behind (the record gone, its release lost) is taken over.
    const stale = uniqueName('Carla');
    expect((await setName(b, stale)).status).toBe(200);
    await doc.send(new DeleteCommand({ TableName: table(), Key: keys.publicRecord(b.userId) }));
    expect((await setName(a, stale)).status).toBe(200);

    // Account deletion releases the name.
    const leaver = await createSignedInUser();
    const gone = uniqueName('Dora');
    expect((await setName(leaver, gone)).status).toBe(200);
    expect(
      (await api.post('/api/deleteAccount', { confirm: true }, { token: leaver.accessToken }))
        .status,
    ).toBe(200);
    const claim = await doc.send(
      new GetCommand({ TableName: table(), Key: keys.displayNameClaim(nameSkeleton(gone)) }),
    );
    expect(claim.Item).toBeUndefined();
    expect((await setName(b, gone)).status).toBe(200);
  });
});

describe('retraction and edits of a shared pitch', () => {
  let a: TestUser;
  beforeAll(async () => {
    a = await createSignedInUser();
  });

  it('the author hides an earlier version: its words leave every public answer; the current one cannot be hidden', async () => {
    const secret = `Removed remark ${randomUUID()}`;
    const pitch = await pitchOf(a, 1, 'AAPL', { comment: secret, moats: ['Network Effects'] });
    const slug = await share(a, pitch.id);
    const price = await quotePrice('AAPL');
    const repitch = await api.post(
      '/api/updateValuation',
      {
        valuation_id: pitch.id,
        ...payloadOf(inputsFor(1, 'AAPL', price), { comment: 'Kept', moats: ['Brand(s)'] }),
      },
      { token: a.accessToken },
    );
    expect(repitch.status, JSON.stringify(repitch.body)).toBe(200);
    expect((await publicTexts(slug))[0]).toContain(secret);

    const current = await api.post<{ message: string }>(
      '/api/hideSharedVersion',
      { valuation_id: pitch.id, version: 2 },
      { token: a.accessToken },
    );
    expect(current.status).toBe(409);
    expect(current.body.message).toBe(SHARING_MESSAGES.currentVersion);
    const none = await api.post<{ message: string }>(
      '/api/hideSharedVersion',
      { valuation_id: pitch.id, version: 7 },
      { token: a.accessToken },
    );
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(SHARING_MESSAGES.noSuchVersion);

    const hidden = await api.post<{ message: string }>(
      '/api/hideSharedVersion',
      { valuation_id: pitch.id, version: 1 },
      { token: a.accessToken },
    );
    expect(hidden.status).toBe(200);
    expect(hidden.body.message).toBe(SHARING_MESSAGES.versionHidden);
    for (const text of await publicTexts(slug)) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('Network Effects');
    }
    const view = publicPitchResponse.parse((await api.get(`/api/public/pitch/${slug}`)).body);
    expect(view.versions[0]).toEqual({ version: 1, at: expect.any(String), hidden: true });
    expect(view.current.comment).toBe('Kept');
    // The share itself no longer holds the words.
    const stored = await doc.send(
      new GetCommand({ TableName: table(), Key: keys.share(a.userId, pitch.id) }),
    );
    expect(JSON.stringify(stored.Item)).not.toContain(secret);
    const mine = mySharesResponse.parse(
      (await api.get('/api/myShares', { token: a.accessToken })).body,
    );
    expect(mine.shares.find((s) => s.slug === slug)?.history.map((h) => h.hidden)).toEqual([
      true,
      false,
    ]);
    // Hiding it again changes nothing.
    const again = await api.post(
      '/api/hideSharedVersion',
      { valuation_id: pitch.id, version: 1 },
      { token: a.accessToken },
    );
    expect(again.status).toBe(200);
    figures.hiddenVersionWordsShown = 0;
  });

  it('an edit of a tracked pitch’s intrinsic value shows on the public page and record, dated', async () => {
    const pitch = await pitchOf(a, 1, 'MSFT');
    const tracked = await api.post(
      '/api/update-pitch',
      { valuation_id: pitch.id },
      { token: a.accessToken },
    );
    expect(tracked.status).toBe(200);
    const unshared = await api.post<{ message: string }>(
      '/api/hideSharedVersion',
      { valuation_id: pitch.id, version: 1 },
      { token: a.accessToken },
    );
    expect(unshared.status).toBe(409);
    expect(unshared.body.message).toBe(SHARING_MESSAGES.notShared);
    const slug = await share(a, pitch.id);
    const before = publicPitchResponse.parse((await api.get(`/api/public/pitch/${slug}`)).body);
    expect(before.intrinsicEdit).toBeNull();
    const edited = Math.round(pitch.intrinsic_value_per_share * 1.25 * 100) / 100;
    const res = await api.post(
      '/api/updateTrackedPitch',
      { valuation_id: pitch.id, intrinsic_value_per_share: edited },
      { token: a.accessToken },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const record = valuationResponse.parse(res.body).data;
    expect(record.tracked_intrinsic_edited_at).toBeTruthy();

    const view = publicPitchResponse.parse((await api.get(`/api/public/pitch/${slug}`)).body);
    expect(view.current.intrinsic_value_per_share).toBe(edited);
    expect(view.intrinsicEdit).toEqual({
      editedAt: record.tracked_intrinsic_edited_at,
      versionValue: pitch.intrinsic_value_per_share,
    });
    const page = await api.get<string>(`/p/${slug}`);
    expect(page.body).toContain(
      `Intrinsic value changed on ${record.tracked_intrinsic_edited_at!.slice(0, 10)}`,
    );
    expect(page.body).toContain(`worth $${edited.toFixed(2)}`);

    const name = uniqueName('Edna');
    expect((await setName(a, name)).status).toBe(200);
    const mine = mySharesResponse.parse(
      (await api.get('/api/myShares', { token: a.accessToken })).body,
    );
    const row = publicRecordResponse
      .parse((await api.get(`/api/public/record/${mine.publicRecord!.slug}`)).body)
      .pitches.find((p) => p.slug === slug)!;
    expect(row.intrinsic_value_per_share).toBe(edited);
    expect(row.intrinsicEditedAt).toBe(record.tracked_intrinsic_edited_at);

    // A Re-Pitch afterwards carries its own value: the edit no longer shows.
    const repitch = await api.post(
      '/api/updateValuation',
      { valuation_id: pitch.id },
      { token: a.accessToken },
    );
    expect(repitch.status).toBe(200);
    const after = publicPitchResponse.parse((await api.get(`/api/public/pitch/${slug}`)).body);
    expect(after.intrinsicEdit).toBeNull();
    expect(after.current.version).toBe(2);
  });
});
