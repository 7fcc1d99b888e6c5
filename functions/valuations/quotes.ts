import type { LiveQuoteRecord } from '../../shared/schemas/valuation-api';
import { VALUATION_API_MESSAGES } from '../../shared/schemas/valuation-api';
import { BadRequestError } from '../lib/errors';
import { logger } from '../lib/logger';
import { marketService } from '../market/service';

/**
 * Quotes for the valuation routes, always through the market service's cache (the quote
 * job keeps tracked symbols warm; a miss is fetched once and shared), never straight from
 * the provider per request.
 */
export interface CurrentQuote {
  symbol: string;
  price: number;
  name: string | null;
  asOf: string;
  stale: boolean;
}

export async function cachedQuotes(symbols: readonly string[]): Promise<Map<string, CurrentQuote>> {
  const unique = [...new Set(symbols)];
  const out = new Map<string, CurrentQuote>();
  if (unique.length === 0) return out;
  const raw = await marketService().rawQuotes(unique);
  for (const [symbol, result] of raw) {
    const price = result.value.price;
    if (!Number.isFinite(price) || price <= 0) continue;
    out.set(symbol, {
      symbol,
      price,
      name:
        typeof result.value.name === 'string' && result.value.name !== ''
          ? result.value.name
          : null,
      asOf: new Date(result.fetchedAt).toISOString(),
      stale: result.stale,
    });
  }
  return out;
}

/** The current price of one symbol; a symbol without a quote is refused with a clear message. */
export async function currentQuote(symbol: string): Promise<CurrentQuote> {
  const quote = (await cachedQuotes([symbol])).get(symbol);
  if (!quote) throw new BadRequestError(`${VALUATION_API_MESSAGES.noMarketPrice} (${symbol})`);
  return quote;
}

/** Quotes for the lists: best effort, a list still answers when market data is down. */
export async function listQuotes(symbols: readonly string[]): Promise<LiveQuoteRecord[]> {
  try {
    const quotes = await cachedQuotes(symbols);
    return [...quotes.values()].map(({ symbol, price, asOf, stale }) => ({
      symbol,
      price,
      asOf,
      stale,
    }));
  } catch (error) {
    logger.warn('quotes for a pitch list failed', { error: error as Error });
    return [];
  }
}
