import { addDays, compareIso } from './days';
import { splitFactor } from './history';
import { D, type Dec, tradeValueCents, wholeMillionths } from './money';

/**
 * Corporate actions due to a portfolio, derived from its trades and the provider's dividends
 * and splits. Each action has a deterministic id (`DIV#<symbol>#<ex-date>`,
 * `SPLIT#<symbol>#<date>`), so crediting it is idempotent: a conditional write on that id
 * lets two readers of the same portfolio race without crediting twice.
 *
 * - A cash dividend is due on its pay date (ex-date when the provider gives none) when the
 *   portfolio held shares at the start of the ex-date (trades on the ex-date do not count):
 *   quantity held x dividend per share, rounded half up to a cent. Provider dividends are
 *   split-adjusted (per share of today), so the quantity used is the held quantity in today's
 *   shares: each trade's quantity times the ratios of the splits after it.
 * - A split is due on its date when shares are held at its start: quantity x
 *   numerator / denominator, rounded down to 6 decimal places (a fraction below a millionth of
 *   a share is dropped; paper trades pay no cash in lieu); the holding's cost is unchanged, so
 *   its cost per share is divided by the ratio.
 */

export interface TradeLike {
  date: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
}

export interface DividendRow {
  symbol: string;
  /** Ex-dividend date. */
  date: string;
  paymentDate?: string | null;
  /** Split-adjusted dividend per share, USD. */
  adjDividend: number;
}

export interface SplitRow {
  symbol: string;
  date: string;
  numerator: number;
  denominator: number;
}

export type CorporateAction =
  | {
      kind: 'dividend';
      id: string;
      symbol: string;
      exDate: string;
      payDate: string;
      perShare: number;
      /** Shares held at the ex-date, in today's (split-adjusted) shares. */
      quantity: number;
      amountCents: number;
    }
  | {
      kind: 'split';
      id: string;
      symbol: string;
      date: string;
      numerator: number;
      denominator: number;
      quantityBefore: number;
      quantityAfter: number;
    };

export function dividendActionId(symbol: string, exDate: string): string {
  return `DIV#${symbol}#${exDate}`;
}

export function splitActionId(symbol: string, date: string): string {
  return `SPLIT#${symbol}#${date}`;
}

function validDay(date: string | null | undefined): date is string {
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(date);
}

/**
 * The id of a symbol's action under a basis: the actions derived again after an import changed
 * the symbol's trades live under new ids, and the portfolio names the basis that is current.
 */
export function actionIdUnder(id: string, basis: string | undefined): string {
  return basis ? `${id}#B${basis}` : id;
}

/**
 * Each trade's shares in millionths, signed (a sale takes away), when every one is whole
 * millionths and the running total stays a safe integer; else null.
 */
function tradeMillionths(trades: readonly TradeLike[]): Map<TradeLike, number> | null {
  const out = new Map<TradeLike, number>();
  let total = 0;
  for (const t of trades) {
    const m = wholeMillionths(t.quantity);
    if (m === null) return null;
    const signed = t.side === 'buy' ? m : -m;
    total += Math.abs(signed);
    if (!Number.isSafeInteger(total)) return null;
    out.set(t, signed);
  }
  return out;
}

/**
 * Every action due by `today` (inclusive), sorted by the day it takes effect. `bases` names
 * the basis of each symbol's actions (see `actionIdUnder`).
 */
