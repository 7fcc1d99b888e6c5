import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  marketEnvelope,
  searchResultSchema,
  type SearchResult,
} from '../../../../../shared/market';
import type { WatchListResponse } from '../../../../../shared/schemas/watchlist';
import { api } from '../../../lib/api-client';
import { reportMarketSource } from '../../../lib/market-source';

/** Quotes on the watchlist are read again this often (the server's cache is one minute fresh). */
export const WATCHLIST_REFRESH_MS = 30_000;

export const watchListKey = ['watchlist'] as const;

export const watchListQuery = () =>
  queryOptions({
    queryKey: watchListKey,
    queryFn: async ({ signal }) => {
      const body = await api<WatchListResponse>('getWatchList', {}, { signal });
      reportMarketSource(body.source);
      return body;
    },
    refetchInterval: WATCHLIST_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

/** The signed-in user's watchlist with quotes, read again every 30 s. */
export function useWatchList() {
  return useQuery(watchListQuery());
}

export function useAddToWatchList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string) => api('addWatchList', { stock_symbol: symbol }),
    onSettled: () => client.invalidateQueries({ queryKey: watchListKey }),
  });
}

export function useRemoveFromWatchList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string) => api('removeWatchList', { stock_symbol: symbol }),
    onSettled: () => client.invalidateQueries({ queryKey: watchListKey }),
  });
}

// --- stock search (NYSE, NASDAQ and AMEX listings through the market-data proxy) ------------

/** The text as it is sent, or null when nothing searchable is left (the proxy takes letters, digits and . , ' -). */
export function searchText(input: string): string | null {
  const text = input
    .replace(/[^A-Za-z0-9 .,'-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40)
    .trim();
  return text === '' ? null : text;
}

const searchResponse = marketEnvelope(z.array(searchResultSchema));

export async function searchStocks(query: string, signal?: AbortSignal): Promise<SearchResult[]> {
  const body = searchResponse.parse(
    await api<unknown>(
      'commonApi',
      { url: 'search?limit=50&exchange=AMEX,NASDAQ,NYSE', method: 'GET', parameters: { query } },
      signal ? { signal } : {},
    ),
  );
  reportMarketSource(body.source);
  return body.data;
}

/** Search results for the (already debounced) text; idle while the text is empty. */
export function useStockSearch(text: string | null) {
  return useQuery({
    queryKey: ['market', 'search', (text ?? '').toUpperCase()],
    queryFn: ({ signal }) => searchStocks(text ?? '', signal),
    staleTime: 10 * 60_000,
    enabled: text !== null,
    placeholderData: keepPreviousData,
  });
}
