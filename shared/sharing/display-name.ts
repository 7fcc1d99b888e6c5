import * as z from 'zod/mini';
import '../schemas/zod-messages';
// Unicode's confusables mapping (confusables.txt: each character to its prototype), as the
// `unhomoglyph` package keeps it. Its own function builds one regular expression of every
// entry at first use; a lookup per character does the same work without that start-up cost.
import confusables from 'unhomoglyph/data.json';
import { DISPLAY_NAME_MESSAGES, displayName, displayNameFormProblem } from './schemas';

/**
 * What a display name reads as (docs/decisions/142-public-words-from-trusted-sources.md): a
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
  const folded = confusableSkeleton(confusableSkeleton(name.normalize('NFKD')).toLowerCase());
  return folded
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replaceAll('i', 'l')
    .replace(/[01345]/g, (d) => LOOKALIKE_DIGITS[d]!);
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

/** Why a display name cannot be used (form, then what it reads as), or undefined. */
export function displayNameProblem(name: string): string | undefined {
  const form = displayNameFormProblem(name);
  if (form) return form;
  const skeleton = nameSkeleton(name);
  if (RESERVED.some((r) => skeleton.includes(r))) return DISPLAY_NAME_MESSAGES.reserved;
  return undefined;
}

/** A public display name: the form's checks and the reserved names, look-alikes folded. */
export const publicDisplayName = displayName.check(
  z.refine((s) => displayNameProblem(s) === undefined, {
    error: (issue) => displayNameProblem(issue.input as string) ?? 'That display name is not valid',
  }),
);
