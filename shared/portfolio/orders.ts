import Decimal from 'decimal.js';
import type { OrderSide } from './ledger';
import { D, type Dec, hasAtMostDecimals, QUANTITY_DECIMALS, tradeValueCents } from './money';

/**
 * Turning an order into a number of shares. Invest by:
 * - amount (USD): the most shares, to 6 decimal places, that the amount pays for (rounded down,
 *   so the cost never exceeds the amount);
 * - quantity: the shares as given (at most 6 decimal places);
 * - position size (% of NAV): the amount is that share of the NAV, rounded down to a cent, then
 *   as by amount.
 * The cost is the shares times the price, rounded half up to a cent (the same rounding the
 * ledger uses, so an order that fits the cash here also fits when it is recorded).
 */

export type InvestBy = 'amount' | 'quantity' | 'positionSize';

/** How much a buy from a pitch invests when the buyer does not say: this share of the portfolio's NAV. */
export const PITCH_BUY_DEFAULT_POSITION_PCT = 5;

export interface OrderSizing {
  investBy: InvestBy;
  /** USD, when investing by amount. */
  amount?: number;
  /** Shares, when investing by quantity. */
  quantity?: number;
  /** Percent of NAV (0 < pct <= 100), when investing by position size. */
  positionSizePct?: number;
  /** The price the order is expected to fill at: the quote for a market order, the limit for a limit order. */
  price: number;
  /** NAV of the portfolio, needed for position size. */
  navCents?: number;
}

export type OrderQuantityResult =
  | { ok: true; quantity: number; costCents: number; targetCents?: number }
  | { ok: false; message: string };

function sharesFor(amountCents: Dec, price: number): Dec {
  return amountCents.div(100).div(price).toDecimalPlaces(QUANTITY_DECIMALS, Decimal.ROUND_DOWN);
}

function fromAmountCents(amountCents: Dec, price: number): OrderQuantityResult {
  const quantity = sharesFor(amountCents, price);
  if (quantity.isZero())
    return { ok: false, message: 'That amount is too small to buy any shares at this price' };
  return {
    ok: true,
    quantity: quantity.toNumber(),
    costCents: tradeValueCents(quantity, price),
    targetCents: amountCents.toNumber(),
  };
}

export function orderQuantity(order: OrderSizing): OrderQuantityResult {
  const { price } = order;
  if (!Number.isFinite(price) || price <= 0)
    return { ok: false, message: 'There is no valid price for this order' };

  switch (order.investBy) {
    case 'amount': {
      const amount = order.amount;
      if (amount === undefined || !Number.isFinite(amount) || amount <= 0)
        return { ok: false, message: 'Amount must be a positive number' };
      return fromAmountCents(
        new D(amount).times(100).toDecimalPlaces(0, Decimal.ROUND_DOWN),
        price,
      );
    }
    case 'quantity': {
      const quantity = order.quantity;
      if (quantity === undefined || !Number.isFinite(quantity) || quantity <= 0) {
        return { ok: false, message: 'Quantity must be a positive number' };
      }
      if (!hasAtMostDecimals(quantity, QUANTITY_DECIMALS)) {
        return {
          ok: false,
          message: `Quantity can have at most ${QUANTITY_DECIMALS} decimal places`,
        };
      }
      return { ok: true, quantity, costCents: tradeValueCents(quantity, price) };
    }
    case 'positionSize': {
      const pct = order.positionSizePct;
      if (pct === undefined || !Number.isFinite(pct) || pct <= 0 || pct > 100) {
        return {
          ok: false,
          message: 'Position size must be more than 0% and at most 100% of the portfolio',
        };
      }
      const nav = order.navCents;
      if (nav === undefined || !Number.isSafeInteger(nav))
        return { ok: false, message: 'The portfolio value is unavailable' };
      if (nav <= 0)
        return { ok: false, message: 'The portfolio has no value to size a position from' };
      return fromAmountCents(
        new D(nav).times(pct).div(100).toDecimalPlaces(0, Decimal.ROUND_DOWN),
        price,
      );
    }
    default:
      return { ok: false, message: 'Choose to invest by amount, quantity or position size' };
  }
}

export interface LimitOrder {
  side: OrderSide;
  limitPrice: number;
}

/**
 * Whether a quote fills a limit order: a buy limit fills when the price is at or below the
 * limit, a sell limit when it is at or above. The fill is at the quoted price.
 */
export function limitOrderFills(order: LimitOrder, price: number): boolean {
  if (
    !Number.isFinite(price) ||
    price <= 0 ||
    !Number.isFinite(order.limitPrice) ||
    order.limitPrice <= 0
  )
    return false;
  return order.side === 'buy' ? price <= order.limitPrice : price >= order.limitPrice;
}
