import { addDays, compareIso, dayNumber, dayFromNumber } from './days';
import { D, type Dec, QUANTITY_DECIMALS, tradeValueCents, wholeMillionths } from './money';

/**
 * Daily NAV history, replayed from a portfolio's events and the symbols' daily closes.
 *
 * NAV_d = cash_d + sum(quantity_d x close_d), where close_d is the symbol's close on day d or
 * its last close before d (weekends, holidays). Closes are split-adjusted as the provider
 * serves them (every close before a split is divided by its ratio), so the engine holds each
 * position in adjusted shares: a trade's quantity is multiplied, and its price divided, by the
 * ratios of the symbol's splits after the trade's day. A split therefore never moves the NAV;
 * on the split day the held (unadjusted) quantity is multiplied by the ratio and rounded down to
 * a millionth of a share, as the ledger's holding is (corporate.ts). Each position is
 * valued to the cent (half up) and the cents summed, as `navCents` does.
 *
 * Order within a day: external flows (at the start of the day), splits, trades in the given
 * order, dividends credited (pay date). A symbol without any close yet is valued at its last
 * trade price.
 */

export type PerformanceEvent =
  | { type: 'flow'; date: string; amountCents: number }
  | {
      type: 'buy' | 'sell';
      date: string;
      symbol: string;
      quantity: number;
      price: number;
      /** Paid on top of a buy, taken from a sale's proceeds (cents; 0 when absent). */
      feeCents?: number;
    }
  | { type: 'dividend'; date: string; symbol: string; amountCents: number }
  | { type: 'split'; date: string; symbol: string; numerator: number; denominator: number };

export interface Close {
  date: string;
  close: number;
}

export interface NavPoint {
  date: string;
  navCents: number;
  cashCents: number;
  /** External flow at the start of the day (deposits positive, withdrawals negative). */
  flowCents: number;
  dividendCents: number;
  realisedCents: number;
  /** Trading fees paid that day. */
  feeCents: number;
  /** Daily time-weighted return r_d = NAV_d / (NAV_{d-1} + F_d) - 1; 0 when the base is 0. */
  dailyReturn: number;
}

export interface HoldingFigures {
  symbol: string;
  /** Shares held today (split-applied). */
  quantity: number;
  costCents: number;
  /** Average cost per share (average-cost method), USD. */
  averageCost: number;
  price: number | null;
  valueCents: number;
  unrealisedCents: number;
  realisedCents: number;
  dividendCents: number;
  firstBuy: string;
  /** Time-weighted return since the first buy (buys in, sales and dividends out). */
  twrSinceFirstBuy: number;
}

export interface NavHistory {
  points: NavPoint[];
  holdings: HoldingFigures[];
  /** The state at the end of the day asked for as `checkpoint`, when it lies in the history. */
  checkpoint?: ReplayState;
  /** The states at the end of the days asked for as `checkpoints` that lie in it, in date order. */
  states?: ReplayState[];
}

/**
 * Where a replay stands at the end of a day, in plain JSON (quantities as exact decimal
 * strings): enough to continue it the next day without replaying what came before.
 * Quantities are in shares adjusted for the splits the replay was given.
 */
export interface ReplayState {
  through: string;
  cashCents: number;
  prevNavCents: number;
  positions: {
    symbol: string;
    adjQuantity: string;
    costCents: number;
    realisedCents: number;
    dividendCents: number;
    firstBuy: string;
    lastTradePrice: number;
    twr: number;
    prevValueCents: number;
    /** The price it was last valued at (its last close), if it has been valued. */
    price: number | null;
  }[];
}

export type HistoryError = { code: 'OVERSELL' | 'INSUFFICIENT_CASH' | 'INVALID'; message: string };

const rank: Record<PerformanceEvent['type'], number> = {
  flow: 0,
  split: 1,
  buy: 2,
  sell: 2,
  dividend: 3,
};

/** Cumulative split ratio after each day, per symbol: factor(t) = product of ratios of splits dated after t. */
export function splitFactor(
  splits: readonly { date: string; numerator: number; denominator: number }[],
): (date: string) => Dec {
  const sorted = [...splits].sort((a, b) => a.date.localeCompare(b.date));
  return (date) => {
    let factor = new D(1);
    for (const s of sorted) {
      if (s.date > date) factor = factor.times(s.numerator).div(s.denominator);
    }
    return factor;
  };
}

