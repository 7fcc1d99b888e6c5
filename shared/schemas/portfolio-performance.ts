import * as z from 'zod/mini';

/** POST /api/getPortfolioPerformance: the answer (functions/portfolios/performance.ts, decision 129). */

const rateFigure = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['annualised', 'cumulative']), rate: z.number() }),
  z.object({ kind: z.literal('unavailable'), reason: z.string(), message: z.string() }),
]);
export type RateFigureView = z.infer<typeof rateFigure>;

const nullableNumber = z.nullable(z.number());

/** How a figure is worked out, shown on hover or tap. */
const formula = z.string();
const riskUnavailable = z.object({
  kind: z.literal('unavailable'),
  reason: z.enum(['no-history', 'no-capital', 'too-few-days', 'no-variation', 'no-benchmark']),
  message: z.string(),
  formula,
});
function riskFigure<Extra extends Record<string, z.ZodMiniType>>(extra: Extra) {
  return z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('value'), value: z.number(), formula, ...extra }),
    riskUnavailable,
  ]);
}
const nullableDate = z.nullable(z.string());
const monthOf = { year: z.number(), month: z.number(), partial: z.boolean() };

/** Risk figures of the period (shared/portfolio/risk.ts, decision 131); ratios are fractions. */
export const riskViewSchema = z.object({
  trading_days: z.number(),
  calendar: z.enum(['benchmark', 'weekdays']),
  volatility: riskFigure({}),
  max_drawdown: riskFigure({ peak: nullableDate, trough: nullableDate, recovery: nullableDate }),
  sharpe: riskFigure({}),
  beta: riskFigure({}),
  correlation: riskFigure({}),
  best_day: riskFigure({ date: z.string() }),
  worst_day: riskFigure({ date: z.string() }),
  best_month: riskFigure(monthOf),
  worst_month: riskFigure(monthOf),
});
export type RiskViewData = z.infer<typeof riskViewSchema>;
export type RiskFigureData = z.infer<typeof riskViewSchema>['volatility'];

const term = z.enum(['short', 'long']);

const openLot = z.object({
  symbol: z.string(),
  acquired: z.string(),
  quantity: z.number(),
  cost_cents: z.number(),
  price: nullableNumber,
  value_cents: nullableNumber,
  unrealised_cents: nullableNumber,
  term,
  long_term_from: z.string(),
});
const realisedLot = z.object({
  sold: z.string(),
  symbol: z.string(),
  acquired: z.string(),
  quantity: z.number(),
  proceeds_cents: z.number(),
  cost_cents: z.number(),
  gain_cents: z.number(),
  term,
});
export type OpenLotData = z.infer<typeof openLot>;
export type RealisedLotData = z.infer<typeof realisedLot>;

/**
 * FIFO tax lots (shared/portfolio/lots.ts, decisions 131, 176): whole cents, dates YYYY-MM-DD.
 * The answer carries the first open lots and the latest sales' lots (each list in its own order:
 * open by symbol and purchase, realised by sale), every tax year, and the counts and totals over
 * all of them; the rest are read with getPerformanceRows.
 */
export const lotsViewSchema = z.object({
  open: z.array(openLot),
  realised: z.array(realisedLot),
  tax_years: z.array(
    z.object({
      year: z.number(),
      short_cents: z.number(),
      long_cents: z.number(),
      total_cents: z.number(),
    }),
  ),
  open_count: z.number(),
  open_cost_cents: z.number(),
  open_value_cents: nullableNumber,
  open_unrealised_cents: nullableNumber,
  realised_count: z.number(),
  realised_proceeds_cents: z.number(),
  realised_cost_cents: z.number(),
  realised_gain_cents: z.number(),
});
export type LotsViewData = z.infer<typeof lotsViewSchema>;

/** The portfolio's cost method: average cost (the default) or first in, first out. */
export const costMethodSchema = z.enum(['average', 'fifo']);

const corporateAction = z.object({
  id: z.string(),
  kind: z.enum(['dividend', 'split']),
  symbol: z.string(),
  date: z.string(),
  ex_date: z.nullable(z.string()),
  per_share: nullableNumber,
  quantity: nullableNumber,
  amount_cents: nullableNumber,
  numerator: nullableNumber,
  denominator: nullableNumber,
});
export type CorporateActionData = z.infer<typeof corporateAction>;

export const performanceResponseSchema = z.object({
  data: z.object({
    portfolio_id: z.string(),
    period: z.string(),
    start: z.string(),
    end: z.string(),
    days: z.number(),
    clipped: z.boolean(),
    inception: z.string(),
    benchmark: z.object({ symbol: z.string(), name: z.string() }),
    nav_cents: z.number(),
    start_nav_cents: z.number(),
    end_nav_cents: z.number(),
    net_flow_cents: z.number(),
    twr: rateFigure,
    twr_cumulative: z.number(),
    mwr: rateFigure,
    gain: z.object({
      total_cents: z.number(),
      realised_cents: z.number(),
      unrealised_cents: z.number(),
      dividend_cents: z.number(),
      fee_cents: z.number(),
    }),
    series: z.array(
      z.object({
        date: z.string(),
        nav_cents: z.number(),
        benchmark_cents: nullableNumber,
        twr_index: z.number(),
        benchmark_index: nullableNumber,
        flow_cents: z.number(),
      }),
    ),
    monthly: z.array(z.object({ year: z.number(), month: z.number(), rate: z.number() })),
    holdings: z.array(
      z.object({
        symbol: z.string(),
        quantity: z.number(),
        average_cost: z.number(),
        cost_cents: z.number(),
        price: nullableNumber,
        value_cents: z.number(),
        weight: nullableNumber,
        unrealised_cents: z.number(),
        realised_cents: z.number(),
        dividend_cents: z.number(),
        first_buy: z.string(),
        twr_since_first_buy: z.number(),
      }),
    ),
    allocation: z.array(
      z.object({
        symbol: z.string(),
        name: z.string(),
        sector: z.string(),
        industry: z.string(),
        value_cents: z.number(),
      }),
    ),
    /** The newest corporate actions; the rest with getPerformanceRows. */
    corporate_actions: z.array(corporateAction),
    corporate_actions_count: z.number(),
    /** Every dividend credited, in cents. */
    dividends_credited_cents: z.number(),
    corporate_actions_complete: z.boolean(),
    cost_method: costMethodSchema,
    /** The risk-free rate the Sharpe ratio uses, in percent a year (4 = 4 %). */
    risk_free_rate: z.number(),
    risk: riskViewSchema,
    lots: lotsViewSchema,
  }),
  asOf: z.string(),
});
export type PerformanceResponse = z.infer<typeof performanceResponseSchema>;
export type PerformanceData = PerformanceResponse['data'];

const page = { offset: z.number(), total: z.number() };

/** POST /api/getPerformanceRows: a page of one of the Performance view's long lists (decision 176). */
export const performanceRowsResponseSchema = z.object({
  data: z.discriminatedUnion('list', [
    z.object({ list: z.literal('corporate_actions'), ...page, rows: z.array(corporateAction) }),
    z.object({ list: z.literal('open_lots'), ...page, rows: z.array(openLot) }),
    z.object({ list: z.literal('realised_lots'), ...page, rows: z.array(realisedLot) }),
  ]),
  asOf: z.string(),
});
export type PerformanceRowsResponse = z.infer<typeof performanceRowsResponseSchema>;
