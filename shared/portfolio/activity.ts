import type { CsvColumn } from '../csv';
import type { ImportType } from './csv-import';

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
