import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  earlyCloses,
  previousTradingDay,
  sessionMinutes,
  exchangeHolidays,
  isSessionOpen,
  isTradingDay,
  lastCloseAtOrBefore,
  newYorkOffsetHours,
  newYorkTime,
} from './session';

/** The exchange's published holiday calendars. */
const PUBLISHED: Record<number, string[]> = {
  2022: [
    '2022-01-17',
    '2022-02-21',
    '2022-04-15',
    '2022-05-30',
    '2022-06-20',
    '2022-07-04',
    '2022-09-05',
    '2022-11-24',
    '2022-12-26',
  ],
  2025: [
    '2025-01-01',
    '2025-01-20',
    '2025-02-17',
    '2025-04-18',
    '2025-05-26',
    '2025-06-19',
    '2025-07-04',
    '2025-09-01',
    '2025-11-27',
    '2025-12-25',
  ],
  2026: [
    '2026-01-01',
    '2026-01-19',
    '2026-02-16',
    '2026-04-03',
    '2026-05-25',
    '2026-06-19',
    '2026-07-03',
    '2026-09-07',
    '2026-11-26',
    '2026-12-25',
  ],
  2027: [
    '2027-01-01',
    '2027-01-18',
    '2027-02-15',
    '2027-03-26',
    '2027-05-31',
    '2027-06-18',
    '2027-07-05',
    '2027-09-06',
    '2027-11-25',
    '2027-12-24',
  ],
};

describe('the exchange calendar', () => {
  it.each(Object.entries(PUBLISHED))('has the published holidays of %s', (year, days) => {
    expect([...exchangeHolidays(Number(year))].sort()).toEqual([...days].sort());
  });

  it('does not close on 31 December when New Year falls on a Saturday (2021-12-31 traded)', () => {
    expect(isTradingDay('2021-12-31')).toBe(true);
    expect(isTradingDay('2022-01-03')).toBe(true);
  });

  it('trades on weekdays that are not holidays and never at weekends', () => {
    expect(isTradingDay('2026-03-10')).toBe(true);
    expect(isTradingDay('2026-03-14')).toBe(false);
    expect(isTradingDay('2026-03-15')).toBe(false);
    expect(isTradingDay('2026-11-26')).toBe(false);
  });
});

describe('the session', () => {
  it('opens at 09:30 and closes at 16:00 New York time, across the clock changes', () => {
    // Tuesday 10 March 2026 (daylight time, UTC-4).
    expect(isSessionOpen(Date.parse('2026-03-10T13:29:59Z'))).toBe(false);
    expect(isSessionOpen(Date.parse('2026-03-10T13:30:00Z'))).toBe(true);
    expect(isSessionOpen(Date.parse('2026-03-10T19:59:59Z'))).toBe(true);
    expect(isSessionOpen(Date.parse('2026-03-10T20:00:00Z'))).toBe(false);
    // Friday 6 March 2026 (standard time, UTC-5).
    expect(isSessionOpen(Date.parse('2026-03-06T14:29:00Z'))).toBe(false);
    expect(isSessionOpen(Date.parse('2026-03-06T14:30:00Z'))).toBe(true);
    expect(isSessionOpen(Date.parse('2026-03-06T21:00:00Z'))).toBe(false);
    // Thanksgiving and a Saturday at noon.
    expect(isSessionOpen(Date.parse('2026-11-26T17:00:00Z'))).toBe(false);
    expect(isSessionOpen(Date.parse('2026-03-14T16:00:00Z'))).toBe(false);
  });

  it('finds the last close: the same day after 16:00, else the trading day before', () => {
    const close = (iso: string) => new Date(lastCloseAtOrBefore(Date.parse(iso))).toISOString();
    expect(close('2026-03-10T20:00:00Z')).toBe('2026-03-10T20:00:00.000Z');
    expect(close('2026-03-10T19:59:00Z')).toBe('2026-03-09T20:00:00.000Z');
    // Monday 9 March is the first day of daylight time: its close is 20:00 UTC, Friday's 21:00.
    expect(close('2026-03-09T10:00:00Z')).toBe('2026-03-06T21:00:00.000Z');
    // Good Friday 2026 is 3 April: Saturday's last close is Thursday's.
    expect(close('2026-04-04T12:00:00Z')).toBe('2026-04-02T20:00:00.000Z');
  });

  it('gives New York time as Intl does with America/New_York (2007-2040, the years of the rule)', () => {
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2007, 0, 1), max: Date.UTC(2040, 0, 1) }), (ms) => {
        const parts = Object.fromEntries(
          format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]),
        );
        const t = newYorkTime(ms);
        expect(t.day).toBe(`${parts.year}-${parts.month}-${parts.day}`);
        expect(t.minute).toBe(Number(parts.hour) * 60 + Number(parts.minute));
        expect([-4, -5]).toContain(newYorkOffsetHours(ms));
      }),
      { numRuns: 2000, seed: 20261124 },
    );
  });
});

describe('early closes (13:00 New York time)', () => {
  it('are the day after Thanksgiving, and Christmas Eve and 3 July when they trade', () => {
    // As the exchange published them.
    expect([...earlyCloses(2025)].sort()).toEqual(['2025-07-03', '2025-11-28', '2025-12-24']);
    // 3 July 2026 is Independence Day observed (the 4th is a Saturday): a holiday, not an early close.
    expect([...earlyCloses(2026)].sort()).toEqual(['2026-11-27', '2026-12-24']);
    // 2021: 3 July on a Saturday, Christmas observed on Friday 24 December.
    expect([...earlyCloses(2021)].sort()).toEqual(['2021-11-26']);
  });

  it('end the session, its minutes and the last close at 13:00', () => {
    expect(isSessionOpen(Date.parse('2026-11-27T14:30:00Z'))).toBe(true); // 09:30 EST
    expect(isSessionOpen(Date.parse('2026-11-27T17:59:59Z'))).toBe(true); // 12:59:59
    expect(isSessionOpen(Date.parse('2026-11-27T18:00:00Z'))).toBe(false); // 13:00
    expect(sessionMinutes('2026-11-27')).toBe(210);
    expect(sessionMinutes('2026-11-26')).toBe(0); // Thanksgiving
    expect(sessionMinutes('2026-11-30')).toBe(390);
    expect(new Date(lastCloseAtOrBefore(Date.parse('2026-11-27T20:00:00Z'))).toISOString()).toBe(
      '2026-11-27T18:00:00.000Z',
    );
    // Before that day's close, the last close is Wednesday's (Thanksgiving has none).
    expect(new Date(lastCloseAtOrBefore(Date.parse('2026-11-27T17:00:00Z'))).toISOString()).toBe(
      '2026-11-25T21:00:00.000Z',
    );
    // Christmas Eve 2026, in winter time: 13:00 EST is 18:00 UTC.
    expect(isSessionOpen(Date.parse('2026-12-24T18:30:00Z'))).toBe(false);
  });

  it('the trading day before a day skips weekends and holidays', () => {
    expect(previousTradingDay('2026-11-27')).toBe('2026-11-25');
    expect(previousTradingDay('2026-03-09')).toBe('2026-03-06');
    expect(previousTradingDay('2026-01-20')).toBe('2026-01-16'); // MLK Day on the 19th
  });
});
