/**
 * Price paths for one instrument (a stock or an index): daily closes around a fundamental value,
 * daily bars, minute paths for the recent sessions and a quote that moves with the time of day.
 *
 * close(day) = fair(day) * exp(beta * market(day) + own(day)), own = a mean-reverting deviation
 * (AR(1)) driven by daily shocks that are larger after earnings and on rare news days.
 * A session's minute path is a Brownian bridge from its open to its close, so intraday bars, the
 * day's high and low, and the daily bar always agree.
 */
import { SESSION_OPEN_MIN, newYorkTime, sessionLength, type NewYorkTime } from './calendar.js';
import { ensureCalendar, marketFactor, tradingDays, tradingIndexAtOrBefore } from './market.js';
import { EVENTS, OWN_PERSISTENCE } from './calibration.js';
import { gauss, normal1, u01 } from './random.js';

/** Complete sessions (besides a live one) that have minute data. */
export const INTRADAY_SESSIONS = 5;

export interface InstrumentSpec {
  seed: number;
  /** First trading-day index with a price (the listing). */
  startIndex: number;
  /**
   * First trading-day index of the own (company-specific) deviation's path, at or before
   * `startIndex` (default: `startIndex`): a listing cuts a longer path without moving a later close.
   */
  pathStartIndex?: number;
  /** Natural log of the fundamental value on a day. */
  logFair: (day: number) => number;
  beta: number;
  /** Daily volatility of the own (company-specific) shocks. */
  sigma: number;
  /** Whether trading index i is the first session after an earnings announcement. */
  earningsSession?: (i: number) => boolean;
  /** Typical session volume on a day. */
  volume: (day: number) => number;
}

