import type { CsvColumn } from '../../../../shared/csv';
import type { HoldingView, TransactionView } from '../../../../shared/schemas/portfolio-api';

/** Cents as dollars, unformatted (12345 -> 123.45); null stays empty. */
const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

/** A portfolio's holdings as a CSV file, at the latest quotes. */
export const HOLDINGS_CSV_COLUMNS: CsvColumn<HoldingView>[] = [
  { header: 'Symbol', value: (h) => h.symbol },
  { header: 'Quantity', value: (h) => h.quantity },
  { header: 'Reserved Quantity', value: (h) => h.reserved_quantity },
  { header: 'Average Price', value: (h) => h.average_price },
  { header: 'Cost (USD)', value: (h) => dollars(h.cost_cents) },
  { header: 'Price', value: (h) => h.price },
  { header: 'Value (USD)', value: (h) => dollars(h.value_cents) },
  { header: 'Gain (USD)', value: (h) => dollars(h.gain_cents) },
  { header: 'Weight', value: (h) => h.weight },
];

/** A portfolio's transactions as a CSV file, newest first. */
export const TRANSACTIONS_CSV_COLUMNS: CsvColumn<TransactionView>[] = [
  { header: 'Time', value: (t) => t.time },
  { header: 'Side', value: (t) => t.side },
  { header: 'Symbol', value: (t) => t.symbol },
  { header: 'Quantity', value: (t) => t.quantity },
  { header: 'Price', value: (t) => t.price },
  { header: 'Value (USD)', value: (t) => dollars(t.value_cents) },
  { header: 'Order Type', value: (t) => t.order_type },
  { header: 'Order Id', value: (t) => t.order_id },
  { header: 'Pitch Id', value: (t) => t.valuation_id },
  { header: 'Transaction Id', value: (t) => t.transaction_id },
];
