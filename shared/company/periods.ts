/**
 * Period tabs of the company detail view (spec/001 sections 2, 4 and 9).
 *
 * Price periods fetch a date window "relative to yesterday"; the calendar is the exchange's
 * (America/New_York), so a user in Tokyo and a Lambda in UTC ask for the same days.
 * `to` is always today (inclusive), so a session in progress is included.
 *
 * | period | from                                             | bars      |
 * |--------|--------------------------------------------------|-----------|
 * | 1D     | the last trading day before today (exchange calendar) | 5 min, last session only |
 * | 5D     | the last 7 days: yesterday - 6 days              | 30 min, last 5 sessions  |
 * | 1M     | the last 32 days: yesterday - 31 days            | daily     |
 * | 6M     | first day of the month 6 months before yesterday's month  | daily |
 * | YTD    | 1 January of yesterday's year                    | daily     |
 * | 1Y     | first day of the month 12 months before yesterday's month | daily |
 * | 5Y     | first day of the month 5 years before yesterday's month   | daily |
 * | MAX    | yesterday 100 years back                         | daily     |
 *
 * 1M uses daily closes, not the 1-minute bars the original asked for: 32 days of 1-minute
 * bars is about 8,600 points (a heavy payload and an unreadable chart), intraday bars are
 * not on every provider plan while end-of-day prices are, and about 22 daily closes match
 * what a one-month chart is read for. 1D and 5D keep 5- and 30-minute bars; the window
 * reaches back far enough to hold a whole session (1D) or five sessions (5D) and the chart
 * keeps only those sessions (`lastSessions`). 1D starts on the last trading day before today
 * on the exchange's calendar (shared/market/session.ts), so after a holiday or a weekend it
 * still holds the last whole session before today's opens.
 *
 * Statement periods pick how many of the newest points a chart shows: All (16 annual,
 * 63 quarterly), 5Y (5 annual, 21 quarterly), 3Y (13), 2Y (9), 1Y (5); annual items offer
 * only All and 5Y. A quarterly window holds one point more than its quarters so the first
 * and last points are a whole number of years apart.
 */

import type { AxisDateFormat } from '../format/dates';
import { previousTradingDay } from '../market/session';
import type { CatalogueItem, StatementFrequency } from './catalogue';

export const EXCHANGE_TIME_ZONE = 'America/New_York';

export type PricePeriodId = '1D' | '5D' | '1M' | '6M' | 'YTD' | '1Y' | '5Y' | 'MAX';
export type StatementPeriodId = 'All' | '5Y' | '3Y' | '2Y' | '1Y';
export type PeriodId = PricePeriodId | StatementPeriodId;

/** Bar sizes, named as the provider's historical-chart paths name them ('1day' = end-of-day prices). */
export type PriceInterval = '5min' | '30min' | '1hour' | '1day';

export interface PricePeriod {
  id: PricePeriodId;
  label: string;
  interval: PriceInterval;
  /** For intraday periods, how many of the newest sessions the chart keeps. */
  sessions?: number;
  dateFormat: AxisDateFormat;
}

export interface StatementPeriod {
  id: StatementPeriodId;
  label: string;
  /** Points shown per frequency; absent means the period is not offered for that frequency. */
  points: Partial<Record<StatementFrequency, number>>;
}

export type PeriodOption = PricePeriod | StatementPeriod;

export const PRICE_PERIODS: readonly PricePeriod[] = [
  { id: '1D', label: '1D', interval: '5min', sessions: 1, dateFormat: 'time' },
  { id: '5D', label: '5D', interval: '30min', sessions: 5, dateFormat: 'dayTime' },
  { id: '1M', label: '1M', interval: '1day', dateFormat: 'monthDay' },
  { id: '6M', label: '6M', interval: '1day', dateFormat: 'monthDay' },
  { id: 'YTD', label: 'YTD', interval: '1day', dateFormat: 'monthDay' },
  { id: '1Y', label: '1Y', interval: '1day', dateFormat: 'monthYear' },
  { id: '5Y', label: '5Y', interval: '1day', dateFormat: 'monthYear' },
  { id: 'MAX', label: 'MAX', interval: '1day', dateFormat: 'year' },
];

