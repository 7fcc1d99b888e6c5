import * as z from 'zod/mini';
import '../schemas/zod-messages';
import { snapshotFreshnessSchema, sessionAt, type SnapshotFreshness } from '../market/freshness';
import { marketEnvelope } from '../market/schemas';
import type { ScreenerRow } from '../screener/columns';
import type { Fundamentals, Listing } from '../screener/compute';
import { dec, roundTo } from '../valuation/decimal';
import type { MapCompany } from './layout';
import { HEATMAP_PERIODS, type HeatmapPeriod } from './scale';
import { premiumPercent, type ValueGap } from './value';

/*
 * The market map's data (decision 152): every company of the screener snapshot with its
 * market cap, its change over 1D, 1W, 1M, 3M, 6M, 1Y and YTD, and its price against its value
 * at its ten-year median P/E (decision 195), the price taken from the quote cache when
 * it holds a newer quote than the snapshot. No provider call: the snapshot and the quote cache
 * are both kept by the scheduled jobs.
 */

/** A company on the map. */
export interface HeatmapCompany extends MapCompany {
  name: string;
  /** Percent change by period; null when unknown. */
  changes: Record<HeatmapPeriod, number | null>;
  /** The price the changes and the premium are of; null when unknown. */
  price: number | null;
  /** Value per share at its ten-year median P/E known on the snapshot's day (decision 195). */
  value: number | null;
  /** The median P/E of that value. */
  multiple: number | null;
  /** The price's premium to that value in percent (negative: a discount); null without one. */
  premium: number | null;
  /** Why there is no value (a loss, too little history); null with one or when not computed. */
  gap: ValueGap | null;
}

/** Sector and industry of a company the snapshot does not classify. */
export const UNCLASSIFIED = 'Other';

/** The screener's columns behind each period (one figure, one function: shared/screener/compute). */
export const PERIOD_COLUMN: Record<HeatmapPeriod, keyof ScreenerRow> = {
  '1D': 'changePercent',
  '1W': 'perfWeek',
  '1M': 'perfMonth',
  '3M': 'perfQuarter',
  '6M': 'perfHalf',
  '1Y': 'perfYear',
  YTD: 'perfYtd',
};

/** A stored quote, as the quote cache holds it (fetchedAt: epoch ms). */
export interface CachedQuote {
  price: number;
  change: number | null;
  marketCap: number | null;
  fetchedAt: number;
}

/**
 * The snapshot's listing with the price, change and market cap of a cached quote that is newer
 * than the snapshot and of the same session (the quote job refreshes what investors follow
 * every minute); otherwise the listing as the snapshot has it, so every one-day change on the
 * map is the move of the snapshot's session. The screener's own row function then gives every
 * figure.
 */
export function listingWithQuote(
  listing: Listing,
  quote: CachedQuote | undefined,
  builtAt: number,
): Listing {
  if (!quote || quote.fetchedAt <= builtAt || !(quote.price > 0)) return listing;
  if (sessionAt(quote.fetchedAt) !== sessionAt(builtAt)) return listing;
  const marketCap =
    quote.marketCap !== null && quote.marketCap > 0
      ? quote.marketCap
      : listing.marketCap !== null && listing.price !== null && listing.price > 0
        ? (listing.marketCap * quote.price) / listing.price
        : listing.marketCap;
  return { ...listing, price: quote.price, change: quote.change, marketCap };
}

/** To the cent of a percent, half away from zero as the screener prints it (formatNumber). */
const rounded = (n: unknown): number | null =>
  typeof n === 'number' && Number.isFinite(n) ? roundTo(dec(n), 2) : null;

const gapOf = (v: unknown): ValueGap | null => (v === 'loss' || v === 'history' ? v : null);
const finite = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

/**
 * A screener row as a map company, with the value at its median P/E from its fundamentals
 * (the snapshot's, stored by the job); null without a positive market cap.
 */
