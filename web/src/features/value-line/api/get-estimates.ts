import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  estimatesResponse,
  type EstimatesResponse,
} from '../../../../../shared/valuation/estimates-api';
import { api } from '../../../lib/api-client';
import { reportMarketSource } from '../../../lib/market-source';

/** Analysts' annual consensus beside the figures reported (edge-cached: decision 185). */
export async function getEstimates(
  symbol: string,
  signal?: AbortSignal,
): Promise<EstimatesResponse> {
  const body = estimatesResponse.parse(
    await api('marketEstimates', { symbol }, signal ? { signal } : {}),
  );
  reportMarketSource(body.source, body);
  return body;
}

export const estimatesQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['market', 'estimates', symbol],
    queryFn: ({ signal }) => getEstimates(symbol, signal),
    // The consensus is read a day fresh on the server.
    staleTime: 30 * 60_000,
  });

/** The estimates, or nothing while they load or when they fail (the line stands without them). */
export function useEstimates(symbol: string) {
  return useQuery(estimatesQuery(symbol));
}