/**
 * A symbol's closes as the replay reads them: day numbers (days since 1970-01-01, UTC) in
 * ascending order and the closes on them, every close finite and above zero. The engine decodes
 * the market cache's closes into this form once per symbol (functions/market/closes.ts) and
 * passes it as is; `Close[]` is converted here.
 */
export interface DayCloses {
  readonly days: Int32Array;
  readonly closes: Float64Array;
  /**
   * One more close, on a day after every day of `days` (today's, at its quote): kept apart so
   * that a read shares the decoded arrays rather than copying them to add a day.
   */
  readonly next?: { readonly day: number; readonly close: number };
}

const NO_CLOSES: DayCloses = { days: new Int32Array(0), closes: new Float64Array(0) };

function isDayCloses(bars: readonly Close[] | DayCloses): bars is DayCloses {
  return !Array.isArray(bars);
}

/** Bars as day numbers and closes, sorted by date, unusable closes left out (they never price). */
export function toDayCloses(bars: readonly Close[] | DayCloses): DayCloses {
  if (isDayCloses(bars)) return bars;
  const sorted = sortBars(bars);
  const days = new Int32Array(sorted.length);
  const closes = new Float64Array(sorted.length);
  let n = 0;
  for (const bar of sorted) {
    if (!(Number.isFinite(bar.close) && bar.close > 0)) continue;
    days[n] = dayNumber(bar.date.slice(0, 10));
    closes[n] = bar.close;
    n++;
  }
  return { days: days.subarray(0, n), closes: closes.subarray(0, n) };
}

class Closes {
  private index = 0;
  private readonly length: number;
  private readonly next: { readonly day: number; readonly close: number } | undefined;
  constructor(
    private readonly bars: DayCloses,
    /** The last close known before the first bar (a resumed replay's last price). */
    private last: number | undefined = undefined,
  ) {
    this.length = bars.days.length;
    this.next = bars.next;
  }
  /** True when a close dated up to `day` has not been read yet. Call with non-decreasing days. */
  moves(day: number): boolean {
    if (this.index < this.length) return this.bars.days[this.index]! <= day;
    return this.index === this.length && this.next !== undefined && this.next.day <= day;
  }
  /** The last close up to `day`. Call with non-decreasing days. */
  at(day: number): number | undefined {
    const { days, closes } = this.bars;
    while (this.index < this.length && days[this.index]! <= day) {
      this.last = closes[this.index]!;
      this.index++;
    }
    if (this.index === this.length && this.next !== undefined && this.next.day <= day) {
      this.last = this.next.close;
      this.index++;
    }
    return this.last;
  }
}

const MICRO = 1_000_000;
const ONE = new D(1);

/** A quantity in whole millionths of a share, when it is one and a safe integer (else null). */
function microShares(quantity: Dec): number | null {
  const scaled = quantity.times(MICRO);
  return scaled.isInteger() && scaled.abs().lte(Number.MAX_SAFE_INTEGER) ? scaled.toNumber() : null;
}

/** The price as a whole number of 1/scale dollars, with the smallest such scale (up to 1e6). */
function scaledPrice(price: number): { units: number; scale: number } | null {
  for (const scale of [100, 10_000, MICRO]) {
    const exact = price * scale;
    const units = Math.round(exact);
    if (
      Math.abs(exact - units) <= 1e-6 * Math.max(1, Math.abs(exact)) * 1e-6 &&
      Number.isSafeInteger(units)
    )
      return { units, scale };
  }
  return null;
}

/**
 * quantity x price to the cent, half up: the same figure as tradeValueCents, in exact integer
 * arithmetic when the quantity is whole millionths of a share (`micro`) and the price has at
 * most 6 decimals (every stored quantity and quoted price), so that a 10-year history values
 * its positions quickly; otherwise in decimal.
 */
