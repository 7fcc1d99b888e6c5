import { addDays, compareIso, minusMonths } from './days';
import { D, tradeValueCents } from './money';

/**
 * Tax lots (decision 131): each purchase is a lot; a sale is matched to the oldest open lots
 * first (FIFO), and each match has its own gain and holding period. Beside it, the average
 * cost method of the rest of the product, so that a portfolio's setting can switch.
 *
 * Money is whole cents; quantities are decimals.
 * - A lot's cost is the purchase's value (quantity x price, to the cent, half up) plus its fee.
 *   A sale's proceeds are its value less its fee.
 * - A split (numerator/denominator) dated on or before today multiplies every open lot's
 *   quantity by its ratio and keeps its cost (so the cost per share is divided); it applies
 *   before the trades of its day, as in the NAV history. The acquisition date stays. The
 *   holding is then rounded down to a millionth of a share, as the ledger's and the NAV
 *   history's are, the dropped fraction coming off the newest lots.
 * - Rounding, so every sum is exact: selling q of a lot holding Q shares at cost C takes
 *   round(C x q / Q) half up; the rest stays with the lot, and the sale that empties the lot
 *   takes all that is left. A sale's proceeds are shared among the lots it closes by cumulative
 *   rounding: the first k matches get round(P x (q_1 + ... + q_k) / q) in all, so the shares
 *   add up to P and each is within a cent of its proportion. The value of a symbol's open lots,
 *   tradeValueCents(total quantity, price), is shared the same way. So the matches of a sale
 *   add up to its proceeds, the costs taken from a lot add up to its cost, and a full
 *   liquidation's lot gains add up to the average-cost gain.
 * - Holding period: the holding starts the day after the purchase and includes the day of the
 *   sale. A lot is long-term when sold after the anniversary of its purchase (the same day a
 *   year later, 28 February for a lot bought on 29 February), short-term on the anniversary or
 *   before: bought 2023-03-15, sold 2024-03-15 is short, sold 2024-03-16 long.
 * - A tax year is the calendar year of the sale.
 * - What is left below 1e-9 of a share after a sale closes the position (as the NAV history
 *   does), its cost going to that sale.
 * Wash sales and other tax adjustments are not made.
 */

export interface LotTrade {
  /** ISO date-time (or date) of the trade; its UTC day is the trade's day. */
  time: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  /** Paid on top of a buy, taken from a sale's proceeds (cents). */
  feeCents?: number;
}

export interface LotSplit {
  symbol: string;
  /** YYYY-MM-DD. */
  date: string;
  numerator: number;
  denominator: number;
}

export interface LotsInput {
  /** The portfolio's trades, in time order. */
  trades: readonly LotTrade[];
  splits: readonly LotSplit[];
  /** YYYY-MM-DD: splits after it do not apply; holding periods run to it. */
  today: string;
  /** The latest price of each symbol (per share as held today); absent or null when unknown. */
  prices: ReadonlyMap<string, number | null | undefined>;
}

export type CostMethod = 'average' | 'fifo';
export const COST_METHODS = ['average', 'fifo'] as const satisfies readonly CostMethod[];
export type Term = 'short' | 'long';

export interface OpenLotView {
  symbol: string;
  /** The purchase's day. */
  acquired: string;
  quantity: number;
  cost_cents: number;
  price: number | null;
  value_cents: number | null;
  unrealised_cents: number | null;
  /** The holding period so far (today against the anniversary). */
  term: Term;
  /** The first day a sale would be long-term. */
  long_term_from: string;
}

export interface RealisedLotView {
  /** The sale's day. */
  sold: string;
  symbol: string;
  acquired: string;
  quantity: number;
  proceeds_cents: number;
  cost_cents: number;
  gain_cents: number;
  term: Term;
}

export interface TaxYearView {
  year: number;
  short_cents: number;
  long_cents: number;
  total_cents: number;
}

export interface LotsView {
  /** Open lots by symbol, oldest first. */
  open: OpenLotView[];
  /** Each sale matched to lots: by sale day, then symbol, then the lots in the order sold. */
  realised: RealisedLotView[];
  /** Realised gains per calendar year of sale, oldest first. */
  tax_years: TaxYearView[];
}

