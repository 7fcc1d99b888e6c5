import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  valueLineResponse,
  type ValueLineData,
} from '../../../../../shared/valuation/value-line-api';
import { api } from '../../../lib/api-client';
import { reportMarketSource } from '../../../lib/market-source';

/** What a company's value lines are computed from (edge-cached: decision 150). */
export async function getValueLineData(
  symbol: string,
  signal?: AbortSignal,
): Promise<ValueLineData> {
  const body = valueLineResponse.parse(
    await api('marketValueLine', { symbol }, signal ? { signal } : {}),
  );
  reportMarketSource(body.source, body);
  return body.data;
}

export const valueLineQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['market', 'value-line', symbol],
    queryFn: ({ signal }) => getValueLineData(symbol, signal),
    // Statements change once a quarter and closes once a day; the server caches both.
    staleTime: 30 * 60_000,
  });

export function useValueLineData(symbol: string) {
  return useQuery(valueLineQuery(symbol));
}
