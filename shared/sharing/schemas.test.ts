import { describe, expect, it } from 'vitest';
import {
  confusableSkeleton,
  foldLatin,
  nameSkeleton,
  publicDisplayName,
  resolvedScripts,
} from './display-name';
import {
  DISPLAY_NAME_MESSAGES,
  displayName,
  hideSharedVersionRequest,
  setPublicRecordRequest,
  shareSlug,
} from './schemas';

describe('display names', () => {
  it('accepts a plain name and trims it', () => {
    expect(displayName.parse('  Value Hunter 42 ')).toBe('Value Hunter 42');
    expect(displayName.parse("Zoë O'Brien")).toBe("Zoë O'Brien");
  });

  it.each([
    ['Mr. Market', DISPLAY_NAME_MESSAGES.reserved],
    ['mr market official', DISPLAY_NAME_MESSAGES.reserved],
    ['MR-MARKET', DISPLAY_NAME_MESSAGES.reserved],
    ['Mr Mark3t', DISPLAY_NAME_MESSAGES.reserved],
    ['Market Watcher', undefined],
    ['Mister Market', DISPLAY_NAME_MESSAGES.reserved],
    ['Support Team', DISPLAY_NAME_MESSAGES.reserved],
    ['me@example.com', DISPLAY_NAME_MESSAGES.email],
    ['ab', DISPLAY_NAME_MESSAGES.tooShort],
    ['<b>bold</b>', DISPLAY_NAME_MESSAGES.characters],
    ['https://evil.example', DISPLAY_NAME_MESSAGES.characters],
    ['-dash first', DISPLAY_NAME_MESSAGES.characters],
  ])('%s', (name, message) => {
    const parsed = publicDisplayName.safeParse(name);
    if (message === undefined) expect(parsed.success).toBe(true);
    else expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  // Look-alikes of the reserved names, as measured against the form before the skeleton.
  it.each([
    ['Mr Mark\u0435t', 'a Cyrillic е'],
    ['\u041Cr Market', 'a Cyrillic М'],
    ['\u0430dmin', 'a Cyrillic а'],
    ['Supp\u043Ert', 'a Cyrillic о'],
    ['Adm1n', 'a digit one'],
    ['\uFF4D\uFF52 \uFF4D\uFF41\uFF52\uFF4B\uFF45\uFF54', 'full-width letters'],
    ['Mr Mark\u00E9t', 'an accent'],
    ['\u13AAdmin', 'a Cherokee A'],
  ])('refuses %s (%s) as reserved', (name) => {
    expect(publicDisplayName.safeParse(name).error?.issues[0]?.message).toBe(
      DISPLAY_NAME_MESSAGES.reserved,
    );
  });

  // The names of an impersonation: small capitals and phonetic letters fold to their Latin
  // letters (Lucene's folding), Cyrillic and Greek letters among Latin ones are refused.
  it.each([
    ['ᴍʀ ᴍᴀʀᴋᴇᴛ', DISPLAY_NAME_MESSAGES.reserved],
    ['ᴀᴅᴍɪɴ', DISPLAY_NAME_MESSAGES.reserved],
    ['ꜱᴜᴘᴘᴏʀᴛ', DISPLAY_NAME_MESSAGES.reserved],
    ['Mr Maʀket', DISPLAY_NAME_MESSAGES.reserved],
    ['Mr Mar\u043Aet', DISPLAY_NAME_MESSAGES.mixedScripts],
    ['Mr Marke\u0442', DISPLAY_NAME_MESSAGES.reserved],
    ['Mr M\u03B1rk\u03B5t', DISPLAY_NAME_MESSAGES.mixedScripts],
    ['Mr M\u03B1rket', DISPLAY_NAME_MESSAGES.reserved],
  ])('refuses %s', (name, message) => {
    expect(publicDisplayName.safeParse(name).error?.issues[0]?.message).toBe(message);
  });

  it('takes a name in one script, Latin or another, and refuses one that mixes them', () => {
    for (const name of ['Иван Петров', 'Γιώργος Παπάς', '山田 太郎', '山田たろう', 'ᴠᴀʟᴜᴇ ʜᴜɴᴛᴇʀ'])
      expect(publicDisplayName.safeParse(name).success, name).toBe(true);
    expect(resolvedScripts('山田たろう')).toEqual(new Set(['Jpan']));
    expect(resolvedScripts('Value Hunter 42')).toEqual(new Set(['Latin']));
    expect(resolvedScripts('42')).toBeNull();
    for (const name of ['Ivan Пeтров', '\u03A9mega Fund', 'Bob \u0663', '山田 Taro'])
      expect(publicDisplayName.safeParse(name).error?.issues[0]?.message, name).toBe(
        DISPLAY_NAME_MESSAGES.mixedScripts,
      );
  });

  it('folds small capitals and phonetic letters as their Latin letters', () => {
    expect(foldLatin('ᴍʀ ᴍᴀʀᴋᴇᴛ')).toBe('MR MARKET');
    expect(foldLatin('ɢʜʟʏ')).toBe('GHLY');
    expect(nameSkeleton('ᴀʟɪᴄᴇ ᴄʜᴇɴ')).toBe(nameSkeleton('Alice Chen'));
    // A prototype of the confusables data can itself be a small capital (Cyrillic т's is ᴛ).
    expect(confusableSkeleton('\u0442')).toBe('ᴛ');
    expect(nameSkeleton('Marke\u0442')).toBe(nameSkeleton('Market'));
  });

  it('the form alone checks length, characters and emails, not what a name reads as', () => {
    expect(displayName.safeParse('Mr. Market').success).toBe(true);
    expect(displayName.safeParse('ab').success).toBe(false);
  });

  it('folds look-alikes to one skeleton: the same for a name and its impersonations', () => {
    expect(confusableSkeleton('Mr Mark\u0435t')).toBe('Mr Market');
    expect(confusableSkeleton('paypal')).toBe(confusableSkeleton('p\u0430yp\u0430l'));
    const alice = nameSkeleton('Alice Chen');
    for (const twin of [
      'alice chen',
      'Alic\u0435 Chen',
      'ALICE-CHEN',
      'Al1ce Chen',
      'Alice  Chen.',
    ])
      expect(nameSkeleton(twin), twin).toBe(alice);
    expect(nameSkeleton('Alice Cheng')).not.toBe(alice);
    expect(nameSkeleton('Bob Chen')).not.toBe(alice);
  });

  it('refuses a name longer than 40 characters', () => {
    expect(displayName.safeParse('a'.repeat(41)).success).toBe(false);
  });

  it('the public record request is on with a name, or off', () => {
    expect(setPublicRecordRequest.safeParse({ enabled: false }).success).toBe(true);
    expect(setPublicRecordRequest.safeParse({ enabled: true }).success).toBe(false);
    expect(
      setPublicRecordRequest.safeParse({ enabled: true, display_name: 'Value Hunter' }).success,
    ).toBe(true);
  });
});

describe('hiding a version', () => {
  it('names a valuation and a positive whole version number', () => {
    const id = 'a'.repeat(10);
    expect(hideSharedVersionRequest.safeParse({ valuation_id: id, version: 2 }).success).toBe(true);
    for (const version of [0, -1, 1.5, '2', null])
      expect(hideSharedVersionRequest.safeParse({ valuation_id: id, version }).success).toBe(false);
  });
});

describe('share slugs', () => {
  it('are 22 base64url characters (128 bits)', () => {
    expect(shareSlug.safeParse('AAAAAAAAAAAAAAAAAAAAAA').success).toBe(true);
    expect(shareSlug.safeParse('AAAAAAAAAAAAAAAAAAAAA').success).toBe(false);
    expect(shareSlug.safeParse('AAAAAAAAAAAAAAAAAAAAA/').success).toBe(false);
  });
});