export interface SymbolBasis {
  symbol: string;
  /** Shares held today, to 6 places. */
  quantity: number;
  cost_cents: number;
  realised_cents: number;
}

export class LotsError extends Error {}

/*
 * Quantities are held exactly, as whole units of 1/scale of a share: a symbol's scale is 10^9
 * times the denominators of the splits applied to it so far, and a split multiplies every
 * open lot's units by its numerator. Cents and units are integers (bigint where products may
 * exceed 2^53), so a 2,000-trade history takes a few milliseconds.
 */
const NANO = 1_000_000_000n;

// Both are worked out for every trade and lot of a portfolio on each read: those met are kept.
const KEPT = 50_000;
const nanos = new Map<number, bigint | null>();
const longTermDays = new Map<string, string>();

/** A number's decimal digits as whole 10^-9 units, exactly; null when it has more places. */
function nanoUnits(n: number): bigint | null {
  let units = nanos.get(n);
  if (units === undefined) {
    const m = /^(-?)(\d+)(?:\.(\d{1,9}))?$/.exec(String(n));
    units = m ? BigInt(m[2]!) * NANO + BigInt((m[3] ?? '').padEnd(9, '0')) : null;
    if (m?.[1] && units !== null) units = -units;
    if (nanos.size >= KEPT) nanos.clear();
    nanos.set(n, units);
  }
  return units;
}

