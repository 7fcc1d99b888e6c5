import type { RouteNeed } from '../shared/routes';
import { SNAPSHOT_REFRESH_MINUTES } from '../shared/market/freshness';
import { SESSION_CLOSE_MINUTE, SESSION_OPEN_MINUTE } from '../shared/market/session';

/**
 * Scheduled jobs: EventBridge rules in AWS, timers in the local stack, same handlers.
 */
export interface JobDef {
  id: string;
  /** Handler module under `functions/`, exporting `handler`. */
  handler: string;
  /** Minutes between runs. */
  everyMinutes: number;
  /**
   * Runs only on weekdays in the UTC hours of SESSION_WINDOW_UTC, around the exchange's session
   * (prices move only then; decision 138). The local stack runs every job every `everyMinutes`.
   */
  sessionOnly: boolean;
  needs: readonly RouteNeed[];
  summary: string;
}

/** New York is 4 (summer) or 5 (winter) hours behind UTC (shared/market/session.ts). */
const NEW_YORK_OFFSETS_HOURS = [4, 5] as const;

/**
 * The UTC hours (inclusive) in which the session jobs run on weekdays: from the hour of the
 * earliest UTC open (summer time) to the hour of the latest UTC close (winter time), so every
 * minute of the session is covered whatever the season, with the run after the close: 13 to 21,
 * that is 09:00-17:59 New York time in summer and 08:00-16:59 in winter. Exchange holidays run
 * too; the jobs themselves skip what a closed market does not need (functions/market/refresh.ts).
 */
export const SESSION_WINDOW_UTC = {
  fromHour: Math.floor((SESSION_OPEN_MINUTE + Math.min(...NEW_YORK_OFFSETS_HOURS) * 60) / 60),
  toHour: Math.floor((SESSION_CLOSE_MINUTE + Math.max(...NEW_YORK_OFFSETS_HOURS) * 60) / 60),
} as const;

/** Runs of a job in an average month (365.25 / 12 days; 5 weekdays in 7). */
export function runsPerMonth(job: Pick<JobDef, 'everyMinutes' | 'sessionOnly'>): number {
  const days = 365.25 / 12;
  if (!job.sessionOnly) return (days * 24 * 60) / job.everyMinutes;
  const hours = SESSION_WINDOW_UTC.toHour - SESSION_WINDOW_UTC.fromHour + 1;
  return (days * (5 / 7) * hours * 60) / job.everyMinutes;
}

export const JOBS: readonly JobDef[] = [
  {
    id: 'refreshQuotes',
    handler: 'jobs/refreshQuotes',
    everyMinutes: 1,
    sessionOnly: true,
    needs: ['tableWrite', 'marketData', 'mail', 'alertMail', 'alertToken'],
    summary:
      'Caches the index quotes and the quotes of every tracked, watched, held or alerted symbol, then emails the valuation alerts that crossed',
  },
  {
    id: 'fillLimitOrders',
    handler: 'jobs/fillLimitOrders',
    everyMinutes: 1,
    sessionOnly: true,
    needs: ['tableWrite', 'marketData'],
    summary: 'Fills the open limit orders whose cached quote crossed their limit',
  },
  {
    id: 'refreshScreenerSnapshot',
    handler: 'jobs/refreshScreenerSnapshot',
    // The market map and Compare call a snapshot older than this (and a run's time) stale.
    everyMinutes: SNAPSHOT_REFRESH_MINUTES,
    sessionOnly: true,
    needs: ['tableWrite', 'marketData'],
    summary:
      'Rebuilds the screener snapshot: quotes every run, fundamentals and price history once a day per symbol',
  },
];
