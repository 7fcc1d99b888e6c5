import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { marketEnvelope, quoteSchema, type Quote } from '../../../../../shared/market';
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
import { reportMarketSource } from '../../../lib/market-source';

/** Quotes and profiles refresh every 30 s (spec/001 section 9), read from the server's quote cache. */
export const QUOTE_REFRESH_MS = 30_000;

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

const quotesResponse = marketEnvelope(z.array(quoteSchema));

/** The cached quotes of some symbols, through the market-data proxy (`quote/A,B`). */
export async function fetchQuotes(
  symbols: readonly string[],
  signal?: AbortSignal,
): Promise<Quote[]> {
  if (symbols.length === 0) return [];
  const body = quotesResponse.parse(
    await api<unknown>(
      'commonApi',
      { url: `quote/${symbols.join(',')}`, method: 'GET', parameters: {} },
      signal ? { signal } : {},
    ),
  );
  reportMarketSource(body.source);
  return body.data;
}

/** Live quotes of the listed symbols, refreshed every 30 s without touching the list itself. */
export function useLiveQuotes(symbols: readonly string[]) {
  const sorted = [...new Set(symbols.map((s) => s.toUpperCase()))].sort();
  return useQuery({
    queryKey: [...PITCHES_KEY, 'quotes', sorted.join(',')],
    queryFn: ({ signal }) => fetchQuotes(sorted, signal),
    enabled: sorted.length > 0,
    refetchInterval: QUOTE_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
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
    .object({ message: z.string().optional() })
    .loose()
    .parse(await api<unknown>('buyPitch', { ...payload }));
}
