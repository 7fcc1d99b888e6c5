import * as z from 'zod/mini';
import '../schemas/zod-messages';
import { SCREENER_COLUMNS, type ScreenerColumn, type ScreenerRow } from './columns';
import {
  NUMERIC_FILTERS,
  inBound,
  optionOf,
  screenerFilters,
  type EarningsDateOption,
  type NumericFilterField,
  type ScreenerFilters,
} from './filters';

/**
 * The screen itself: filter, sort and page rows of the snapshot, in memory. Pure.
 */

export const MAX_PAGE_SIZE = 100;

export const screenRequest = z.strictObject({
  filters: z._default(screenerFilters, {}),
  sort: z._default(
    z.enum(SCREENER_COLUMNS, { message: 'Choose a column to sort by' }),
    'marketCap',
  ),
  order: z._default(z.enum(['asc', 'desc'], { message: 'Sort order is asc or desc' }), 'desc'),
  page: z._default(
    z.coerce
      .number()
      .check(z.int('Page is a whole number'), z.gte(1, 'Pages start at 1'), z.lte(100_000)),
    1,
  ),
  pageSize: z._default(
    z.coerce
      .number()
      .check(
        z.int('Page size is a whole number'),
        z.gte(1),
        z.lte(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} rows a page`),
      ),
    20,
  ),
});
export type ScreenRequest = z.output<typeof screenRequest>;

export interface ScreenResult {
  total: number;
  page: number;
  pageSize: number;
  /** The page's rows, each with its 1-based number in the whole result ("No"). */
  rows: (ScreenerRow & { no: number })[];
}

// --- earnings-date windows -----------------------------------------------------------------

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** [from, to] inclusive (YYYY-MM-DD) of an earnings-date option; weeks run Monday to Sunday. */
export function earningsWindow(option: EarningsDateOption, today: string): [string, string] {
  const t = Date.parse(`${today}T00:00:00Z`);
  const monday = t - ((new Date(t).getUTCDay() + 6) % 7) * DAY_MS;
  switch (option) {
    case 'thisweek':
      return [iso(monday), iso(monday + 6 * DAY_MS)];
    case 'previousweek':
      return [iso(monday - 7 * DAY_MS), iso(monday - DAY_MS)];
    case 'nextweek':
      return [iso(monday + 7 * DAY_MS), iso(monday + 13 * DAY_MS)];
    case 'thismonth': {
      const d = new Date(t);
      const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
      return [`${today.slice(0, 7)}-01`, iso(last.getTime())];
    }
  }
}

// --- filtering -----------------------------------------------------------------------------

type Predicate = (row: ScreenerRow) => boolean;

/** One predicate per filter given; `today` (YYYY-MM-DD, New York) places the earnings windows. */
export function compileFilters(filters: ScreenerFilters, today: string): Predicate[] {
  const out: Predicate[] = [];
  if (filters.name) {
    const needle = filters.name.toLowerCase();
    out.push(
      (r) => r.symbol.toLowerCase().includes(needle) || r.company.toLowerCase().includes(needle),
    );
  }
  if (filters.sector) {
    const sector = filters.sector.toLowerCase();
    out.push((r) => r.sector !== null && r.sector.toLowerCase() === sector);
  }
  if (filters.industry) {
    const industry = filters.industry.toLowerCase();
    out.push((r) => r.industry !== null && r.industry.toLowerCase() === industry);
  }
  if (filters.earningdate) {
    const [from, to] = earningsWindow(filters.earningdate, today);
    const inside = (d: string | null) => d !== null && d >= from && d <= to;
    out.push((r) => inside(r.lastEarningsDate) || inside(r.nextEarningsDate));
  }
  for (const field of Object.keys(NUMERIC_FILTERS) as NumericFilterField[]) {
    const id = filters[field];
    if (id === undefined) continue;
    const option = optionOf(field, id);
    if (!option) throw new Error(`Unknown ${field} option ${id}`);
    const column = NUMERIC_FILTERS[field].column;
    const bound = option.bound;
    out.push((r) => inBound(r[column], bound));
  }
  return out;
}

export function matches(row: ScreenerRow, predicates: readonly Predicate[]): boolean {
  for (const p of predicates) if (!p(row)) return false;
  return true;
}

// --- sorting -------------------------------------------------------------------------------

/** Sorts by a column; N/A values go last in either order; ties by ticker. */
export function compareBy(column: ScreenerColumn, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  return (a: ScreenerRow, b: ScreenerRow): number => {
    const x = a[column];
    const y = b[column];
    if (x === null && y === null) return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
    if (x === null) return 1;
    if (y === null) return -1;
    let c: number;
    if (typeof x === 'number' && typeof y === 'number') c = x - y;
    else {
      const sx = String(x).toLowerCase();
      const sy = String(y).toLowerCase();
      c = sx < sy ? -1 : sx > sy ? 1 : 0;
    }
    if (c !== 0) return sign * c;
    return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
  };
}

/** Filters, sorts and pages. A page past the end is empty (the total still tells the count). */
export function screen(
  rows: readonly ScreenerRow[],
  request: ScreenRequest,
  today: string,
): ScreenResult {
  const predicates = compileFilters(request.filters as ScreenerFilters, today);
  const hits = predicates.length ? rows.filter((r) => matches(r, predicates)) : [...rows];
  hits.sort(compareBy(request.sort, request.order));
  const start = (request.page - 1) * request.pageSize;
  return {
    total: hits.length,
    page: request.page,
    pageSize: request.pageSize,
    rows: hits.slice(start, start + request.pageSize).map((r, i) => ({ ...r, no: start + i + 1 })),
  };
}
