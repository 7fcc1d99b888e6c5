import * as z from 'zod/mini';
import './zod-messages';
import type { AlertDirection, AlertKind } from '../alerts/rules';
import { finiteNumber, idString, stockSymbol } from './common';
import { numberInput } from './text';

/** How many alert rules one user may hold. */
export const ALERT_LIMIT = 50;

export const ALERT_MESSAGES = {
  added: 'Alert added',
  removed: 'Alert removed',
  limit: `You can keep up to ${ALERT_LIMIT} alerts: remove one before adding another`,
  notFound: 'Request not found',
  unsubscribed: 'You will not receive this alert any more',
  alreadyOff: 'This alert was already off',
  badToken: 'This unsubscribe link is not valid',
} as const;

const direction = z.enum(['above', 'below'], { message: 'Choose above or below' });

/**
 * POST /api/alerts/add. `intrinsic` and `margin` rules read the intrinsic value of one of the
 * user's pitches (`valuation_id`); a `price` rule takes a buy or sell price and may name a
 * pitch for the email's link.
 */
export const addAlertRequest = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('intrinsic'), valuation_id: idString, direction }),
    z.strictObject({
      kind: z.literal('margin'),
      valuation_id: idString,
      margin_pct: numberInput('Enter a margin of safety in percent').check(
        z.int('Enter a whole percent'),
        z.gte(1, 'Enter a margin of safety of at least 1%'),
        z.lte(90, 'Enter a margin of safety of at most 90%'),
      ),
    }),
    z.strictObject({
      kind: z.literal('price'),
      stock_symbol: stockSymbol,
      direction,
      price: finiteNumber.check(
        z.refine((n) => n >= 0.01, 'Enter a price of at least $0.01'),
        z.refine((n) => n <= 1_000_000, 'Enter a price of at most $1,000,000'),
      ),
      valuation_id: z.optional(idString),
    }),
  ],
  { message: 'Choose the kind of alert: intrinsic, margin or price' },
);
export type AddAlertRequest = z.infer<typeof addAlertRequest>;

export const deleteAlertRequest = z.strictObject({ alert_id: idString });

/** A signed unsubscribe token from an alert email: `<payload>.<signature>`, base64url. */
export const unsubscribeAlertRequest = z.strictObject({
  token: z
    .string({ message: ALERT_MESSAGES.badToken })
    .check(
      z.maxLength(600, ALERT_MESSAGES.badToken),
      z.regex(/^[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{16,}$/, ALERT_MESSAGES.badToken),
    ),
});

/** One rule as the API answers it. */
export interface AlertRecord {
  alert_id: string;
  stock_symbol: string;
  kind: AlertKind;
  direction: AlertDirection;
  /** Intrinsic value per share (intrinsic, margin) or the price set (price), in dollars. */
  threshold: number;
  /** Margin rules: the percent; else null. */
  margin_pct: number | null;
  /** The price at which the rule fires, in dollars. */
  trigger_price: number;
  valuation_id: string | null;
  /** `triggered`: the price is past the level and the email went out; `armed`: waiting. */
  state: 'armed' | 'triggered';
  description: string;
  createdAt: string;
  lastTriggeredAt: string | null;
}

export interface AlertListResponse {
  data: AlertRecord[];
  limit: number;
}