function positionCents(quantity: Dec, micro: number | null, price: number): number {
  if (quantity.isZero()) return 0;
  const p = scaledPrice(price);
  if (micro === null || micro < 0 || p === null) return tradeValueCents(quantity, price);
  // q x p is in 1e-6 / scale dollars; a cent is scale x 1e4 of them.
  const perCent = p.scale * 10_000;
  const units = micro * p.units;
  if (Number.isSafeInteger(units + perCent)) {
    const half = units + perCent / 2;
    let cents = Math.floor(half / perCent);
    const rest = half - cents * perCent;
    if (rest < 0) cents -= 1;
    else if (rest >= perCent) cents += 1;
    return cents;
  }
  const big = BigInt(micro) * BigInt(p.units) + BigInt(perCent / 2);
  return Number(big / BigInt(perCent));
}

/** The bars in date order (most come in order: then they are only checked). */
function sortBars(bars: readonly Close[]): readonly Close[] {
  for (let i = 1; i < bars.length; i++)
    if (compareIso(bars[i - 1]!.date, bars[i]!.date) > 0)
      return [...bars].sort((a, b) => compareIso(a.date, b.date));
  return bars;
}

interface Position {
  symbol: string;
  adjQuantity: Dec;
  /** adjQuantity in whole millionths of a share, when it is (kept with it). */
  micro: number | null;
  costCents: number;
  realisedCents: number;
  dividendCents: number;
  firstBuy: string;
  lastTradePrice: number;
  /** Growth factor of the holding's own time-weighted return (a ratio, so a float). */
  twr: number;
  prevValueCents: number;
  /** The last valuation, reused while neither quantity nor price changes. */
  valuedQuantity: Dec | undefined;
  valuedPrice: number;
  valuedCents: number;
  closes: Closes;
  /** Money into and out of the position today (its own return's flows), and whether any moved. */
  dayIn: number;
  dayOut: number;
  touched: boolean;
}

/**
 * Replays the events day by day from `start` (or from the day after `resume.through`, skipping
 * the events up to it) to `end`. With `checkpoint` (or `checkpoints`), the state at the end of
 * that day (those days) is returned too, for a later call to resume from.
 *
 * The work of a day is proportional to what moved that day: a position is valued again only
 * when its close or quantity changed (an unchanged position's own return is multiplied by
 * exactly 1, so leaving it is the same), and a day with no event and no close of any symbol
 * only repeats the NAV.
 */
