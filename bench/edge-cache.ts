/**
 * Bench section `edge-cache`: Lambda invocations for public market reads per user-hour, with
 * CloudFront in front (decision 126), at 10, 1,000 and 100,000 simulated users. A pure
 * simulation on simulated time (no server, no wall clock): every user spends two hours on the
 * site (the index bar polled every 30 s, searches, company views with their overview polled
 * every 30 s, statements, ratios and price series, a stock list), each request goes to one of
 * EDGE_LOCATIONS caches that honour the s-maxage and stale-while-revalidate of its kind of data
 * from the route table's own lifetimes (shared/market/edge-cache.ts), and every miss or
 * revalidation is one Lambda invocation. The first hour starts with empty caches (cold), the
 * second runs on what the first left (warm). Without the edge every request is an invocation.
 */
import { edgeMaxAgeSeconds, type EdgeCacheKind } from '../shared/market/edge-cache';
import { type Report, atMost, info } from './lib';

/** The pinned test clock's instant: Tuesday 10 March 2026, 11:00 in New York, mid-session. */
const START_MS = Date.parse('2026-03-10T15:00:00Z');
const HOURS = 2;
const SECONDS = HOURS * 3600;
/** Edge locations the users are spread over, each with its own cache (regional caches ignored). */
const EDGE_LOCATIONS = 8;
/** Companies users open (the demo universe), chosen by popularity (Zipf, s = 1). */
const UNIVERSE = 538;
/** Distinct search texts people type, by popularity (Zipf, s = 1). */
const SEARCH_TEXTS = 300;
/** Market-cap and sector choices of the stock list. */
const STOCK_LISTS = 6;
const USER_COUNTS = [10, 1_000, 100_000] as const;

/** One user's hour (spec/000 and spec/001: the index bar and the company view refresh every 30 s). */
const HOUR_OF_READS = {
  indexPollSeconds: 30,
  searches: 3,
  companyViews: 4,
  /** Seconds a company view stays open (its overview polled every 30 s meanwhile). */
  viewSeconds: 300,
  stockLists: 1,
} as const;

/** The reads of a company view besides its overview, with their kind of data. */
const VIEW_READS: readonly EdgeCacheKind[] = [
  'fundamentals', // income statement, annual
  'fundamentals', // balance sheet, annual
  'fundamentals', // cash flow, annual
  'fundamentals', // ratios, annual
  'series', // daily closes (price chart)
  'intraday', // 5-minute bars (1D chart)
];

/** Keys of the simulated cache: one per read address; each knows its kind of data. */
interface KeyTable {
  kinds: EdgeCacheKind[];
  index: number;
  search: number;
  stockList: number;
  /** First key of each symbol's reads: overview, then VIEW_READS in order. */
  company: number;
}

function keyTable(): KeyTable {
  const kinds: EdgeCacheKind[] = [];
  const add = (kind: EdgeCacheKind, n: number) => {
    const first = kinds.length;
    for (let i = 0; i < n; i++) kinds.push(kind);
    return first;
  };
  const index = add('quote', 1);
  const search = add('search', SEARCH_TEXTS);
  const stockList = add('stockList', STOCK_LISTS);
  const company = kinds.length;
  for (let s = 0; s < UNIVERSE; s++) {
    kinds.push('overview');
    for (const kind of VIEW_READS) kinds.push(kind);
  }
  return { kinds, index, search, stockList, company };
}

