/**
 * Bench section `quota`: one simulated trading day (Tuesday 10 March 2026, 00:00 to 24:00 UTC)
 * under each data plan, with the demo universe and a 6,000-symbol one, at 10, 1,000 and 100,000
 * users. Upstream calls are counted against the plan's limits by a model of the shared call
 * budget (the same shares, windows and daily spreading as functions/market/budget.ts), spent by
 * the jobs' own planners (planQuoteRun, planScreenerQuotes, refreshDue and the runs left today)
 * and by readers' cache misses (company views, with their value lines, analysts' estimates and
 * the span's dividends and index fund, on the cache's freshness
 * per kind; a heatmap view per user-session, which reads no provider; an income view per
 * user-session, which reads its symbols' dividends and splits a day fresh; a Compare view of
 * three companies a user-day, their closes and dividends). It prints the
 * calls of the day against the plan's limit (and the busiest minute against a per-minute
 * limit), how old a tracked symbol's price gets during the session (p50/p95), and how many
 * reader misses were answered from the cache because the budget was spent.
 */
import { INDEX_SYMBOLS } from '../shared/market';
import { PLANS, shareOf, type CallPriority, type PlanLimits } from '../shared/market/plans';
import { isSessionOpen } from '../shared/market/session';
import { DEMO_UNIVERSE } from '../functions/market/demo/index';
import {
  planQuoteRun,
  refreshDue,
  refreshesLeftToday,
  MAX_CALLS_PER_RUN,
} from '../functions/market/refresh';
import {
  FUNDAMENTAL_CALLS,
  FUNDAMENTALS_MAX_AGE_MS,
  FUNDAMENTALS_PER_RUN,
  planScreenerQuotes,
  screenerRunsLeftToday,
} from '../functions/screener/build';
import { FRESH_MS } from '../functions/market/service';
import { ESTIMATES_READS } from '../functions/market/estimates';
import { VALUE_LINE_READS } from '../functions/market/value-line';
import { MARKET_MAP_READS } from '../functions/screener/market-map';
import { INCOME_READS } from '../functions/portfolios/income';
import { type Report, atMost, info, percentile } from './lib';

const DAY_START = Date.parse('2026-03-10T00:00:00Z');
const MINUTE = 60_000;

