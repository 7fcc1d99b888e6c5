import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import '../../../../../shared/schemas/zod-messages';
import type { UserResponse } from '../../../../../shared/schemas/account';
import { portfolioListResponseSchema } from '../../../../../shared/schemas/portfolio-api';
import {
  deletePitchResponse,
  myValuationResponse,
  valuationResponse,
  type BuyPitchRequest,
  type MyValuationResponse,
} from '../../../../../shared/schemas/valuation-api';
import { api } from '../../../lib/api-client';
import { useLiveQuotes } from '../../../lib/live-quotes';

export const PITCHES_KEY = ['pitches'] as const;

export const myPitchesQuery = () =>
  queryOptions({
    queryKey: [...PITCHES_KEY, 'list'],
    queryFn: async ({ signal }): Promise<MyValuationResponse> =>
      myValuationResponse.parse(await api<unknown>('myValuation', {}, { signal })),
  });

export function useMyPitches() {
  return useQuery(myPitchesQuery());
}

/** Live quotes of the listed symbols under the pitches key, refreshed every 30 s. */
export function usePitchQuotes(symbols: readonly string[]) {
  return useLiveQuotes(symbols, PITCHES_KEY);
}

/** The signed-in user's name and photo (same key as the header's, so it is fetched once). */
export function useProfile(userId: string | undefined) {
  return useQuery({
    queryKey: ['account', 'user', userId ?? ''],
    queryFn: ({ signal }) => api<UserResponse>('user', {}, { signal }),
    enabled: Boolean(userId),
  });
}

export function usePortfolios(enabled: boolean) {
  return useQuery({
    queryKey: ['portfolio', 'list', ''],
    queryFn: async ({ signal }) =>
      portfolioListResponseSchema.parse(await api<unknown>('getPortfolioList', {}, { signal })),
    enabled,
  });
}

export async function trackPitch(valuationId: string) {
  return valuationResponse.parse(await api<unknown>('updatePitch', { valuation_id: valuationId }));
}

export async function deletePitch(valuationId: string) {
  return deletePitchResponse.parse(
    await api<unknown>('deletePitch', { valuation_id: valuationId }),
  );
}

export async function ignorePitch(valuationId: string) {
  return valuationResponse.parse(
    await api<unknown>('ignoreValuation', { valuation_id: valuationId }),
  );
}

export async function buyPitch(payload: BuyPitchRequest) {
  return z
    .looseObject({ message: z.optional(z.string()) })
    .parse(await api<unknown>('buyPitch', { ...payload }));
}
