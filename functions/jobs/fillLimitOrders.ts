import { logger } from '../lib/logger';
import { METRIC, recordCount } from '../lib/metrics';
import { marketService } from '../market/service';
import { fillOpenOrders } from '../portfolios/fill';
import { portfolioStore } from '../portfolios/store';
import { scheduledJob } from './scheduled';

/**
 * Scheduled every minute (infra/jobs.ts): fills the open limit orders whose cached quote
 * crossed their limit.
 */
export const handler = scheduledJob('fillLimitOrders', async (event) => {
  const result = await fillOpenOrders({ store: portfolioStore(), market: marketService() });
  recordCount(METRIC.ordersFilled, result.filled);
  logger.info('limit order fill ran', { time: event.time, ...result });
  return result;
});
