/**
 * The New York Stock Exchange's regular session: 09:30 to 16:00 New York time on weekdays that
 * are not exchange holidays. The jobs that refresh quotes use it to spend the provider's calls
 * while prices move, and not overnight or at weekends (docs/decisions/099).
 *
 * Holidays follow the exchange's rules: New Year's Day, Martin Luther King Jr. Day, Washington's
 * Birthday, Good Friday, Memorial Day, Juneteenth (from 2022), Independence Day, Labor Day,
 * Thanksgiving and Christmas; a holiday on a Saturday is observed on the Friday before (except
 * New Year's Day, which is then not observed), one on a Sunday on the Monday after. Early
 * closes end the session at 13:00: the day after Thanksgiving, and Christmas Eve and 3 July when
 * they are trading days. This is the product's one calendar: the demo market's generator, the
 * quote and screener jobs, the edge cache and the charts' date windows all read it.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const SESSION_OPEN_MINUTE = 9 * 60 + 30;
export const SESSION_CLOSE_MINUTE = 16 * 60;
/** The close of an early-close session (13:00 New York time). */
export const EARLY_CLOSE_MINUTE = 13 * 60;

/** Day of the month of the n-th given weekday (0 = Sunday) of a month (0-11); n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    return 1 + ((7 + weekday - first) % 7) + (n - 1) * 7;
  }
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month, lastDay)).getUTCDay();
  return lastDay - ((7 + last - weekday) % 7);
}

/**
 * Offset of New York time from UTC at an instant, in hours: -4 from 2 a.m. on the second Sunday
 * of March to 2 a.m. on the first Sunday of November (the US rule since 2007), else -5.
 */
export function newYorkOffsetHours(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  const start = Date.UTC(year, 2, nthWeekday(year, 2, 0, 2), 7);
  const end = Date.UTC(year, 10, nthWeekday(year, 10, 0, 1), 6);
  return ms >= start && ms < end ? -4 : -5;
}

/** Easter Sunday of a year (the Gregorian computus), as month (0-11) and day. */
function easter(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31) - 1;
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

const iso = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);

/** A fixed-date holiday moved off a weekend: Saturday to Friday, Sunday to Monday. */
function observed(year: number, month: number, day: number): string {
  const weekday = new Date(Date.UTC(year, month, day)).getUTCDay();
  return iso(year, month, day + (weekday === 6 ? -1 : weekday === 0 ? 1 : 0));
}

const holidayCache = new Map<number, ReadonlySet<string>>();

/** The exchange's full-day holidays of a year (YYYY-MM-DD). */
export function exchangeHolidays(year: number): ReadonlySet<string> {
  let set = holidayCache.get(year);
  if (set) return set;
  const e = easter(year);
  const days = [
    iso(year, 0, nthWeekday(year, 0, 1, 3)), // Martin Luther King Jr. Day
    iso(year, 1, nthWeekday(year, 1, 1, 3)), // Washington's Birthday
    iso(year, e.month, e.day - 2), // Good Friday
    iso(year, 4, nthWeekday(year, 4, 1, -1)), // Memorial Day
    observed(year, 6, 4), // Independence Day
    iso(year, 8, nthWeekday(year, 8, 1, 1)), // Labor Day
    iso(year, 10, nthWeekday(year, 10, 4, 4)), // Thanksgiving
    observed(year, 11, 25), // Christmas
  ];
  if (year >= 2022) days.push(observed(year, 5, 19)); // Juneteenth
  // New Year's Day on a Saturday is not observed (the Friday before closes another year).
  if (new Date(Date.UTC(year, 0, 1)).getUTCDay() !== 6) days.push(observed(year, 0, 1));
  set = new Set(days);
  holidayCache.set(year, set);
  return set;
}

const earlyCloseCache = new Map<number, ReadonlySet<string>>();

/**
 * The exchange's early closes of a year (YYYY-MM-DD, 13:00): the day after Thanksgiving, and
 * Christmas Eve and 3 July when each is a trading day (not a weekend, not an observed holiday).
 */
export function earlyCloses(year: number): ReadonlySet<string> {
  let set = earlyCloseCache.get(year);
  if (set) return set;
  const days = [iso(year, 10, nthWeekday(year, 10, 4, 4) + 1), iso(year, 11, 24), iso(year, 6, 3)];
  set = new Set(days.filter((day) => isTradingDay(day)));
  earlyCloseCache.set(year, set);
  return set;
}

/** New York's calendar day (YYYY-MM-DD) and minute of the day at an instant. */
export function newYorkTime(ms: number): { day: string; minute: number; weekday: number } {
  const local = new Date(ms + newYorkOffsetHours(ms) * HOUR_MS);
  return {
    day: local.toISOString().slice(0, 10),
    minute: local.getUTCHours() * 60 + local.getUTCMinutes(),
    weekday: local.getUTCDay(),
  };
}

/** Whether the exchange trades on a New York calendar day (YYYY-MM-DD). */
export function isTradingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !exchangeHolidays(Number(day.slice(0, 4))).has(day);
}

/** Whether a trading day closes early (13:00). */
export function isEarlyClose(day: string): boolean {
  return earlyCloses(Number(day.slice(0, 4))).has(day);
}

/** The minute of the day (New York) the session of a trading day closes: 16:00, or 13:00 on an early close. */
export function sessionCloseMinute(day: string): number {
  return isEarlyClose(day) ? EARLY_CLOSE_MINUTE : SESSION_CLOSE_MINUTE;
}

/** Whether the regular session is open at an instant. */
export function isSessionOpen(ms: number): boolean {
  const t = newYorkTime(ms);
  return (
    isTradingDay(t.day) && t.minute >= SESSION_OPEN_MINUTE && t.minute < sessionCloseMinute(t.day)
  );
}

/** Whether the day's session is over at an instant (false on a day without a session). */
export function isAfterClose(ms: number): boolean {
  const t = newYorkTime(ms);
  return isTradingDay(t.day) && t.minute >= sessionCloseMinute(t.day);
}

/** UTC instant of a New York wall-clock minute on a New York day. */
function utcOf(day: string, minute: number): number {
  const guess = Date.parse(`${day}T00:00:00Z`) + minute * 60_000;
  return guess - newYorkOffsetHours(guess + 5 * HOUR_MS) * HOUR_MS;
}

/** The last close at or before an instant (the instant prices last stopped moving). */
export function lastCloseAtOrBefore(ms: number): number {
  const t = newYorkTime(ms);
  let day = t.day;
  if (!(isTradingDay(day) && t.minute >= sessionCloseMinute(day))) {
    do day = new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    while (!isTradingDay(day));
  }
  return utcOf(day, sessionCloseMinute(day));
}

/** Regular-session minutes of a New York day (390; 210 on an early close; 0 on a weekend or a holiday). */
export function sessionMinutes(day: string): number {
  return isTradingDay(day) ? sessionCloseMinute(day) - SESSION_OPEN_MINUTE : 0;
}

/** The last trading day strictly before a New York day (YYYY-MM-DD). */
export function previousTradingDay(day: string): string {
  let d = day;
  do d = new Date(Date.parse(`${d}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  while (!isTradingDay(d));
  return d;
}

/** The first opening of the regular session strictly after an instant. */
export function nextSessionOpenAfter(ms: number): number {
  let day = newYorkTime(ms).day;
  for (let i = 0; i < 15; i++) {
    if (isTradingDay(day)) {
      const open = utcOf(day, SESSION_OPEN_MINUTE);
      if (open > ms) return open;
    }
    day = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  }
  throw new Error('No session opens within 15 days');
}