/** n / d rounded half up (half away from zero, as the rest of the product rounds), d > 0. */
function roundDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (2n * (r < 0n ? -r : r) >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** The value in cents of units/scale shares at `price`, half up: tradeValueCents, in integers. */
function valueCents(units: bigint, scale: bigint, price: number): number {
  const p = nanoUnits(price);
  if (p === null) return tradeValueCents(new D(units.toString()).div(scale.toString()), price);
  return Number(roundDiv(units * p * 100n, scale * NANO));
}

/** Shares to 6 places, as the rest of the product shows them. */
function shares(units: bigint, scale: bigint): number {
  return Number(roundDiv(units * 1_000_000n, scale)) / 1_000_000;
}

interface Lot {
  acquired: string;
  units: bigint;
  costCents: number;
}

/** A symbol's lots (open from `first` on, oldest first), the units they hold, and the scale. */
interface Book {
  scale: bigint;
  lots: Lot[];
  first: number;
  held: bigint;
}

interface Match {
  sold: string;
  symbol: string;
  acquired: string;
  units: bigint;
  scale: bigint;
  proceedsCents: number;
  costCents: number;
}

/** The first day a lot bought on `acquired` is long-term: the day after its anniversary. */
export function longTermFrom(acquired: string): string {
  let day = longTermDays.get(acquired);
  if (day === undefined) {
    day = addDays(minusMonths(acquired, -12), 1);
    if (longTermDays.size >= KEPT) longTermDays.clear();
    longTermDays.set(acquired, day);
  }
  return day;
}

/** Short-term when held up to one year (sold on the anniversary or before), long after. */
export function holdingTerm(acquired: string, sold: string): Term {
  return sold >= longTermFrom(acquired) ? 'long' : 'short';
}

/**
 * Shares `total` cents among parts in proportion to their quantities (any one unit), by
 * cumulative rounding: the first k parts get round(total x (q_1 + ... + q_k) / sum q) in all.
 */
export function shareByQuantity(total: number, quantities: readonly bigint[]): number[] {
  const whole = quantities.reduce((s, q) => s + q, 0n);
  if (whole <= 0n) return quantities.map((_, i) => (i === quantities.length - 1 ? total : 0));
  let cumulative = 0n;
  let given = 0;
  return quantities.map((q) => {
    cumulative += q;
    const upTo = Number(roundDiv(BigInt(total) * cumulative, whole));
    const part = upTo - given;
    given = upTo;
    return part;
  });
}

const dayOf = (time: string) => time.slice(0, 10);

function sortedTrades(trades: readonly LotTrade[]): LotTrade[] {
  return trades
    .map((t, i) => ({ t, i }))
    .sort((a, b) => (a.t.time < b.t.time ? -1 : a.t.time > b.t.time ? 1 : a.i - b.i))
    .map((x) => x.t);
}

/** A trade's shares in 10^-9 units and its value in cents (tradeValueCents). */
function tradeFigures(t: LotTrade): { nano: bigint; valueCents: number } {
  const nano = nanoUnits(t.quantity);
  if (nano !== null) return { nano, valueCents: valueCents(nano, NANO, t.price) };
  return {
    nano: BigInt(new D(t.quantity).times(1e9).toDecimalPlaces(0, D.ROUND_HALF_UP).toFixed()),
    valueCents: tradeValueCents(t.quantity, t.price),
  };
}

/** A split's ratio as whole numbers in lowest terms. */
function splitRatio(s: LotSplit): { num: bigint; den: bigint } {
  const num = nanoUnits(s.numerator);
  const den = nanoUnits(s.denominator);
  if (num === null || den === null || num <= 0n || den <= 0n)
    throw new LotsError(`A split of ${s.symbol} needs a positive ratio`);
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

/**
 * Walks the trades in time order with the splits that apply (on or before today, before the
 * trades of their day), calling `split` and `trade` as it goes.
 */
function walk(
  input: Pick<LotsInput, 'trades' | 'splits' | 'today'>,
  on: {
    split: (symbol: string, num: bigint, den: bigint) => void;
    trade: (t: LotTrade, day: string) => void;
  },
) {
  const splits = input.splits
    .filter((s) => s.date.slice(0, 10) <= input.today)
    .sort((a, b) => compareIso(a.date, b.date))
    .map((s) => ({ s, ...splitRatio(s) }));
  let next = 0;
  const applyUpTo = (day: string) => {
    while (next < splits.length && splits[next]!.s.date.slice(0, 10) <= day) {
      const { s, num, den } = splits[next++]!;
      on.split(s.symbol, num, den);
    }
  };
  for (const t of sortedTrades(input.trades)) {
    const day = dayOf(t.time);
    applyUpTo(day);
    on.trade(t, day);
  }
  applyUpTo(input.today);
}

function oversold(t: LotTrade, day: string): LotsError {
  return new LotsError(`A sale of ${t.symbol} on ${day} exceeds the holding`);
}

/** True when units/scale is at most 10^-9 of a share (what a sale leaves that closes a position). */
const isDust = (units: bigint, scale: bigint) => units * NANO <= scale;

/** The part of units/scale shares below a millionth of a share (scale is a multiple of 10^6). */
function belowMillionth(units: bigint, scale: bigint): bigint {
  return units % (scale / 1_000_000n);
}

/**
 * After a split the holding is rounded down to a millionth of a share, as the ledger's holding
 * and the NAV history's are (corporate.ts, history.ts). The dropped fraction comes off the
 * newest lots; a lot it empties (one of less than a millionth of a share) gives its cost to the
 * newest lot left, or, when none is left, the oldest lot stays open with no shares and the cost.
 */
function dropBelowMillionth(book: Book): void {
  let drop = belowMillionth(book.held, book.scale);
  if (drop === 0n) return;
  book.held -= drop;
  let emptiedCents = 0;
  let i = book.lots.length - 1;
  for (; i >= book.first && drop > 0n; i--) {
    const lot = book.lots[i]!;
    const taken = lot.units < drop ? lot.units : drop;
    lot.units -= taken;
    drop -= taken;
    if (lot.units === 0n && i > book.first) {
      emptiedCents += lot.costCents;
      book.lots.splice(i, 1);
    }
  }
  const last = book.lots[book.lots.length - 1];
  if (last && book.lots.length > book.first) last.costCents += emptiedCents;
}

/** FIFO: every symbol's lots and every match, fees in the basis or apart. */
function fifo(input: Pick<LotsInput, 'trades' | 'splits' | 'today'>, feesInBasis: boolean) {
  const books = new Map<string, Book>();
  const matches: Match[] = [];
  walk(input, {
    split: (symbol, num, den) => {
      const book = books.get(symbol);
      if (!book) return;
      for (let i = book.first; i < book.lots.length; i++) book.lots[i]!.units *= num;
      book.held *= num;
      book.scale *= den;
      dropBelowMillionth(book);
    },
    trade: (t, day) => {
      const { nano, valueCents: value } = tradeFigures(t);
      const fee = feesInBasis ? (t.feeCents ?? 0) : 0;
      let book = books.get(t.symbol);
      if (!book) {
        book = { scale: NANO, lots: [], first: 0, held: 0n };
        books.set(t.symbol, book);
      }
      const units = nano * (book.scale / NANO);
      if (t.side === 'buy') {
        book.lots.push({ acquired: day, units, costCents: value + fee });
        book.held += units;
        return;
      }
      if (units > book.held && !isDust(units - book.held, book.scale)) throw oversold(t, day);
      const closesAll = book.held <= units || isDust(book.held - units, book.scale);
      let left = units;
      const pieces: { lot: Lot; units: bigint; costCents: number }[] = [];
      while (book.first < book.lots.length && (closesAll || !isDust(left, book.scale))) {
        const lot = book.lots[book.first]!;
        const emptied = closesAll || lot.units <= left || isDust(lot.units - left, book.scale);
        const taken = closesAll ? lot.units : lot.units < left ? lot.units : left;
        const costCents = emptied
          ? lot.costCents
          : Number(roundDiv(BigInt(lot.costCents) * taken, lot.units));
        pieces.push({ lot, units: taken, costCents });
        left -= taken;
        if (emptied) {
          book.first++;
          book.held -= lot.units;
        } else {
          lot.units -= taken;
          lot.costCents -= costCents;
          book.held -= taken;
        }
      }
      const proceeds = shareByQuantity(
        value - fee,
        pieces.map((p) => p.units),
      );
      pieces.forEach((p, i) =>
        matches.push({
          sold: day,
          symbol: t.symbol,
          acquired: p.lot.acquired,
          units: p.units,
          scale: book.scale,
          proceedsCents: proceeds[i]!,
          costCents: p.costCents,
        }),
      );
    },
  });
  return { books, matches };
}

/** Average cost: one pool per symbol; a sale takes the pool's cost in proportion to the shares sold. */
function average(input: Pick<LotsInput, 'trades' | 'splits' | 'today'>, feesInBasis: boolean) {
  const pools = new Map<
    string,
    { scale: bigint; units: bigint; costCents: number; realisedCents: number }
  >();
  walk(input, {
    split: (symbol, num, den) => {
      const pool = pools.get(symbol);
      if (!pool) return;
      pool.units *= num;
      pool.scale *= den;
      pool.units -= belowMillionth(pool.units, pool.scale);
    },
    trade: (t, day) => {
      const { nano, valueCents: value } = tradeFigures(t);
      const fee = feesInBasis ? (t.feeCents ?? 0) : 0;
      let pool = pools.get(t.symbol);
      if (!pool) {
        pool = { scale: NANO, units: 0n, costCents: 0, realisedCents: 0 };
        pools.set(t.symbol, pool);
      }
      const units = nano * (pool.scale / NANO);
      if (t.side === 'buy') {
        pool.units += units;
        pool.costCents += value + fee;
        return;
      }
      if (units > pool.units && !isDust(units - pool.units, pool.scale)) throw oversold(t, day);
      const empties = pool.units <= units || isDust(pool.units - units, pool.scale);
      const removed = empties
        ? pool.costCents
        : Number(roundDiv(BigInt(pool.costCents) * units, pool.units));
      pool.units = empties ? 0n : pool.units - units;
      pool.costCents -= removed;
      pool.realisedCents += value - fee - removed;
    },
  });
  return pools;
}

/**
 * Per symbol: shares held, their cost and the gains realised, by the average-cost or the FIFO
 * method. With `feesInBasis` (the default) fees are in the cost and out of the proceeds;
 * without, fees are left out of both (as the NAV history's holdings, whose fees are a line of
 * their own), so `costBasis('average', input, { feesInBasis: false })` is the history's figure.
 */
export function costBasis(
  method: CostMethod,
  input: Pick<LotsInput, 'trades' | 'splits' | 'today'>,
  options: { feesInBasis?: boolean } = {},
): SymbolBasis[] {
  const feesInBasis = options.feesInBasis ?? true;
  if (method === 'average') {
    return [...average(input, feesInBasis)]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([symbol, p]) => ({
        symbol,
        quantity: shares(p.units, p.scale),
        cost_cents: p.costCents,
        realised_cents: p.realisedCents,
      }));
  }
  const { books, matches } = fifo(input, feesInBasis);
  const realised = new Map<string, number>();
  for (const m of matches)
    realised.set(m.symbol, (realised.get(m.symbol) ?? 0) + m.proceedsCents - m.costCents);
  return [...books]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([symbol, book]) => {
      const open = book.lots.slice(book.first);
      return {
        symbol,
        quantity: shares(book.held, book.scale),
        cost_cents: open.reduce((s, l) => s + l.costCents, 0),
        realised_cents: realised.get(symbol) ?? 0,
      };
    });
}

