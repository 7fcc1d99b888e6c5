import * as z from 'zod/mini';
import '../schemas/zod-messages';
import { isSessionOpen, lastCloseAtOrBefore, newYorkOffsetHours, newYorkTime } from './session';

/*
 * How fresh the screener snapshot is (decision 166): the market map and Compare say in their
 * answer and on screen when their figures were taken, which session's move their one-day change
 * is, and whether the snapshot is older than its refresh interval allows.
 */

/** The screener snapshot job's period (infra/jobs.ts): every 15 minutes around the session. */
export const SNAPSHOT_REFRESH_MINUTES = 15;

/** The longest a run of the job may take (its timeout): a snapshot is replaced this long after its due time. */
export const SNAPSHOT_RUN_MINUTES = 5;

/** A snapshot older than this while prices move (the interval and a run's time) is stale. */
export const SNAPSHOT_STALE_AFTER_MS = (SNAPSHOT_REFRESH_MINUTES + SNAPSHOT_RUN_MINUTES) * 60_000;

/**
 * The session whose prices a moment's quotes show (New York day, YYYY-MM-DD): the session under
 * way, else the last one that closed (a Saturday's quotes are Friday's; before the open, the day
 * before's).
 */
export function sessionAt(ms: number): string {
  if (isSessionOpen(ms)) return newYorkTime(ms).day;
  return newYorkTime(lastCloseAtOrBefore(ms)).day;
}

export interface SnapshotFreshness {
  /** When the snapshot was built (ISO instant). */
  snapshotAt: string;
  /** The session its one-day changes are the moves of (YYYY-MM-DD). */
  session: string;
  /** Minutes between the job's runs while the market trades. */
  refreshMinutes: number;
  /**
   * Whether the snapshot is older than its refresh allows: more than one interval and a run's
   * time behind the market's last move (now while the session is open, the last close
   * otherwise). Outside the session a snapshot built after the close is current.
   */
  stale: boolean;
}

export function snapshotFreshness(builtAt: number, now: number): SnapshotFreshness {
  const lastMove = isSessionOpen(now) ? now : lastCloseAtOrBefore(now);
  return {
    snapshotAt: new Date(builtAt).toISOString(),
    session: sessionAt(builtAt),
    refreshMinutes: SNAPSHOT_REFRESH_MINUTES,
    stale: lastMove - builtAt > SNAPSHOT_STALE_AFTER_MS,
  };
}

/** The freshness part of the map's and Compare's answers; null before the first snapshot. */
export const snapshotFreshnessSchema = z.nullable(
  z.object({
    snapshotAt: z.string(),
    session: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    refreshMinutes: z.number(),
    stale: z.boolean(),
  }),
);

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as New York wall-clock time, "2026-03-10 11:00 New York time" (empty when unreadable). */
export function newYorkStamp(instant: string | number): string {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) return '';
  const local = new Date(ms + newYorkOffsetHours(ms) * 3_600_000);
  return `${local.toISOString().slice(0, 10)} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())} New York time`;
}
