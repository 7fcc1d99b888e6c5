/**
 * Calendar arithmetic for the demo market: day numbers (days since 1970-01-01), the trading-day
 * calendar and session lengths (the exchange's, from shared/market/session.ts: its holidays,
 * and 13:00 closes on early-close days) and New York session times (from 09:30
 * America/New_York, daylight saving time by the US rules).
 */
import {
  SESSION_OPEN_MINUTE,
  isTradingDay as isExchangeTradingDay,
  sessionMinutes,
} from '../../../shared/market/session';

export const DAY_MS = 86_400_000;
export const SESSION_OPEN_MIN = SESSION_OPEN_MINUTE;
/** Minutes of a full session (09:30-16:00). */
export const SESSION_MINUTES = 390;

export function dayOf(iso: string): number {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const d = Number(iso.slice(8, 10));
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

const isoCache = new Map<number, string>();
export function isoOf(day: number): string {
  let s = isoCache.get(day);
  if (s === undefined) {
    s = new Date(day * DAY_MS).toISOString().slice(0, 10);
    isoCache.set(day, s);
  }
  return s;
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Whether the exchange trades on a day (weekdays that are not exchange holidays). */
export function isTradingDay(day: number): boolean {
  const wd = weekday(day);
  if (wd === 0 || wd === 6) return false;
  return isExchangeTradingDay(isoOf(day));
}

const lengthCache = new Map<number, number>();

/** Minutes of the session on a trading day: 390, or 210 on an early close (09:30-13:00). */
export function sessionLength(day: number): number {
  let n = lengthCache.get(day);
  if (n === undefined) {
    n = sessionMinutes(isoOf(day));
    lengthCache.set(day, n);
  }
  return n;
}

/** Last day of a month; month index = year * 12 + (month - 1). */
export function monthEndDay(monthIndex: number): number {
  const y = Math.floor(monthIndex / 12);
  const m = monthIndex - y * 12;
  return Math.floor(Date.UTC(y, m + 1, 1) / DAY_MS) - 1;
}

export function monthIndexOfDay(day: number): number {
  const d = new Date(day * DAY_MS);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** n-th (1-based) Sunday of a month, as a day number. */
function nthSunday(year: number, month0: number, n: number): number {
  const first = Math.floor(Date.UTC(year, month0, 1) / DAY_MS);
  const offset = (7 - weekday(first)) % 7;
  return first + offset + 7 * (n - 1);
}

/** Offset of New York local time from UTC, in minutes (-240 in summer, -300 in winter). */
export function newYorkOffsetMinutes(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  const start = nthSunday(year, 2, 2) * DAY_MS + 7 * 3_600_000; // 02:00 EST
  const end = nthSunday(year, 10, 1) * DAY_MS + 6 * 3_600_000; // 02:00 EDT
  return utcMs >= start && utcMs < end ? -240 : -300;
}

export interface NewYorkTime {
  /** Local calendar day number. */
  day: number;
  /** Minutes since local midnight (fractional). */
  minute: number;
}

export function newYorkTime(now: Date): NewYorkTime {
  const local = now.getTime() + newYorkOffsetMinutes(now.getTime()) * 60_000;
  const day = Math.floor(local / DAY_MS);
  return { day, minute: (local - day * DAY_MS) / 60_000 };
}

/** UTC epoch milliseconds of a New York local time on a day. */
export function utcMsOfNewYork(day: number, minute: number): number {
  const guess = day * DAY_MS + minute * 60_000;
  return guess - newYorkOffsetMinutes(guess + 5 * 3_600_000) * 60_000;
}

export function hhmmss(minuteOfDay: number): string {
  const h = Math.floor(minuteOfDay / 60);
  const m = Math.floor(minuteOfDay % 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
}
