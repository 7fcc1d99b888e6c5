/**
 * CSV files for export (RFC 4180): a header row of names, then one row per record.
 *
 * - Numbers are written unformatted (`1234.5`, `-0.25`), with no thousands separators,
 *   currency signs or percent signs; a missing or non-finite number is an empty cell.
 * - Text is quoted when it holds a comma, a quote, a line break or leading/trailing spaces.
 * - Text that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or
 *   carriage return) is prefixed with `'` so opening the file never runs it. Numbers are never
 *   prefixed: a negative number stays a number.
 * - Lines end in CRLF; the file starts with a UTF-8 byte order mark so spreadsheets read
 *   accented company names correctly.
 */

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as written in the file. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV file: header row and rows, CRLF line ends, BOM first. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header))];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))));
  return `${CSV_BOM}${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

/** Reads a CSV file back into rows of cells (quotes and doubled quotes undone, BOM dropped). */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i] as string;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && source[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A file name for an export: `mr-market-<what>-<YYYY-MM-DD>.csv`, safe on every system. */
export function csvFileName(what: string, date: Date): string {
  const slug = what
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `mr-market-${slug || 'export'}-${date.toISOString().slice(0, 10)}.csv`;
}