export function navHistory(input: {
  start: string;
  end: string;
  events: readonly PerformanceEvent[];
  closes: ReadonlyMap<string, readonly Close[] | DayCloses>;
  resume?: ReplayState;
  checkpoint?: string;
  checkpoints?: readonly string[];
}): { ok: true; history: NavHistory } | { ok: false; error: HistoryError } {
  const events = input.events
    .map((event, index) => ({ event, index }))
    .sort(
      (a, b) =>
        compareIso(a.event.date, b.event.date) ||
        rank[a.event.type] - rank[b.event.type] ||
        a.index - b.index,
    )
    .map((e) => e.event);
  const splitsBySymbol = new Map<
    string,
    { date: string; numerator: number; denominator: number }[]
  >();
  for (const e of events) {
    if (e.type !== 'split') continue;
    if (!(e.numerator > 0 && e.denominator > 0))
      return {
        ok: false,
        error: { code: 'INVALID', message: `A split of ${e.symbol} needs a positive ratio` },
      };
    const list = splitsBySymbol.get(e.symbol) ?? [];
    list.push(e);
    splitsBySymbol.set(e.symbol, list);
  }
  const factors = new Map<string, (date: string) => Dec>();
  const factorOf = (symbol: string, date: string) => {
    let f = factors.get(symbol);
    if (!f) {
      f = splitFactor(splitsBySymbol.get(symbol) ?? []);
      factors.set(symbol, f);
    }
    return f(date);
  };

  const resume = input.resume;
  const first = resume ? dayNumber(resume.through) + 1 : dayNumber(input.start);
  const last = dayNumber(input.end);
  if (!(first <= last) && !(resume && first === last + 1))
    return {
      ok: false,
      error: { code: 'INVALID', message: 'The history needs a start before its end' },
    };

  // Which days any symbol has a close (a day with none and no event only repeats the NAV).
  const span = Math.max(0, last - first + 1);
  const closeDays = new Uint8Array(span);
  const decoded = new Map<string, DayCloses>();
  const barsOf = (symbol: string) => {
    let bars = decoded.get(symbol);
    if (!bars) {
      const given = input.closes.get(symbol);
      bars = given ? toDayCloses(given) : NO_CLOSES;
      decoded.set(symbol, bars);
      for (let i = 0; i < bars.days.length; i++) {
        const at = bars.days[i]! - first;
        if (at >= 0 && at < span) closeDays[at] = 1;
      }
      const next = bars.next ? bars.next.day - first : -1;
      if (next >= 0 && next < span) closeDays[next] = 1;
    }
    return bars;
  };

  const positions = new Map<string, Position>();
  const open = (
    p: Omit<Position, 'closes' | 'micro' | 'dayIn' | 'dayOut' | 'touched'>,
    price?: number,
  ) => {
    // Every field written out: a spread leaves V8 a slow object, and this one is read on every day.
    const position: Position = {
      symbol: p.symbol,
      adjQuantity: p.adjQuantity,
      costCents: p.costCents,
      realisedCents: p.realisedCents,
      dividendCents: p.dividendCents,
      firstBuy: p.firstBuy,
      lastTradePrice: p.lastTradePrice,
      twr: p.twr,
      prevValueCents: p.prevValueCents,
      valuedQuantity: p.valuedQuantity,
      valuedPrice: p.valuedPrice,
      valuedCents: p.valuedCents,
      micro: microShares(p.adjQuantity),
      closes: new Closes(barsOf(p.symbol), price),
      dayIn: 0,
      dayOut: 0,
      touched: false,
    };
    positions.set(p.symbol, position);
    return position;
  };
  for (const p of resume?.positions ?? [])
    open(
      {
        symbol: p.symbol,
        adjQuantity: new D(p.adjQuantity),
        costCents: p.costCents,
        realisedCents: p.realisedCents,
        dividendCents: p.dividendCents,
        firstBuy: p.firstBuy,
        lastTradePrice: p.lastTradePrice,
        twr: p.twr,
        prevValueCents: p.prevValueCents,
        valuedQuantity: undefined,
        valuedPrice: NaN,
        valuedCents: 0,
      },
      p.price ?? undefined,
    );
  // Every symbol with an event has its closes in the calendar of close days.
  for (const e of events) if (e.type !== 'flow') barsOf(e.symbol);

  /** `micro`: the quantity in millionths when the caller knows it exactly. */
  const setQuantity = (p: Position, quantity: Dec, micro?: number | null) => {
    p.adjQuantity = quantity;
    p.micro =
      micro !== undefined && micro !== null && Number.isSafeInteger(micro)
        ? micro
        : microShares(quantity);
  };
  const touch = (p: Position, touched: Position[]) => {
    if (!p.touched) {
      p.touched = true;
      touched.push(p);
    }
  };

  const points: NavPoint[] = [];
  let cash = resume?.cashCents ?? 0;
  let prevNav = resume?.prevNavCents ?? 0;
  let holdingsValue = 0;
  let cursor = 0;
  if (resume) while (cursor < events.length && events[cursor]!.date <= resume.through) cursor++;
  let checkpoint: ReplayState | undefined;
  const wanted = new Set(input.checkpoints ?? []);
  const states: ReplayState[] = [];
  const touched: Position[] = [];
  // Positions are valued on the first day whatever it holds (a resumed state keeps no valuation).
  let valueAll = true;
  // Events before the start are applied on the first day.
  for (let day = first; day <= last; day++) {
    const date = dayFromNumber(day);
    let flow = 0;
    let dividends = 0;
    let realised = 0;
    let fees = 0;
    const hasEvents = cursor < events.length && events[cursor]!.date <= date;
    while (cursor < events.length && events[cursor]!.date <= date) {
      const e = events[cursor++]!;
      if (e.type === 'flow') {
        flow += e.amountCents;
        cash += e.amountCents;
        continue;
      }
      const symbol = e.symbol;
      if (e.type === 'split') {
        // Positions are held in adjusted shares, so a split moves nothing but the fraction the
        // ledger drops: shares held after it are rounded down to a millionth, as the holding is.
        const p = positions.get(symbol);
        if (p && !p.adjQuantity.isZero()) {
          const factor = factorOf(symbol, e.date);
          setQuantity(
            p,
            p.adjQuantity
              .div(factor)
              .toDecimalPlaces(QUANTITY_DECIMALS, D.ROUND_DOWN)
              .times(factor),
          );
          touch(p, touched);
        }
        continue;
      }
      if (e.type === 'dividend') {
        cash += e.amountCents;
        dividends += e.amountCents;
        const p = positions.get(symbol);
        if (p) {
          p.dividendCents += e.amountCents;
          p.dayOut += e.amountCents;
          touch(p, touched);
        }
        continue;
      }
      const value = tradeValueCents(e.quantity, e.price);
      const fee = e.feeCents ?? 0;
      fees += fee;
      // A symbol never split trades in the shares it is valued in (most do).
      const split = splitsBySymbol.has(symbol);
      const factor = split ? factorOf(symbol, e.date) : ONE;
      const adjQty = split ? new D(e.quantity).times(factor) : new D(e.quantity);
      const adjPrice = split ? new D(e.price).div(factor).toNumber() : e.price;
      // The trade in millionths, when it adds to a position's millionths exactly.
      const tradeMicro = split ? null : wholeMillionths(e.quantity);
      let p = positions.get(symbol);
      if (e.type === 'buy') {
        if (value + fee > cash)
          return {
            ok: false,
            error: {
              code: 'INSUFFICIENT_CASH',
              message: `Not enough cash to buy ${symbol} on ${e.date}`,
            },
          };
        cash -= value + fee;
        p ??= open({
          symbol,
          adjQuantity: new D(0),
          costCents: 0,
          realisedCents: 0,
          dividendCents: 0,
          firstBuy: e.date,
          lastTradePrice: adjPrice,
          twr: 1,
          prevValueCents: 0,
          valuedQuantity: undefined,
          valuedPrice: NaN,
          valuedCents: 0,
        });
        setQuantity(
          p,
          p.adjQuantity.plus(adjQty),
          tradeMicro !== null && p.micro !== null ? p.micro + tradeMicro : undefined,
        );
        p.costCents += value;
        p.lastTradePrice = adjPrice;
        // The holding's own return counts what it cost, fee included.
        p.dayIn += value + fee;
        touch(p, touched);
      } else {
        if (!p || p.adjQuantity.lt(adjQty.minus(new D('1e-9'))))
          return {
            ok: false,
            error: {
              code: 'OVERSELL',
              message: `A sale of ${symbol} on ${e.date} exceeds the holding`,
            },
          };
        const held = p.adjQuantity;
        const remaining = held.minus(adjQty);
        const costRemoved = remaining.lte(new D('1e-9'))
          ? p.costCents
          : new D(p.costCents)
              .times(adjQty)
              .div(held)
              .toDecimalPlaces(0, D.ROUND_HALF_UP)
              .toNumber();
        const gone = remaining.lte(new D('1e-9'));
        setQuantity(
          p,
          gone ? new D(0) : remaining,
          gone ? 0 : tradeMicro !== null && p.micro !== null ? p.micro - tradeMicro : undefined,
        );
        p.costCents -= costRemoved;
        p.realisedCents += value - costRemoved;
        p.lastTradePrice = adjPrice;
        cash += value - fee;
        realised += value - costRemoved;
        p.dayOut += value - fee;
        touch(p, touched);
      }
    }
    if (valueAll || hasEvents || closeDays[day - first] === 1) {
      for (const p of positions.values()) {
        // Nothing moved: the same value, a return of exactly 0 (left as it is).
        if (!valueAll && !p.touched && !p.closes.moves(day)) continue;
        // No shares before or after: nothing to value (its close is read when it is needed).
        if (!p.touched && p.adjQuantity.isZero() && p.prevValueCents === 0) continue;
        const price = p.closes.at(day) ?? p.lastTradePrice;
        if (p.valuedQuantity !== p.adjQuantity || p.valuedPrice !== price) {
          holdingsValue -= p.valuedCents;
          p.valuedCents = positionCents(p.adjQuantity, p.micro, price);
          p.valuedQuantity = p.adjQuantity;
          p.valuedPrice = price;
          holdingsValue += p.valuedCents;
        }
        const valueCents = p.valuedCents;
        const base = p.prevValueCents + p.dayIn;
        if (base > 0) p.twr *= (valueCents + p.dayOut) / base;
        p.prevValueCents = valueCents;
      }
      valueAll = false;
    }
    for (const p of touched) {
      p.touched = false;
      p.dayIn = 0;
      p.dayOut = 0;
    }
    touched.length = 0;
    const nav = cash + holdingsValue;
    const base = prevNav + flow;
    const dailyReturn = base > 0 ? dailyReturnOf(nav, base) : 0;
    points.push({
      date,
      navCents: nav,
      cashCents: cash,
      flowCents: flow,
      dividendCents: dividends,
      realisedCents: realised,
      feeCents: fees,
      dailyReturn,
    });
    prevNav = nav;
    if (date === input.checkpoint) checkpoint = stateAt(date, cash, prevNav, positions);
    if (wanted.has(date))
      states.push(
        checkpoint?.through === date ? checkpoint : stateAt(date, cash, prevNav, positions),
      );
  }

  const holdings: HoldingFigures[] = [];
  const today = input.end;
  const todayNumber = dayNumber(today);
  for (const [symbol, p] of [...positions].sort(([a], [b]) => a.localeCompare(b))) {
    const price = p.closes.at(todayNumber) ?? p.lastTradePrice;
    // Adjusted shares are today's shares: no split is dated after the last day.
    const quantity = p.adjQuantity.times(factorOf(symbol, today)).toDecimalPlaces(6).toNumber();
    const valueCents = p.adjQuantity.isZero() ? 0 : tradeValueCents(p.adjQuantity, price);
    holdings.push({
      symbol,
      quantity,
      costCents: p.costCents,
      averageCost:
        quantity > 0 ? new D(p.costCents).div(100).div(quantity).toDecimalPlaces(4).toNumber() : 0,
      price: Number.isFinite(price) ? price : null,
      valueCents,
      unrealisedCents: valueCents - p.costCents,
      realisedCents: p.realisedCents,
      dividendCents: p.dividendCents,
      firstBuy: p.firstBuy,
      twrSinceFirstBuy: p.twr - 1,
    });
  }
  return {
    ok: true,
    history: {
      points,
      holdings,
      ...(checkpoint ? { checkpoint } : {}),
      ...(input.checkpoints ? { states } : {}),
    },
  };
}