/** Points of a full statement chart (spec/001 section 9). */
export const ALL_POINTS: Record<StatementFrequency, number> = { annual: 16, quarter: 63 };

/** Rows a statement table fetches (spec/001 section 9). */
export const STATEMENT_FETCH_LIMIT: Record<StatementFrequency, number> = {
  annual: 10,
  quarter: 42,
};

export const STATEMENT_PERIODS: readonly StatementPeriod[] = [
  { id: 'All', label: 'All', points: { ...ALL_POINTS } },
  { id: '5Y', label: '5Y', points: { annual: 5, quarter: 21 } },
  { id: '3Y', label: '3Y', points: { quarter: 13 } },
  { id: '2Y', label: '2Y', points: { quarter: 9 } },
  { id: '1Y', label: '1Y', points: { quarter: 5 } },
];

export function pricePeriod(id: PricePeriodId): PricePeriod {
  const period = PRICE_PERIODS.find((p) => p.id === id);
  if (!period) throw new RangeError(`Unknown price period ${id}`);
  return period;
}

/** The tabs offered for an item: price periods for the price chart, statement periods by frequency, none for panels without a series. */
export function periodsFor(item: Pick<CatalogueItem, 'frequency'>): readonly PeriodOption[] {
  switch (item.frequency) {
    case 'price':
      return PRICE_PERIODS;
    case 'annual':
    case 'quarter': {
      const frequency = item.frequency;
      return STATEMENT_PERIODS.filter((p) => p.points[frequency] !== undefined);
    }
    case 'none':
      return [];
  }
}

/** The period selected when the item is chosen: 1D for the price chart, All otherwise, none for panels without tabs. */
export function defaultPeriodFor(item: Pick<CatalogueItem, 'frequency'>): PeriodId | null {
  switch (item.frequency) {
    case 'price':
      return '1D';
    case 'annual':
    case 'quarter':
      return 'All';
    case 'none':
      return null;
  }
}

/** Points a statement period shows for a frequency, or undefined when the period is not offered for it. */
export function pointCount(
  period: StatementPeriodId,
  frequency: StatementFrequency,
): number | undefined {
  return STATEMENT_PERIODS.find((p) => p.id === period)?.points[frequency];
}

/** A calendar day as YYYY-MM-DD, computed on whole days in UTC to avoid daylight-saving drift. */
interface Day {
  year: number;
  month: number; // 1-12
  day: number;
}

/**
 * Today's date on the exchange calendar (New York). US Eastern time is UTC-5, and UTC-4 from
 * 2 a.m. on the second Sunday of March to 2 a.m. on the first Sunday of November (the rule
 * since 2007; a property test holds it equal to `Intl` with `America/New_York`). Worked out
 * by hand because a browser's first time-zone format loads its zone data: about 20 ms of
 * the company view's main thread.
 */
export function exchangeToday(now: Date): Day {
  const year = now.getUTCFullYear();
  // DST starts at 2:00 EST (7:00 UTC) and ends at 2:00 EDT (6:00 UTC).
  const start = Date.UTC(year, 2, nthSunday(year, 2, 2), 7);
  const end = Date.UTC(year, 10, nthSunday(year, 10, 1), 6);
  const offsetHours = now.getTime() >= start && now.getTime() < end ? -4 : -5;
  return fromUtc(new Date(now.getTime() + offsetHours * 3_600_000));
}

/** Day of the month of the n-th Sunday of a month (0-11) in a year. */
function nthSunday(year: number, month: number, n: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + (n - 1) * 7;
}

function toUtc(d: Day): Date {
  return new Date(Date.UTC(d.year, d.month - 1, d.day));
}