/** A small seeded generator (mulberry32): the same figures on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws 0..n-1 with probability proportional to 1/(i+1). */
function zipf(n: number): (u: number) => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cdf[i] = sum += 1 / (i + 1);
  for (let i = 0; i < n; i++) cdf[i]! /= sum;
  return (u) => {
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

interface Outcome {
  users: number;
  requests: number[];
  invocations: number[];
  /** The most a warm hour can cost: every key asked for, refreshed once per lifetime at each location. */
  ceiling: number;
}

/** One run: every user's two hours of reads, then each cache key replayed in time order. */
function simulate(users: number, keys: KeyTable): Outcome {
  const next = random(20261124 + users);
  const company = zipf(UNIVERSE);
  const searchText = zipf(SEARCH_TEXTS);
  const bytesPerMap = SECONDS >> 3;
  const maps = keys.kinds.length * EDGE_LOCATIONS;
  /** Per (key, location): a bit per second, set when at least one request asked for it then. */
  const asked = new Uint8Array(maps * bytesPerMap);
  const requests = new Array<number>(HOURS).fill(0);
  const mark = (location: number, key: number, second: number) => {
    if (second >= SECONDS) return;
    const at = (key * EDGE_LOCATIONS + location) * bytesPerMap + (second >> 3);
    asked[at]! |= 1 << (second & 7);
    requests[Math.floor(second / 3600)]! += 1;
  };

  for (let u = 0; u < users; u++) {
    const location = u % EDGE_LOCATIONS;
    const phase = Math.floor(next() * HOUR_OF_READS.indexPollSeconds);
    for (let t = phase; t < SECONDS; t += HOUR_OF_READS.indexPollSeconds)
      mark(location, keys.index, t);
    for (let hour = 0; hour < HOURS; hour++) {
      const at = (span: number) => hour * 3600 + Math.floor(next() * span);
      for (let i = 0; i < HOUR_OF_READS.searches; i++)
        mark(location, keys.search + searchText(next()), at(3600));
      for (let i = 0; i < HOUR_OF_READS.stockLists; i++)
        mark(location, keys.stockList + Math.floor(next() * STOCK_LISTS), at(3600));
      for (let i = 0; i < HOUR_OF_READS.companyViews; i++) {
        const first = keys.company + company(next()) * (1 + VIEW_READS.length);
        const open = at(3600 - HOUR_OF_READS.viewSeconds);
        for (let t = 0; t < HOUR_OF_READS.viewSeconds; t += 30) mark(location, first, open + t);
        VIEW_READS.forEach((_, r) => mark(location, first + 1 + r, open + 1 + r));
      }
    }
  }

  const invocations = new Array<number>(HOURS).fill(0);
  let ceiling = 0;
  for (let id = 0; id < maps; id++) {
    const bits = asked.subarray(id * bytesPerMap, (id + 1) * bytesPerMap);
    const kind = keys.kinds[Math.floor(id / EDGE_LOCATIONS)]!;
    let fetchedAt = -Infinity;
    let freshFor = 0;
    let warmAsked = false;
    for (let byte = 0; byte < bits.length; byte++) {
      const b = bits[byte]!;
      if (b === 0) continue;
      for (let bit = 0; bit < 8; bit++) {
        if ((b & (1 << bit)) === 0) continue;
        const t = (byte << 3) + bit;
        if (t >= 3600) warmAsked = true;
        const age = t - fetchedAt;
        if (age < freshFor) continue; // a hit
        // A miss, or a stale copy served (within stale-while-revalidate) while this request
        // refreshes it: one invocation either way, and the copy is new from here.
        invocations[Math.floor(t / 3600)]! += 1;
        fetchedAt = t;
        freshFor = edgeMaxAgeSeconds(kind, START_MS + t * 1000);
      }
    }
    if (warmAsked) ceiling += Math.ceil(3600 / edgeMaxAgeSeconds(kind, START_MS + 3600_000));
  }
  return { users, requests, invocations, ceiling };
}

/** Warm invocations an hour when every key is asked for at every location all the time. */
function plateau(keys: KeyTable): number {
  const at = START_MS + 3600_000;
  return keys.kinds.reduce(
    (sum, kind) => sum + EDGE_LOCATIONS * Math.ceil(3600 / edgeMaxAgeSeconds(kind, at)),
    0,
  );
}

const perUser = (n: number, users: number) => (n / users).toFixed(n / users < 1 ? 3 : 1);

export function run(report: Report): Promise<void> {
  const started = performance.now();
  const keys = keyTable();
  const outcomes = USER_COUNTS.map((n) => simulate(n, keys));
  const rows = [
    [
      'users',
      'requests/user-h',
      'invocations/user-h cold',
      'warm',
      'warm total/h',
      'warm hit ratio',
    ],
    ...outcomes.map((o) => [
      o.users.toLocaleString('en-US'),
      perUser(o.requests[1]!, o.users),
      perUser(o.invocations[0]!, o.users),
      perUser(o.invocations[1]!, o.users),
      o.invocations[1]!.toLocaleString('en-US'),
      `${(100 * (1 - o.invocations[1]! / o.requests[1]!)).toFixed(1)}%`,
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  console.log(
    `Simulated: ${EDGE_LOCATIONS} edge locations, ${UNIVERSE} companies, mid-session (${new Date(START_MS).toISOString()}); without the edge cache every request is an invocation.`,
  );
  for (const row of rows) console.log(`  ${row.map((v, c) => v.padStart(widths[c]!)).join('  ')}`);

  for (const o of outcomes) {
    const who = `${o.users.toLocaleString('en-US')} users`;
    report(info('edge-cache', `requests per user-hour (${who})`, perUser(o.requests[1]!, o.users)));
    report(
      info(
        'edge-cache',
        `invocations per user-hour, cold / warm (${who})`,
        `${perUser(o.invocations[0]!, o.users)} / ${perUser(o.invocations[1]!, o.users)}`,
      ),
    );
  }
  report(
    info(
      'edge-cache',
      'warm invocations per hour, however many users (every key hot at every location)',
      `at most ${plateau(keys).toLocaleString('en-US')}`,
    ),
  );
  // Flat once warm: the warm hour never costs more than one refresh per key, location and lifetime.
  const largest = outcomes.at(-1)!;
  report(
    atMost(
      'edge-cache',
      'warm invocations per hour at 100,000 users (bound: one per key, location and lifetime)',
      largest.invocations[1]!,
      largest.ceiling,
      (v) => Math.round(v).toLocaleString('en-US'),
    ),
  );
  report(
    atMost(
      'edge-cache',
      'simulation time',
      (performance.now() - started) / 1000,
      10,
      (v) => `${v.toFixed(1)} s`,
    ),
  );
  return Promise.resolve();
}
