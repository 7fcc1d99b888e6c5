import * as z from 'zod/mini';
import '../schemas/zod-messages';
// Unicode's confusables mapping (confusables.txt: each character to its prototype), as the
// `unhomoglyph` package keeps it. Its own function builds one regular expression of every
// entry at first use; a lookup per character does the same work without that start-up cost.
import confusables from 'unhomoglyph/data.json';
// Apache Lucene's ASCII folding table (fold-to-ascii): Latin letters' variants to their ASCII
// letters, small capitals and phonetic letters among them, which confusables.txt leaves alone.
import ASCIIFolder from 'fold-to-ascii';
// The names of Unicode's scripts (Script_Extensions values); the characters of each come from
// the JavaScript engine's own Unicode data (\p{Script_Extensions=...}).
import unicodeProperties from 'regenerate-unicode-properties';
import { DISPLAY_NAME_MESSAGES, displayName, displayNameFormProblem } from './schemas';

/**
 * What a display name reads as (docs/decisions/142-public-words-from-trusted-sources.md, 172): a
 * public name must not pass for the product or its staff, nor for another user's name, in
 * any script or with look-alike characters. Used by the public record form and the
 * setPublicRecord handler (not by the public pages: the data is about 100 kB).
 */

const PROTOTYPES: Readonly<Record<string, string>> = confusables;

/**
 * Unicode's confusables skeleton (UTS #39, section 4): NFD, each character replaced by its
 * prototype, NFD again. Two strings with the same skeleton look alike: "Mr Markеt" with a
 * Cyrillic е has the skeleton of "Mr Market".
 */
export function confusableSkeleton(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFD')) out += PROTOTYPES[ch] ?? ch;
  return out.normalize('NFD');
}

/**
 * Letters folded as Lucene's ASCII folding filter does (`ᴍ` to `M`, `ʀ` to `R`, `ꜱ` to `S`,
 * `ɢ` to `G`, `ﬁ` to `fi`); characters it has no folding for are kept.
 */
export function foldLatin(text: string): string {
  return ASCIIFolder.foldMaintaining(text);
}

/** Digits read as letters in names ("Adm1n", "MR-MARK3T"), beyond what the skeleton folds. */
const LOOKALIKE_DIGITS: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
};

/**
 * What a display name reads as, for the reserved names and for uniqueness: compatibility
 * forms unfolded (NFKD: full-width letters), the confusables skeleton taken before and after
 * lower-casing (so a capital of another script folds as its small letter does), then letters
 * and digits only (spaces, punctuation and accents go), "i" read as "l" (as the skeleton
 * reads "I" and "1") and look-alike digits as letters. "Mr. Market", "Мr Markеt" and
 * "MR-MARK3T" all read "rnrrnarket".
 */
export function nameSkeleton(name: string): string {
  // Latin variants folded before and after the skeleton: a prototype can be one (Cyrillic т's
  // is the small capital ᴛ).
  const fold = (text: string) => foldLatin(confusableSkeleton(foldLatin(text)));
  const folded = fold(fold(name.normalize('NFKD')).toLowerCase());
  return folded
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replaceAll('i', 'l')
    .replace(/[01345]/g, (d) => LOOKALIKE_DIGITS[d]!);
}

/** Scripts whose characters the engine knows, each as a test of one character. */
let scriptTests: readonly (readonly [string, RegExp])[] | undefined;
function scriptsTable(): readonly (readonly [string, RegExp])[] {
  if (scriptTests) return scriptTests;
  const names = (unicodeProperties as Map<string, string[]>).get('Script_Extensions') ?? [];
  const tests: [string, RegExp][] = [];
  for (const name of names) {
    try {
      tests.push([name, new RegExp(`^\\p{Script_Extensions=${name}}$`, 'u')]);
    } catch {
      // A script newer than the engine's Unicode data: none of its characters is known either.
    }
  }
  scriptTests = tests;
  return tests;
}

/**
 * UTS #39's augmented script sets (section 5.1): Han is also written with Bopomofo (Hanb), kana
 * (Jpan) and Hangul (Kore), so a Japanese name of kanji and kana is one script.
 */
const AUGMENTED: Readonly<Record<string, readonly string[]>> = {
  Han: ['Hanb', 'Jpan', 'Kore'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Hangul: ['Kore'],
  Bopomofo: ['Hanb'],
};

const scriptSetCache = new Map<string, ReadonlySet<string> | null>();
/** A character's augmented Script_Extensions; null for Common and Inherited (any script). */
function scriptSetOf(ch: string): ReadonlySet<string> | null {
  let set = scriptSetCache.get(ch);
  if (set !== undefined) return set;
  const found = new Set<string>();
  for (const [name, test] of scriptsTable()) if (test.test(ch)) found.add(name);
  if (found.has('Common') || found.has('Inherited') || found.size === 0) set = null;
  else {
    for (const name of [...found]) for (const more of AUGMENTED[name] ?? []) found.add(more);
    set = found;
  }
  scriptSetCache.set(ch, set);
  return set;
}

/**
 * The scripts a whole name could be written in (UTS #39's resolved script set): the
 * intersection of its characters' script sets, Common and Inherited (spaces, punctuation, ASCII
 * digits) matching any. Empty: the name mixes scripts ("Mr Marкet": Latin and Cyrillic). Null:
 * no character of any one script.
 */
export function resolvedScripts(name: string): ReadonlySet<string> | null {
  let resolved: string[] | null = null;
  for (const ch of name.normalize('NFC')) {
    const set = scriptSetOf(ch);
    if (set === null) continue;
    const before: readonly string[] = resolved ?? [...set];
    resolved = before.filter((script) => set.has(script));
    if (resolved.length === 0) break;
  }
  return resolved === null ? null : new Set(resolved);
}

/** Names that would pass for the product or its staff, as they read. */
const RESERVED = [
  'Mr Market',
  'Mister Market',
  'admin',
  'support',
  'official',
  'moderator',
  'staff',
].map(nameSkeleton);

/**
 * Why a display name cannot be used (form, then what it reads as: a reserved name, then letters
 * of more than one script), or undefined.
 */
export function displayNameProblem(name: string): string | undefined {
  const form = displayNameFormProblem(name);
  if (form) return form;
  const skeleton = nameSkeleton(name);
  if (RESERVED.some((r) => skeleton.includes(r))) return DISPLAY_NAME_MESSAGES.reserved;
  if (resolvedScripts(name)?.size === 0) return DISPLAY_NAME_MESSAGES.mixedScripts;
  return undefined;
}

/** A public display name: the form's checks and the reserved names, look-alikes folded. */
export const publicDisplayName = displayName.check(
  z.refine((s) => displayNameProblem(s) === undefined, {
    error: (issue) => displayNameProblem(issue.input as string) ?? 'That display name is not valid',
  }),
);
