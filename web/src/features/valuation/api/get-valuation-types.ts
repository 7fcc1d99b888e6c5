import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseValuationTypes } from '../../../../../shared/domain/valuation-types-answer';
import type { ValuationTypesResponse } from '../../../../../shared/schemas/system';
import { api } from '../../../lib/api-client';

export type ValuationTypeItem = ValuationTypesResponse['data'][number];

export async function getValuationTypes(signal?: AbortSignal): Promise<ValuationTypeItem[]> {
  // Checked without zod, with the shared schema's rules: the home page's first screen lists them.
  return parseValuationTypes(await api('getValuationTypes', {}, signal ? { signal } : {})).data;
}

export const valuationTypesQuery = () =>
  queryOptions({
    queryKey: ['valuationTypes'],
    queryFn: ({ signal }) => getValuationTypes(signal),
    // The methodologies are fixed: fetch once per visit.
    staleTime: Infinity,
  });

export function useValuationTypes() {
  return useQuery(valuationTypesQuery());
}
