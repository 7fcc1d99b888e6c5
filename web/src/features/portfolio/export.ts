import type { CsvColumn } from '../../../../shared/csv';
import type { HoldingView, TransactionView } from '../../../../shared/schemas/portfolio-api';
import type { CalendarEntry } from '../../../../shared/schemas/portfolio-income';
import type { LotsViewData as LotsData } from '../../../../shared/schemas/portfolio-performance';

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

export type TaxYearRow = LotsData['tax_years'][number];
export type RealisedLotRow = LotsData['realised'][number];
export type OpenLotRow = LotsData['open'][number];

const termText = (term: 'short' | 'long') => (term === 'long' ? 'long-term' : 'short-term');

/** Realised gains per tax year (calendar year of sale), FIFO lots. */
export const TAX_YEAR_CSV_COLUMNS: CsvColumn<TaxYearRow>[] = [
  { header: 'Tax Year', value: (y) => y.year },
  { header: 'Short-Term Gain (USD)', value: (y) => dollars(y.short_cents) },
  { header: 'Long-Term Gain (USD)', value: (y) => dollars(y.long_cents) },
  { header: 'Total Gain (USD)', value: (y) => dollars(y.total_cents) },
];

/** Each sale matched to the lots it closed (FIFO), oldest sale first. */
export const REALISED_LOTS_CSV_COLUMNS: CsvColumn<RealisedLotRow>[] = [
  { header: 'Date Sold', value: (r) => r.sold },
  { header: 'Symbol', value: (r) => r.symbol },
  { header: 'Date Acquired', value: (r) => r.acquired },
  { header: 'Quantity', value: (r) => r.quantity },
  { header: 'Proceeds (USD)', value: (r) => dollars(r.proceeds_cents) },
  { header: 'Cost (USD)', value: (r) => dollars(r.cost_cents) },
  { header: 'Gain (USD)', value: (r) => dollars(r.gain_cents) },
  { header: 'Term', value: (r) => termText(r.term) },
];

/** The open lots at the latest prices. */
export const OPEN_LOTS_CSV_COLUMNS: CsvColumn<OpenLotRow>[] = [
  { header: 'Symbol', value: (l) => l.symbol },
  { header: 'Date Acquired', value: (l) => l.acquired },
  { header: 'Quantity', value: (l) => l.quantity },
  { header: 'Cost (USD)', value: (l) => dollars(l.cost_cents) },
  { header: 'Price', value: (l) => l.price },
  { header: 'Value (USD)', value: (l) => dollars(l.value_cents) },
  { header: 'Unrealised (USD)', value: (l) => dollars(l.unrealised_cents) },
  { header: 'Term So Far', value: (l) => termText(l.term) },
  { header: 'Long-Term From', value: (l) => l.long_term_from },
];

const whereHeld = (e: CalendarEntry) =>
  e.holding && e.watching ? 'Holding and watchlist' : e.holding ? 'Holding' : 'Watchlist';

/** The upcoming ex-dates and pay dates of the holdings and the watchlist (income view). */
export const DIVIDEND_CALENDAR_CSV_COLUMNS: CsvColumn<CalendarEntry>[] = [
  { header: 'Symbol', value: (e) => e.symbol },
  { header: 'Name', value: (e) => e.name },
  { header: 'In', value: whereHeld },
  { header: 'Status', value: (e) => (e.status === 'declared' ? 'Declared' : 'Estimated') },
  { header: 'Declaration Date', value: (e) => e.declaration_date },
  { header: 'Ex-Date', value: (e) => e.ex_date },
  { header: 'Record Date', value: (e) => e.record_date },
  { header: 'Pay Date', value: (e) => e.pay_date },
  { header: 'Dividend a Share (USD)', value: (e) => e.per_share },
  { header: 'Shares', value: (e) => e.quantity },
  { header: 'Amount (USD)', value: (e) => dollars(e.amount_cents) },
];
