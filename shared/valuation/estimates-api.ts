import * as z from 'zod/mini';
import '../schemas/zod-messages';
import { marketEnvelope } from '../market/schemas';
import { stockSymbol } from '../schemas/common';

/**
 * `GET /api/market/estimates?symbol=AAPL` (decision 185): analysts' annual consensus for a
 * company's fiscal years (the coming ones and those already reported), each beside the figures
 * the company later reported for it and the day those became public. Read through the market
 * cache: the provider's estimates endpoint and the annual income statements (the valuation
 * panels' cache item). Which years are forecasts and which were met is worked out point in time
 * in shared/valuation/forecast.ts.
 */
export const estimatesRequest = z.strictObject({ symbol: stockSymbol });
export type EstimatesRequest = z.infer<typeof estimatesRequest>;

const num = z.nullable(z.number());

/** One figure's consensus: the mean, the lowest and highest estimate, how many analysts gave one. */
export const estimateRangeSchema = z.object({
  avg: z.number(),
  low: num,
  high: num,
  analysts: num,
});
export type EstimateRange = z.infer<typeof estimateRangeSchema>;

export const fiscalYearEstimateSchema = z.object({
  /** The fiscal year's end (YYYY-MM-DD), as the provider dates its estimates. */
  date: z.string(),
  eps: z.nullable(estimateRangeSchema),
  revenue: z.nullable(estimateRangeSchema),
  ebitda: z.nullable(estimateRangeSchema),
  /** The annual figures reported for the year, with the day they were filed; null before. */
  reported: z.nullable(
    z.object({
      /** The statement's period end (a 52/53-week year may end a few days off the estimate's). */
      date: z.string(),
      filingDate: z.nullable(z.string()),
      acceptedDate: z.nullable(z.string()),
      eps: num,
      revenue: num,
      ebitda: num,
    }),
  ),
});
export type FiscalYearEstimate = z.infer<typeof fiscalYearEstimateSchema>;

export const estimatesDataSchema = z.object({
  symbol: z.string(),
  /** Oldest first. */
  years: z.array(fiscalYearEstimateSchema),
  /** Why there are no estimates (the market-data plan lacks them); null when read. */
  unavailable: z.nullable(z.string()),
});
export type EstimatesData = z.infer<typeof estimatesDataSchema>;

export const estimatesResponse = marketEnvelope(estimatesDataSchema);
export type EstimatesResponse = z.infer<typeof estimatesResponse>;
