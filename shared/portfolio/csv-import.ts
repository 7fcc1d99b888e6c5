import Papa from 'papaparse';
import { isIsoDay } from './days';
import {
  type DateFormat,
  DATE_FORMATS,
  foldTypeWord,
  IMPORT_TYPES,
  type ImportType,
  TYPE_WORDS,
} from './import-mapping';
import { D, dollarsToCents, hasAtMostDecimals, QUANTITY_DECIMALS, tradeValueCents } from './money';
import { LIMIT_PRICE_MAX, ORDER_AMOUNT_MAX, ORDER_QUANTITY_MAX, SEED_CAPITAL_MAX } from './schemas';

/**
 * Transactions imported from a CSV file: the file is checked and split into rows, the user maps
 * its columns onto the fields below, and each row is either a transaction to create or a row
 * that will not be, with the reason. Pure: the route supplies the known symbols, today, the
 * first day with market data and the portfolio's own activity the file is merged with.
 */

export const IMPORT_FIELDS = [
  'date',
  'type',
  'symbol',
  'quantity',
  'price',
  'amount',
  'fee',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type ColumnMapping = Partial<Record<ImportField, number>>;

export { IMPORT_TYPES, type ImportType } from './import-mapping';

export const CSV_MAX_BYTES = 1_000_000;
/** The most rows an activity file holds: the import's limit and the export's file size. */
export const CSV_MAX_ROWS = 5_000;

export type CsvProblem =
  'empty' | 'too-large' | 'binary' | 'delimiter' | 'formula' | 'too-many-rows' | 'ragged' | 'quote';

export class CsvFileError extends Error {
  constructor(
    readonly problem: CsvProblem,
    message: string,
  ) {
    super(message);
    this.name = 'CsvFileError';
  }
}

/**
 * A file's bytes as text, by its byte order mark: UTF-8 with or without one, UTF-16 little- or
 * big-endian (Excel's "Unicode text" and UTF-16 CSV carry one). Bytes that are not UTF-8 read as
 * replacement characters rather than failing.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : 'utf-8';
  return new TextDecoder(encoding).decode(bytes);
}

/** The delimiters a file's columns may be separated by, found from its rows. */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;

/** A cell a spreadsheet would run as a formula (a signed number is a number). */
function isFormula(cell: string): boolean {
  const c = cell.trim();
  return /^[=@]/.test(c) || (/^[+-]/.test(c) && !/^[+-]\$?[\d.,\s]+$/.test(c));
}

/**
 * Splits CSV text (a leading BOM dropped) into a header and rows with papaparse: RFC 4180 quotes,
 * any line ending, the delimiter found among comma, semicolon and tab. Each row keeps the line
 * of the file it starts on (`lines`). A quote that is not closed where it should be is refused
 * with the lines it would take into one cell.
 */
export function parseCsv(
  text: string,
  byteLength = text.length,
): { header: string[]; rows: string[][]; lines: number[]; delimiter: string } {
  if (byteLength > CSV_MAX_BYTES)
    throw new CsvFileError('too-large', `The file is larger than ${CSV_MAX_BYTES / 1_000_000} MB`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text))
    throw new CsvFileError('binary', 'This is not a text file: choose a CSV file');
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new CsvFileError('empty', 'The file is empty');

  // The line each row starts on, from the offsets papaparse gives.
  let offset = 0;
  let line = 1;
  const lineAt = (to: number) => {
    for (; offset < to && offset < body.length; offset++) {
      const c = body[offset];
      if (c === '\n' || (c === '\r' && body[offset + 1] !== '\n')) line++;
    }
    return line;
  };
  const records: string[][] = [];
  const starts: number[] = [];
  let rowStart = 0;
  let quote: { from: number; to: number } | undefined;
  let delimiter = ',';
  Papa.parse<string[]>(body, {
    delimitersToGuess: [...CSV_DELIMITERS],
    step: (result) => {
      delimiter = result.meta.delimiter;
      const from = lineAt(rowStart);
      const end = result.meta.cursor;
      // A quote papaparse finds malformed, or one closed lines later with whole rows inside.
      const swallowed =
        result.errors.some((e) => e.type === 'Quotes') ||
        result.data.some((f) => /[\r\n]/.test(f) && f.includes(delimiter));
      if (swallowed && !quote) {
        const breaks = body
          .slice(rowStart, end)
          .replace(/(\r\n|\r|\n)$/, '')
          .match(/\r\n|\r|\n/g);
        quote = { from, to: from + (breaks?.length ?? 0) };
      }
      if (result.data.some((f) => f.trim() !== '')) {
        records.push(result.data);
        starts.push(from);
      }
      rowStart = end;
    },
  });
  if (quote)
    throw new CsvFileError(
      'quote',
      quote.to > quote.from
        ? `A quote on line ${quote.from} is not closed where it should be: lines ${quote.from} to ${quote.to} would be read as one cell. Close the quote or remove it`
        : `A quote on line ${quote.from} is not closed where it should be. Close the quote or remove it`,
    );
  const [header, ...rows] = records;
  if (!header || rows.length === 0)
    throw new CsvFileError('empty', 'The file has no rows under its header');
  if (header.length < 3)
    throw new CsvFileError(
      'delimiter',
      'The file needs a header row with at least date, type and amount or quantity columns, separated by commas, semicolons or tabs',
    );
  if (rows.length > CSV_MAX_ROWS)
    throw new CsvFileError('too-many-rows', `The file has more than ${CSV_MAX_ROWS} rows`);
  for (const [i, row] of records.entries()) {
    const cell = row.find(isFormula);
    if (cell !== undefined)
      throw new CsvFileError(
        'formula',
        `Line ${starts[i]} has a cell starting with "${cell.trim()[0]}", which spreadsheets run as a formula: remove it`,
      );
  }
  return { header: header.map((h) => h.trim()), rows, lines: starts.slice(1), delimiter };
}

