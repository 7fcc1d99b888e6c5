import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
      reportMarketSource(body.source, body);
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
