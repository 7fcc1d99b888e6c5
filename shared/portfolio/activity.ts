import type { CsvColumn } from '../csv';
import { CSV_MAX_ROWS, type ImportType } from './csv-import';

/**
 * A portfolio's whole activity in the import's own columns (decision 130): the money put in
 * and taken out, every trade, every dividend credited. Imported into a new portfolio it gives
 * the same NAV history (the file's deposits stand in for the new portfolio's starting amount).
 */
export interface ActivityRow {
  date: string;
  type: ImportType;
  symbol: string | null;
  quantity: number | null;
  price: number | null;
  amount_cents: number;
  fee_cents: number;
}

const dollars = (cents: number) => cents / 100;

/** Headers the import maps by itself (`guessMapping`). */
export const ACTIVITY_CSV_COLUMNS: CsvColumn<ActivityRow>[] = [
  { header: 'Date', value: (r) => r.date },
  { header: 'Type', value: (r) => r.type },
  { header: 'Symbol', value: (r) => r.symbol },
  { header: 'Quantity', value: (r) => r.quantity },
  { header: 'Price', value: (r) => r.price },
  { header: 'Amount', value: (r) => dollars(r.amount_cents) },
  { header: 'Fee', value: (r) => dollars(r.fee_cents) },
];

const order: Record<ImportType, number> = {
  deposit: 0,
  withdrawal: 0,
  buy: 1,
  sell: 1,
  dividend: 2,
};

/** Day by day, in the order a replay applies them: flows, then trades as given, then dividends. */
export function sortActivity(rows: readonly ActivityRow[]): ActivityRow[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort(
      (a, b) =>
        a.row.date.localeCompare(b.row.date) ||
        order[a.row.type] - order[b.row.type] ||
        a.index - b.index,
    )
    .map((x) => x.row);
}

/**
 * A sorted activity as the files the import takes back (at most `max` rows each, the import's
 * limit): cut between days, never inside one, so that importing the files one after another
 * into a new portfolio rebuilds it (each later file merges into what the earlier ones made).
 * A single day longer than a file is cut where it must be.
 */
export function activityFiles(
  rows: readonly ActivityRow[],
  max: number = CSV_MAX_ROWS,
): ActivityRow[][] {
  if (rows.length <= max) return [[...rows]];
  const files: ActivityRow[][] = [];
  let start = 0;
  while (start < rows.length) {
    let end = Math.min(start + max, rows.length);
    if (end < rows.length) {
      // Back to the first row of the day the cut would fall in.
      let cut = end;
      while (cut > start && rows[cut]!.date === rows[cut - 1]!.date) cut--;
      if (cut > start) end = cut;
    }
    files.push(rows.slice(start, end));
    start = end;
  }
  return files;
}