/** Guesses the mapping from header names (date, type, symbol, quantity/shares, price, amount, fee). */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const names: Record<ImportField, RegExp> = {
    date: /^(date|trade date|run date|transaction date|time)$/i,
    type: /^(type|action|side|transaction type)$/i,
    symbol: /^(symbol|ticker|stock)$/i,
    quantity: /^(quantity|shares|qty|units)$/i,
    price: /^(price|unit price|price per share)$/i,
    amount: /^(amount|value|total|net amount)$/i,
    fee: /^(fee|fees|commission)$/i,
  };
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    // A unit after the name is not part of it: "Amount ($)" is an amount.
    const at = header.findIndex((h) => names[field].test(h.trim().replace(/\s*\([^)]*\)$/, '')));
    if (at >= 0) mapping[field] = at;
  }
  return mapping;
}

export interface ImportRow {
  /** 1-based line in the file (the header is line 1). */
  line: number;
  date: string;
  type: ImportType;
  symbol: string | null;
  quantity: number | null;
  price: number | null;
  amountCents: number;
  feeCents: number;
}

export interface RejectedRow {
  line: number;
  reason: string;
}

function cell(row: readonly string[], at: number | undefined): string {
  return at === undefined ? '' : (row[at] ?? '').trim();
}

function number(text: string): number | null {
  if (text === '') return null;
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^[-+]?\d+(\.\d+)?$/.test(clean)) return Number.NaN;
  return Number(clean);
}

/**
 * The earliest day an activity row may carry: before it there is no market data to value a
 * portfolio with (the route also refuses days before the S&P 500's first close it can read).
 */
export const ACTIVITY_DATE_FLOOR = '1990-01-02';
/** The most a deposit, withdrawal or dividend row may carry: the seed capital's own cap. */
export const IMPORT_AMOUNT_MAX = SEED_CAPITAL_MAX;

const usd = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;