export interface DailyBar {
  day: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface MinuteBar {
  /** Minute of the session, 0 = 09:30. */
  minute: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

export class Instrument {
  private closes: number[] = [];
  /** Own log deviations from startIndex on, computed in order (an AR(1) needs its past). */
  private owns: number[] = [];
  /** Daily bars computed without a minute path (older sessions); they never change. */
  private plainBars: (DailyBar | undefined)[] = [];
  private minutePaths = new Map<number, { points: Float64Array; bars: MinuteBar[] }>();

  constructor(readonly spec: InstrumentSpec) {}

  /** Own log deviation on trading index i: yesterday's, decayed, plus today's shock. */
  private own(i: number): number {
    const { seed, sigma, earningsSession } = this.spec;
    const pathStart = this.spec.pathStartIndex ?? this.spec.startIndex;
    const k = i - pathStart;
    if (k < 0) return 0;
    for (let j = this.owns.length; j <= k; j++) {
      const index = pathStart + j;
      let scale = 1;
      if (earningsSession?.(index)) scale = EVENTS.earningsMultiple;
      else if (u01(seed, index, 16) < EVENTS.newsProbability) scale = EVENTS.newsMultiple;
      const z = Math.max(-EVENTS.maxShock, Math.min(EVENTS.maxShock, gauss(seed, index, 17)));
      // A normal shock whose size varies from day to day: fat tails, as in real returns.
      const shock =
        sigma * scale * z * Math.exp(EVENTS.tailWeight * normal1(seed, index, 19) - 0.06);
      const prev =
        j === 0
          ? (sigma / Math.sqrt(1 - OWN_PERSISTENCE ** 2)) * gauss(seed, index, 18)
          : (this.owns[j - 1] ?? 0);
      this.owns.push(OWN_PERSISTENCE * prev + shock);
    }
    return this.owns[k] ?? 0;
  }

  /** Close on trading index i (0 before the instrument existed). */
  close(i: number): number {
    if (i < this.spec.startIndex) return 0;
    const k = i - this.spec.startIndex;
    const cached = this.closes[k];
    if (cached !== undefined) return cached;
    const day = tradingDays()[i] ?? 0;
    const value = Math.max(
      0.01,
      round2(Math.exp(this.spec.logFair(day) + this.spec.beta * marketFactor(i) + this.own(i))),
    );
    this.closes[k] = value;
    return value;
  }

  private openOf(i: number): number {
    const prev = i > this.spec.startIndex ? this.close(i - 1) : this.close(i);
    return Math.max(
      0.01,
      round2(prev * Math.exp(0.3 * this.spec.sigma * normal1(this.spec.seed, i, 2))),
    );
  }

  private volumeOf(i: number): number {
    const day = tradingDays()[i] ?? 0;
    return Math.max(
      100,
      Math.round(this.spec.volume(day) * Math.exp(0.35 * normal1(this.spec.seed, i, 3))),
    );
  }

  /**
   * Daily bar. Its high and low are drawn once per session; the minute path of a session is
   * shaped to reach exactly that high and low, so the bar never changes when minute data ages out.
   */
  bar(i: number): DailyBar {
    const cachedBar = this.plainBars[i - this.spec.startIndex];
    if (cachedBar) return cachedBar;
    const day = tradingDays()[i] ?? 0;
    const close = this.close(i);
    const open = this.openOf(i);
    const volume = this.volumeOf(i);
    const s = this.spec.sigma;
    const high = round2(
      Math.max(open, close) *
        Math.exp(0.05 * s + Math.abs(0.5 * s * normal1(this.spec.seed, i, 4))),
    );
    const low = Math.max(
      0.01,
      round2(
        Math.min(open, close) *
          Math.exp(-0.05 * s - Math.abs(0.5 * s * normal1(this.spec.seed, i, 5))),
      ),
    );
    const result = { day, open, high, low, close, volume };
    this.plainBars[i - this.spec.startIndex] = result;
    return result;
  }

  /**
   * The minute path of session i: one point a minute from the open (09:30) to the close (391
   * points to 16:00; 211 to 13:00 on an early close).
   */
  minutes(i: number): { points: Float64Array; bars: MinuteBar[] } {
    const cached = this.minutePaths.get(i);
    if (cached) return cached;
    const { day, open, close, high, low } = this.bar(i);
    const SESSION_MINUTES = sessionLength(day);
    const { seed, sigma } = this.spec;
    const walk = new Float64Array(SESSION_MINUTES + 1);
    for (let j = 1; j <= SESSION_MINUTES; j++)
      walk[j] = (walk[j - 1] ?? 0) + normal1(seed, i, 100 + j);
    const end = walk[SESSION_MINUTES] ?? 0;
    const step = (sigma * 0.9) / Math.sqrt(SESSION_MINUTES);
    const lo = Math.log(open);
    const lc = Math.log(close);
    const raw = new Float64Array(SESSION_MINUTES + 1);
    let rawMax = -Infinity;
    let rawMin = Infinity;
    for (let j = 0; j <= SESSION_MINUTES; j++) {
      const f = j / SESSION_MINUTES;
      const v = lo + (lc - lo) * f + step * ((walk[j] ?? 0) - f * end);
      raw[j] = v;
      if (v > rawMax) rawMax = v;
      if (v < rawMin) rawMin = v;
    }
    // Stretch the excursions above the higher end and below the lower end so that the path
    // spans exactly the session's high and low.
    const top = Math.max(lo, lc);
    const bottom = Math.min(lo, lc);
    const lh = Math.log(high);
    const ll = Math.log(low);
    const up = rawMax > top ? (lh - top) / (rawMax - top) : 0;
    const down = rawMin < bottom ? (bottom - ll) / (bottom - rawMin) : 0;
    let jMax = -1;
    let jMin = -1;
    const points = new Float64Array(SESSION_MINUTES + 1);
    for (let j = 0; j <= SESSION_MINUTES; j++) {
      let v = raw[j] ?? lo;
      if (v > top) v = top + (v - top) * up;
      else if (v < bottom) v = bottom - (bottom - v) * down;
      points[j] =
        j === 0
          ? open
          : j === SESSION_MINUTES
            ? close
            : Math.min(high, Math.max(low, round2(Math.exp(v))));
      if (raw[j] === rawMax) jMax = j;
      if (raw[j] === rawMin) jMin = j;
    }
    const volume = this.volumeOf(i);
    const weights: number[] = [];
    let total = 0;
    for (let j = 0; j < SESSION_MINUTES; j++) {
      const f = j / (SESSION_MINUTES - 1);
      const w = (1 + 2.5 * (2 * f - 1) ** 4) * Math.exp(0.3 * normal1(seed, i, 600 + j));
      weights.push(w);
      total += w;
    }
    const bars: MinuteBar[] = [];
    let allocated = 0;
    for (let j = 0; j < SESSION_MINUTES; j++) {
      const o = points[j] ?? open;
      const c = points[j + 1] ?? close;
      const wiggle = step * 0.3 * u01(seed, i, 1000 + j);
      const v =
        j === SESSION_MINUTES - 1
          ? volume - allocated
          : Math.floor((volume * (weights[j] ?? 0)) / total);
      allocated += v;
      bars.push({
        minute: j,
        open: o,
        close: c,
        high: Math.min(high, round2(Math.max(o, c) * (1 + wiggle))),
        low: Math.max(low, round2(Math.min(o, c) * (1 - wiggle))),
        volume: v,
      });
    }
    // The minutes around the path's extremes touch the session's high and low.
    const barAtHigh = bars[Math.min(SESSION_MINUTES - 1, Math.max(0, jMax > 0 ? jMax - 1 : 0))];
    if (barAtHigh) barAtHigh.high = high;
    const barAtLow = bars[Math.min(SESSION_MINUTES - 1, Math.max(0, jMin > 0 ? jMin - 1 : 0))];
    if (barAtLow) barAtLow.low = low;
    const result = { points, bars };
    if (this.minutePaths.size > INTRADAY_SESSIONS * 2) this.minutePaths.clear();
    this.minutePaths.set(i, result);
    return result;
  }
}

/** Where a moment falls in the trading calendar. */
export interface MarketClock {
  ny: NewYorkTime;
  /** Index of the last session whose daily bar is complete. */
  lastCompleteIndex: number;
  /** Index of today's session when it is open right now, else -1. */
  liveIndex: number;
  /** Minutes since 09:30 when live (0..390; 0..210 on an early close). */
  liveMinute: number;
  /** Minutes of the live session (390, or 210 on an early close); 0 when none is live. */
  liveLength: number;
  /** First session index that has minute data. */
  intradayFrom: number;
}

export function marketClock(now: Date): MarketClock {
  const ny = newYorkTime(now);
  ensureCalendar(ny.day + 7);
  const days = tradingDays();
  const todayIndex = tradingIndexAtOrBefore(ny.day);
  const isSessionDay = days[todayIndex] === ny.day;
  const minute = ny.minute - SESSION_OPEN_MIN;
  let lastCompleteIndex = todayIndex;
  let liveIndex = -1;
  let liveMinute = 0;
  let liveLength = 0;
  // The session ends at its close on the exchange's calendar: 16:00, or 13:00 on an early close.
  const length = isSessionDay ? sessionLength(ny.day) : 0;
  if (isSessionDay && minute < length) {
    lastCompleteIndex = todayIndex - 1;
    if (minute >= 0) {
      liveIndex = todayIndex;
      liveMinute = minute;
      liveLength = length;
    }
  }
  // Minute data for the last INTRADAY_SESSIONS complete sessions, plus today's while it is live.
  return {
    ny,
    lastCompleteIndex,
    liveIndex,
    liveMinute,
    liveLength,
    intradayFrom: lastCompleteIndex - INTRADAY_SESSIONS + 1,
  };
}

export interface LiveState {
  price: number;
  open: number;
  dayHigh: number;
  dayLow: number;
  volume: number;
  previousClose: number;
  /** Index of the session the quote describes. */
  index: number;
}

/** The quote of an instrument at a moment. */
export function liveState(inst: Instrument, clock: MarketClock): LiveState {
  if (clock.liveIndex >= 0) {
    const i = clock.liveIndex;
    const { points, bars } = inst.minutes(i);
    const j = Math.min(clock.liveLength - 1, Math.floor(clock.liveMinute));
    const frac = clock.liveMinute - j;
    const a = points[j] ?? 0;
    const b = points[j + 1] ?? a;
    const price = round2(a + (b - a) * frac);
    const first = bars[0];
    let high = Math.max(price, first?.open ?? price);
    let low = Math.min(price, first?.open ?? price);
    let volume = 0;
    for (let k = 0; k < j; k++) {
      const bar = bars[k];
      if (!bar) continue;
      if (bar.high > high) high = bar.high;
      if (bar.low < low) low = bar.low;
      volume += bar.volume;
    }
    volume += Math.round((bars[j]?.volume ?? 0) * frac);
    return {
      price,
      open: first?.open ?? price,
      dayHigh: high,
      dayLow: low,
      volume,
      // On the listing day there is no earlier close: the session's open stands in.
      previousClose: i > inst.spec.startIndex ? inst.close(i - 1) : (first?.open ?? price),
      index: i,
    };
  }
  const i = clock.lastCompleteIndex;
  const bar = inst.bar(i);
  return {
    price: bar.close,
    open: bar.open,
    dayHigh: bar.high,
    dayLow: bar.low,
    volume: bar.volume,
    previousClose: i > inst.spec.startIndex ? inst.close(i - 1) : bar.open,
    index: i,
  };
}
