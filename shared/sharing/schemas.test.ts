import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MESSAGES, displayName, setPublicRecordRequest, shareSlug } from './schemas';

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
    const parsed = displayName.safeParse(name);
    if (message === undefined) expect(parsed.success).toBe(true);
    else expect(parsed.error?.issues[0]?.message).toBe(message);
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

describe('share slugs', () => {
  it('are 22 base64url characters (128 bits)', () => {
    expect(shareSlug.safeParse('AAAAAAAAAAAAAAAAAAAAAA').success).toBe(true);
    expect(shareSlug.safeParse('AAAAAAAAAAAAAAAAAAAAA').success).toBe(false);
    expect(shareSlug.safeParse('AAAAAAAAAAAAAAAAAAAAA/').success).toBe(false);
  });
});
