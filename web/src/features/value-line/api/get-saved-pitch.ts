import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  valuationResponse,
  type ValuationRecord,
} from '../../../../../shared/schemas/valuation-api';
import { api } from '../../../lib/api-client';

/** A saved pitch with its assumptions (My Tracked Pitches lists only its tracked figures). */
export const savedPitchQuery = (valuationId: string) =>
  queryOptions({
    queryKey: ['valuation', 'saved', valuationId],
    queryFn: async ({ signal }): Promise<ValuationRecord> =>
      valuationResponse.parse(await api('editValuation', { valuation_id: valuationId }, { signal }))
        .data,
    staleTime: Infinity,
  });

export function useSavedPitch(valuationId: string) {
  return useQuery(savedPitchQuery(valuationId));
}
