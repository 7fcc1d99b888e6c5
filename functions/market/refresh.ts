import { INDEX_SYMBOLS } from '../../shared/market';
import { logger } from '../lib/logger';
import type { InterestStore } from './interest';
import { interestedSymbols } from './interest';
import type { MarketService } from './service';

export interface RefreshResult {
  refreshed: number;
  calls: number;
  skipped: boolean;
  failed: number;
}

/**
 * One run of the quote job: the four indexes and every symbol of interest, fetched in as few
 * upstream calls as the plan allows and written to the cache that page reads use. Under plans
 * with a daily quota (free) it runs less often than the schedule (`quoteRefreshMinutes`).
 */
export async function refreshQuotes(
  service: MarketService,
  store: InterestStore = {},
  now: () => number = Date.now,
): Promise<RefreshResult> {
  const plan = service.provider.plan;
  const latest = await service.cache.peek('quote', INDEX_SYMBOLS[0]);
  // A little slack so a run a few seconds early still refreshes.
  if (latest && now() - latest.fetchedAt < plan.quoteRefreshMinutes * 60_000 - 15_000) {
    return { refreshed: 0, calls: 0, skipped: true, failed: 0 };
  }
  const symbols = [...new Set([...INDEX_SYMBOLS, ...(await interestedSymbols(store))])];
  const batch = Math.max(1, plan.quoteBatch);
  const batches: string[][] = [];
  for (let i = 0; i < symbols.length; i += batch) batches.push(symbols.slice(i, i + batch));
  if (batches.length > plan.jobCallsPerRun) {
    logger.warn('quote job over its call budget: refreshing the first symbols only', {
      symbols: symbols.length,
      budget: plan.jobCallsPerRun,
    });
  }
  let refreshed = 0;
  let failed = 0;
  let calls = 0;
  const run = batches.slice(0, plan.jobCallsPerRun);
  // A few calls at a time: enough to finish well within a minute, gentle on rate limits.
  for (let i = 0; i < run.length; i += 8) {
    await Promise.all(
      run.slice(i, i + 8).map(async (list) => {
        calls++;
        try {
          const quotes = await service.provider.quotes(list);
          const at = now();
          await Promise.all(quotes.map((q) => service.cache.write('quote', q.symbol, q, at)));
          refreshed += quotes.length;
        } catch (error) {
          failed += list.length;
          logger.warn('quote refresh failed', { symbols: list.join(','), error: error as Error });
        }
      }),
    );
  }
  return { refreshed, calls, skipped: false, failed };
}