/** A date as written under a format (a time after it ignored), as YYYY-MM-DD; null if it is not one. */
export function readDate(text: string, format: DateFormat): string | null {
  const t = text.trim();
  let iso: string;
  if (format === 'YYYY-MM-DD') iso = t.slice(0, 10);
  else {
    const m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?:$|[\sT])/.exec(t);
    if (!m || (format === 'DD.MM.YYYY') !== t.includes('.')) return null;
    const [month, day] = format === 'MM/DD/YYYY' ? [m[1]!, m[2]!] : [m[2]!, m[1]!];
    iso = `${m[3]}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  }
  const [, month, day] = /^\d{4}-(\d{2})-(\d{2})$/.exec(iso) ?? [];
  // Months and days out of range are not days (and are never handed to the calendar).
  if (!(Number(month) >= 1 && Number(month) <= 12 && Number(day) >= 1 && Number(day) <= 31))
    return null;
  return isIsoDay(iso) ? iso : null;
}

/** The first format every date of a column reads under (YYYY-MM-DD when none does). */
export function guessDateFormat(cells: readonly string[]): DateFormat {
  const filled = cells.map((c) => c.trim()).filter(Boolean);
  return DATE_FORMATS.find((f) => filled.every((c) => readDate(c, f) !== null)) ?? 'YYYY-MM-DD';
}

/** A type cell read: one of the five types, a word of the file's own mapping, or a broker's usual word. */
export function readType(
  text: string,
  words: ReadonlyMap<string, ImportType> = new Map(),
): ImportType | null {
  const word = foldTypeWord(text);
  if ((IMPORT_TYPES as readonly string[]).includes(word)) return word as ImportType;
  return words.get(word) ?? TYPE_WORDS[word] ?? null;
}

/**
 * Reads the rows under a mapping: a YYYY-MM-DD date from `floor` to `today`, a known type and
 * symbol, numbers within the caps every amount of a portfolio has (the seed capital's for money
 * in and out, an order's for trades). Rows that fail are returned with the reason.
 */
export function readImportRows(input: {
  rows: readonly string[][];
  /** The line of the file each row starts on (`parseCsv`); else the rows follow the header. */
  lines?: readonly number[];
  /** How the dates are written (YYYY-MM-DD unless said). */
  dateFormat?: DateFormat;
  /** The file's own type words, besides the five types and `TYPE_WORDS`. */
  typeWords?: Readonly<Record<string, ImportType>>;
  mapping: ColumnMapping;
  today: string;
  floor: string;
  knownSymbols: ReadonlySet<string>;
}): { rows: ImportRow[]; rejected: RejectedRow[] } {
  const { mapping } = input;
  const words = new Map(
    Object.entries(input.typeWords ?? {}).map(([word, type]) => [foldTypeWord(word), type]),
  );
  const rejected: RejectedRow[] = [];
  const parsed: ImportRow[] = [];
  for (const [i, row] of input.rows.entries()) {
    const line = input.lines?.[i] ?? i + 2;
    const reject = (reason: string) => rejected.push({ line, reason });
    const format = input.dateFormat ?? 'YYYY-MM-DD';
    const date = readDate(cell(row, mapping.date), format);
    if (date === null) {
      reject(`The date is not a ${format} date`);
      continue;
    }
    if (date > input.today) {
      reject('The date is in the future');
      continue;
    }
    if (date < input.floor) {
      reject(`The date is before ${input.floor}, the first day with market data`);
      continue;
    }
    const type = readType(cell(row, mapping.type), words);
    if (type === null) {
      reject('The type is not buy, sell, dividend, deposit or withdrawal');
      continue;
    }
    const symbol = cell(row, mapping.symbol).toUpperCase() || null;
    const quantity = number(cell(row, mapping.quantity));
    const price = number(cell(row, mapping.price));
    const amount = number(cell(row, mapping.amount));
    const fee = number(cell(row, mapping.fee)) ?? 0;
    if ([quantity, price, amount, fee].some((v) => v !== null && !Number.isFinite(v))) {
      reject('A number cannot be read');
      continue;
    }
    if (!(fee >= 0)) {
      reject('The fee cannot be negative');
      continue;
    }
    if (fee !== 0 && type !== 'buy' && type !== 'sell') {
      reject('A fee goes with a buy or a sell only');
      continue;
    }
    if (!(fee <= ORDER_AMOUNT_MAX && hasAtMostDecimals(fee, 2))) {
      reject(`The fee must be at most ${usd(ORDER_AMOUNT_MAX)} with at most 2 decimal places`);
      continue;
    }
    if (type === 'buy' || type === 'sell') {
      if (!symbol || !input.knownSymbols.has(symbol)) {
        reject(symbol ? `Unknown symbol ${symbol}` : 'A trade needs a symbol');
        continue;
      }
      if (!(
        quantity !== null &&
        quantity > 0 &&
        quantity <= ORDER_QUANTITY_MAX &&
        hasAtMostDecimals(quantity, QUANTITY_DECIMALS)
      )) {
        reject(
          `The quantity must be positive, at most ${ORDER_QUANTITY_MAX.toLocaleString('en-US')}, with at most 6 decimal places`,
        );
        continue;
      }
      if (!(
        price !== null &&
        price > 0 &&
        price <= LIMIT_PRICE_MAX &&
        hasAtMostDecimals(price, 6)
      )) {
        reject(
          `The price must be positive, at most ${usd(LIMIT_PRICE_MAX)}, with at most 6 decimal places`,
        );
        continue;
      }
      const amountCents = tradeValueCents(quantity, price);
      if (amountCents > ORDER_AMOUNT_MAX * 100) {
        reject(`A trade can be worth at most ${usd(ORDER_AMOUNT_MAX)}`);
        continue;
      }
      parsed.push({
        line,
        date,
        type,
        symbol,
        quantity,
        price,
        amountCents,
        feeCents: dollarsToCents(fee),
      });
      continue;
    }
    if (type === 'dividend' && (!symbol || !input.knownSymbols.has(symbol))) {
      reject(symbol ? `Unknown symbol ${symbol}` : 'A dividend needs a symbol');
      continue;
    }
    if (!(amount !== null && amount > 0)) {
      reject('The amount must be positive');
      continue;
    }
    if (!(amount <= IMPORT_AMOUNT_MAX && hasAtMostDecimals(amount, 2))) {
      reject(`The amount must be at most ${usd(IMPORT_AMOUNT_MAX)} with at most 2 decimal places`);
      continue;
    }
    parsed.push({
      line,
      date,
      type,
      symbol: type === 'dividend' ? symbol : null,
      quantity: null,
      price: null,
      amountCents: dollarsToCents(amount),
      feeCents: 0,
    });
  }
  return { rows: parsed, rejected };
}

/** A row of a portfolio's activity, in the import's terms (trades in real shares of their day). */
export interface SequenceRow {
  date: string;
  type: ImportType;
  symbol: string | null;
  quantity: number | null;
  price: number | null;
  amountCents: number;
  feeCents: number;
}

/**
 * What identifies a row as one already in the portfolio: the day, type and symbol, and the
 * quantity and price of a trade or the amount of the rest.
 */
export function activityKey(row: SequenceRow): string {
  return row.type === 'buy' || row.type === 'sell'
    ? `${row.date}|${row.type}|${row.symbol}|${row.quantity}|${row.price}`
    : `${row.date}|${row.type}|${row.symbol ?? ''}|${row.amountCents}`;
}

/**
 * Splits a file's rows into those new to the portfolio and those it already has (each existing
 * row matches one file row: a file with a row twice where the portfolio has it once adds one).
 */
export function splitDuplicates<T extends SequenceRow>(
  incoming: readonly T[],
  existing: readonly SequenceRow[],
): { fresh: T[]; duplicates: T[] } {
  const left = new Map<string, number>();
  for (const row of existing) left.set(activityKey(row), (left.get(activityKey(row)) ?? 0) + 1);
  const fresh: T[] = [];
  const duplicates: T[] = [];
  for (const row of incoming) {
    const key = activityKey(row);
    const n = left.get(key) ?? 0;
    if (n > 0) {
      left.set(key, n - 1);
      duplicates.push(row);
    } else fresh.push(row);
  }
  return { fresh, duplicates };
}

function describe(row: SequenceRow): string {
  switch (row.type) {
    case 'buy':
    case 'sell':
      return `${row.type === 'buy' ? 'purchase' : 'sale'} of ${row.quantity} ${row.symbol} on ${row.date}`;
    default:
      return `${row.type} of ${formatCents(row.amountCents)} on ${row.date}`;
  }
}

function formatCents(cents: number): string {
  return `$${new D(cents).div(100).toFixed(2)}`;
}

/**
 * Checks a file's rows merged with the portfolio's own activity, day by day in the order a
 * replay takes them: deposits, then withdrawals (at the start of the day), splits, trades (the
 * portfolio's first, in time order, then the file's in its order), dividends. Shares are held
 * in real shares of the day: a split multiplies them by its ratio, rounded down to a millionth,
 * as the ledger does. A file row that would sell more than is held or take cash below zero is
 * refused with the reason; a row of the portfolio's own that the file would leave without cash
 * or shares blocks the whole file (`blocker`).
 */
export function checkSequence(input: {
  existing: readonly SequenceRow[];
  incoming: readonly ImportRow[];
  splits: readonly { symbol: string; date: string; numerator: number; denominator: number }[];
}): { accepted: ImportRow[]; rejected: RejectedRow[]; blocker: string | null } {
  const rank = { deposit: 0, withdrawal: 1, split: 2, buy: 3, sell: 3, dividend: 4 } as const;
  type Step =
    | { kind: 'row'; row: SequenceRow; own: boolean; index: number }
    | {
        kind: 'split';
        date: string;
        symbol: string;
        numerator: number;
        denominator: number;
        index: number;
      };
  const steps: Step[] = [
    ...input.existing.map((row, index) => ({ kind: 'row' as const, row, own: true, index })),
    ...input.incoming.map((row, index) => ({
      kind: 'row' as const,
      row,
      own: false,
      index: input.existing.length + index,
    })),
    ...input.splits
      .filter((s) => s.numerator > 0 && s.denominator > 0)
      .map((s, index) => ({
        kind: 'split' as const,
        date: s.date.slice(0, 10),
        symbol: s.symbol,
        numerator: s.numerator,
        denominator: s.denominator,
        index,
      })),
  ];
  const dateOf = (s: Step) => (s.kind === 'row' ? s.row.date : s.date);
  const rankOf = (s: Step) => (s.kind === 'row' ? rank[s.row.type] : rank.split);
  steps.sort(
    (a, b) =>
      dateOf(a).localeCompare(dateOf(b)) ||
      rankOf(a) - rankOf(b) ||
      // The portfolio's own trades of a day come before the file's (they are stamped after).
      (a.kind === 'row' && b.kind === 'row' ? Number(a.own) * -1 - Number(b.own) * -1 : 0) ||
      a.index - b.index,
  );
  let cash = 0;
  const held = new Map<string, InstanceType<typeof D>>();
  const accepted: ImportRow[] = [];
  const rejected: RejectedRow[] = [];
  let blocker: string | null = null;
  for (const step of steps) {
    if (step.kind === 'split') {
      const have = held.get(step.symbol);
      if (have && have.gt(0))
        held.set(
          step.symbol,
          have.times(step.numerator).div(step.denominator).toDecimalPlaces(6, D.ROUND_DOWN),
        );
      continue;
    }
    const { row, own } = step;
    let problem: string | null = null;
    if (row.type === 'sell') {
      const have = held.get(row.symbol!) ?? new D(0);
      if (have.lt(row.quantity!))
        problem = `A sale of ${row.quantity} ${row.symbol} beyond the ${have.toFixed()} held`;
      else if (cash + row.amountCents - row.feeCents < 0) problem = 'Cash would go below zero';
      else {
        held.set(row.symbol!, have.minus(row.quantity!));
        cash += row.amountCents - row.feeCents;
      }
    } else if (row.type === 'buy' || row.type === 'withdrawal') {
      if (row.amountCents + row.feeCents > cash)
        problem =
          row.type === 'withdrawal'
            ? 'Cash would go below zero (a withdrawal counts at the start of its day)'
            : 'Cash would go below zero';
      else {
        cash -= row.amountCents + row.feeCents;
        if (row.type === 'buy')
          held.set(row.symbol!, (held.get(row.symbol!) ?? new D(0)).plus(row.quantity!));
      }
    } else {
      cash += row.amountCents;
    }
    if (own) {
      if (problem && blocker === null)
        blocker = `This file would leave the portfolio's ${describe(row)} without ${
          row.type === 'sell' && problem.startsWith('A sale')
            ? 'the shares it sells'
            : 'the cash it needs'
        }`;
      // The portfolio's own row stands: the check goes on as if it had happened.
      if (problem) {
        if (row.type === 'sell') {
          held.set(row.symbol!, (held.get(row.symbol!) ?? new D(0)).minus(row.quantity!));
          cash += row.amountCents - row.feeCents;
        } else if (row.type === 'buy' || row.type === 'withdrawal') {
          cash -= row.amountCents + row.feeCents;
          if (row.type === 'buy')
            held.set(row.symbol!, (held.get(row.symbol!) ?? new D(0)).plus(row.quantity!));
        }
      }
      continue;
    }
    const incoming = row as ImportRow;
    if (problem) rejected.push({ line: incoming.line, reason: problem });
    else accepted.push(incoming);
  }
  accepted.sort((a, b) => a.line - b.line);
  rejected.sort((a, b) => a.line - b.line);
  return { accepted, rejected, blocker };
}
