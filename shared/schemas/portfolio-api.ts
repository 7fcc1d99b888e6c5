import * as z from 'zod/mini';
import './zod-messages';
import { idString } from './common';

/**
 * Portfolio routes: the order-cancel request and the response shapes the dashboard reads.
 * The other requests are in shared/portfolio/schemas.ts.
 *
 * Money: `*_cents` fields are exact integer US cents; the spec's compatibility fields
 * (`investment_value`, `total_porfolio_value`, spelled so) are the same amounts in dollars.
 * Returns are fractions (0.1 = 10 %), `kind` says whether a rate is annualised (a year or
 * more since inception), cumulative (under a year) or unavailable (with the reason to show).
 */

/** POST /api/cancelOrder. */
export const cancelOrderPayload = z.strictObject({ portfolio_id: idString, order_id: idString });
export type CancelOrderPayload = z.infer<typeof cancelOrderPayload>;

export const returnFigureSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('annualised'), rate: z.number() }),
  z.object({ kind: z.literal('cumulative'), rate: z.number() }),
  z.object({
    kind: z.literal('unavailable'),
    reason: z.enum([
      'invalid-dates',
      'before-inception',
      'no-capital',
      'no-solution',
      'no-quotes',
      'no-history',
    ]),
    message: z.string(),
  }),
]);
export type ReturnFigureView = z.infer<typeof returnFigureSchema>;

/** The portfolio record as the Create/Update modal loads it (getPortfolioDetails). */
export const portfolioRecordSchema = z.object({
  id: z.string(),
  portfolio_id: z.string(),
  portfolio_name: z.string(),
  /** Seed capital in dollars (the slider's value). */
  investment_value: z.number(),
  investment_cents: z.number().check(z.int()),
  /** Inception: the server's time of creation (ISO). */
  inception_date: z.string(),
  /** The `date_time` the client last sent, kept for compatibility only. */
  date_time: z.nullable(z.string()),
  cash_cents: z.number().check(z.int()),
  /** Cash set aside for open limit buys (not available to other orders). */
  reserved_cents: z.number().check(z.int()),
  created_at: z.string(),
  updated_at: z.string(),
  /** Cost method of the holdings' cost and realised gains; absent means 'average'. */
  cost_method: z.optional(z.enum(['average', 'fifo'])),
  /** The Sharpe ratio's risk-free rate in percent a year; absent means 4. */
  risk_free_rate: z.optional(z.number()),
});
export type PortfolioRecord = z.infer<typeof portfolioRecordSchema>;

/**
 * One row of the dashboard table (getPortfolioList, searchPortfolioList) and the holdings view's
 * portfolio: every figure from the one portfolio engine (decision 131), after due dividends and
 * splits, so the list, the dashboard, the holdings view and the Performance view agree.
 */
export const portfolioRowSchema = z.extend(portfolioRecordSchema, {
  /** Cash + holdings at the latest quotes (a symbol without one at its last close). */
  nav_cents: z.nullable(z.number().check(z.int())),
  net_asset_value: z.nullable(z.number()),
  holdings_value_cents: z.nullable(z.number().check(z.int())),
  /** Number of stocks held. */
  stocks_held: z.number().check(z.int()),
  /** Money-weighted return (IRR) since inception, of every deposit and withdrawal. */
  irr: returnFigureSchema,
  /** Time-weighted return since inception. */
  twr: returnFigureSchema,
  /**
   * The S&P 500 bought and sold with the same deposits and withdrawals (the Performance view's
   * benchmark line): its IRR in the same form as `irr`, and its value now.
   */
  benchmark: z.intersection(
    returnFigureSchema,
    z.object({
      symbol: z.literal('^GSPC'),
      name: z.string(),
      value_cents: z.nullable(z.number().check(z.int())),
    }),
  ),
  /** Held symbols without a quote right now: valued at their last close. */
  missing_quotes: z.array(z.string()),
  /** True when a quote used is older than the quote job's refresh. */
  stale: z.boolean(),
});
export type PortfolioRow = z.infer<typeof portfolioRowSchema>;

