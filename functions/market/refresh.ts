import { INDEX_SYMBOLS } from '../../shared/market';
import type { PlanLimits } from '../../shared/market/plans';
import {
  SESSION_OPEN_MINUTE,
  isSessionOpen,
  isTradingDay,
  lastCloseAtOrBefore,
  newYorkTime,
  sessionCloseMinute,
} from '../../shared/market/session';
import { marketNowMs } from '../lib/clock';
import { logger } from '../lib/logger';
import { BudgetExhaustedError, CircuitOpenError, withPriority } from './budget';
import type { InterestStore } from './interest';
import { interestedSymbols } from './interest';
import type { MarketService } from './service';

export interface RefreshResult {
  refreshed: number;
  calls: number;
  skipped: boolean;
  failed: number;
  /** Symbols of interest left for a later run: the budget did not cover them this time. */
  deferred: number;
}

/** Upper bound of one run's calls, so a run ends well within its minute. */
export const MAX_CALLS_PER_RUN = 300;

export interface RefreshOptions {
  /** Wall clock, for the age of cached quotes. */
  now?: () => number;
  /** The market's clock (decision 098), for the session. */
  marketNow?: () => number;
}

/**
 * Whether a refresh is due: while the session is open, every `quoteRefreshMinutes`; outside it,
 * once after the last close (prices do not move until the next open).
 */
export function refreshDue(
  plan: PlanLimits,
  lastFetchedAt: number | undefined,
  now: number,
  marketNow: number,
): boolean {
  if (lastFetchedAt === undefined) return true;
  if (isSessionOpen(marketNow))
    return now - lastFetchedAt >= plan.quoteRefreshMinutes * 60_000 - 15_000;
  return lastFetchedAt < lastCloseAtOrBefore(marketNow) + 60_000;
}

/** Refreshes the quote job can still make today: the session's left, plus the one after the close. */
export function refreshesLeftToday(plan: PlanLimits, marketNow: number): number {
  const t = newYorkTime(marketNow);
  // The exchange's calendar: no session on a holiday, 13:00 on an early close.
  const close = sessionCloseMinute(t.day);
  if (!isTradingDay(t.day) || t.minute >= close) return 1;
  const left = close - Math.max(t.minute, SESSION_OPEN_MINUTE);
  return Math.ceil(left / plan.quoteRefreshMinutes) + 1;
}

/**
 * One run of the quote job: the four indexes and every symbol of interest (tracked, watched,
 * held, alerted), fetched in as few upstream calls as the plan allows and written to the cache
 * that page reads use. The calls come from the shared budget at the quote job's share
 * (decision 099): under a daily quota, the day's share is spread over the refreshes left today;
 * symbols a run cannot cover are taken first by the next run (a rotation), the indexes always.
 */
export async function refreshQuotes(
  service: MarketService,
  store: InterestStore = {},
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  const now = options.now ?? Date.now;
  const marketNow = (options.marketNow ?? marketNowMs)();
  const plan = service.provider.plan;
  const latest = await service.cache.peek('quote', INDEX_SYMBOLS[0]);
  if (!refreshDue(plan, latest?.fetchedAt, now(), marketNow)) {
    return { refreshed: 0, calls: 0, skipped: true, failed: 0, deferred: 0 };
  }
  const interested = (await interestedSymbols(store)).filter(
    (s) => !(INDEX_SYMBOLS as readonly string[]).includes(s),
  );
  const budget = service.budget;
  const allowance = Math.min(
    MAX_CALLS_PER_RUN,
    budget ? await budget.allowance('quotes', refreshesLeftToday(plan, marketNow)) : Infinity,
  );
  const { batches: run, covered, deferred } = planQuoteRun(plan, interested, allowance, now());
  if (deferred > 0) {
    logger.warn('quote job over its call budget: the rest waits for the next runs', {
      symbols: interested.length,
      covered,
      allowance,
    });
  }

  let refreshed = 0;
  let failed = 0;
  let calls = 0;
  let stopped = false;
  await withPriority('quotes', async () => {
    // A few calls at a time: enough to finish well within a minute, gentle on rate limits.
    for (let i = 0; i < run.length && !stopped; i += 8) {
      await Promise.all(
        run.slice(i, i + 8).map(async (list) => {
          if (stopped) return;
          calls++;
          try {
            const quotes = await service.provider.quotes(list);
            const at = now();
            await Promise.all(quotes.map((q) => service.cache.write('quote', q.symbol, q, at)));
            refreshed += quotes.length;
          } catch (error) {
            failed += list.length;
            // The budget or the breaker said no: the rest of the run would be refused too.
            if (error instanceof BudgetExhaustedError || error instanceof CircuitOpenError)
              stopped = true;
            else
              logger.warn('quote refresh failed', {
                symbols: list.join(','),
                error: error as Error,
              });
          }
        }),
      );
    }
  });
  return { refreshed, calls, skipped: false, failed, deferred };
}

/**
 * What one run fetches: the indexes first, then the symbols of interest from where the last
 * short run stopped, in the plan's batches, as many calls as `allowance` gives.
 */
export function planQuoteRun(
  plan: PlanLimits,
  interested: readonly string[],
  allowance: number,
  now: number,
): { batches: string[][]; covered: number; deferred: number } {
  const batch = Math.max(1, plan.quoteBatch);
  const indexCalls = Math.ceil(INDEX_SYMBOLS.length / batch);
  const room = Math.max(0, (allowance - indexCalls) * batch);
  const covered =
    room >= interested.length
      ? [...interested]
      : rotate(interested, runIndex(now, plan) * room).slice(0, room);
  const symbols = [...INDEX_SYMBOLS, ...covered];
  const batches: string[][] = [];
  for (let i = 0; i < symbols.length; i += batch) batches.push(symbols.slice(i, i + batch));
  return {
    batches: batches.slice(0, Math.max(0, Math.floor(allowance))),
    covered: covered.length,
    deferred: interested.length - covered.length,
  };
}

/** The number of a refresh slot: consecutive short runs take consecutive slices of the list. */
function runIndex(now: number, plan: PlanLimits): number {
  return Math.floor(now / (plan.quoteRefreshMinutes * 60_000));
}

function rotate<T>(list: readonly T[], by: number): T[] {
  const k = ((by % list.length) + list.length) % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
}
