import Decimal from 'decimal.js';

/**
 * Money in a portfolio is held in integer US cents (cash, cost, NAV); share quantities are
 * decimals with at most 6 places; prices are USD per share as quoted. Every product of a
 * quantity and a price is computed in decimal and rounded half up to a whole cent once.
 */

export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

export const QUANTITY_DECIMALS = 6;

/**
 * The most a portfolio may be worth, in cents ($1 billion; decision 177): a portfolio's sums
 * (a period's gains over tens of thousands of sales, its dividends, fees, flows) then stay well
 * inside the integers a double holds exactly (2^53 cents), and a day's return keeps its exact
 * integer path. Enforced where trades and money enter in bulk: the import.
 */
export const NAV_MAX_CENTS = 100_000_000_000;

/** True for a finite number with no more than `places` decimal places (as it prints). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  return Number.isFinite(value) && new D(value).decimalPlaces() <= places;
}

/** A whole number of cents within the safe integer range. */
export function isCents(value: number): boolean {
  return Number.isSafeInteger(value);
}

/** 1234.565 -> 123457 (half up). */
export function dollarsToCents(dollars: number): number {
  return new D(dollars).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}

export function centsToDollars(cents: number): number {
  return new D(cents).div(100).toNumber();
}

/**
 * `value` as a whole number of millionths when it is exactly one, as it prints (a share quantity
 * or a quoted price; at most 15 digits), else null: such numbers add and multiply exactly in
 * integers.
 */
export function wholeMillionths(value: number): number | null {
  const m = Math.round(value * 1_000_000);
  return Math.abs(m) < 1e15 && m / 1_000_000 === value ? m : null;
}

/** Millionths times millionths of a dollar (1e-12 USD, an exact safe integer) in cents, half up. */
function picoDollarsToCents(n: number): number {
  const unit = 1e10;
  const a = Math.abs(n);
  let cents = Math.floor(a / unit);
  let rest = a - cents * unit;
  if (rest < 0) {
    cents -= 1;
    rest += unit;
  } else if (rest >= unit) {
    cents += 1;
    rest -= unit;
  }
  if (rest >= unit / 2) cents += 1;
  return n < 0 ? -cents : cents;
}

/**
 * The value in cents of `quantity` shares at `price` USD, rounded half up to a cent: in integers
 * when both are whole millionths and their product is a safe integer (every stored quantity and
 * quoted price), else in decimal. Both ways give the same cents (a property test holds them to it).
 */
export function tradeValueCents(quantity: number | Dec, price: number): number {
  if (typeof quantity === 'number') {
    const q = wholeMillionths(quantity);
    const p = q === null ? null : wholeMillionths(price);
    if (q !== null && p !== null && Math.abs(q) * Math.abs(p) < 2 ** 52)
      return picoDollarsToCents(q * p);
  }
  return decimalTradeValueCents(quantity, price);
}

/** `tradeValueCents` in decimal alone. */
export function decimalTradeValueCents(quantity: number | Dec, price: number): number {
  return new D(quantity)
    .times(price)
    .times(100)
    .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
    .toNumber();
}

/** 12345678 -> "$123,456.78"; -550 -> "-$5.50". */
export function formatUsd(cents: number): string {
  const fixed = new D(cents).abs().div(100).toFixed(2);
  const [intPart = '0', fracPart = '00'] = fixed.split('.');
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fracPart}`;
}

/** A share quantity as text without trailing zeros: 1.5 -> "1.5", 2 -> "2". */
export function formatQuantity(quantity: number | Dec): string {
  return new D(quantity).toDecimalPlaces(QUANTITY_DECIMALS).toFixed();
}
