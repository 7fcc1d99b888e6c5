import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  deletePitchResponse,
  trackedPitchesResponse,
  valuationResponse,
  type TrackedPitchesResponse,
} from '../../../../../shared/schemas/valuation-api';
import type { TrackedUpdatePayload } from '../../../../../shared/tracking/schemas';
import { api } from '../../../lib/api-client';
import { useLiveQuotes } from '../../../lib/live-quotes';

export const TRACKING_KEY = ['tracking'] as const;

export const trackedPitchesQuery = () =>
  queryOptions({
    queryKey: [...TRACKING_KEY, 'list'],
    queryFn: async ({ signal }): Promise<TrackedPitchesResponse> =>
      trackedPitchesResponse.parse(await api<unknown>('trackedPitches', {}, { signal })),
  });

export function useTrackedPitches() {
  return useQuery(trackedPitchesQuery());
}

/**
 * The live quotes of the tracked symbols, refreshed every 30 s. A query of its own: a refresh
 * changes the prices in place and never reloads the rows (nor an edit in progress).
 */
export function useTrackedQuotes(symbols: readonly string[]) {
  return useLiveQuotes(symbols, TRACKING_KEY);
}

/** The tracked update: a new intrinsic value per share for one tracked pitch. */
export async function updateTrackedIntrinsic(payload: TrackedUpdatePayload) {
  return valuationResponse.parse(await api<unknown>('trackedPitches', { ...payload }));
}

export async function deleteTrackedPitch(valuationId: string) {
  return deletePitchResponse.parse(
    await api<unknown>('deletePitch', { valuation_id: valuationId }),
  );
}
