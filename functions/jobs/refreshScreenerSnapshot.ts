import type { ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { marketService } from '../market/service';
import { buildSnapshot } from '../screener/build';
import { loadSnapshot, saveSnapshot } from '../screener/snapshot';

/**
 * Scheduled every 15 minutes (infra/jobs.ts): rebuilds the screener snapshot. Prices,
 * changes, volumes and market caps are fresh every run; each symbol's fundamentals, earnings
 * dates and price-history references are refreshed once a day, within the plan's budget.
 */
export const handler = async (event: Partial<ScheduledEvent> = {}) => {
  const previous = await loadSnapshot().catch((error: unknown) => {
    logger.warn('previous screener snapshot unreadable: rebuilding from scratch', {
      error: error as Error,
    });
    return undefined;
  });
  const { data, stats } = await buildSnapshot({ service: marketService(), previous });
  const header = await saveSnapshot(data);
  const result = { ...stats, parts: header.parts, bytes: header.bytes, version: header.version };
  logger.info('screener snapshot refreshed', {
    time: event.time ?? new Date().toISOString(),
    ...result,
  });
  return result;
};
