import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  pitchScorecardResponse,
  type PitchScorecardResponse,
} from '../../../../../shared/schemas/valuation-api';
import { api } from '../../../lib/api-client';
import { TRACKING_KEY } from './tracking-api';

/**
 * The pitch scorecard, a query of its own so the tracked table never waits for it. Its key
 * sits under the list's, so whatever refreshes the list (a delete, a tracked update) refreshes
 * the scorecard too.
 */
export const pitchScorecardQuery = () =>
  queryOptions({
    queryKey: [...TRACKING_KEY, 'list', 'scorecard'],
    queryFn: async ({ signal }): Promise<PitchScorecardResponse> =>
      pitchScorecardResponse.parse(await api<unknown>('pitchScorecard', {}, { signal })),
  });

export function usePitchScorecard() {
  return useQuery(pitchScorecardQuery());
}
