import { dayFromNumber, dayNumber, isIsoDay } from '../../shared/portfolio/days';

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