/** The shared budget's arithmetic, in memory (functions/market/budget.ts keeps it in the table). */
class ModelBudget {
  private minutes = new Map<number, number>();
  day = 0;
  peakMinute = 0;
  constructor(private readonly plan: PlanLimits) {}
  private minuteCount(at: number): number {
    return this.minutes.get(Math.floor(at / MINUTE)) ?? 0;
  }
  take(at: number, who: CallPriority): boolean {
    const { callsPerMinute, callsPerDay } = this.plan;
    if (callsPerMinute !== null && this.minuteCount(at) + 1 > shareOf(callsPerMinute, who))
      return false;
    if (callsPerDay !== null && this.day + 1 > shareOf(callsPerDay, who)) return false;
    const m = Math.floor(at / MINUTE);
    const next = (this.minutes.get(m) ?? 0) + 1;
    this.minutes.set(m, next);
    this.peakMinute = Math.max(this.peakMinute, next);
    this.day++;
    return true;
  }
  allowance(at: number, who: CallPriority, runsLeft: number): number {
    const { callsPerMinute, callsPerDay } = this.plan;
    let left = Number.POSITIVE_INFINITY;
    if (callsPerMinute !== null)
      left = Math.min(left, shareOf(callsPerMinute, who) - this.minuteCount(at));
    if (callsPerDay !== null)
      left = Math.min(
        left,
        Math.floor((shareOf(callsPerDay, who) - this.day) / Math.max(1, runsLeft)),
      );
    return Math.max(0, left);
  }
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Zipf-like pick: popular symbols (the front of the list) far more often than the rest. */
function picker(size: number, random: () => number): () => number {
  return () => Math.min(size - 1, Math.floor(size * Math.pow(random(), 2.2)));
}

/**
 * The value line's span in returns (decision 187): the company's dividends, and the S&P 500
 * fund's closes (one key a day for every company) and dividends, the same for every view.
 */
const SPAN_READS: readonly (readonly [string, number])[] = [
  ['dividends', FRESH_MS.day],
  ['daily#SPY', FRESH_MS.daily],
  ['dividends#SPY', FRESH_MS.day],
];
/**
 * What a company view reads from the provider on a cache miss: kind and freshness (its value
 * line and its analysts' estimates too; the estimates' annual statements are the view's own
 * `income` read, counted once).
 */
const VIEW_KEYS: readonly (readonly [string, number])[] = (
  [
    ['profile', FRESH_MS.day],
    ['ratiosTtm', FRESH_MS.day],
    ['income', FRESH_MS.day],
    ['keyMetrics', FRESH_MS.day],
    ['daily', FRESH_MS.daily],
    ['news', FRESH_MS.news],
    ...VALUE_LINE_READS,
    ...ESTIMATES_READS,
    ...SPAN_READS,
  ] as const
).filter(([kind], i, all) => all.findIndex(([k]) => k === kind) === i);
const ESTIMATE_KINDS = new Set(ESTIMATES_READS.map(([kind]) => kind));
/** Each user-session opens the market heatmap once (decision 152); one session a user-day. */
const HEATMAP_VIEWS_PER_USER_DAY = 1;
/**
 * What Compare reads per company on a cache miss (decision 168): its daily closes over the
 * period and its dividends (the total return). One comparison of three companies a user-day.
 */
const COMPARE_KEYS: readonly (readonly [string, number])[] = [
  ['compareDaily', FRESH_MS.daily],
  ['dividends', FRESH_MS.day],
];
const COMPARE_VIEWS_PER_USER_DAY = 1;
const COMPANIES_PER_COMPARE = 3;
const SCREENS_PER_USER_DAY = 20;
/** Each user-session opens the income view once (decision 180), of this many held and watched symbols. */
const INCOME_VIEWS_PER_USER_DAY = 1;
const INCOME_SYMBOLS_PER_VIEW = 12;
const INTERESTS_PER_USER = 5;

interface Cell {
  calls: number;
  peakMinute: number;
  ageP50: number;
  ageP95: number;
  readerMisses: number;
  readerRefused: number;
  heatmapViews: number;
  heatmapCalls: number;
  incomeViews: number;
  incomeCalls: number;
  /** Calls of income views all of whose symbols an earlier view of the day had read. */
  incomeCachedCalls: number;
  compareViews: number;
  compareCalls: number;
  /** Company views of a symbol whose estimates an earlier view of the day had read. */
  estimateViewsCached: number;
  /** Their estimates' upstream calls (the cache answers them: 0). */
  estimateCachedCalls: number;
}

function simulate(plan: PlanLimits, universe: readonly string[], users: number): Cell {
  const random = mulberry32(users * 7919 + universe.length);
  const pick = picker(universe.length, random);
  const budget = new ModelBudget(plan);
  const interested = new Set<string>();
  for (let i = 0; i < users * INTERESTS_PER_USER && interested.size < universe.length; i++)
    interested.add(universe[pick()]!);
  const interestList = [...interested];
  // Quotes last fetched: everything at the previous close (a warm cache at the start of the day).
  const previousClose = DAY_START - 3 * 3_600_000;
  const quoteAt = new Map<string, number>();
  let indexAt = previousClose;
  const keyAt = new Map<string, number>();
  const fundamentalsAt = new Map<string, number>();
  const sample = interestList.slice(0, 500);
  const ages: number[] = [];
  let readerMisses = 0;
  let readerRefused = 0;
  let views = 0;
  let maps = 0;
  let heatmapViews = 0;
  let heatmapCalls = 0;
  let incomes = 0;
  let incomeViews = 0;
  let incomeCalls = 0;
  let incomeCachedCalls = 0;
  const incomeSeen = new Set<string>();
  let compares = 0;
  let compareViews = 0;
  let compareCalls = 0;
  const estimatesSeen = new Set<string>();
  let estimateViewsCached = 0;
  let estimateCachedCalls = 0;

  for (let at = DAY_START; at < DAY_START + 24 * 60 * MINUTE; at += MINUTE) {
    const open = isSessionOpen(at);
    // Readers: company views during the session.
    if (open) {
      views += (users * SCREENS_PER_USER_DAY) / 390;
      for (; views >= 1; views--) {
        const symbol = universe[pick()]!;
        const estimatesCached = estimatesSeen.has(symbol);
        if (estimatesCached) estimateViewsCached++;
        let estimatesRead = true;
        for (const [kind, fresh] of VIEW_KEYS) {
          // A read of one symbol for every view (the index fund's) names it in its kind.
          const key = kind.includes('#') ? kind : `${kind}#${symbol}`;
          const last = keyAt.get(key);
          if (last !== undefined && at - last < fresh) continue;
          readerMisses++;
          if (budget.take(at, 'reader')) {
            keyAt.set(key, at);
            if (estimatesCached && ESTIMATE_KINDS.has(kind)) estimateCachedCalls++;
          } else {
            readerRefused++;
            if (ESTIMATE_KINDS.has(kind)) estimatesRead = false;
          }
        }
        // Seen once its estimates' reads are in the cache (a refused one is tried again).
        if (estimatesRead) estimatesSeen.add(symbol);
      }
      // Heatmap views: the snapshot and the stored quotes (MARKET_MAP_READS: no provider read).
      // Counted in 390ths of a view (the session's minutes), so no rounding loses one.
      maps += users * HEATMAP_VIEWS_PER_USER_DAY;
      for (; maps >= 390; maps -= 390) {
        heatmapViews++;
        for (const [kind, fresh] of MARKET_MAP_READS) {
          const last = keyAt.get(kind);
          if (last !== undefined && at - last < fresh) continue;
          readerMisses++;
          if (budget.take(at, 'reader')) {
            keyAt.set(kind, at);
            heatmapCalls++;
          } else readerRefused++;
        }
      }
    }
    // Income views: each reads its symbols' dividends and splits (INCOME_READS) from the cache;
    // a view whose symbols an earlier view of the day read must make no call.
    if (open) {
      incomes += users * INCOME_VIEWS_PER_USER_DAY;
      for (; incomes >= 390; incomes -= 390) {
        incomeViews++;
        const symbols = Array.from({ length: INCOME_SYMBOLS_PER_VIEW }, () => universe[pick()]!);
        const cached = symbols.every((s) => incomeSeen.has(s));
        for (const symbol of symbols) {
          let read = true;
          for (const [kind, fresh] of INCOME_READS) {
            const key = `${kind}#${symbol}`;
            const last = keyAt.get(key);
            if (last !== undefined && at - last < fresh) continue;
            readerMisses++;
            if (budget.take(at, 'reader')) {
              keyAt.set(key, at);
              incomeCalls++;
              if (cached) incomeCachedCalls++;
            } else {
              readerRefused++;
              read = false;
            }
          }
          // Seen once both reads are in the cache (a refused read is tried again by a later view).
          if (read) incomeSeen.add(symbol);
        }
      }
    }
    // Compare views: each company's closes and dividends, on the cache's freshness.
    if (open) {
      compares += users * COMPARE_VIEWS_PER_USER_DAY;
      for (; compares >= 390; compares -= 390) {
        compareViews++;
        for (let c = 0; c < COMPANIES_PER_COMPARE; c++) {
          const symbol = universe[pick()]!;
          for (const [kind, fresh] of COMPARE_KEYS) {
            const key = `${kind}#${symbol}`;
            const last = keyAt.get(key);
            if (last !== undefined && at - last < fresh) continue;
            readerMisses++;
            if (budget.take(at, 'reader')) {
              keyAt.set(key, at);
              compareCalls++;
            } else readerRefused++;
          }
        }
      }
    }
    // The quote job, every minute.
    if (refreshDue(plan, indexAt, at, at)) {
      const allowance = Math.min(
        MAX_CALLS_PER_RUN,
        budget.allowance(at, 'quotes', refreshesLeftToday(plan, at)),
      );
      const { batches } = planQuoteRun(plan, interestList, allowance, at);
      for (const batch of batches) {
        if (!budget.take(at, 'quotes')) break;
        for (const s of batch) {
          if ((INDEX_SYMBOLS as readonly string[]).includes(s)) indexAt = at;
          else quoteAt.set(s, at);
        }
      }
    }
    // The screener job, every 15 minutes.
    if ((at - DAY_START) % (15 * MINUTE) === 0) {
      let left = budget.allowance(at, 'screener', screenerRunsLeftToday(at));
      if (left >= 1 && budget.take(at, 'screener')) {
        left -= 1;
        const symbols = planScreenerQuotes(
          universe,
          interestList,
          Math.max(1, plan.quoteBatch),
          left,
          Math.floor(at / (15 * MINUTE)),
        );
        const perCall = Math.max(1, plan.quoteBatch);
        for (let i = 0; i < symbols.length; i += perCall) {
          if (!budget.take(at, 'screener')) break;
          left -= 1;
        }
        const perRun = Math.min(
          FUNDAMENTALS_PER_RUN[plan.name] ?? 0,
          Math.floor(Math.max(0, left) / FUNDAMENTAL_CALLS),
        );
        const due = universe
          .filter((s) => at - (fundamentalsAt.get(s) ?? 0) >= FUNDAMENTALS_MAX_AGE_MS)
          .slice(0, Number.isFinite(perRun) ? perRun : undefined);
        fundamentals: for (const s of due) {
          for (let c = 0; c < FUNDAMENTAL_CALLS; c++)
            if (!budget.take(at, 'screener')) break fundamentals;
          fundamentalsAt.set(s, at);
        }
      }
    }
    if (open) for (const s of sample) ages.push((at - (quoteAt.get(s) ?? previousClose)) / MINUTE);
  }
  return {
    calls: budget.day,
    peakMinute: budget.peakMinute,
    ageP50: percentile(ages, 0.5),
    ageP95: percentile(ages, 0.95),
    readerMisses,
    readerRefused,
    heatmapViews,
    heatmapCalls,
    incomeViews,
    incomeCalls,
    incomeCachedCalls,
    compareViews,
    compareCalls,
    estimateViewsCached,
    estimateCachedCalls,
  };
}

export async function run(report: Report): Promise<void> {
  const demo = DEMO_UNIVERSE.map((c) => c.symbol);
  const large = [...demo];
  for (let i = 0; large.length < 6000; i++) large.push(`S${i.toString(36).toUpperCase()}`);
  const universes: [string, string[]][] = [
    ['demo universe', demo],
    ['6,000 symbols', large],
  ];
  for (const name of ['free', 'starter', 'premium'] as const) {
    const plan = PLANS[name];
    for (const [universeName, universe] of universes) {
      for (const users of [10, 1_000, 100_000]) {
        const cell = simulate(plan, universe, users);
        const label = `${name}, ${universeName}, ${users.toLocaleString('en-US')} users`;
        if (plan.callsPerDay !== null)
          report(
            atMost('quota', `${label}: upstream calls a day`, cell.calls, plan.callsPerDay, String),
          );
        else
          report(
            atMost(
              'quota',
              `${label}: upstream calls in the busiest minute (${cell.calls.toLocaleString('en-US')} a day)`,
              cell.peakMinute,
              plan.callsPerMinute!,
              String,
            ),
          );
        report(
          info(
            'quota',
            `${label}: tracked price age in the session, p50 / p95`,
            `${cell.ageP50.toFixed(0)} / ${cell.ageP95.toFixed(0)} min`,
          ),
        );
        report(
          atMost(
            'quota',
            `${label}: upstream calls of ${cell.heatmapViews.toLocaleString('en-US')} heatmap views (one a user-session)`,
            cell.heatmapCalls,
            0,
            String,
          ),
        );
        report(
          info(
            'quota',
            `${label}: upstream calls of ${cell.incomeViews.toLocaleString('en-US')} income views (one a user-session)`,
            cell.incomeCalls.toLocaleString('en-US'),
          ),
        );
        report(
          atMost(
            'quota',
            `${label}: upstream calls of income views whose symbols were read earlier that day`,
            cell.incomeCachedCalls,
            0,
            String,
          ),
        );
        report(
          info(
            'quota',
            `${label}: upstream calls of ${cell.compareViews.toLocaleString('en-US')} Compare views (closes and dividends of 3 companies each)`,
            cell.compareCalls.toLocaleString('en-US'),
          ),
        );
        report(
          atMost(
            'quota',
            `${label}: upstream calls for the analysts' estimates of ${cell.estimateViewsCached.toLocaleString('en-US')} company views of a symbol read earlier that day`,
            cell.estimateCachedCalls,
            0,
            String,
          ),
        );
        report(
          info(
            'quota',
            `${label}: reader misses answered from the cache (budget spent)`,
            `${cell.readerRefused.toLocaleString('en-US')} of ${cell.readerMisses.toLocaleString('en-US')}`,
          ),
        );
      }
    }
  }
}
