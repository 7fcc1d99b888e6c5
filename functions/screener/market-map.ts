import type { MarketEnvelope, Quote } from '../../shared/market';
import {
  compareRow,
  type CompareRequest,
  type CompareResponse,
} from '../../shared/compare/compare';
import {
  encodeHeatmap,
  heatmapCompany,
  listingWithQuote,
  type CachedQuote,
  type HeatmapCompany,
  type HeatmapWire,
} from '../../shared/heatmap/data';
import type { ScreenerRow } from '../../shared/screener/columns';
import { sessionAt, snapshotFreshness } from '../../shared/market/freshness';
import { computeRow } from '../../shared/screener/compute';
import { nowMs } from '../lib/clock';
import { recordStaleSnapshot } from '../lib/metrics';
import { interestedSymbols } from '../market/interest';
import type { MarketService } from '../market/service';
import { storedSnapshot } from './current';
import type { LoadedSnapshot } from './snapshot';

/*
 * The market map and Compare (decisions 152 and 153): rows of the screener snapshot, with the
 * price of every symbol the quote cache holds a newer quote for, recomputed by the screener's
 * own row function. Neither reads the provider: the snapshot and the quotes are what the
 * scheduled jobs keep (decision 099).
 */

/** Quotes as the map reads them: those stored, whatever their age (never fetched). */
async function storedQuotes(
  service: MarketService,
  symbols: readonly string[],
): Promise<Map<string, CachedQuote>> {
  const out = new Map<string, CachedQuote>();
  if (symbols.length === 0) return out;
  for (const [symbol, q] of await service.cache.storedMany<Quote>('quote', symbols)) {
    if (typeof q.value?.price !== 'number') continue;
    out.set(symbol, {
      price: q.value.price,
      change: q.value.change ?? null,
      marketCap: q.value.marketCap ?? null,
      fetchedAt: q.fetchedAt,
    });
  }
  return out;
}

/**
 * The provider reads a market map view makes: none. It reads the stored snapshot and the stored
 * quotes (never a stand-in snapshot, never a quote fetch). The quota bench charges a map view per
 * user-session with these, and the cost bench counts a map view's calls to a fake provider.
 */
export const MARKET_MAP_READS: readonly (readonly [string, number])[] = [];

/** The snapshot's rows of `symbols` (all when undefined), at the stored quotes' prices. */
export function rowsAtQuotes(
  snapshot: LoadedSnapshot,
  quotes: ReadonlyMap<string, CachedQuote>,
  symbols?: ReadonlySet<string>,
): ScreenerRow[] {
  const rows: ScreenerRow[] = [];
  for (const entry of snapshot.entries) {
    if (symbols && !symbols.has(entry.listing.symbol)) continue;
    const listing = listingWithQuote(
      entry.listing,
      quotes.get(entry.listing.symbol),
      snapshot.builtAt,
    );
    rows.push(computeRow(listing, entry.fundamentals));
  }
  return rows;
}

/** How long an instance reuses the map it built (CloudFront keeps it as long: EDGE_CACHE_RULES). */
export const MAP_REUSE_MS = 30_000;

let held: { version: string; at: number; answer: MarketEnvelope<HeatmapWire> } | undefined;

/**
 * The quotes the map and Compare price a snapshot at: those stored for the symbols investors
 * follow (the quote job keeps them a minute fresh), among `symbols` (all the snapshot lists when
 * undefined). The same rule for both, so a company shows one price and one change on both.
 */
async function followedQuotes(
  service: MarketService,
  snapshot: LoadedSnapshot,
  symbols?: ReadonlySet<string>,
): Promise<Map<string, CachedQuote>> {
  const listed = new Set(snapshot.entries.map((e) => e.listing.symbol));
  const followed = (await interestedSymbols()).filter(
    (s) => listed.has(s) && (!symbols || symbols.has(s)),
  );
  return storedQuotes(service, followed);
}

/** The time of the newest figure: the snapshot's build, or a newer quote of its session it took. */
function newestFigure(snapshot: LoadedSnapshot, quotes: ReadonlyMap<string, CachedQuote>): number {
  const session = sessionAt(snapshot.builtAt);
  let newest = snapshot.builtAt;
  for (const q of quotes.values())
    if (q.fetchedAt > newest && sessionAt(q.fetchedAt) === session) newest = q.fetchedAt;
  return newest;
}

/**
 * The market map: every company of the snapshot with a market cap, priced at the quotes the
 * quote job keeps for the symbols investors follow (one query for that list, one batch read per
 * 100 of them); the rest at the snapshot's prices, at most one screener run old. The answer
 * says when the snapshot was taken, whose session its one-day moves are, and is marked stale
 * when the snapshot is older than its refresh interval allows (decision 166).
 */
export async function marketMap(
  service: MarketService,
  now: number = nowMs(),
): Promise<MarketEnvelope<HeatmapWire>> {
  const snapshot = await storedSnapshot();
  // Before the job's first snapshot: an empty map, marked stale so the edge keeps it seconds.
  if (!snapshot)
    return {
      data: { sectors: [], industries: [], rows: [], freshness: null },
      source: service.source,
      stale: true,
      asOf: new Date(now).toISOString(),
    };
  if (held && held.version === snapshot.version && now - held.at < MAP_REUSE_MS) {
    if (held.answer.stale) recordStaleSnapshot();
    return held.answer;
  }
  const quotes = await followedQuotes(service, snapshot);
  const companies = rowsAtQuotes(snapshot, quotes)
    .map((row, i) => heatmapCompany(row, snapshot.entries[i]!.fundamentals))
    .filter((c): c is HeatmapCompany => c !== null)
    .sort((a, b) => b.marketCap - a.marketCap);
  const freshness = snapshotFreshness(snapshot.builtAt, now);
  if (freshness.stale) recordStaleSnapshot();
  const answer: MarketEnvelope<HeatmapWire> = {
    data: encodeHeatmap(companies, freshness),
    source: snapshot.source,
    stale: freshness.stale,
    asOf: new Date(newestFigure(snapshot, quotes)).toISOString(),
  };
  held = { version: snapshot.version, at: now, answer };
  return answer;
}

/**
 * Compare's fundamentals: the snapshot's rows of the symbols, priced as the map prices them
 * (the same quotes, the same session), with the snapshot's freshness. Before the first snapshot
 * there are no rows and no symbol is called missing: the fundamentals are being prepared.
 */
export async function compareRows(
  service: MarketService,
  request: CompareRequest,
  now: number = nowMs(),
  stored: () => Promise<LoadedSnapshot | undefined> = storedSnapshot,
): Promise<CompareResponse> {
  const snapshot = await stored();
  if (!snapshot)
    return {
      data: { rows: [], missing: [], freshness: null },
      source: service.source,
      stale: true,
      asOf: new Date(now).toISOString(),
    };
  const wanted = new Set(request.symbols);
  const quotes = await followedQuotes(service, snapshot, wanted);
  const rows = rowsAtQuotes(snapshot, quotes, wanted).map(compareRow);
  const found = new Set(rows.map((r) => r.symbol));
  const freshness = snapshotFreshness(snapshot.builtAt, now);
  if (freshness.stale) recordStaleSnapshot();
  return {
    data: { rows, missing: request.symbols.filter((s) => !found.has(s)), freshness },
    source: snapshot.source,
    stale: freshness.stale,
    asOf: new Date(newestFigure(snapshot, quotes)).toISOString(),
  };
}

/** Forgets the instance's map (tests). */
export function forgetMarketMap(): void {
  held = undefined;
}
