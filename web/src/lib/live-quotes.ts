import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import '../../../shared/schemas/zod-messages';
import { quoteSchema, type Quote } from '../../../shared/market';
import { marketData } from './market-proxy';

/** Quotes refresh every 30 s (spec/001 section 9), read from the server's quote cache. */
export const QUOTE_REFRESH_MS = 30_000;

const quotes = z.array(quoteSchema);

/** The cached quotes of some symbols, through the market-data proxy (`quote/A,B`). */
export async function fetchQuotes(
  symbols: readonly string[],
  signal?: AbortSignal,
): Promise<Quote[]> {
  if (symbols.length === 0) return [];
  return marketData(`quote/${symbols.join(',')}`, quotes, {}, signal);
}

/**
 * Live quotes of the listed symbols, refreshed every 30 s. A query of its own: a refresh changes
 * the prices in place and never reloads the list they belong to (nor an edit in progress).
 * `scope` prefixes the query key, so invalidating the owner's key reads the quotes again too.
 */
export function useLiveQuotes(symbols: readonly string[], scope: readonly unknown[] = ['market']) {
  const sorted = [...new Set(symbols.map((s) => s.toUpperCase()))].sort();
  return useQuery({
    queryKey: [...scope, 'quotes', sorted.join(',')],
    queryFn: ({ signal }) => fetchQuotes(sorted, signal),
    enabled: sorted.length > 0,
    refetchInterval: QUOTE_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}