/**
 * NAV / base - 1 as the Decimal quotient (40 digits) gives it, rounded to a double. While the
 * base is under a billion dollars and the day moved it by less than itself, the integer
 * division (NAV - base) / base rounds to the same double: the exact quotient has a denominator
 * under 2^37, so it lies further than 1e-38 from any point halfway between two doubles (their
 * denominators are 2^54 and more), and the Decimal's is within 1e-39 of it.
 */
function dailyReturnOf(nav: number, base: number): number {
  const moved = nav - base;
  if (
    base < 1e11 &&
    Math.abs(moved) < base &&
    Number.isSafeInteger(nav) &&
    Number.isSafeInteger(base)
  )
    return moved / base;
  return new D(nav).div(base).minus(1).toNumber();
}

function stateAt(
  through: string,
  cashCents: number,
  prevNavCents: number,
  positions: ReadonlyMap<string, Position>,
): ReplayState {
  const day = dayNumber(through);
  return {
    through,
    cashCents,
    prevNavCents,
    positions: [...positions].map(([symbol, p]) => ({
      symbol,
      adjQuantity: p.adjQuantity.toString(),
      costCents: p.costCents,
      realisedCents: p.realisedCents,
      dividendCents: p.dividendCents,
      firstBuy: p.firstBuy,
      lastTradePrice: p.lastTradePrice,
      twr: p.twr,
      prevValueCents: p.prevValueCents,
      price: p.closes.at(day) ?? null,
    })),
  };
}

/**
 * The cash the events leave, as a replay of them ends with (flows, trades with their fees,
 * dividends; closes and splits do not move it). A check that a portfolio's items are all
 * there: the ledger's cash is this figure.
 */
export function cashAfter(events: readonly PerformanceEvent[]): number {
  let cash = 0;
  for (const e of events) {
    if (e.type === 'flow' || e.type === 'dividend') cash += e.amountCents;
    else if (e.type === 'buy') cash -= tradeValueCents(e.quantity, e.price) + (e.feeCents ?? 0);
    else if (e.type === 'sell') cash += tradeValueCents(e.quantity, e.price) - (e.feeCents ?? 0);
  }
  return cash;
}

/** The day before a date, for callers that need the start value of a period. */
export function dayBefore(date: string): string {
  return addDays(date, -1);
}
