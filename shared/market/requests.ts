import * as z from 'zod/mini';
import '../schemas/zod-messages';
import { isoDate, stockSymbol } from '../schemas/common';
import { ProxyPathError, readFromQuery } from './proxy';
import { closingPriceSchema, marketEnvelope, quoteSchema, stockListItemSchema } from './schemas';

/** Request and response schemas of the market routes (shared/routes/market.ts). */

export const indexQuotesRequest = z.strictObject({});
export const indexQuotesResponse = marketEnvelope(z.array(quoteSchema));
export type IndexQuotesResponse = z.infer<typeof indexQuotesResponse>;

export const symbolSeriesRequest = z.strictObject({ stock_symbol: stockSymbol });

export const historicalDataRequest = z
  .strictObject({ stock_symbol: stockSymbol, from: z.optional(isoDate), to: z.optional(isoDate) })
  .check(
    z.refine((r) => !r.from || !r.to || r.from <= r.to, {
      message: 'from must not be after to',
      path: ['from'],
    }),
  );

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
  return z.pipe(
    z.string().check(z.trim(), z.maxLength(400)),
    z.transform((text, ctx) => {
      const parts = text === '' ? [] : text.split('|').map((p) => p.trim());
      const out: T[] = [];
      for (const p of parts) {
        const match = allowed.find((a) => a.toLowerCase() === p.toLowerCase());
        if (!match) {
          ctx.issues.push({
            code: 'custom',
            message: `Unknown ${what}: ${p.slice(0, 40)}`,
            input: ctx.value,
          });
          return z.NEVER;
        }
        if (!out.includes(match)) out.push(match);
      }
      return out;
    }),
  );
}

/** `marketcap` and `sector` are lists joined with `|` (spec/001 section 7); region is US. */
export const stockListRequest = z.strictObject({
  marketcap: z._default(pipeList(MARKET_CAP_BAND_NAMES, 'market-cap band'), ['mid']),
  sector: z._default(pipeList(STOCK_LIST_SECTORS, 'sector'), []),
  region: z._default(z.literal('US', { message: 'Only the US region is available' }), 'US'),
});
export type StockListRequest = z.infer<typeof stockListRequest>;
export const stockListResponse = marketEnvelope(z.array(stockListItemSchema));

/**
 * `GET /api/market/read`: one read of the market-data proxy in the query string
 * (`kind=ratios&limit=11&period=quarter&symbol=AAPL`), checked by the proxy's own allowlist.
 */
export const marketReadRequest = z.pipe(
  z.record(z.string().check(z.maxLength(40)), z.string()),
  z.transform((params, ctx) => {
    try {
      return readFromQuery(params);
    } catch (error) {
      if (!(error instanceof ProxyPathError)) throw error;
      ctx.issues.push({ code: 'custom', message: error.message, input: ctx.value });
      return z.NEVER;
    }
  }),
);
