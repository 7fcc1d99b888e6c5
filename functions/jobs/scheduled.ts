import type { ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { publishMetrics, recordJobRun } from '../lib/metrics';

/**
 * A scheduled job's handler: its run, failure and duration recorded as metrics (the alarms on
 * job failures read them; a run that throws is retried by Lambda, then kept in the job's
 * dead-letter queue), and the invocation's metrics written when it ends.
 */
export function scheduledJob<R>(
  id: string,
  work: (event: Partial<ScheduledEvent>) => Promise<R>,
): (event?: Partial<ScheduledEvent>) => Promise<R> {
  return async (event = {}) => {
    const started = Date.now();
    let ok = false;
    try {
      const result = await work(event);
      ok = true;
      return result;
    } catch (error) {
      logger.error('job failed', { job: id, error: error as Error });
      throw error;
    } finally {
      recordJobRun(id, ok, Date.now() - started);
      publishMetrics();
    }
  };
}
