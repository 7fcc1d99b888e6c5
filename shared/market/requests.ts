import * as z from 'zod';
import { isoDate, stockSymbol } from '../schemas/common';
import { closingPriceSchema, marketEnvelope, quoteSchema, stockListItemSchema } from './schemas';

/** Request and response schemas of the market routes (shared/routes/market.ts). */

export const indexQuotesRequest = z.object({}).strict();
export const indexQuotesResponse = marketEnvelope(z.array(quoteSchema));
export type IndexQuotesResponse = z.infer<typeof indexQuotesResponse>;

export const symbolSeriesRequest = z.object({ stock_symbol: stockSymbol }).strict();

export const historicalDataRequest = z
  .object({ stock_symbol: stockSymbol, from: isoDate.optional(), to: isoDate.optional() })
  .strict()
  .refine((r) => !r.from || !r.to || r.from <= r.to, {
    message: 'from must not be after to',
    path: ['from'],
  });

/** Closing prices, oldest first. */
export const closingSeriesResponse = marketEnvelope(z.array(closingPriceSchema));
export type ClosingSeriesResponse = z.infer<typeof closingSeriesResponse>;

export const MARKET_CAP_BAND_NAMES = ['large', 'mid', 'small'] as const;
export const STOCK_LIST_SECTORS = [
  'Consumer Cyclical',
  'Energy',
  'Technology',
  'Industrials',
  'Financial Services',
  'Basic Materials',
  'Communication Services',
  'Consumer Defensive',
  'Healthcare',
  'Real Estate',
  'Utilities',
] as const;

function pipeList<T extends string>(allowed: readonly T[], what: string) {
  return z
    .string()
    .trim()
    .max(400)
    .transform((text, ctx) => {
      const parts = text === '' ? [] : text.split('|').map((p) => p.trim());
      const out: T[] = [];
      for (const p of parts) {
        const match = allowed.find((a) => a.toLowerCase() === p.toLowerCase());
        if (!match) {
          ctx.addIssue({ code: 'custom', message: `Unknown ${what}: ${p.slice(0, 40)}` });
          return z.NEVER;
        }
        if (!out.includes(match)) out.push(match);
      }
      return out;
    });
}

/** `marketcap` and `sector` are lists joined with `|` (spec/001 section 7); region is US. */
export const stockListRequest = z
  .object({
    marketcap: pipeList(MARKET_CAP_BAND_NAMES, 'market-cap band').default(['mid']),
    sector: pipeList(STOCK_LIST_SECTORS, 'sector').default([]),
    region: z.literal('US', { message: 'Only the US region is available' }).default('US'),
  })
  .strict();
export type StockListRequest = z.infer<typeof stockListRequest>;
export const stockListResponse = marketEnvelope(z.array(stockListItemSchema));