export function dueCorporateActions(input: {
  trades: readonly TradeLike[];
  dividends: readonly DividendRow[];
  splits: readonly SplitRow[];
  today: string;
  bases?: Readonly<Record<string, string>>;
}): CorporateAction[] {
  const bySymbol = new Map<string, TradeLike[]>();
  for (const t of input.trades) {
    const list = bySymbol.get(t.symbol);
    if (list) list.push(t);
    else bySymbol.set(t.symbol, [t]);
  }
  // The provider's rows by symbol, once (a portfolio of hundreds of symbols has thousands of rows).
  const splitsOf = new Map<string, SplitRow[]>();
  for (const s of input.splits) {
    if (!(bySymbol.has(s.symbol) && validDay(s.date) && s.numerator > 0 && s.denominator > 0))
      continue;
    const list = splitsOf.get(s.symbol) ?? [];
    list.push({ ...s, date: s.date.slice(0, 10) });
    splitsOf.set(s.symbol, list);
  }
  const dividendsOf = new Map<string, DividendRow[]>();
  for (const row of input.dividends) {
    if (!(
      bySymbol.has(row.symbol) &&
      validDay(row.date) &&
      Number.isFinite(row.adjDividend) &&
      row.adjDividend > 0
    ))
      continue;
    const list = dividendsOf.get(row.symbol) ?? [];
    list.push(row);
    dividendsOf.set(row.symbol, list);
  }
  const actions: CorporateAction[] = [];
  for (const [symbol, trades] of bySymbol) {
    const splits = splitsOf.get(symbol) ?? [];
    const factor = splitFactor(splits);
    const dividends = dividendsOf.get(symbol) ?? [];
    // One pass in time, holding the shares as the ledger does: a dividend is counted at the start
    // of its ex-date, a split at the start of its day (before that day's trades), and the shares
    // after a split are rounded down to a millionth.
    type Step =
      | { at: string; rank: 0; row: DividendRow }
      | { at: string; rank: 1; split: SplitRow }
      | { at: string; rank: 2; trade: TradeLike };
    const steps: Step[] = [
      ...dividends.map((row) => ({ at: row.date.slice(0, 10), rank: 0 as const, row })),
      ...splits.map((split) => ({ at: split.date, rank: 1 as const, split })),
      ...trades.map((trade) => ({ at: trade.date.slice(0, 10), rank: 2 as const, trade })),
    ].sort((a, b) => compareIso(a.at, b.at) || a.rank - b.rank);
    /** A dividend paid by today, on the shares `sharesAt` gives at its ex-date (null: none). */
    const credit = (
      row: DividendRow,
      exDate: string,
      sharesAt: (exDate: string) => number | Dec | null,
    ) => {
      const payDate = validDay(row.paymentDate) ? row.paymentDate.slice(0, 10) : exDate;
      if (payDate > input.today) return;
      const quantity = sharesAt(exDate);
      if (quantity === null) return;
      const amountCents = tradeValueCents(quantity, row.adjDividend);
      if (amountCents <= 0) return;
      actions.push({
        kind: 'dividend',
        id: actionIdUnder(dividendActionId(symbol, exDate), input.bases?.[symbol]),
        symbol,
        exDate,
        payDate,
        perShare: row.adjDividend,
        quantity: typeof quantity === 'number' ? quantity : quantity.toNumber(),
        amountCents,
      });
    };
    // Without splits, shares held in whole millionths add up exactly in integers (most symbols).
    const micro = splits.length === 0 ? tradeMillionths(trades) : null;
    if (micro) {
      let heldMicro = 0;
      for (const step of steps) {
        if (step.rank === 2) {
          heldMicro += micro.get(step.trade)!;
          continue;
        }
        if (step.rank === 0)
          credit(step.row, step.at, () => (heldMicro > 0 ? heldMicro / 1_000_000 : null));
      }
      continue;
    }
    let held = new D(0);
    for (const step of steps) {
      if (step.rank === 2) {
        held =
          step.trade.side === 'buy'
            ? held.plus(step.trade.quantity)
            : held.minus(step.trade.quantity);
      } else if (step.rank === 1) {
        const s = step.split;
        const before = held.toDecimalPlaces(6, D.ROUND_HALF_UP);
        if (before.lte(0)) continue;
        const after = before.times(s.numerator).div(s.denominator).toDecimalPlaces(6, D.ROUND_DOWN);
        held = after;
        if (s.date > input.today) continue;
        actions.push({
          kind: 'split',
          id: actionIdUnder(splitActionId(symbol, s.date), input.bases?.[symbol]),
          symbol,
          date: s.date,
          numerator: s.numerator,
          denominator: s.denominator,
          quantityBefore: before.toNumber(),
          quantityAfter: after.toNumber(),
        });
      } else {
        credit(step.row, step.at, (exDate) => {
          // Provider dividends are per share of today: the shares held, in today's shares.
          const quantity = held.times(factor(addDays(exDate, -1))).toDecimalPlaces(6, D.ROUND_DOWN);
          return quantity.lte(0) ? null : quantity;
        });
      }
    }
  }
  const effective = (a: CorporateAction) => (a.kind === 'dividend' ? a.payDate : a.date);
  return actions.sort(
    (a, b) => effective(a).localeCompare(effective(b)) || a.id.localeCompare(b.id),
  );
}