/** The FIFO lots view: open lots at today's prices, each sale's matches, gains per tax year. */
export function lotsView(input: LotsInput): LotsView {
  const { books, matches } = fifo(input, true);
  const openViews: OpenLotView[] = [];
  for (const symbol of [...books.keys()].sort()) {
    const book = books.get(symbol)!;
    const lots = book.lots.slice(book.first);
    if (lots.length === 0) continue;
    const price = input.prices.get(symbol);
    const known = typeof price === 'number' && Number.isFinite(price);
    const values = known
      ? shareByQuantity(
          valueCents(book.held, book.scale, price),
          lots.map((l) => l.units),
        )
      : null;
    lots.forEach((lot, i) => {
      const value = values ? values[i]! : null;
      openViews.push({
        symbol,
        acquired: lot.acquired,
        quantity: shares(lot.units, book.scale),
        cost_cents: lot.costCents,
        price: known ? price : null,
        value_cents: value,
        unrealised_cents: value === null ? null : value - lot.costCents,
        term: holdingTerm(lot.acquired, input.today),
        long_term_from: longTermFrom(lot.acquired),
      });
    });
  }
  const realised: RealisedLotView[] = matches.map((m) => ({
    sold: m.sold,
    symbol: m.symbol,
    acquired: m.acquired,
    quantity: shares(m.units, m.scale),
    proceeds_cents: m.proceedsCents,
    cost_cents: m.costCents,
    gain_cents: m.proceedsCents - m.costCents,
    term: holdingTerm(m.acquired, m.sold),
  }));
  const years = new Map<number, TaxYearView>();
  for (const r of realised) {
    const year = Number(r.sold.slice(0, 4));
    const row = years.get(year) ?? { year, short_cents: 0, long_cents: 0, total_cents: 0 };
    if (r.term === 'short') row.short_cents += r.gain_cents;
    else row.long_cents += r.gain_cents;
    row.total_cents += r.gain_cents;
    years.set(year, row);
  }
  return {
    open: openViews,
    realised,
    tax_years: [...years.values()].sort((a, b) => a.year - b.year),
  };
}

