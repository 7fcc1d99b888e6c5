import * as z from 'zod/mini';

/** POST /api/getPortfolioPerformance: the answer (functions/portfolios/performance.ts, decision 129). */

const rateFigure = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['annualised', 'cumulative']), rate: z.number() }),
  z.object({ kind: z.literal('unavailable'), reason: z.string(), message: z.string() }),
]);
export type RateFigureView = z.infer<typeof rateFigure>;

const nullableNumber = z.nullable(z.number());

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
    corporate_actions: z.array(
      z.object({
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
      }),
    ),
    corporate_actions_complete: z.boolean(),
    cost_method: z.string(),
  }),
  asOf: z.string(),
});
export type PerformanceResponse = z.infer<typeof performanceResponseSchema>;
export type PerformanceData = PerformanceResponse['data'];
