import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  decodeHeatmap,
  heatmapResponse,
  type HeatmapCompany,
} from '../../../../../shared/heatmap/data';
import { api } from '../../../lib/api-client';
import { reportMarketSource } from '../../../lib/market-source';

export interface HeatmapData {
  companies: HeatmapCompany[];
  asOf: string;
  /** No snapshot stored yet (a new deployment's first minutes). */
  preparing: boolean;
}

/** The market map: every company with its market cap and changes (edge-cached: decision 152). */
export async function getHeatmap(signal?: AbortSignal): Promise<HeatmapData> {
  const body = heatmapResponse.parse(await api('marketHeatmap', {}, signal ? { signal } : {}));
  reportMarketSource(body.source, body);
  const companies = decodeHeatmap(body.data);
  return { companies, asOf: body.asOf, preparing: companies.length === 0 };
}

export const heatmapQuery = () =>
  queryOptions({
    queryKey: ['market', 'heatmap'],
    queryFn: ({ signal }) => getHeatmap(signal),
    // The quote job refreshes followed symbols every minute; CloudFront keeps the map 30 s.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export function useHeatmap() {
  return useQuery(heatmapQuery());
}
