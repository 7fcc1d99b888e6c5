import type { ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { refreshQuotes } from '../market/refresh';
import { marketService } from '../market/service';

/**
 * Scheduled every minute (infra/jobs.ts). Refreshes the quote cache that pages polling
 * every 30 s read from, so the number of users never multiplies upstream calls.
 */
export const handler = async (event: Partial<ScheduledEvent> = {}) => {
  const result = await refreshQuotes(marketService());
  logger.info('quote refresh ran', { time: event.time ?? new Date().toISOString(), ...result });
  return result;
};
