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

/** What an address's `symbols=` asks for: the symbols compared, and those it cannot show. */
export interface CompareSymbols {
  /** Upper case, valid ones once each, at most five, in the address's order. */
  symbols: string[];
  /** Entries that are not stock symbols (an index, a typo), as written (cut to 20 characters). */
  invalid: string[];
  /** Valid symbols past the fifth. */
  extra: string[];
}

/** Reads an address's `symbols=` (commas): nothing it asks for is dropped without being named. */
export function readCompareSymbols(text: string | null | undefined): CompareSymbols {
  const out: CompareSymbols = { symbols: [], invalid: [], extra: [] };
  for (const part of (text ?? '').split(',')) {
    const written = part.trim();
    if (written === '') continue;
    const symbol = written.toUpperCase();
    if (!STOCK_SYMBOL_PATTERN.test(symbol) || symbol.startsWith('^')) {
      const shown = written.slice(0, 20);
      if (!out.invalid.includes(shown)) out.invalid.push(shown);
    } else if (out.symbols.includes(symbol) || out.extra.includes(symbol)) continue;
    else if (out.symbols.length < COMPARE_MAX) out.symbols.push(symbol);
    else out.extra.push(symbol);
  }
  return out;
}

/** The symbols compared (readCompareSymbols' `symbols`). */
export function parseCompareSymbols(text: string | null | undefined): string[] {
  return readCompareSymbols(text).symbols;
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
  { id: 'changePercent', label: '1-Day Change %', format: 'percent' },
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
 * Rows sorted by a column (symbol and company too, and any figure a row carries besides),
 * companies without the figure last whichever the order; ties keep the given order.
 */
export function sortCompareRows<R extends CompareRow>(
  rows: readonly R[],
  column: CompareColumn | 'symbol' | 'company' | (keyof R & string),
  order: 'asc' | 'desc',
): R[] {
  const sign = order === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = a.row[column as keyof R] as unknown;
      const y = b.row[column as keyof R] as unknown;
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

/* ------------------------------------------------------------ periods */

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

/* ------------------------------------------------------------ price and total return */

/** A day of a company's comparison: its price and its total return, each 100 at the base. */
export interface ComparePoint {
  date: string;
  /** The close over the base close, times 100. */
  price: number;
  /** The value of 100 invested at the base close with every dividend reinvested at its ex-date's close; null without dividends read. */
  total: number | null;
}

export interface CompareSeries {
  points: ComparePoint[];
  /** The base: the last close on or before the period's start, or the first close. */
  from: string | null;
  /**
   * The company's first close is after the period's start (it listed within the period): its
   * line starts there, at 100, and its returns are since then.
   */
  startsLate: boolean;
}

/**
 * A company's price and total return over a period, both 100 at the base (the last close on or
 * before `start`, or its first close when it listed later: `startsLate`). The total return
 * reinvests each cash dividend (split-adjusted, as the closes are) at the close of its
 * ex-dividend date, or of the first session after it: value(d) = value(d-1) x (close(d) +
 * dividends(d)) / close(d-1). Exact in decimal, each figure rounded once. Without `dividends`
 * (not read) the total return is null.
 */
export function compareSeries(
  closes: readonly { date: string; close: number }[],
  dividends: readonly { date: string; adjDividend: number }[] | null,
  start: string,
): CompareSeries {
  const sorted = closes
    .filter((c) => Number.isFinite(c.close) && c.close > 0)
    .map((c) => ({ date: c.date.slice(0, 10), close: c.close }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let base = sorted.findIndex((c) => c.date > start);
  if (base < 0) base = sorted.length - 1;
  else if (base > 0) base -= 1;
  const first = sorted[base];
  if (!first) return { points: [], from: null, startsLate: false };
  const paid = [...(dividends ?? [])]
    .filter((d) => Number.isFinite(d.adjDividend) && d.adjDividend > 0)
    .map((d) => ({ date: d.date.slice(0, 10), amount: dec(d.adjDividend) }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const baseClose = dec(first.close);
  let total = dec(100);
  let next = paid.findIndex((d) => d.date > first.date);
  if (next < 0) next = paid.length;
  const points: ComparePoint[] = [];
  for (let i = base; i < sorted.length; i++) {
    const day = sorted[i]!;
    const close = dec(day.close);
    if (i > base) {
      // Dividends going ex after the previous session, up to this one.
      let cash = dec(0);
      while (next < paid.length && paid[next]!.date <= day.date)
        cash = cash.plus(paid[next++]!.amount);
      total = total.times(close.plus(cash)).div(dec(sorted[i - 1]!.close));
    }
    const price = toOutput(close.div(baseClose).times(100));
    if (price === null) continue;
    points.push({ date: day.date, price, total: dividends ? toOutput(total) : null });
  }
  return { points, from: first.date, startsLate: first.date > start };
}

/** The change over the series in percent (price and total return), from its last point; null when empty. */
export function seriesReturns(
  series: CompareSeries,
): { price: number; total: number | null } | null {
  const last = series.points[series.points.length - 1];
  if (!last) return null;
  return {
    price: toOutput(dec(last.price).minus(100)) ?? 0,
    total: last.total === null ? null : (toOutput(dec(last.total).minus(100)) ?? 0),
  };
}