export const portfolioListResponseSchema = z.object({
  data: z.array(portfolioRowSchema),
  /** Sum of the NAVs in dollars (spelled so for compatibility). */
  total_porfolio_value: z.number(),
  total_portfolio_value_cents: z.number().check(z.int()),
  /** True when some NAV is unavailable and left out of the total. */
  total_incomplete: z.boolean(),
  asOf: z.string(),
});
export type PortfolioListResponse = z.infer<typeof portfolioListResponseSchema>;

export const portfolioDetailsResponseSchema = z.object({ data: z.array(portfolioRecordSchema) });
export type PortfolioDetailsResponse = z.infer<typeof portfolioDetailsResponseSchema>;

export const portfolioMessageResponseSchema = z.object({
  message: z.string(),
  data: z.optional(portfolioRecordSchema),
});
export type PortfolioMessageResponse = z.infer<typeof portfolioMessageResponseSchema>;

export const stockPerPortfolioResponseSchema = z.object({ data: z.array(z.string()) });
export type StockPerPortfolioResponse = z.infer<typeof stockPerPortfolioResponseSchema>;

export const holdingViewSchema = z.object({
  symbol: z.string(),
  quantity: z.number(),
  /** Shares set aside for open limit sells. */
  reserved_quantity: z.number(),
  cost_cents: z.number().check(z.int()),
  /** Average cost per share in USD. */
  average_price: z.number(),
  /** Latest quote; null without one. */
  price: z.nullable(z.number()),
  value_cents: z.nullable(z.number().check(z.int())),
  gain_cents: z.nullable(z.number().check(z.int())),
  /** Share of the NAV (0.25 = 25 %); null without a NAV. */
  weight: z.nullable(z.number()),
});
export type HoldingView = z.infer<typeof holdingViewSchema>;

export const orderStatus = z.enum(['open', 'filled', 'cancelled']);

export const orderViewSchema = z.object({
  order_id: z.string(),
  portfolio_id: z.string(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  order_type: z.enum(['market', 'limit']),
  status: orderStatus,
  quantity: z.number(),
  limit_price: z.nullable(z.number()),
  /** Cash set aside (buys) while open. */
  reserved_cents: z.number().check(z.int()),
  valuation_id: z.nullable(z.string()),
  created_at: z.string(),
  closed_at: z.nullable(z.string()),
  fill_price: z.nullable(z.number()),
  transaction_id: z.nullable(z.string()),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export const transactionViewSchema = z.object({
  transaction_id: z.string(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  quantity: z.number(),
  price: z.number(),
  value_cents: z.number().check(z.int()),
  time: z.string(),
  order_type: z.enum(['market', 'limit']),
  order_id: z.nullable(z.string()),
  /** The pitch the purchase came from. */
  valuation_id: z.nullable(z.string()),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;

/** POST /api/getPortfolioHoldings. */
export const portfolioHoldingsResponseSchema = z.object({
  data: z.object({
    portfolio: portfolioRowSchema,
    holdings: z.array(holdingViewSchema),
    open_orders: z.array(orderViewSchema),
    /** Filled and cancelled limit orders, newest first (at most 50). */
    closed_orders: z.array(orderViewSchema),
    /** Newest first (at most 200). */
    transactions: z.array(transactionViewSchema),
  }),
  asOf: z.string(),
});
export type PortfolioHoldingsResponse = z.infer<typeof portfolioHoldingsResponseSchema>;

/** POST /api/placeOrder: a market order answers with its transaction, a limit order with the open order. */
export const placeOrderResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    order: orderViewSchema,
    transaction: z.nullable(transactionViewSchema),
    cash_cents: z.number().check(z.int()),
    reserved_cents: z.number().check(z.int()),
  }),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

export const cancelOrderResponseSchema = z.object({
  message: z.string(),
  data: z.object({ order: orderViewSchema }),
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponseSchema>;

/** The messages the portfolio routes answer with (the spec's toasts, spelling corrected). */
export const PORTFOLIO_MESSAGES = {
  created: 'Portfolio Created successfully',
  updated: 'Updated successfully',
  deleted: 'Deleted successfully!',
  createFailed: 'Error with Portfolio creation',
  notFound: 'Portfolio not found',
  orderNotFound: 'Order not found',
  marketFilled: 'Order filled',
  limitPlaced: 'Limit order placed',
  cancelled: 'Order cancelled',
} as const;
