import type { ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { marketService } from '../market/service';
import { fillOpenOrders } from '../portfolios/fill';
import { portfolioStore } from '../portfolios/store';

/**
 * Scheduled every minute (infra/jobs.ts): fills the open limit orders whose cached quote
 * crossed their limit.
 */
export const handler = async (event: Partial<ScheduledEvent> = {}) => {
  const result = await fillOpenOrders({ store: portfolioStore(), market: marketService() });
  logger.info('limit order fill ran', { time: event.time ?? new Date().toISOString(), ...result });
  return result;
};
