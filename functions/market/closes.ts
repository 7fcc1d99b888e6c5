import { dayFromNumber, dayNumber, isIsoDay } from '../../shared/portfolio/days';
import type { DayCloses } from '../../shared/portfolio/history';

/**
 * Daily closes as the market cache keeps them: the first day, the days from each close to the
 * next, and the closes. Ten years of a symbol are a third of the size of [date, close] pairs
 * and decode in a quarter of the time, and a read that wants only the last days makes dates of
 * those alone.
 */
export interface CompactCloses {
  first: string;
  gaps: number[];
  closes: number[];
}

/** What the cache holds: compact, or [date, close] pairs (items written before). */
export type CachedCloses = CompactCloses | [string, number][];

export type ClosePair = [string, number];

/** Pairs as the cache keeps them (pairs still, when a date is not a plain ISO day). */
export function encodeCloses(pairs: readonly ClosePair[]): CachedCloses {
  if (pairs.length === 0 || !pairs.every(([date]) => isIsoDay(date))) return [...pairs];
  const gaps: number[] = [];
  let previous = dayNumber(pairs[0]![0]);
  for (const [date] of pairs) {
    const day = dayNumber(date);
    gaps.push(day - previous);
    previous = day;
  }
  return { first: pairs[0]![0], gaps, closes: pairs.map(([, close]) => close) };
}

/**
 * The [date, close] pairs, in the order they were kept. With `after`, only those dated after it
 * and the last usable close up to it (the price until the next close): what a replay resumed
 * after that day reads, as it would have found them walking every close.
 */
export function closePairs(value: CachedCloses | undefined, after?: string): ClosePair[] {
  if (!value) return [];
  if (Array.isArray(value)) return after === undefined ? value : pairsAfter(value, after);
  const out: ClosePair[] = [];
  let day = dayNumber(value.first);
  const limit = after === undefined ? -Infinity : dayNumber(after);
  let last: { day: number; close: number } | undefined;
  for (let i = 0; i < value.gaps.length; i++) {
    day += value.gaps[i]!;
    const close = value.closes[i]!;
    if (day > limit) out.push([dayFromNumber(day), close]);
    else if (Number.isFinite(close) && close > 0 && (last === undefined || day >= last.day))
      last = { day, close };
  }
  if (last) out.unshift([dayFromNumber(last.day), last.close]);
  return out;
}

function pairsAfter(pairs: readonly ClosePair[], after: string): ClosePair[] {
  const out: ClosePair[] = [];
  let last: ClosePair | undefined;
  for (const pair of pairs) {
    const date = pair[0].slice(0, 10);
    if (date > after) out.push(pair);
    else if (
      Number.isFinite(pair[1]) &&
      pair[1] > 0 &&
      (last === undefined || date >= last[0].slice(0, 10))
    )
      last = pair;
  }
  if (last) out.unshift(last);
  return out;
}

const NO_DAY_CLOSES: DayCloses = { days: new Int32Array(0), closes: new Float64Array(0) };
const decodedDays = new WeakMap<object, DayCloses>();

/**
 * The closes as day numbers, every close usable (finite, above zero), in day order (a day's
 * later close after its earlier one, as kept). Decoded once per cached value: the market cache
 * hands the same value to every read of an item it keeps in memory, so a symbol's ten years are
 * turned into numbers once and shared by the replay, a resumed replay and other portfolios.
 */
