import * as z from 'zod/mini';
import '../schemas/zod-messages';
import { snapshotFreshnessSchema } from '../market/freshness';
import { marketEnvelope } from '../market/schemas';
import { STOCK_SYMBOL_MESSAGE, STOCK_SYMBOL_PATTERN } from '../market/symbols';
import type { ScreenerRow } from '../screener/columns';
import { monthsBefore } from '../screener/compute';
import { dec, toOutput } from '../valuation/decimal';

/*
 * Compare (decision 153): up to five companies' prices rebased to 100 over a period, and their
 * fundamentals side by side from the screener snapshot (the figures the screener shows, from the
 * same row function), each column sortable. The address holds the symbols.
 */

export const COMPARE_MAX = 5;

export const COMPARE_MESSAGES = {
  symbols: `Enter 1 to ${COMPARE_MAX} stock symbols, separated by commas`,
} as const;

/** The symbols of an address's `symbols=` (commas), upper case, valid ones once each, at most five. */
export function parseCompareSymbols(text: string | null | undefined): string[] {
  const out: string[] = [];
  for (const part of (text ?? '').split(',')) {
    const symbol = part.trim().toUpperCase();
    if (STOCK_SYMBOL_PATTERN.test(symbol) && !symbol.startsWith('^') && !out.includes(symbol))
      out.push(symbol);
    if (out.length === COMPARE_MAX) break;
  }
  return out;
}

/** `GET /api/market/compare?symbols=AAPL,MSFT`: 1 to 5 symbols; the canonical query lists them sorted. */
export const compareRequest = z.strictObject({
  symbols: z.pipe(
    z.string({ error: COMPARE_MESSAGES.symbols }).check(z.maxLength(80, COMPARE_MESSAGES.symbols)),
    z.transform((text, ctx) => {
      const parts = text.split(',').map((p) => p.trim().toUpperCase());
      if (
        parts.length === 0 ||
        parts.length > COMPARE_MAX ||
        parts.some((p) => !STOCK_SYMBOL_PATTERN.test(p) || p.startsWith('^'))
      ) {
        ctx.issues.push({
          code: 'custom',
          message: parts.some((p) => p !== '' && !STOCK_SYMBOL_PATTERN.test(p))
            ? STOCK_SYMBOL_MESSAGE
            : COMPARE_MESSAGES.symbols,
          input: ctx.value,
        });
        return z.NEVER;
      }
      return [...new Set(parts)].sort();
    }),
  ),
});
export type CompareRequest = z.output<typeof compareRequest>;

/** The fundamentals compared, as the screener computes them. */
export const COMPARE_COLUMNS = [
  { id: 'price', label: 'Price', format: 'price' },
  { id: 'changePercent', label: 'Change %', format: 'percent' },
  { id: 'marketCap', label: 'Market Cap', format: 'cap' },
  { id: 'pe', label: 'P/E', format: 'multiple' },
  { id: 'pb', label: 'P/B', format: 'multiple' },
  { id: 'ps', label: 'P/S', format: 'multiple' },
  { id: 'evEbitda', label: 'EV/EBITDA', format: 'multiple' },
  { id: 'grossMargin', label: 'Gross Margin', format: 'percent' },
  { id: 'operatingMargin', label: 'Operating Margin', format: 'percent' },
  { id: 'netMargin', label: 'Net Margin', format: 'percent' },
  { id: 'epsGrowthPastYear', label: 'EPS Growth (1 Yr)', format: 'percent' },
  { id: 'salesGrowthPast5Years', label: 'Sales Growth (5 Yr)', format: 'percent' },
  { id: 'dividendYield', label: 'Dividend Yield', format: 'percent' },
  { id: 'debtEq', label: 'Debt/Equity', format: 'multiple' },
] as const satisfies readonly {
  id: keyof ScreenerRow;
  label: string;
  format: 'price' | 'percent' | 'cap' | 'multiple';
}[];

