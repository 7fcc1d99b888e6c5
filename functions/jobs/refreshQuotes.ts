import type { ScheduledEvent } from 'aws-lambda';
import { evaluateAlerts } from '../alerts/evaluate';
import { alertStore } from '../alerts/store';
import { logger } from '../lib/logger';
import { refreshQuotes } from '../market/refresh';
import { marketService } from '../market/service';

/**
 * Scheduled every minute (infra/jobs.ts). Refreshes the quote cache that pages polling
 * every 30 s read from, so the number of users never multiplies upstream calls; then checks
 * the valuation alerts against the fresh quotes and emails the ones that crossed.
 */
export const handler = async (event: Partial<ScheduledEvent> = {}) => {
  const market = marketService();
  const result = await refreshQuotes(market);
  logger.info('quote refresh ran', { time: event.time ?? new Date().toISOString(), ...result });
  let alerts;
  try {
    alerts = await evaluateAlerts({ store: alertStore(), market });
    logger.info('alerts checked', { ...alerts });
  } catch (error) {
    logger.error('alert check failed', { error: error as Error });
  }
  return { ...result, alerts };
};