/** The lots as an answer carries them: `rows` of each list and the totals over all (decision 176). */
export interface LotsAnswer extends LotsView {
  open_count: number;
  open_cost_cents: number;
  /** Null when a lot's value is unknown (no price for its symbol). */
  open_value_cents: number | null;
  open_unrealised_cents: number | null;
  realised_count: number;
  realised_proceeds_cents: number;
  realised_cost_cents: number;
  realised_gain_cents: number;
}

/**
 * The first `rows` open lots and the lots of the latest sales (each list in its own order), every
 * tax year, and the counts and totals over all of them: an answer of bounded size whose totals
 * are exact over every lot.
 */
export function lotsAnswer(view: LotsView, rows: number): LotsAnswer {
  const sum = (xs: readonly (number | null)[]) =>
    xs.some((x) => x === null) ? null : xs.reduce<number>((a, x) => a + (x ?? 0), 0);
  return {
    open: view.open.slice(0, rows),
    realised: view.realised.slice(Math.max(0, view.realised.length - rows)),
    tax_years: view.tax_years,
    open_count: view.open.length,
    open_cost_cents: view.open.reduce((a, l) => a + l.cost_cents, 0),
    open_value_cents: sum(view.open.map((l) => l.value_cents)),
    open_unrealised_cents: sum(view.open.map((l) => l.unrealised_cents)),
    realised_count: view.realised.length,
    realised_proceeds_cents: view.realised.reduce((a, r) => a + r.proceeds_cents, 0),
    realised_cost_cents: view.realised.reduce((a, r) => a + r.cost_cents, 0),
    realised_gain_cents: view.realised.reduce((a, r) => a + r.gain_cents, 0),
  };
}