export function heatmapCompany(
  row: ScreenerRow,
  fundamentals?: Pick<Fundamentals, 'medianValue' | 'medianPe' | 'medianValueGap'>,
): HeatmapCompany | null {
  if (row.marketCap === null || !(row.marketCap > 0)) return null;
  const changes = {} as Record<HeatmapPeriod, number | null>;
  for (const period of HEATMAP_PERIODS) changes[period] = rounded(row[PERIOD_COLUMN[period]]);
  const price = finite(row.price);
  const value = finite(fundamentals?.medianValue);
  return {
    symbol: row.symbol,
    name: row.company,
    sector: row.sector || UNCLASSIFIED,
    industry: row.industry || UNCLASSIFIED,
    marketCap: Math.round(row.marketCap),
    changes,
    price,
    value,
    multiple: value === null ? null : finite(fundamentals?.medianPe),
    premium: premiumPercent(price, value),
    gap: value === null ? gapOf(fundamentals?.medianValueGap) : null,
  };
}

/* ------------------------------------------------------------ the answer */

type N = number | null;

/**
 * One company on the wire: symbol, name, sector index, industry index, market cap, the changes
 * over 1D, 1W, 1M, YTD, 3M, 6M, 1Y, then price, value at the median P/E, that median, the
 * premium and the gap ('loss', 'history' or null).
 */
export type HeatmapWireRow = [
  string,
  string,
  number,
  number,
  number,
  N,
  N,
  N,
  N,
  N,
  N,
  N,
  N,
  N,
  N,
  N,
  ValueGap | null,
];

/** The answer's shape: names once, rows as arrays (a sixth of the size of objects). */
export interface HeatmapWire {
  sectors: string[];
  industries: string[];
  rows: HeatmapWireRow[];
  /** When the snapshot was taken, whose session its one-day moves are, whether it is stale. */
  freshness: SnapshotFreshness | null;
}

export function encodeHeatmap(
  companies: readonly HeatmapCompany[],
  freshness: SnapshotFreshness | null,
): HeatmapWire {
  const sectors: string[] = [];
  const industries: string[] = [];
  const index = (list: string[], name: string) => {
    let i = list.indexOf(name);
    if (i < 0) i = list.push(name) - 1;
    return i;
  };
  return {
    sectors,
    industries,
    freshness,
    rows: companies.map((c) => [
      c.symbol,
      c.name,
      index(sectors, c.sector),
      index(industries, c.industry),
      c.marketCap,
      c.changes['1D'],
      c.changes['1W'],
      c.changes['1M'],
      c.changes.YTD,
      c.changes['3M'],
      c.changes['6M'],
      c.changes['1Y'],
      c.price,
      c.value,
      c.multiple,
      c.premium,
      c.gap,
    ]),
  };
}

export function decodeHeatmap(wire: HeatmapWire): HeatmapCompany[] {
  return wire.rows.map(
    ([
      symbol,
      name,
      s,
      i,
      marketCap,
      d,
      w,
      m,
      ytd,
      q,
      h,
      y,
      price,
      value,
      multiple,
      premium,
      gap,
    ]) => ({
      symbol,
      name,
      sector: wire.sectors[s] ?? UNCLASSIFIED,
      industry: wire.industries[i] ?? UNCLASSIFIED,
      marketCap,
      changes: { '1D': d, '1W': w, '1M': m, '3M': q, '6M': h, '1Y': y, YTD: ytd },
      price,
      value,
      multiple,
      premium,
      gap,
    }),
  );
}

const change = z.nullable(z.number());

/** `GET /api/market/heatmap`: no parameters. */
export const heatmapRequest = z.strictObject({});

export const heatmapWireSchema = z.object({
  freshness: snapshotFreshnessSchema,
  sectors: z.array(z.string()),
  industries: z.array(z.string()),
  rows: z.array(
    z.tuple([
      z.string(),
      z.string(),
      z.number(),
      z.number(),
      z.number(),
      change,
      change,
      change,
      change,
      change,
      change,
      change,
      change,
      change,
      change,
      change,
      z.nullable(z.enum(['loss', 'history'])),
    ]),
  ),
});

export const heatmapResponse = marketEnvelope(heatmapWireSchema);
export type HeatmapResponse = z.infer<typeof heatmapResponse>;
