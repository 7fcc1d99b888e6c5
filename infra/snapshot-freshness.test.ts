import { describe, expect, it } from 'vitest';
import {
  SNAPSHOT_REFRESH_MINUTES,
  SNAPSHOT_RUN_MINUTES,
  SNAPSHOT_STALE_AFTER_MS,
} from '../shared/market/freshness';
import { jobTimeout } from './constructs/jobs';
import { JOBS } from './jobs';

/*
 * The market map and Compare call a screener snapshot stale past one refresh interval and a
 * run's time (decision 166): those are the job's own schedule and timeout.
 */
describe('the screener snapshot’s freshness', () => {
  it('is judged by the snapshot job’s schedule and the longest a run may take', () => {
    const job = JOBS.find((j) => j.id === 'refreshScreenerSnapshot')!;
    expect(job.everyMinutes).toBe(SNAPSHOT_REFRESH_MINUTES);
    expect(jobTimeout(job).toSeconds()).toBe(SNAPSHOT_RUN_MINUTES * 60);
    expect(SNAPSHOT_STALE_AFTER_MS).toBe(
      (job.everyMinutes * 60 + jobTimeout(job).toSeconds()) * 1000,
    );
  });
});
