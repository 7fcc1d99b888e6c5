import { splitFactor } from './history';
import { D, tradeValueCents } from './money';

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

/** Every action due by `today` (inclusive), sorted by the day it takes effect. */
export function dueCorporateActions(input: {
  trades: readonly TradeLike[];
  dividends: readonly DividendRow[];
  splits: readonly SplitRow[];
  today: string;
}): CorporateAction[] {
  const bySymbol = new Map<string, TradeLike[]>();
  for (const t of input.trades) {
    const list = bySymbol.get(t.symbol) ?? [];
    list.push(t);
    bySymbol.set(t.symbol, list);
  }
  const actions: CorporateAction[] = [];
  for (const [symbol, trades] of bySymbol) {
    const splits = input.splits.filter(
      (s) => s.symbol === symbol && validDay(s.date) && s.numerator > 0 && s.denominator > 0,
    );
    const factor = splitFactor(splits.map((s) => ({ ...s, date: s.date.slice(0, 10) })));
    // Running total of held shares in today's shares, after each trade day (trades in date order).
    const days: string[] = [];
    const totals: InstanceType<typeof D>[] = [];
    let running = new D(0);
    for (const t of [...trades].sort((a, b) => a.date.localeCompare(b.date))) {
      const day = t.date.slice(0, 10);
      running = running.plus(new D(t.quantity).times(factor(day)).times(t.side === 'buy' ? 1 : -1));
      if (days.at(-1) === day) totals[totals.length - 1] = running;
      else {
        days.push(day);
        totals.push(running);
      }
    }
    /** Shares at the start of `date` (trades of earlier days), in today's shares. */
    const adjustedBefore = (date: string) => {
      let lo = 0;
      let hi = days.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (days[mid]! < date) lo = mid + 1;
        else hi = mid;
      }
      return lo === 0 ? new D(0) : totals[lo - 1]!;
    };
    for (const row of input.dividends) {
      if (row.symbol !== symbol || !validDay(row.date)) continue;
      if (!(Number.isFinite(row.adjDividend) && row.adjDividend > 0)) continue;
      const exDate = row.date.slice(0, 10);
      const payDate = validDay(row.paymentDate) ? row.paymentDate.slice(0, 10) : exDate;
      if (payDate > input.today) continue;
      const quantity = adjustedBefore(exDate).toDecimalPlaces(6, D.ROUND_DOWN);
      if (quantity.lte(0)) continue;
      const amountCents = tradeValueCents(quantity, row.adjDividend);
      if (amountCents <= 0) continue;
      actions.push({
        kind: 'dividend',
        id: dividendActionId(symbol, exDate),
        symbol,
        exDate,
        payDate,
        perShare: row.adjDividend,
        quantity: quantity.toNumber(),
        amountCents,
      });
    }
    for (const s of splits) {
      const date = s.date.slice(0, 10);
      if (date > input.today) continue;
      // Held shares at the start of the split day, before it: today's shares / ratios from this split on.
      const ratio = new D(s.numerator).div(s.denominator);
      const before = adjustedBefore(date).div(factor(date).times(ratio));
      const quantityBefore = before.toDecimalPlaces(6, D.ROUND_HALF_UP);
      if (quantityBefore.lte(0)) continue;
      actions.push({
        kind: 'split',
        id: splitActionId(symbol, date),
        symbol,
        date,
        numerator: s.numerator,
        denominator: s.denominator,
        quantityBefore: quantityBefore.toNumber(),
        quantityAfter: quantityBefore.times(ratio).toDecimalPlaces(6, D.ROUND_DOWN).toNumber(),
      });
    }
  }
  const effective = (a: CorporateAction) => (a.kind === 'dividend' ? a.payDate : a.date);
  return actions.sort(
    (a, b) => effective(a).localeCompare(effective(b)) || a.id.localeCompare(b.id),
  );
}
