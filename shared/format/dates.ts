/**
 * Date formatting for display (spec/000 section 9: YYYY-MM-DD, or with hh:mm:ss;
 * spec/001: news dates MM-DD-YYYY) and for chart axes.
 *
 * The provider sends dates as exchange wall-clock text without an offset
 * ("2024-03-15" or "2024-03-15 10:30:00", US Eastern). Those strings are read
 * field by field and never shifted through a time zone, so the same text prints the
 * same way on every machine. A `Date` (or an ISO string with `Z` or an offset) is read
 * in UTC. Anything unreadable prints `N/A`.
 */

import { NOT_AVAILABLE } from './money';

export interface DateParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Whether the input carried a time of day. */
  hasTime: boolean;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Reads a date into its parts, or undefined when it is not a real calendar date. */
export function dateParts(input: string | Date | null | undefined): DateParts | undefined {
  if (input instanceof Date) return fromDate(input, true);
  if (typeof input !== 'string') return undefined;
  const text = input.trim();
  const match = WALL_CLOCK.exec(text);
  if (match) {
    const [, y, mo, d, h, mi, s] = match;
    const parts: DateParts = {
      year: Number(y),
      month: Number(mo),
      day: Number(d),
      hour: h ? Number(h) : 0,
      minute: mi ? Number(mi) : 0,
      second: s ? Number(s) : 0,
      hasTime: h !== undefined,
    };
    return isRealDate(parts) ? parts : undefined;
  }
  // An instant with a zone designator ("2024-03-15T14:30:00Z", "...+02:00"): read in UTC.
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text))
    return fromDate(new Date(text), true);
  return undefined;
}

function fromDate(date: Date, hasTime: boolean): DateParts | undefined {
  if (Number.isNaN(date.getTime())) return undefined;
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    hasTime,
  };
}

function isRealDate(p: DateParts): boolean {
  if (p.month < 1 || p.month > 12 || p.day < 1) return false;
  if (p.hour > 23 || p.minute > 59 || p.second > 59) return false;
  const daysInMonth = new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
  return p.day <= daysInMonth;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** News date, MM-DD-YYYY: "2024-03-15 10:22:00" -> "03-15-2024". */
export function formatNewsDate(input: string | Date | null | undefined): string {
  const p = dateParts(input);
  if (!p) return NOT_AVAILABLE;
  return `${pad(p.month)}-${pad(p.day)}-${pad(p.year, 4)}`;
}

/**
 * Display date YYYY-MM-DD; with `withTime` YYYY-MM-DD hh:mm:ss (24-hour clock).
 * `withTime: 'auto'` adds the time only when the input has one.
 */
export function formatDisplayDate(
  input: string | Date | null | undefined,
  options: { withTime?: boolean | 'auto' } = {},
): string {
  const p = dateParts(input);
  if (!p) return NOT_AVAILABLE;
  const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  const withTime = options.withTime === 'auto' ? p.hasTime : options.withTime === true;
  return withTime ? `${date} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}` : date;
}

/**
 * Chart axis date formats, one per kind of series (the catalogue's frequency items
 * name theirs):
 * - `time` "09:35" for one session of 5-minute bars;
 * - `dayTime` "03-14 10:00" for several sessions of 30-minute bars;
 * - `monthDay` "Mar 14" for daily closes within about a year;
 * - `monthYear` "Mar 2024" for daily closes over several years;
 * - `year` "2024" for long histories;
 * - `quarter` "Q1 2024" for quarterly statement points (calendar quarter of the period end);
 * - `fiscalYear` "FY 2024" for annual statement points.
 */
export type AxisDateFormat =
  'time' | 'dayTime' | 'monthDay' | 'monthYear' | 'year' | 'quarter' | 'fiscalYear';

export function formatAxisDate(
  input: string | Date | null | undefined,
  format: AxisDateFormat,
): string {
  const p = dateParts(input);
  if (!p) return NOT_AVAILABLE;
  switch (format) {
    case 'time':
      return `${pad(p.hour)}:${pad(p.minute)}`;
    case 'dayTime':
      return `${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
    case 'monthDay':
      return `${MONTHS[p.month - 1]} ${p.day}`;
    case 'monthYear':
      return `${MONTHS[p.month - 1]} ${p.year}`;
    case 'year':
      return String(p.year);
    case 'quarter':
      return `Q${Math.ceil(p.month / 3)} ${p.year}`;
    case 'fiscalYear':
      return `FY ${p.year}`;
  }
}

/** Axis format of a statement series by its frequency: quarterly points "Q1 2024", annual "FY 2024". */
export function statementAxisFormat(frequency: 'quarter' | 'annual'): AxisDateFormat {
  return frequency === 'annual' ? 'fiscalYear' : 'quarter';
}
