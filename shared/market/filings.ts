import { isTradingDay, newYorkOffsetHours, sessionCloseMinute } from './session';

/**
 * When a period's reported figures became public (decision 160): the first day whose close
 * can use them. Statements are public from their filing; the provider gives each row its
 * `filingDate` (YYYY-MM-DD) and `acceptedDate`, the moment the filing was accepted, in New York
 * time ("2024-11-01 06:01:36"). A filing accepted before a trading day's close (16:00, 13:00
 * on an early close) counts for that day's close; one accepted after it, or on a day without
 * a session, from the next day on.
 *
 * Without an acceptance time the filing is taken as made after the close (known from the next
 * day); without a filing date at all, as made at the latest a company may file an annual report
 * (90 days after the period end), so a figure is never used before it could have been known.
 */

/** Days after a period's end by which every filer has filed, even an annual report. */
export const LATEST_FILING_DAYS = 90;

const DAY_MS = 86_400_000;
const DAY = /^(\d{4}-\d{2}-\d{2})/;
const TIME = /^\d{4}-\d{2}-\d{2}[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

export function addCalendarDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function dayOf(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const match = DAY.exec(value);
  return match && Number.isFinite(Date.parse(`${match[1]}T00:00:00Z`)) ? match[1]! : null;
}

export interface FilingDates {
  /** The period's end (YYYY-MM-DD). */
  date: string;
  filingDate?: string | null;
  acceptedDate?: string | null;
}

/** The first day (YYYY-MM-DD) whose close can use a period's figures. */
export function knownFrom(row: FilingDates): string {
  const periodEnd = dayOf(row.date) ?? row.date.slice(0, 10);
  const filed = dayOf(row.filingDate);
  const acceptedDay = dayOf(row.acceptedDate);
  const time = typeof row.acceptedDate === 'string' ? TIME.exec(row.acceptedDate) : null;
  let day: string;
  if (acceptedDay && time && (!filed || acceptedDay >= filed)) {
    const minute = Number(time[1]) * 60 + Number(time[2]);
    day =
      isTradingDay(acceptedDay) && minute < sessionCloseMinute(acceptedDay)
        ? acceptedDay
        : addCalendarDays(acceptedDay, 1);
  } else if (filed) day = addCalendarDays(filed, 1);
  else day = addCalendarDays(periodEnd, LATEST_FILING_DAYS);
  // A filing before its period ended is a data error: the period's end is the earliest.
  return day > periodEnd ? day : addCalendarDays(periodEnd, 1);
}

/** The UTC instant of a New York wall-clock time on a New York day. */
function newYorkInstant(day: string, hour: number, minute: number, second: number): number {
  const guess = Date.parse(`${day}T00:00:00Z`) + ((hour * 60 + minute) * 60 + second) * 1000;
  return guess - newYorkOffsetHours(guess + 5 * 3_600_000) * 3_600_000;
}

/**
 * The instant a period's figures became public (ms since the epoch), to set against an instant
 * (a pitch tracked at 11:00 did not know a filing accepted at 14:00): the acceptance; without
 * it the end of the filing day; without a filing date, the end of the 90th day after the period.
 */
export function publicAt(row: FilingDates): number {
  const periodEnd = dayOf(row.date) ?? row.date.slice(0, 10);
  const filed = dayOf(row.filingDate);
  const acceptedDay = dayOf(row.acceptedDate);
  const time = typeof row.acceptedDate === 'string' ? TIME.exec(row.acceptedDate) : null;
  const at =
    acceptedDay && time && (!filed || acceptedDay >= filed)
      ? newYorkInstant(acceptedDay, Number(time[1]), Number(time[2]), Number(time[3] ?? 0))
      : newYorkInstant(
          addCalendarDays(filed ?? addCalendarDays(periodEnd, LATEST_FILING_DAYS - 1), 1),
          0,
          0,
          0,
        );
  return Math.max(at, newYorkInstant(addCalendarDays(periodEnd, 1), 0, 0, 0));
}
