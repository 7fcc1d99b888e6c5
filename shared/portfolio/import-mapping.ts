import * as z from 'zod/mini';
import '../schemas/zod-messages';

/**
 * How any CSV file is read (decision 183): which column holds each field, how its dates are
 * written and which words of its type column mean what. A mapping can be saved under a name
 * (an import preset) and chosen again for the next file from the same broker.
 */

export const IMPORT_TYPES = ['buy', 'sell', 'dividend', 'deposit', 'withdrawal'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

/** How a file writes its dates (a time after the date is ignored). */
export const DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/**
 * Words brokers write in a type column, read without a mapping of the user's (lower case,
 * spaces and punctuation folded). A reinvested dividend is listed by brokers as a purchase of
 * shares with its quantity and price (the dividend itself on a row of its own).
 */
export const TYPE_WORDS: Readonly<Record<string, ImportType>> = {
  bought: 'buy',
  purchase: 'buy',
  'reinvest dividend': 'buy',
  'dividend reinvestment': 'buy',
  reinvestment: 'buy',
  sold: 'sell',
  sale: 'sell',
  'cash dividend': 'dividend',
  'qualified dividend': 'dividend',
  'dividend received': 'dividend',
  div: 'dividend',
  contribution: 'deposit',
  'wire in': 'deposit',
  'wire out': 'withdrawal',
};

/** A type word as it is looked up: lower case, runs of spaces, dashes and underscores as one space. */
export function foldTypeWord(word: string): string {
  return word
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

export const TYPE_WORDS_MAX = 50;

const columnIndex = z.optional(z.number().check(z.int(), z.gte(0), z.lte(100)));

/** The columns of the fields: each a 0-based column of the file. */
export const columnMappingSchema = z.strictObject({
  date: columnIndex,
  type: columnIndex,
  symbol: columnIndex,
  quantity: columnIndex,
  price: columnIndex,
  amount: columnIndex,
  fee: columnIndex,
});

export const typeWordsSchema = z
  .record(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
    z.enum(IMPORT_TYPES, { error: 'Choose buy, sell, dividend, deposit or withdrawal' }),
  )
  .check(
    z.refine((words) => Object.keys(words).length <= TYPE_WORDS_MAX, {
      error: `At most ${TYPE_WORDS_MAX} type words`,
    }),
  );

export const dateFormatSchema = z.enum(DATE_FORMATS, { error: 'Choose how the dates are written' });

/** A named import preset: the mapping of a broker's files, saved by a user. */
export const importPresetSchema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  columns: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(101)),
  mapping: columnMappingSchema,
  date_format: dateFormatSchema,
  type_words: typeWordsSchema,
});
export type ImportPreset = z.infer<typeof importPresetSchema>;

/** The most import presets a user keeps. */
export const IMPORT_PRESETS_MAX = 20;

/** POST /api/importPresets/delete: the preset's name. */
export const importPresetNamePayload = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
});
