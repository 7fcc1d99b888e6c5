import {
  D,
  type Dec,
  formatQuantity,
  formatUsd,
  hasAtMostDecimals,
  isCents,
  QUANTITY_DECIMALS,
  tradeValueCents,
} from './money';

/**
 * A portfolio's cash and holdings, replayed from its seed capital and its transactions:
 * cash = seed capital - buys + sells. A buy that needs more cash than the portfolio has, or a
 * sale of more shares than it holds, is refused with a typed error and a clear message; the
 * state is never left negative. Transactions are applied in time order (ties keep their given
 * order). The cost of a holding is its purchase cost in cents; a partial sale removes cost in
 * proportion to the shares sold (average cost), a full sale removes the holding.
 */

export type OrderSide = 'buy' | 'sell';

export interface Transaction {
  symbol: string;
  side: OrderSide;
  /** Shares, fractional allowed, at most 6 decimal places. */
  quantity: number;
  /** USD per share. */
  price: number;
  /** ISO date-time (or date) of the fill. */
  time: string | Date;
}

export interface Holding {
  quantity: number;
  costCents: number;
}

export type Holdings = Record<string, Holding>;

export interface LedgerState {
  cashCents: number;
  holdings: Holdings;
}

export type LedgerError =
  | {
      code: 'INSUFFICIENT_CASH';
      index: number;
      symbol: string;
      neededCents: number;
      availableCents: number;
      message: string;
    }
  | {
      code: 'OVERSELL';
      index: number;
      symbol: string;
      requestedQuantity: number;
      heldQuantity: number;
      message: string;
    }
  | { code: 'INVALID_TRANSACTION'; index: number; message: string };

export type LedgerResult = ({ ok: true } & LedgerState) | { ok: false; error: LedgerError };

function normaliseSymbol(symbol: string): string {
  return symbol.trim().toUpperCase();
}

function timeOf(time: string | Date): number {
  return time instanceof Date ? time.getTime() : Date.parse(time);
}

function invalid(index: number, message: string): LedgerResult {
  return { ok: false, error: { code: 'INVALID_TRANSACTION', index, message } };
}

/**
 * Applies one transaction to a state, returning the new state (the input is not changed) or
 * the reason it is refused. `index` only labels the error.
 */
export function applyTransaction(state: LedgerState, txn: Transaction, index = 0): LedgerResult {
  const symbol = normaliseSymbol(txn.symbol);
  if (symbol === '') return invalid(index, 'A transaction needs a stock symbol');
  if (txn.side !== 'buy' && txn.side !== 'sell')
    return invalid(index, 'A transaction is a buy or a sell');
  if (!(txn.quantity > 0) || !hasAtMostDecimals(txn.quantity, QUANTITY_DECIMALS)) {
    return invalid(
      index,
      `Quantity must be positive with at most ${QUANTITY_DECIMALS} decimal places`,
    );
  }
  if (!Number.isFinite(txn.price) || txn.price <= 0)
    return invalid(index, 'Price must be a positive number');
  if (!Number.isFinite(timeOf(txn.time))) return invalid(index, 'A transaction needs a valid time');

  const valueCents = tradeValueCents(txn.quantity, txn.price);
  const held = state.holdings[symbol];
  const holdings: Holdings = { ...state.holdings };

  if (txn.side === 'buy') {
    if (valueCents > state.cashCents) {
      return {
        ok: false,
        error: {
          code: 'INSUFFICIENT_CASH',
          index,
          symbol,
          neededCents: valueCents,
          availableCents: state.cashCents,
          message: `Not enough cash: this order needs ${formatUsd(valueCents)} but the portfolio has ${formatUsd(state.cashCents)}`,
        },
      };
    }
    const quantity: Dec = new D(held?.quantity ?? 0).plus(txn.quantity);
    holdings[symbol] = {
      quantity: quantity.toNumber(),
      costCents: (held?.costCents ?? 0) + valueCents,
    };
    return { ok: true, cashCents: state.cashCents - valueCents, holdings };
  }

  const heldQuantity = new D(held?.quantity ?? 0);
  if (heldQuantity.lt(txn.quantity)) {
    return {
      ok: false,
      error: {
        code: 'OVERSELL',
        index,
        symbol,
        requestedQuantity: txn.quantity,
        heldQuantity: heldQuantity.toNumber(),
        message: heldQuantity.isZero()
          ? `This portfolio holds no shares of ${symbol}`
          : `This portfolio holds ${formatQuantity(heldQuantity)} shares of ${symbol}, fewer than the ${formatQuantity(txn.quantity)} to sell`,
      },
    };
  }
  const remaining = heldQuantity.minus(txn.quantity);
  if (remaining.isZero() || !held) {
    delete holdings[symbol];
  } else {
    const costRemoved = new D(held.costCents)
      .times(txn.quantity)
      .div(heldQuantity)
      .toDecimalPlaces(0, D.ROUND_HALF_UP)
      .toNumber();
    holdings[symbol] = { quantity: remaining.toNumber(), costCents: held.costCents - costRemoved };
  }
  return { ok: true, cashCents: state.cashCents + valueCents, holdings };
}

/** Replays all transactions from the seed capital. */
export function applyTransactions(seedCents: number, txns: readonly Transaction[]): LedgerResult {
  if (!isCents(seedCents) || seedCents < 0)
    return invalid(-1, 'Seed capital must be a whole, non-negative number of cents');
  const timed = txns.map((txn, index) => ({ txn, index, time: timeOf(txn.time) }));
  const undated = timed.find((t) => !Number.isFinite(t.time));
  if (undated) return invalid(undated.index, 'A transaction needs a valid time');
  const ordered = timed.sort((a, b) => a.time - b.time || a.index - b.index);
  let state: LedgerState = { cashCents: seedCents, holdings: {} };
  for (const { txn, index } of ordered) {
    const result = applyTransaction(state, txn, index);
    if (!result.ok) return result;
    state = { cashCents: result.cashCents, holdings: result.holdings };
  }
  return { ok: true, ...state };
}