export type CompareColumn = (typeof COMPARE_COLUMNS)[number]['id'];
export type CompareRow = Pick<ScreenerRow, 'symbol' | 'company' | 'sector' | CompareColumn>;

/** A screener row cut to what Compare shows. */
export function compareRow(row: ScreenerRow): CompareRow {
  const out: Record<string, unknown> = {
    symbol: row.symbol,
    company: row.company,
    sector: row.sector,
  };
  for (const c of COMPARE_COLUMNS) out[c.id] = row[c.id];
  return out as CompareRow;
}

const num = z.nullable(z.number());
const compareRowSchema = z.object({
  symbol: z.string(),
  company: z.string(),
  sector: z.nullable(z.string()),
  ...(Object.fromEntries(COMPARE_COLUMNS.map((c) => [c.id, num])) as Record<
    CompareColumn,
    typeof num
  >),
});

export const compareResponse = marketEnvelope(
  z.object({
    rows: z.array(compareRowSchema),
    /** Symbols the snapshot does not list (none before the first snapshot). */
    missing: z.array(z.string()),
    /** When the snapshot was taken, whose session its one-day changes are; null before the first. */
    freshness: snapshotFreshnessSchema,
  }),
);
export type CompareResponse = z.infer<typeof compareResponse>;

/**
 * Rows sorted by a column (symbol and company too), companies without the figure last
 * whichever the order; ties keep the given order.
 */
export function sortCompareRows<R extends CompareRow>(
  rows: readonly R[],
  column: CompareColumn | 'symbol' | 'company',
  order: 'asc' | 'desc',
): R[] {
  const sign = order === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = a.row[column];
      const y = b.row[column];
      const missingX = x === null || x === undefined;
      const missingY = y === null || y === undefined;
      if (missingX || missingY)
        return missingX === missingY ? a.index - b.index : missingX ? 1 : -1;
      const c =
        typeof x === 'string' ? x.localeCompare(y as string) : (x as number) - (y as number);
      return c === 0 ? a.index - b.index : sign * c;
    })
    .map((e) => e.row);
}

/* ------------------------------------------------------------ rebased prices */

export const COMPARE_PERIODS = ['1M', '3M', '6M', 'YTD', '1Y', '3Y', '5Y', '10Y'] as const;
export type ComparePeriod = (typeof COMPARE_PERIODS)[number];
export const DEFAULT_COMPARE_PERIOD: ComparePeriod = '1Y';

/** The first day of a period ending `today` (YYYY-MM-DD). */
export function periodStart(period: ComparePeriod, today: string): string {
  switch (period) {
    case 'YTD':
      return `${Number(today.slice(0, 4)) - 1}-12-31`;
    case '1M':
      return monthsBefore(today, 1);
    case '3M':
      return monthsBefore(today, 3);
    case '6M':
      return monthsBefore(today, 6);
    case '1Y':
      return monthsBefore(today, 12);
    case '3Y':
      return monthsBefore(today, 36);
    case '5Y':
      return monthsBefore(today, 60);
    case '10Y':
      return monthsBefore(today, 120);
  }
}

/**
 * Closes rebased to 100 at the period's start: each close over the last close on or before the
 * start (or the first one after it, for a listing younger than the period) x 100, exact in
 * decimal and rounded once. Closes before the base are left out.
 */
export function rebaseTo100(
  closes: readonly { date: string; close: number }[],
  start: string,
): { date: string; value: number }[] {
  const sorted = [...closes]
    .filter((c) => Number.isFinite(c.close) && c.close > 0)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let base = sorted.findIndex((c) => c.date > start);
  if (base < 0) base = sorted.length - 1;
  else if (base > 0) base -= 1;
  const first = sorted[base];
  if (!first) return [];
  const out: { date: string; value: number }[] = [];
  const baseClose = dec(first.close);
  for (let i = base; i < sorted.length; i++) {
    const value = toOutput(dec(sorted[i]!.close).div(baseClose).times(100));
    if (value !== null) out.push({ date: sorted[i]!.date.slice(0, 10), value });
  }
  return out;
}
