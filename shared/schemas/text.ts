import * as z from 'zod/mini';
import './zod-messages';

/**
 * The one rule for text the product stores and shows again (names, comments): trimmed,
 * NFC-normalised, without control characters (a comment may keep its line breaks and tabs),
 * without the bidirectional overrides and isolates that make text read otherwise than it is
 * stored, without lone surrogates (half of a character), its length counted in characters
 * (code points), as a person counts them.
 */
const CONTROL = /\p{Cc}/u;
const CONTROL_EXCEPT_LINES = /[^\P{Cc}\n\t]/u;
/** U+202A-U+202E (embeddings, overrides) and U+2066-U+2069 (isolates). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
const LONE_SURROGATE = /\p{Cs}/u;

export const characters = (s: string): number => [...s].length;

export interface TextRule {
  /** What the field is called in messages ("Portfolio Name"). */
  label: string;
  max: number;
  /** At least this many characters (1 = required); 0 lets it be empty. */
  min?: number;
  /** Keep line breaks and tabs (comments). */
  multiline?: boolean;
  /** Message when it is empty and required (default: "<label> is required"). */
  requiredMessage?: string;
  /** Message when it is too long (default: "<label> must be at most <max> characters"). */
  tooLongMessage?: string;
}

/** Whether a text holds only what the rule allows (after trimming and normalising). */
export function cleanTextProblem(s: string, multiline = false): string | undefined {
  if (LONE_SURROGATE.test(s)) return 'contains a broken character';
  if (BIDI_CONTROL.test(s)) return 'contains a character that changes the text direction';
  if ((multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(s))
    return multiline ? 'contains a control character' : 'must fit on one line';
  return undefined;
}

export function storedText(rule: TextRule) {
  const min = rule.min ?? 1;
  const requiredMessage = rule.requiredMessage ?? `${rule.label} is required`;
  const tooLong = rule.tooLongMessage ?? `${rule.label} must be at most ${rule.max} characters`;
  return z.string({ error: requiredMessage }).check(
    // A first bound before any work on the text (4 bytes a character at most).
    z.maxLength(rule.max * 4 + 64, { error: tooLong, abort: true }),
    z.overwrite((s) => (rule.multiline ? s.replace(/\r\n?/g, '\n') : s).trim().normalize('NFC')),
    // No abort below: a form's whole-object checks (passwords that match) still run.
    z.refine((s) => characters(s) >= min, requiredMessage),
    z.refine((s) => characters(s) <= rule.max, tooLong),
    z.refine((s) => cleanTextProblem(s, rule.multiline) === undefined, {
      error: (issue) =>
        `${rule.label} ${cleanTextProblem(issue.input as string, rule.multiline) ?? 'is not valid'}`,
    }),
  );
}

/**
 * The one rule for numbers that arrive as text (forms, query strings): an optional minus, digits
 * (thousands may be grouped with commas) and an optional decimal part. No spaces around, no
 * hexadecimal, no exponent, nothing that is not finite. Numbers pass as they are when finite.
 */
const NUMBER_TEXT = /^-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

export function numberFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value === '') return undefined;
  return NUMBER_TEXT.test(value) ? Number(value.replaceAll(',', '')) : Number.NaN;
}

/** A finite number, or its text under the rule above; `message` when it is neither. */
export function numberInput(message = 'Enter a number') {
  return z.pipe(
    z.transform(numberFromText),
    z.number({ error: message }).check(z.refine((n) => Number.isFinite(n), message)),
  );
}
