import type { RouteNeed } from '../shared/routes';

/**
 * Scheduled jobs: EventBridge rules in AWS, timers in the local stack, same handlers.
 */
export interface JobDef {
  id: string;
  /** Handler module under `functions/`, exporting `handler`. */
  handler: string;
  /** Minutes between runs (EventBridge `rate(...)`). */
  everyMinutes: number;
  needs: readonly RouteNeed[];
  summary: string;
}

export const JOBS: readonly JobDef[] = [
  {
    id: 'refreshQuotes',
    handler: 'jobs/refreshQuotes',
    everyMinutes: 1,
    needs: ['tableWrite', 'marketData', 'mail', 'alertMail', 'alertToken'],
    summary:
      'Caches the index quotes and the quotes of every tracked, watched, held or alerted symbol, then emails the valuation alerts that crossed',
  },
  {
    id: 'fillLimitOrders',
    handler: 'jobs/fillLimitOrders',
    everyMinutes: 1,
    needs: ['tableWrite', 'marketData'],
    summary: 'Fills the open limit orders whose cached quote crossed their limit',
  },
  {
    id: 'refreshScreenerSnapshot',
    handler: 'jobs/refreshScreenerSnapshot',
    everyMinutes: 15,
    needs: ['tableWrite', 'marketData'],
    summary:
      'Rebuilds the screener snapshot: quotes every run, fundamentals and price history once a day per symbol',
  },
];
