import { evaluateAlerts } from '../alerts/evaluate';
import { alertStore } from '../alerts/store';
import { logger } from '../lib/logger';
import { METRIC, recordBudget, recordCount } from '../lib/metrics';
import { refreshQuotes } from '../market/refresh';
import { marketService } from '../market/service';
import { scheduledJob } from './scheduled';

/**
 * Scheduled every minute (infra/jobs.ts). Refreshes the quote cache that pages polling
 * every 30 s read from, so the number of users never multiplies upstream calls; then checks
 * the valuation alerts against the fresh quotes and emails the ones that crossed. Every run
 * also reports the provider's call budget and circuit breaker (the alarms read them).
 */
export const handler = scheduledJob('refreshQuotes', async (event) => {
  const market = marketService();
  const result = await refreshQuotes(market);
  logger.info('quote refresh ran', { time: event.time, ...result });
  if (market.budget?.limited) {
    const { plan } = market.budget;
    const used = await market.budget.usage();
    const percent = Math.max(
      plan.callsPerMinute ? (100 * used.minute) / plan.callsPerMinute : 0,
      plan.callsPerDay ? (100 * used.day) / plan.callsPerDay : 0,
    );
    recordBudget(percent, used.openUntil !== undefined);
  }
  let alerts;
  try {
    alerts = await evaluateAlerts({ store: alertStore(), market });
    recordCount(METRIC.alertsSent, alerts.sent);
    logger.info('alerts checked', { ...alerts });
  } catch (error) {
    logger.error('alert check failed', { error: error as Error });
  }
  return { ...result, alerts };
});
