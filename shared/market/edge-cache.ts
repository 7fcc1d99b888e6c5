import type { ProxyRead } from './proxy';
import { isSessionOpen, nextSessionOpenAfter } from './session';

/*
 * How long CloudFront (and any shared cache) may keep a public market-data answer: the one
 * table of `Cache-Control` lifetimes, by kind of data (docs/decisions/126). The GET routes
 * under `/api/market/` answer with `public, s-maxage=…, stale-while-revalidate=…` from it;
 * every other answer of the API is `no-store`. The bench's edge-cache section simulates the
 * same table.
 *
 * Browsers get no `max-age`: the web app's query cache already decides when it asks again,
 * and a browser-held copy could not be taken back. Only the shared cache keeps copies.
 */

/** Kinds of public market data, each with its own lifetime at the edge. */
export type EdgeCacheKind =
  | 'quote'
  | 'intraday'
  | 'series'
  | 'overview'
  | 'news'
  | 'profile'
  | 'fundamentals'
  | 'search'
  | 'stockList'
  /** The market map and Compare's fundamentals: the screener snapshot at the cached quotes. */
  | 'snapshot'
  /** A shared pitch, its page and preview image, a public record (decision 128). */
  | 'share';

export interface EdgeCacheRule {
  /** s-maxage while the exchange's regular session is open (prices move). */
  openSeconds: number;
  /** s-maxage while it is closed; never past the next open (at least `openSeconds`). */
  closedSeconds: number;
  /** stale-while-revalidate: a copy this much older is still served while one request refreshes it. */
  staleSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * The lifetimes. What the server's own market cache keeps fresh (functions/market/service.ts,
 * FRESH_MS) comes on top: a quote the browser sees is at most its cache age plus s-maxage plus
 * stale-while-revalidate old (20 + 10 s at the edge, while the session is open).
 */
export const EDGE_CACHE_RULES: Readonly<Record<EdgeCacheKind, EdgeCacheRule>> = {
  /** Quotes and the index bar (polled every 30 s by every open page). */
  quote: { openSeconds: 20, closedSeconds: 10 * MINUTE, staleSeconds: 10 },
  /** The company view's first screen: profile, quote, TTM ratios, owners and news. */
  overview: { openSeconds: 30, closedSeconds: 10 * MINUTE, staleSeconds: 15 },
  /** Intraday bars (1 min to 4 h). */
  intraday: { openSeconds: 1 * MINUTE, closedSeconds: 30 * MINUTE, staleSeconds: 30 },
  /** Daily, weekly and historical closing prices (today's bar moves during the session). */
  series: { openSeconds: 5 * MINUTE, closedSeconds: 1 * HOUR, staleSeconds: 1 * MINUTE },
  news: { openSeconds: 5 * MINUTE, closedSeconds: 15 * MINUTE, staleSeconds: 1 * MINUTE },
  /** Company profile, executives, institutional holders. */
  profile: { openSeconds: 6 * HOUR, closedSeconds: 6 * HOUR, staleSeconds: 1 * HOUR },
  /** Statements, ratios and key metrics (annual, quarterly and TTM). */
  fundamentals: { openSeconds: 6 * HOUR, closedSeconds: 6 * HOUR, staleSeconds: 1 * HOUR },
  /** Company search by name or symbol. */
  search: { openSeconds: 12 * HOUR, closedSeconds: 12 * HOUR, staleSeconds: 1 * HOUR },
  /** Stocks by market-cap band and sector (bands move slowly with prices). */
  stockList: { openSeconds: 1 * HOUR, closedSeconds: 1 * HOUR, staleSeconds: 10 * MINUTE },
  /**
   * The market map and Compare (decisions 152, 153): the screener snapshot (rebuilt every 15
   * minutes) at the quotes the quote job refreshes every minute.
   */
  snapshot: { openSeconds: 30, closedSeconds: 15 * MINUTE, staleSeconds: 15 },
  /**
   * Shared pitches and public records (decision 128): briefly, so that a stopped share (or a
   * deleted account) answers 404 at every edge within seconds without an invalidation.
   */
  share: { openSeconds: 30, closedSeconds: 30, staleSeconds: 0 },
};

/** A stale answer (the provider failed and the last good copy was served): kept this briefly. */
export const STALE_ANSWER_SECONDS = 5;

