import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  companyOverviewResponse,
  type CompanyOverview,
} from '../../../../../shared/market/overview';
import { api } from '../../../lib/api-client';
import { reportMarketSource } from '../../../lib/market-source';

/** Quotes and profiles refresh every 30 s on the company view (spec/001 section 9). */
export const OVERVIEW_REFRESH_MS = 30_000;

/**
 * Profile, quote, TTM ratios and revenue, top owners and news of one company, in one call,
 * through the edge-cached `GET /api/market/company-overview` (decision 126).
 */
export async function getCompanyOverview(
  symbol: string,
  signal?: AbortSignal,
): Promise<CompanyOverview> {
  const body = companyOverviewResponse.parse(
    await api<unknown>('marketCompanyOverview', { symbol }, signal ? { signal } : {}),
  );
  reportMarketSource(body.source, body);
  return body.data;
}

export const companyOverviewQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['market', 'company-overview', symbol],
    queryFn: ({ signal }) => getCompanyOverview(symbol, signal),
  });

/** The overview, refreshed every 30 s while the tab is visible (the last answer stays on screen meanwhile). */
export function useCompanyOverview(symbol: string) {
  return useQuery({
    ...companyOverviewQuery(symbol),
    refetchInterval: OVERVIEW_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: OVERVIEW_REFRESH_MS - 1_000,
  });
}
