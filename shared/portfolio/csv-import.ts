import { isIsoDay } from './days';
import { D, dollarsToCents, hasAtMostDecimals, QUANTITY_DECIMALS, tradeValueCents } from './money';

/**
 * Transactions imported from a CSV file: the file is checked and split into rows, the user maps
 * its columns onto the fields below, and each row is either a transaction to create or a row
 * that will not be, with the reason. Pure: the route supplies the known symbols, today and the
 * portfolio's cash and holdings before the first imported row.
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

export const IMPORT_TYPES = ['buy', 'sell', 'dividend', 'deposit', 'withdrawal'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

export const CSV_MAX_BYTES = 1_000_000;
export const CSV_MAX_ROWS = 2_000;

export type CsvProblem =
  'empty' | 'too-large' | 'binary' | 'delimiter' | 'formula' | 'too-many-rows' | 'ragged';

export class CsvFileError extends Error {
  constructor(
    readonly problem: CsvProblem,
    message: string,
  ) {
    super(message);
    this.name = 'CsvFileError';
  }
}

/** Splits CSV text (RFC 4180 quotes; a leading BOM dropped) into a header and rows. */
export function parseCsv(
  text: string,
  byteLength = text.length,
): { header: string[]; rows: string[][] } {
  if (byteLength > CSV_MAX_BYTES)
    throw new CsvFileError('too-large', `The file is larger than ${CSV_MAX_BYTES / 1_000_000} MB`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text))
    throw new CsvFileError('binary', 'This is not a text file: choose a CSV file');
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new CsvFileError('empty', 'The file is empty');
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      record.push(field);
      if (record.some((f) => f.trim() !== '')) records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  record.push(field);
  if (record.some((f) => f.trim() !== '')) records.push(record);
  const [header, ...rows] = records;
  if (!header || rows.length === 0)
    throw new CsvFileError('empty', 'The file has no rows under its header');
  if (header.length < 3) {
    const other = [';', '\t', '|'].find((d) => header.join(',').includes(d));
    throw new CsvFileError(
      'delimiter',
      other
        ? `The columns are separated by "${other === '\t' ? 'tab' : other}": save the file with commas`
        : 'The file needs a header row with at least date, type and amount or quantity columns, separated by commas',
    );
  }
  if (rows.length > CSV_MAX_ROWS)
    throw new CsvFileError('too-many-rows', `The file has more than ${CSV_MAX_ROWS} rows`);
  for (const [i, row] of records.entries()) {
    for (const cell of row) {
      if (/^[=+\-@]/.test(cell.trim()))
        throw new CsvFileError(
          'formula',
          `Row ${i + 1} has a cell starting with "${cell.trim()[0]}", which spreadsheets run as a formula: remove it`,
        );
    }
  }
  return { header: header.map((h) => h.trim()), rows };
}

/** Guesses the mapping from header names (date, type, symbol, quantity/shares, price, amount, fee). */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const names: Record<ImportField, RegExp> = {
    date: /^(date|trade date|time)$/i,
    type: /^(type|action|side|transaction type)$/i,
    symbol: /^(symbol|ticker|stock)$/i,
    quantity: /^(quantity|shares|qty|units)$/i,
    price: /^(price|unit price|price per share)$/i,
    amount: /^(amount|value|total|net amount)$/i,
    fee: /^(fee|fees|commission)$/i,
  };
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const at = header.findIndex((h) => names[field].test(h.trim()));
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
 * Reads the rows under a mapping and checks them in date order against the portfolio: a known
 * symbol, no future date, no sale beyond the holding, cash never below zero. Rows that fail are
 * returned with the reason and left out of the running cash and holdings.
 */
export function previewImport(input: {
  rows: readonly string[][];
  mapping: ColumnMapping;
  today: string;
  knownSymbols: ReadonlySet<string>;
  cashCents: number;
  holdings: Readonly<Record<string, number>>;
}): { accepted: ImportRow[]; rejected: RejectedRow[] } {
  const { mapping } = input;
  const rejected: RejectedRow[] = [];
  const parsed: ImportRow[] = [];
  for (const [i, row] of input.rows.entries()) {
    const line = i + 2;
    const reject = (reason: string) => rejected.push({ line, reason });
    const date = cell(row, mapping.date).slice(0, 10);
    if (!isIsoDay(date)) {
      reject('The date is not a YYYY-MM-DD date');
      continue;
    }
    if (date > input.today) {
      reject('The date is in the future');
      continue;
    }
    const type = cell(row, mapping.type).toLowerCase() as ImportType;
    if (!IMPORT_TYPES.includes(type)) {
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
    if (type === 'buy' || type === 'sell') {
      if (!symbol || !input.knownSymbols.has(symbol)) {
        reject(symbol ? `Unknown symbol ${symbol}` : 'A trade needs a symbol');
        continue;
      }
      if (!(quantity !== null && quantity > 0 && hasAtMostDecimals(quantity, QUANTITY_DECIMALS))) {
        reject('The quantity must be positive with at most 6 decimal places');
        continue;
      }
      if (!(price !== null && price > 0)) {
        reject('The price must be positive');
        continue;
      }
      parsed.push({
        line,
        date,
        type,
        symbol,
        quantity,
        price,
        amountCents: tradeValueCents(quantity, price),
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

  // A day in the order a replay takes it: deposits and withdrawals at its start, trades as the
  // file lists them, dividends last.
  const order = { deposit: 0, withdrawal: 1, buy: 2, sell: 2, dividend: 3 } as const;
  parsed.sort(
    (a, b) => a.date.localeCompare(b.date) || order[a.type] - order[b.type] || a.line - b.line,
  );
  let cash = input.cashCents;
  const held = new Map(Object.entries(input.holdings).map(([s, q]) => [s, new D(q)]));
  const accepted: ImportRow[] = [];
  for (const row of parsed) {
    const reject = (reason: string) => rejected.push({ line: row.line, reason });
    if (row.type === 'sell') {
      const have = held.get(row.symbol!) ?? new D(0);
      if (have.lt(row.quantity!)) {
        reject(`A sale of ${row.quantity} ${row.symbol} beyond the ${have.toFixed()} held`);
        continue;
      }
      if (cash + row.amountCents - row.feeCents < 0) {
        reject('Cash would go below zero');
        continue;
      }
      held.set(row.symbol!, have.minus(row.quantity!));
      cash += row.amountCents - row.feeCents;
    } else if (row.type === 'buy' || row.type === 'withdrawal') {
      if (row.amountCents + row.feeCents > cash) {
        reject(
          row.type === 'withdrawal'
            ? 'Cash would go below zero (a withdrawal counts at the start of its day)'
            : 'Cash would go below zero',
        );
        continue;
      }
      cash -= row.amountCents + row.feeCents;
      if (row.type === 'buy')
        held.set(row.symbol!, (held.get(row.symbol!) ?? new D(0)).plus(row.quantity!));
    } else {
      cash += row.amountCents;
    }
    accepted.push(row);
  }
  rejected.sort((a, b) => a.line - b.line);
  return { accepted, rejected };
}
