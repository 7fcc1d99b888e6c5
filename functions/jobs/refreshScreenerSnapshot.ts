import { logger } from '../lib/logger';
import { withPriority } from '../market/budget';
import { marketService } from '../market/service';
import { buildSnapshot } from '../screener/build';
import { loadSnapshot, saveSnapshot } from '../screener/snapshot';
import { scheduledJob } from './scheduled';

/**
 * Scheduled every 15 minutes (infra/jobs.ts): rebuilds the screener snapshot. Its provider
 * calls come last from the shared budget (decision 099): quotes of the whole universe in
 * batches where the plan allows, else the symbols of interest first and the rest in turn;
 * each symbol's fundamentals, earnings dates and price-history references once a day, as the
 * budget allows.
 */
export const handler = scheduledJob('refreshScreenerSnapshot', async (event) => {
  const previous = await loadSnapshot().catch((error: unknown) => {
    logger.warn('previous screener snapshot unreadable: rebuilding from scratch', {
      error: error as Error,
    });
    return undefined;
  });
  const { data, stats } = await withPriority('screener', () =>
    buildSnapshot({ service: marketService(), previous }),
  );
  const header = await saveSnapshot(data);
  const result = { ...stats, parts: header.parts, bytes: header.bytes, version: header.version };
  logger.info('screener snapshot refreshed', { time: event.time, ...result });
  return result;
});
