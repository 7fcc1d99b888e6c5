import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '../../../shared/market';

/**
 * The text as it is sent, or null when nothing searchable is left. The proxy's allowlist takes
 * letters, digits, spaces and . , ' - (at most 40): other characters become spaces.
 */
export function searchText(input: string): string | null {
  const text = input
    .replace(/[^A-Za-z0-9 .,'-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40)
    .trim();
  return text === '' ? null : text;
}

/** NYSE, NASDAQ and AMEX listings whose name or symbol matches, at most 50 (spec/001 section 9). */
export async function searchStocks(query: string, signal?: AbortSignal): Promise<SearchResult[]> {
  // Loaded on the first search: the home page's first screen needs neither zod nor the schemas.
  const [{ marketData }, { searchResults }] = await Promise.all([
    import('./market-proxy'),
    import('./stock-search-schema'),
  ]);
  return marketData('search?limit=50&exchange=AMEX,NASDAQ,NYSE', searchResults, { query }, signal);
}

export const stockSearchQuery = (query: string) =>
  queryOptions({
    queryKey: ['market', 'search', query.toUpperCase()],
    queryFn: ({ signal }) => searchStocks(query, signal),
    staleTime: 10 * 60_000,
  });

/** Search results for the (already debounced) text; idle while the text is empty. */
export function useStockSearch(text: string | null) {
  return useQuery({
    ...stockSearchQuery(text ?? ''),
    enabled: text !== null,
    placeholderData: keepPreviousData,
  });
}
