import type { MarketSource } from '../../shared/market';

/**
 * What the data plan allows, and how often the quote job refreshes under it.
 * FMP: free = 250 calls a day, end-of-day data, statement `limit` up to 5, one symbol per
 * quote call; Starter = 300 calls a minute; Premium = 750 a minute (market-data.md).
 */
export interface PlanLimits {
  name: 'demo' | 'free' | 'starter' | 'premium';
  /** Largest statement/ratios `limit` the plan accepts (larger asks are trimmed, not sent). */
  statementLimit: number;
  /** Symbols per quote call: 1 uses `quote?symbol=`, more uses `batch-quote?symbols=`. */
  quoteBatch: number;
  /** Upstream calls the quote job may make per run. */
  jobCallsPerRun: number;
  /** Minutes between quote refreshes of the job (free data is end of day: hourly is plenty). */
  quoteRefreshMinutes: number;
  /** Whether intraday charts and 13F holders are on the plan (else answered as empty, not called). */
  intraday: boolean;
  holders: boolean;
}

export const PLANS: Record<PlanLimits['name'], PlanLimits> = {
  demo: {
    name: 'demo',
    statementLimit: 1000,
    quoteBatch: 1,
    jobCallsPerRun: 1000,
    quoteRefreshMinutes: 1,
    intraday: true,
    holders: true,
  },
  free: {
    name: 'free',
    statementLimit: 5,
    quoteBatch: 1,
    jobCallsPerRun: 8,
    quoteRefreshMinutes: 60,
    intraday: false,
    holders: false,
  },
  starter: {
    name: 'starter',
    statementLimit: 1000,
    quoteBatch: 50,
    jobCallsPerRun: 100,
    quoteRefreshMinutes: 1,
    intraday: true,
    holders: false,
  },
  premium: {
    name: 'premium',
    statementLimit: 1000,
    quoteBatch: 50,
    jobCallsPerRun: 300,
    quoteRefreshMinutes: 1,
    intraday: true,
    holders: true,
  },
};

export function planFor(source: MarketSource, fmpPlan: 'free' | 'starter' | 'premium'): PlanLimits {
  return source === 'demo' ? PLANS.demo : PLANS[fmpPlan];
}
