import * as z from 'zod/mini';

/**
 * POST /api/getPortfolioIncome: a portfolio's dividend income, or every portfolio's
 * (functions/portfolios/income.ts, decision 180). Money in whole cents, yields and growth as
 * fractions, dates YYYY-MM-DD.
 */

const nullableNumber = z.nullable(z.number());
const nullableDate = z.nullable(z.string());

/** Declared: a dividend the company has declared; trailing: one of the last 12 months, a year on. */
export const paymentBasisSchema = z.enum(['declared', 'trailing']);
export const forwardBasisSchema = z.enum(['declared', 'trailing', 'mixed', 'none']);

const growthSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('rate'),
    rate: z.number(),
    from_year: z.number(),
    to_year: z.number(),
    from_per_share: z.number(),
    to_per_share: z.number(),
  }),
  z.object({
    kind: z.literal('unavailable'),
    reason: z.enum(['no-dividends', 'short-history']),
    message: z.string(),
  }),
]);
export type GrowthView = z.infer<typeof growthSchema>;

export const incomeHoldingSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** Shares held now (0: sold, with a dividend still to be paid on shares held at its ex-date). */
  quantity: z.number(),
  cost_cents: z.number(),
  value_cents: z.number(),
  price: nullableNumber,
  /** Dividends credited on the symbol since the portfolio began (the engine's). */
  received_cents: z.number(),
  forward_cents: z.number(),
  forward_basis: forwardBasisSchema,
  yield_on_cost: nullableNumber,
  current_yield: nullableNumber,
  growth: growthSchema,
});
export type IncomeHolding = z.infer<typeof incomeHoldingSchema>;

export const calendarEntrySchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** Held in the portfolio (or any, for all portfolios), and on the watchlist. */
  holding: z.boolean(),
  watching: z.boolean(),
  /** Declared by the company, or expected from the trailing 12 months. */
  status: z.enum(['declared', 'estimated']),
  declaration_date: nullableDate,
  ex_date: z.string(),
  record_date: nullableDate,
  pay_date: z.string(),
  per_share: z.number(),
  /** Shares it will be paid on and the amount (null: no shares entitled). */
  quantity: nullableNumber,
  amount_cents: nullableNumber,
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

export const incomeResponseSchema = z.object({
  data: z.object({
    scope: z.enum(['portfolio', 'all']),
    portfolios: z.array(z.object({ portfolio_id: z.string(), portfolio_name: z.string() })),
    /** Names of portfolios whose figures could not be worked out now (left out of the sums). */
    portfolios_unavailable: z.array(z.string()),
    today: z.string(),
    received: z.object({
      total_cents: z.number(),
      /** The Performance view's 1Y period. */
      last_12_months_cents: z.number(),
      months: z.array(z.object({ month: z.string(), cents: z.number() })),
      years: z.array(z.object({ year: z.number(), cents: z.number() })),
    }),
    forward: z.object({
      /** The 12 months after today: pay dates from the day after `today` to `to`. */
      to: z.string(),
      total_cents: z.number(),
      declared_cents: z.number(),
      trailing_cents: z.number(),
      payments: z.array(
        z.object({
          symbol: z.string(),
          ex_date: z.string(),
          pay_date: z.string(),
          basis: paymentBasisSchema,
          per_share: z.number(),
          quantity: z.number(),
          amount_cents: z.number(),
        }),
      ),
    }),
    holdings: z.array(incomeHoldingSchema),
    totals: z.object({
      cost_cents: z.number(),
      value_cents: z.number(),
      forward_cents: z.number(),
      yield_on_cost: nullableNumber,
      current_yield: nullableNumber,
    }),
    calendar: z.array(calendarEntrySchema),
    /** False when some symbol's dividends could not be read: its figures are missing. */
    dividends_complete: z.boolean(),
  }),
  asOf: z.string(),
});
export type IncomeResponse = z.infer<typeof incomeResponseSchema>;
export type IncomeData = IncomeResponse['data'];
