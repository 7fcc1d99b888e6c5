import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValuationTypesResponse } from '../../../../../shared/schemas/system';
import { api } from '../../../lib/api-client';

export type ValuationTypeItem = ValuationTypesResponse['data'][number];

export async function getValuationTypes(signal?: AbortSignal): Promise<ValuationTypeItem[]> {
  // The schema (and zod) loads while the request runs: the home page's first screen asks for these.
  const [{ valuationTypesResponse }, body] = await Promise.all([
    import('../../../../../shared/schemas/system'),
    api('getValuationTypes', {}, signal ? { signal } : {}),
  ]);
  return valuationTypesResponse.parse(body).data;
}

export const valuationTypesQuery = () =>
  queryOptions({
    queryKey: ['valuationTypes'],
    queryFn: ({ signal }) => getValuationTypes(signal),
    // The four methodologies are fixed: fetch once per visit.
    staleTime: Infinity,
  });

export function useValuationTypes() {
  return useQuery(valuationTypesQuery());
}
