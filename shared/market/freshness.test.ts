import { describe, expect, it } from 'vitest';
import { newYorkStamp, sessionAt, snapshotFreshness } from './freshness';

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;

describe('a snapshot’s freshness', () => {
  it('mid-session, a snapshot of this morning’s run is current and its moves are today’s', () => {
    const now = at('2026-03-10T15:00:00Z'); // Tuesday 11:00 in New York
    expect(snapshotFreshness(now - 10 * MINUTE, now)).toEqual({
      snapshotAt: '2026-03-10T14:50:00.000Z',
      session: '2026-03-10',
      refreshMinutes: 15,
      stale: false,
    });
  });

  it('is stale once older than one refresh and a run’s time while prices move (20 minutes)', () => {
    const now = at('2026-03-10T15:00:00Z');
    expect(snapshotFreshness(now - 20 * MINUTE, now).stale).toBe(false);
    expect(snapshotFreshness(now - 20 * MINUTE - 1, now).stale).toBe(true);
  });

  it('a ten-day-old snapshot is stale, and its moves are those of its own session', () => {
    const now = at('2026-03-10T15:00:00Z');
    const built = at('2026-02-27T20:00:00Z'); // Friday 15:00 in New York
    expect(snapshotFreshness(built, now)).toMatchObject({ session: '2026-02-27', stale: true });
  });

  it('on a Saturday, the snapshot taken after Friday’s close is current; one taken before it is not', () => {
    const saturday = at('2026-03-07T16:00:00Z');
    expect(snapshotFreshness(at('2026-03-06T21:05:00Z'), saturday)).toMatchObject({
      session: '2026-03-06',
      stale: false,
    });
    // The job stopped at 15:00 on Friday: the last hour of the session is missing.
    expect(snapshotFreshness(at('2026-03-06T20:00:00Z'), saturday).stale).toBe(true);
  });

  it('before Monday’s open, Friday’s closing snapshot is current and its moves are Friday’s', () => {
    const monday = at('2026-03-09T13:00:00Z'); // 09:00 in New York
    expect(snapshotFreshness(at('2026-03-06T21:15:00Z'), monday)).toMatchObject({
      session: '2026-03-06',
      stale: false,
    });
    // Built at 09:15 on Monday, before the open: still Friday's moves.
    expect(sessionAt(at('2026-03-09T13:15:00Z'))).toBe('2026-03-06');
    expect(sessionAt(at('2026-03-09T13:31:00Z'))).toBe('2026-03-09');
  });

  it('on Christmas Day, the snapshot after Christmas Eve’s early close (13:00) is current', () => {
    const christmas = at('2025-12-25T16:00:00Z');
    expect(snapshotFreshness(at('2025-12-24T18:05:00Z'), christmas)).toMatchObject({
      session: '2025-12-24',
      stale: false,
    });
    expect(snapshotFreshness(at('2025-12-24T17:00:00Z'), christmas).stale).toBe(true);
  });
});

describe('New York time on screen', () => {
  it('prints an instant in New York wall-clock time, summer and winter', () => {
    expect(newYorkStamp('2026-03-10T15:00:00Z')).toBe('2026-03-10 11:00 New York time');
    expect(newYorkStamp('2026-01-05T15:00:00Z')).toBe('2026-01-05 10:00 New York time');
    expect(newYorkStamp(at('2026-03-10T03:30:00Z'))).toBe('2026-03-09 23:30 New York time');
    expect(newYorkStamp('not a time')).toBe('');
  });
});
