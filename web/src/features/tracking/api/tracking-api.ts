import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { marketEnvelope, quoteSchema, type Quote } from '../../../../../shared/market';
import {
  deletePitchResponse,
  trackedPitchesResponse,
  valuationResponse,
  type TrackedPitchesResponse,
} from '../../../../../shared/schemas/valuation-api';
import type { TrackedUpdatePayload } from '../../../../../shared/tracking/schemas';
import { api } from '../../../lib/api-client';
import { reportMarketSource } from '../../../lib/market-source';

/** Quotes refresh every 30 s (spec/001 section 9), from the server's quote cache. */
export const QUOTE_REFRESH_MS = 30_000;

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

/**
 * The live quotes of the tracked symbols, refreshed every 30 s. A query of its own: a refresh
 * changes the prices in place and never reloads the rows (nor an edit in progress).
 */
export function useTrackedQuotes(symbols: readonly string[]) {
  const sorted = [...new Set(symbols.map((s) => s.toUpperCase()))].sort();
  return useQuery({
    queryKey: [...TRACKING_KEY, 'quotes', sorted.join(',')],
    queryFn: ({ signal }) => fetchQuotes(sorted, signal),
    enabled: sorted.length > 0,
    refetchInterval: QUOTE_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
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
