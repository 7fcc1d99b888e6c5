import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  sectorMediansResponse,
  type SectorMediansResponse,
} from '../../../../../shared/schemas/valuation-api';
import { api } from '../../../lib/api-client';

export type SectorMedians = SectorMediansResponse['data'];

/** The median multiples of the stock's sector from the screener snapshot ("vs peers"). */
export async function getSectorMedians(
  symbol: string,
  signal?: AbortSignal,
): Promise<SectorMedians> {
  const body = await api('getSectorMedians', { stock_symbol: symbol }, signal ? { signal } : {});
  return sectorMediansResponse.parse(body).data;
}

export const sectorMediansQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['valuation', 'sector-medians', symbol],
    queryFn: ({ signal }) => getSectorMedians(symbol, signal),
    // The snapshot is rebuilt every 15 minutes.
    staleTime: 15 * 60_000,
  });

export function useSectorMedians(symbol: string) {
  return useQuery(sectorMediansQuery(symbol));
}
