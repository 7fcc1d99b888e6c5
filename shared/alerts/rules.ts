/**
 * Valuation alerts: pure rule evaluation (docs/decisions/090-valuation-alerts.md).
 *
 * A rule compares a stock's price with a level and a direction. Prices are compared in whole
 * cents, and a margin-of-safety level is never rounded: "price <= intrinsic x (1 - m %)" is
 * checked as `price_cents x 100 <= intrinsic_cents x (100 - m)`, all integers.
 *
 * A rule remembers which side of its level the last evaluated price was on. It fires once when
 * the price reaches its side (`clear` -> `hit`), stays quiet while the price stays there, and
 * re-arms when the price goes back (`hit` -> `clear`).
 */

import { withArticle } from '../format/article';

export const ALERT_KINDS = ['intrinsic', 'margin', 'price'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export type AlertDirection = 'above' | 'below';
/** `hit`: the last price met the condition (the alert fired); `clear`: it did not (armed). */
export type AlertSide = 'clear' | 'hit';

export interface AlertCondition {
  kind: AlertKind;
  direction: AlertDirection;
  /** The intrinsic value per share (intrinsic, margin) or the price set by the user, in cents. */
  thresholdCents: number;
  /** Margin of safety in whole percent (margin rules); 0 for the other kinds. */
  marginPct: number;
}

export interface AlertEvaluation {
  side: AlertSide;
  /** True only on the crossing into the condition: one email per crossing. */
  fire: boolean;
}

/** Whole cents of a price; `toFixed` first so 1.005 (stored as 1.00499...) gives 101, not 100. */
export function toCents(price: number): number {
  if (!Number.isFinite(price)) throw new RangeError('A price must be a finite number');
  return Math.round(Number((price * 100).toFixed(6)));
}

/** Whether a price (cents) meets the condition. */
export function conditionMet(condition: AlertCondition, priceCents: number): boolean {
  const price = priceCents * 100;
  if (condition.kind === 'margin') {
    return price <= condition.thresholdCents * (100 - condition.marginPct);
  }
  const level = condition.thresholdCents * 100;
  return condition.direction === 'below' ? price <= level : price >= level;
}

/** The new side of a rule for a price, and whether this price is the crossing that fires it. */
export function evaluateAlert(
  condition: AlertCondition,
  previous: AlertSide,
  priceCents: number,
): AlertEvaluation {
  const met = conditionMet(condition, priceCents);
  return { side: met ? 'hit' : 'clear', fire: met && previous !== 'hit' };
}

/** The price at which the rule fires, in dollars (for display: a margin level may hold fractions of a cent). */
export function triggerLevel(condition: AlertCondition): number {
  if (condition.kind === 'margin') {
    return (condition.thresholdCents * (100 - condition.marginPct)) / 10_000;
  }
  return condition.thresholdCents / 100;
}

const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What the rule watches for, in the product's words (list rows and email subjects). */
export function describeAlert(symbol: string, condition: AlertCondition): string {
  const threshold = usd(condition.thresholdCents);
  switch (condition.kind) {
    case 'intrinsic':
      return condition.direction === 'below'
        ? `${symbol} at or below your intrinsic value of ${threshold}`
        : `${symbol} at or above your intrinsic value of ${threshold}`;
    case 'margin':
      return `${symbol} with ${withArticle(`${condition.marginPct}%`)} margin of safety to your intrinsic value of ${threshold}`;
    case 'price':
      return condition.direction === 'below'
        ? `${symbol} at or below ${threshold}`
        : `${symbol} at or above ${threshold}`;
  }
}