function fromUtc(date: Date): Day {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function addDays(d: Day, days: number): Day {
  const date = toUtc(d);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

/** First day of the month `months` months before d's month. */
function startOfMonthBefore(d: Day, months: number): Day {
  const index = d.year * 12 + (d.month - 1) - months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day: 1 };
}

/** The same day `years` years earlier; 29 February becomes 28 February in a common year. */
function yearsBefore(d: Day, years: number): Day {
  const year = d.year - years;
  const lastDay = new Date(Date.UTC(year, d.month, 0)).getUTCDate();
  return { year, month: d.month, day: Math.min(d.day, lastDay) };
}

export function isoDay(d: Day): string {
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

export interface PriceWindow {
  /** First day requested, YYYY-MM-DD (inclusive). */
  from: string;
  /** Last day requested, YYYY-MM-DD (inclusive): today on the exchange calendar. */
  to: string;
  interval: PriceInterval;
}

/** The date window and bar size a price period requests at `now` (see the table at the top of this module). */
export function priceWindow(period: PricePeriodId, now: Date): PriceWindow {
  const today = exchangeToday(now);
  const yesterday = addDays(today, -1);
  const from = ((): Day => {
    switch (period) {
      case '1D': {
        const day = previousTradingDay(isoDay(today));
        return {
          year: Number(day.slice(0, 4)),
          month: Number(day.slice(5, 7)),
          day: Number(day.slice(8, 10)),
        };
      }
      case '5D':
        return addDays(yesterday, -6);
      case '1M':
        return addDays(yesterday, -31);
      case '6M':
        return startOfMonthBefore(yesterday, 6);
      case 'YTD':
        return { year: yesterday.year, month: 1, day: 1 };
      case '1Y':
        return startOfMonthBefore(yesterday, 12);
      case '5Y':
        return startOfMonthBefore(yesterday, 60);
      case 'MAX':
        return yearsBefore(yesterday, 100);
    }
  })();
  return { from: isoDay(from), to: isoDay(today), interval: pricePeriod(period).interval };
}

const byDate = <T extends { date: string }>(a: T, b: T) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : 0;

/** Rows ordered oldest to newest by their `date` (a copy; the input is not changed). */
export function sortOldestFirst<T extends { date: string }>(rows: readonly T[]): T[] {
  return [...rows].sort(byDate);
}

/** The newest `count` rows, ordered oldest to newest, whatever order they came in. */
export function takePoints<T extends { date: string }>(rows: readonly T[], count: number): T[] {
  if (!Number.isFinite(count) || count <= 0) return [];
  const sorted = sortOldestFirst(rows);
  return sorted.slice(Math.max(0, sorted.length - Math.floor(count)));
}

/** Intraday bars of the newest `count` sessions (trading days), oldest to newest. */
export function lastSessions<T extends { date: string }>(bars: readonly T[], count: number): T[] {
  const sorted = sortOldestFirst(bars);
  const days = [...new Set(sorted.map((b) => b.date.slice(0, 10)))];
  const keep = new Set(days.slice(Math.max(0, days.length - count)));
  return sorted.filter((b) => keep.has(b.date.slice(0, 10)));
}

/** The bars a price period charts: its sessions for 1D and 5D, every bar otherwise; oldest to newest. */
export function barsForPeriod<T extends { date: string }>(
  period: PricePeriodId,
  bars: readonly T[],
): T[] {
  const { sessions } = pricePeriod(period);
  return sessions === undefined ? sortOldestFirst(bars) : lastSessions(bars, sessions);
}

/** The rows a statement chart shows for a period and frequency (All when the period is not offered). */
export function rowsForPeriod<T extends { date: string }>(
  period: StatementPeriodId,
  frequency: StatementFrequency,
  rows: readonly T[],
): T[] {
  return takePoints(rows, pointCount(period, frequency) ?? ALL_POINTS[frequency]);
}
