/**
 * The shared market: the trading-day calendar from the start of the demo history and a market
 * factor (a mean-reverting log deviation) that every stock and index follows with its own beta.
 * Its daily shocks have a volatility that wanders between calm and stressed spells.
 */
import { MARKET } from './calibration.js';
import { dayOf, isTradingDay } from './calendar.js';
import { gauss, seedOf, smoothNoise } from './random.js';

export const HISTORY_START_DAY = dayOf('2009-01-02');
/** The day the generated levels are calibrated to (market caps, index levels). */
export const ANCHOR_DAY = dayOf('2025-12-31');

const MARKET_SEED = seedOf('demo-market');

/** Today's market deviation from yesterday's: decayed towards zero plus the day's shock. */
function nextFactor(previous: number, i: number): number {
  const spell = Math.exp(MARKET.volOfVol * smoothNoise(MARKET_SEED, i, 60, 6));
  return MARKET.persistence * previous + MARKET.dailyVol * spell * gauss(MARKET_SEED, i, 7);
}

const days: number[] = [];
const factor: number[] = [];
let lastDay = HISTORY_START_DAY - 1;

/** Extend the calendar (and the market factor) to cover `untilDay`. */
export function ensureCalendar(untilDay: number): void {
  if (untilDay <= lastDay) return;
  for (let d = lastDay + 1; d <= untilDay; d++) {
    if (!isTradingDay(d)) continue;
    factor.push(nextFactor(factor[factor.length - 1] ?? 0, days.length));
    days.push(d);
  }
  lastDay = untilDay;
  if (anchorRaw === null && untilDay >= ANCHOR_DAY) {
    anchorRaw = factor[tradingIndexAtOrBefore(ANCHOR_DAY)] ?? 0;
  }
}

export function tradingDays(): readonly number[] {
  return days;
}

let anchorRaw: number | null = null;

/** Market log deviation on trading index i, zero on the anchor day (so levels there are as calibrated). */
export function marketFactor(i: number): number {
  if (anchorRaw === null) ensureCalendar(ANCHOR_DAY);
  if (i >= factor.length) ensureCalendar(lastDay + 2 * (i - factor.length + 1) + 7);
  return (factor[i] ?? 0) - (anchorRaw ?? 0);
}

/** Index of the last trading day on or before `day` (-1 when before the history). */
export function tradingIndexAtOrBefore(day: number): number {
  ensureCalendar(day);
  let lo = 0;
  let hi = days.length - 1;
  let ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((days[mid] ?? 0) <= day) {
      ans = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return ans;
}

/** Index of the first trading day on or after `day`. */
export function tradingIndexAtOrAfter(day: number): number {
  const i = tradingIndexAtOrBefore(day);
  if (i >= 0 && days[i] === day) return i;
  ensureCalendar(day + 10);
  return i + 1;
}

export function yearsFromAnchor(day: number): number {
  return (day - ANCHOR_DAY) / 365.25;
}
