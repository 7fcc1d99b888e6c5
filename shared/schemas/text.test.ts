import { describe, expect, it } from 'vitest';
import { numberFromText, numberInput, storedText } from './text';

const name = storedText({ label: 'Portfolio Name', max: 10 });
const comment = storedText({ label: 'The comment', max: 20, min: 0, multiline: true });
const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error!.issues[0]!.message;

describe('the stored text rule', () => {
  it('trims, normalises to NFC and counts characters, not UTF-16 units', () => {
    expect(name.parse('  Cafe\u0301  ')).toBe('Caf\u00e9');
    expect(name.parse('📈📈📈📈📈📈📈📈📈📈')).toHaveLength(20);
    expect(message(name.safeParse('📈'.repeat(11)))).toBe(
      'Portfolio Name must be at most 10 characters',
    );
  });

  it('refuses control characters, line breaks in a name, bidi overrides and lone surrogates', () => {
    expect(message(name.safeParse('a\u0000b'))).toBe('Portfolio Name must fit on one line');
    expect(message(name.safeParse('a\r\nb'))).toBe('Portfolio Name must fit on one line');
    expect(message(name.safeParse('\u202eevil'))).toBe(
      'Portfolio Name contains a character that changes the text direction',
    );
    expect(message(name.safeParse('x\u2066y\u2069'))).toBe(
      'Portfolio Name contains a character that changes the text direction',
    );
    expect(message(name.safeParse('a\ud800b'))).toBe('Portfolio Name contains a broken character');
    expect(message(name.safeParse('   '))).toBe('Portfolio Name is required');
  });

  it('keeps a comment’s line breaks (CR LF as LF) and tabs, and may be empty', () => {
    expect(comment.parse('one\r\ntwo\tthree')).toBe('one\ntwo\tthree');
    expect(comment.parse('')).toBe('');
    expect(message(comment.safeParse('bell\u0007'))).toBe(
      'The comment contains a control character',
    );
  });
});

describe('the number rule', () => {
  const amount = numberInput();
  it('takes numbers, and text of digits with thousands commas and decimals', () => {
    expect(amount.parse(42.5)).toBe(42.5);
    expect(amount.parse('1,500,000.25')).toBe(1_500_000.25);
    expect(amount.parse('-3')).toBe(-3);
    expect(numberFromText('')).toBeUndefined();
  });

  it('refuses hex, exponents, spaces around, misplaced commas and what is not finite', () => {
    for (const bad of [
      '0x10',
      '1e3',
      ' 100 ',
      '100 ',
      '1,00',
      '12,3456',
      'NaN',
      'Infinity',
      '.5',
      '5.',
      '--1',
    ])
      expect(amount.safeParse(bad).success, bad).toBe(false);
    expect(amount.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(amount.safeParse(Number.NaN).success).toBe(false);
  });
});
