import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedScreener } from '../../../../../shared/schemas/watchlist';
import type { ScreenerColumn, ScreenerFilters, ScreenerRow } from '../../../../../shared/screener';
import { api } from '../../../lib/api-client';
import { reportMarketSource } from '../../../lib/market-source';

export const PAGE_SIZE = 20;

export interface ScreenQuery {
  filters: ScreenerFilters;
  sort: ScreenerColumn;
  order: 'asc' | 'desc';
  page: number;
}

export interface ScreenResponse {
  data: (ScreenerRow & { no: number })[];
  total: number;
  page: number;
  pageSize: number;
  sort: ScreenerColumn;
  order: 'asc' | 'desc';
  source: 'demo' | 'fmp';
  asOf: string;
  industries: string[];
}

/** One page of a screen, sorted on the server; the previous page stays shown while the next loads. */
export function useScreen(query: ScreenQuery | null) {
  return useQuery({
    queryKey: ['screener', 'screen', query],
    queryFn: async ({ signal }) => {
      const body = await api<ScreenResponse>(
        'screenerScreen',
        { ...query!, pageSize: PAGE_SIZE },
        { signal },
      );
      reportMarketSource(body.source);
      return body;
    },
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

const savedKey = ['screener', 'saved'] as const;

export function useSavedScreeners(enabled = true) {
  return useQuery({
    queryKey: savedKey,
    queryFn: async ({ signal }) =>
      (await api<{ data: SavedScreener[] }>('screenerList', {}, { signal })).data,
    enabled,
  });
}

export function useSaveScreener() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id?: string; name: string; filters: ScreenerFilters }) =>
      (await api<{ data: SavedScreener }>('screenerAdd', { ...input })).data,
    onSettled: () => client.invalidateQueries({ queryKey: savedKey }),
  });
}

export function useDeleteScreener() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('screenerDelete', { id }),
    onSettled: () => client.invalidateQueries({ queryKey: savedKey }),
  });
}