/** A redirect to a request's canonical query (decision 126): the mapping never changes. */
export const CANONICAL_REDIRECT_SECONDS = 24 * HOUR;

/** Every answer that no shared cache may keep: signed-in routes, errors, refusals. */
export const NO_STORE = 'no-store';

/** The cache kind of one read of the market-data proxy. */
export const READ_CACHE_KIND: Readonly<Record<ProxyRead['kind'], EdgeCacheKind>> = {
  search: 'search',
  profile: 'profile',
  quote: 'quote',
  statement: 'fundamentals',
  ratios: 'fundamentals',
  keyMetrics: 'fundamentals',
  ratiosTtm: 'fundamentals',
  keyMetricsTtm: 'fundamentals',
  executives: 'profile',
  holders: 'profile',
  news: 'news',
  intraday: 'intraday',
  daily: 'series',
  dividends: 'fundamentals',
};

/**
 * Seconds a shared cache may serve an answer of this kind fetched at `marketNowMs` (the
 * product's market clock, decision 098): the open lifetime during the session; outside it the
 * closed one, cut so no copy outlives the next open by more than the open lifetime.
 */
export function edgeMaxAgeSeconds(kind: EdgeCacheKind, marketNowMs: number): number {
  const rule = EDGE_CACHE_RULES[kind];
  if (rule.closedSeconds <= rule.openSeconds || isSessionOpen(marketNowMs)) return rule.openSeconds;
  const untilOpen = Math.ceil((nextSessionOpenAfter(marketNowMs) - marketNowMs) / 1000);
  return Math.max(rule.openSeconds, Math.min(rule.closedSeconds, untilOpen));
}

/** `Cache-Control` of a successful public market answer. */
export function edgeCacheControl(
  kind: EdgeCacheKind,
  marketNowMs: number,
  options: { stale?: boolean } = {},
): string {
  if (options.stale) return `public, s-maxage=${STALE_ANSWER_SECONDS}`;
  const rule = EDGE_CACHE_RULES[kind];
  return `public, s-maxage=${edgeMaxAgeSeconds(kind, marketNowMs)}, stale-while-revalidate=${rule.staleSeconds}`;
}

/** The s-maxage of a `Cache-Control` value (0 when it has none or says no-store). */
export function sharedMaxAge(cacheControl: string | undefined | null): number {
  if (!cacheControl || /(^|,)\s*(no-store|private|no-cache)\b/.test(cacheControl)) return 0;
  const m = /(?:^|,)\s*s-maxage=(\d+)/.exec(cacheControl);
  return m ? Number(m[1]) : 0;
}

/** The stale-while-revalidate of a `Cache-Control` value (0 when absent). */
export function staleWhileRevalidate(cacheControl: string | undefined | null): number {
  const m = /(?:^|,)\s*stale-while-revalidate=(\d+)/.exec(cacheControl ?? '');
  return m ? Number(m[1]) : 0;
}

/** A parameter of a canonical query: left out when undefined or empty. */
export type QueryValue = string | number | undefined;

function encode(value: string): string {
  // Commas stay readable (symbol lists); everything else as encodeURIComponent has it.
  return encodeURIComponent(value).replace(/%2C/g, ',');
}

/**
 * The canonical query string of GET parameters: names sorted, empty values left out, values
 * percent-encoded one way. The web app sends exactly this, so one read is one cache key.
 */
export function canonicalQuery(params: Readonly<Record<string, QueryValue>>): string {
  return Object.entries(params)
    .filter(
      (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encode(name)}=${encode(String(value))}`)
    .join('&');
}

/** The decoded name-value pairs of a raw query string, in order (`+` is a space). */
export function queryPairs(raw: string): [string, string][] {
  if (raw === '') return [];
  return raw.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        return text;
      }
    };
    return eq < 0 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))];
  });
}

/**
 * Whether a raw query string says the same as the canonical one, pair by pair and in the same
 * order (percent-encoding aside, so a proxy that re-encodes can never cause a redirect loop).
 */
export function isCanonicalQuery(raw: string, canonical: string): boolean {
  const a = queryPairs(raw);
  const b = queryPairs(canonical);
  return a.length === b.length && a.every(([n, v], i) => n === b[i]![0] && v === b[i]![1]);
}
