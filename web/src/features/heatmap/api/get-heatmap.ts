import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  decodeHeatmap,
  heatmapResponse,
  type HeatmapCompany,
} from '../../../../../shared/heatmap/data';
import type { SnapshotFreshness } from '../../../../../shared/market/freshness';
import { newYorkTime } from '../../../../../shared/market/session';
import { api } from '../../../lib/api-client';
import { currentTime } from '../../../lib/clock';
import { reportMarketSource } from '../../../lib/market-source';

export interface HeatmapData {
  companies: HeatmapCompany[];
  /** The newest figure's time (ISO). */
  asOf: string;
  /** When the snapshot was taken and whose session its one-day moves are; null before the first. */
  freshness: SnapshotFreshness | null;
  /** The snapshot is older than its refresh interval allows (decision 166). */
  stale: boolean;
  /** Today in New York (YYYY-MM-DD) when the map was read: is the snapshot's session today's? */
  today: string;
  /** No snapshot stored yet (a new deployment's first minutes). */
  preparing: boolean;
}

/** The market map: every company with its market cap and changes (edge-cached: decision 152). */
export async function getHeatmap(signal?: AbortSignal): Promise<HeatmapData> {
  const body = heatmapResponse.parse(await api('marketHeatmap', {}, signal ? { signal } : {}));
  reportMarketSource(body.source, body);
  const companies = decodeHeatmap(body.data);
  const today = newYorkTime((await currentTime()).getTime()).day;
  return {
    companies,
    asOf: body.asOf,
    freshness: body.data.freshness,
    stale: body.stale,
    today,
    preparing: body.data.freshness === null,
  };
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