export function dayCloses(value: CachedCloses | undefined): DayCloses {
  if (!value) return NO_DAY_CLOSES;
  const memo = decodedDays.get(value);
  if (memo) return memo;
  let days: Int32Array;
  let closes: Float64Array;
  if (Array.isArray(value)) {
    days = new Int32Array(value.length);
    closes = new Float64Array(value.length);
    value.forEach(([date, close], i) => {
      days[i] = dayNumber(date.slice(0, 10));
      closes[i] = close;
    });
  } else {
    days = new Int32Array(value.gaps.length);
    closes = Float64Array.from(value.closes);
    let day = dayNumber(value.first);
    for (let i = 0; i < value.gaps.length; i++) {
      day += value.gaps[i]!;
      days[i] = day;
    }
  }
  let sorted = true;
  for (let i = 1; i < days.length && sorted; i++) if (days[i - 1]! > days[i]!) sorted = false;
  const order = Array.from(days.keys());
  if (!sorted) order.sort((a, b) => days[a]! - days[b]! || a - b);
  const outDays = new Int32Array(days.length);
  const outCloses = new Float64Array(days.length);
  let n = 0;
  for (const i of order) {
    const close = closes[i]!;
    if (!(Number.isFinite(close) && close > 0)) continue;
    outDays[n] = days[i]!;
    outCloses[n] = close;
    n++;
  }
  const out = { days: outDays.subarray(0, n), closes: outCloses.subarray(0, n) };
  decodedDays.set(value, out);
  return out;
}

/** The closes after `through` and the last one up to it (what a replay resumed after it reads). */
export function dayClosesAfter(bars: DayCloses, through: number): DayCloses {
  let lo = 0;
  let hi = bars.days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bars.days[mid]! <= through) lo = mid + 1;
    else hi = mid;
  }
  const from = Math.max(0, lo - 1);
  return {
    days: bars.days.subarray(from),
    closes: bars.closes.subarray(from),
    ...(bars.next ? { next: bars.next } : {}),
  };
}

/**
 * The closes with the day `today` (and any after it) replaced by today's price, when there is
 * one: the closes before it shared, today's as the one close after them (`next`).
 */
export function dayClosesWithToday(
  bars: DayCloses,
  today: number,
  price: number | undefined,
): DayCloses {
  if (price === undefined || !(Number.isFinite(price) && price > 0)) return bars;
  let n = bars.days.length;
  while (n > 0 && bars.days[n - 1]! >= today) n--;
  const before =
    bars.next && bars.next.day < today && n === bars.days.length
      ? // A close kept apart before today stays a close of its own.
        {
          days: Int32Array.of(...bars.days, bars.next.day),
          closes: Float64Array.of(...bars.closes, bars.next.close),
        }
      : { days: bars.days.subarray(0, n), closes: bars.closes.subarray(0, n) };
  return { ...before, next: { day: today, close: price } };
}

/** Each day's traded range (low and high) as the market cache keeps it: first day, gaps, lows, highs. */
export interface CachedRanges {
  first: string;
  gaps: number[];
  lows: number[];
  highs: number[];
}

/** Daily bars' lows and highs, compact (bars whose date is not a plain day are left out). */
export function encodeRanges(
  bars: readonly { date: string; low: number; high: number }[],
): CachedRanges {
  const usable = bars
    .map((b) => ({ day: b.date.slice(0, 10), low: b.low, high: b.high }))
    .filter((b) => isIsoDay(b.day) && Number.isFinite(b.low) && Number.isFinite(b.high))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const gaps: number[] = [];
  let previous = usable.length > 0 ? dayNumber(usable[0]!.day) : 0;
  for (const b of usable) {
    const day = dayNumber(b.day);
    gaps.push(day - previous);
    previous = day;
  }
  return {
    first: usable[0]?.day ?? '',
    gaps,
    lows: usable.map((b) => b.low),
    highs: usable.map((b) => b.high),
  };
}

/** The ranges by day (YYYY-MM-DD). */
export function rangesByDay(
  value: CachedRanges | undefined,
): Map<string, { low: number; high: number }> {
  const out = new Map<string, { low: number; high: number }>();
  if (!value || !value.first) return out;
  let day = dayNumber(value.first);
  for (let i = 0; i < value.gaps.length; i++) {
    day += value.gaps[i]!;
    out.set(dayFromNumber(day), { low: value.lows[i]!, high: value.highs[i]! });
  }
  return out;
}
