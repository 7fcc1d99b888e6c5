/** Calendar days as ISO dates (YYYY-MM-DD, UTC): the unit of NAV history. */

const DAY_MS = 86_400_000;

/**
 * Orders ISO dates and times (YYYY-MM-DD, YYYY-MM-DDTHH:MM:SS.sssZ) by code unit: the order
 * `localeCompare` gives them (digits and the same separators at the same places), at a small
 * part of its cost on ten years of days.
 */
export function compareIso(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Both conversions run for every day of a ten-year history on each read: the days met are kept.
const numbers = new Map<string, number>();
const names = new Map<number, string>();
const KEPT_DAYS = 100_000;

export function dayNumber(date: string): number {
  let day = numbers.get(date);
  if (day === undefined) {
    day = Math.floor(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS);
    if (numbers.size >= KEPT_DAYS) numbers.clear();
    numbers.set(date, day);
  }
  return day;
}

export function dayFromNumber(day: number): string {
  let name = names.get(day);
  if (name === undefined) {
    name = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (names.size >= KEPT_DAYS) names.clear();
    names.set(day, name);
  }
  return name;
}

export function addDays(date: string, days: number): string {
  return dayFromNumber(dayNumber(date) + days);
}

export function isIsoDay(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && dayFromNumber(dayNumber(date)) === date;
}

/** The same day `months` months earlier, clamped to the month's last day (2024-03-31 - 1M = 2024-02-29). */
export function minusMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
