/**
 * What each market-data plan allows: one table, read by every function that calls the
 * provider, by the call budget they share (functions/market/budget.ts) and by the bench.
 * Financial Modeling Prep (../docs/decisions/030 and 099): free = 250 calls a day, end-of-day
 * data, statement `limit` up to 5, one symbol per quote call, no intraday charts, no 13F
 * holders; Starter = 300 calls a minute; Premium = 750 calls a minute.
 */
export type PlanName = 'demo' | 'free' | 'starter' | 'premium';

export interface PlanLimits {
  name: PlanName;
  /** Upstream calls a minute the plan allows, all functions together (null: no such limit). */
  callsPerMinute: number | null;
  /** Upstream calls a UTC day the plan allows, all functions together (null: no such limit). */
  callsPerDay: number | null;
  /** Largest statement/ratios `limit` the plan accepts (larger asks are trimmed, not sent). */
  statementLimit: number;
  /** Symbols per quote call: 1 uses `quote?symbol=`, more uses `batch-quote?symbols=`. */
  quoteBatch: number;
  /** Minutes between the quote job's refreshes while the session is open. */
  quoteRefreshMinutes: number;
  /** Whether intraday charts and 13F holders are on the plan (else answered as empty, not called). */
  intraday: boolean;
  holders: boolean;
}

export const PLANS: Readonly<Record<PlanName, PlanLimits>> = {
  demo: {
    name: 'demo',
    callsPerMinute: null,
    callsPerDay: null,
    statementLimit: 1000,
    quoteBatch: 1,
    quoteRefreshMinutes: 1,
    intraday: true,
    holders: true,
  },
  free: {
    name: 'free',
    callsPerMinute: null,
    callsPerDay: 250,
    statementLimit: 5,
    quoteBatch: 1,
    quoteRefreshMinutes: 60,
    intraday: false,
    holders: false,
  },
  starter: {
    name: 'starter',
    callsPerMinute: 300,
    callsPerDay: null,
    statementLimit: 1000,
    quoteBatch: 50,
    quoteRefreshMinutes: 1,
    intraday: true,
    holders: false,
  },
  premium: {
    name: 'premium',
    callsPerMinute: 750,
    callsPerDay: null,
    statementLimit: 1000,
    quoteBatch: 50,
    quoteRefreshMinutes: 1,
    intraday: true,
    holders: true,
  },
};

/**
 * Who spends a call. A caller may spend calls while the window's count is below its share of
 * the plan's limit: investors' reads (company pages, charts, search) up to 80%; the quote job,
 * which keeps the prices of what investors track, watch, hold and set alerts on fresh, up to
 * all of it, so readers can never leave it nothing; the screener job up to 40%, so it only uses
 * what the others leave (docs/decisions/099).
 */
export type CallPriority = 'reader' | 'quotes' | 'screener';

export const PRIORITY_SHARE: Readonly<Record<CallPriority, number>> = {
  reader: 0.8,
  quotes: 1,
  screener: 0.4,
};

/** Calls a caller may have made in a window of `limit` calls before it must stop. */
export function shareOf(limit: number, priority: CallPriority): number {
  return Math.floor(limit * PRIORITY_SHARE[priority]);
}

/**
 * One client's (one network address's) share of the plan, for the reads that miss the cache
 * and would call the provider: a tenth of the plan's minute and day, at least 10 (30 a minute
 * on a plan without a minute limit). Cached reads are never limited; a client over its share
 * gets the last good value, or a 429 when there is none (docs/decisions/122).
 */
export const CLIENT_CALL_SHARE = 0.1;

export function clientCallLimits(plan: PlanLimits): { perMinute: number; perDay: number | null } {
  const share = (n: number) => Math.max(10, Math.floor(n * CLIENT_CALL_SHARE));
  return {
    perMinute: plan.callsPerMinute === null ? 30 : share(plan.callsPerMinute),
    perDay: plan.callsPerDay === null ? null : share(plan.callsPerDay),
  };
}
