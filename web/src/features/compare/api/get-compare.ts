import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import {
  compareResponse,
  periodStart,
  rebaseTo100,
  type ComparePeriod,
  type CompareResponse,
} from '../../../../../shared/compare/compare';
import { api } from '../../../lib/api-client';
import { currentTime } from '../../../lib/clock';
import { marketRows } from '../../../lib/market-proxy';
import { reportMarketSource } from '../../../lib/market-source';

/** The fundamentals of up to five companies (edge-cached; the query lists them sorted). */
export const compareQuery = (symbols: readonly string[]) => {
  const key = [...symbols].sort().join(',');
  return queryOptions({
    queryKey: ['market', 'compare', key],
    queryFn: async ({ signal }): Promise<CompareResponse['data']> => {
      const body = compareResponse.parse(await api('marketCompare', { symbols: key }, { signal }));
      reportMarketSource(body.source, body);
      return body.data;
    },
    staleTime: 60_000,
  });
};

export function useCompareRows(symbols: readonly string[]) {
  return useQuery({ ...compareQuery(symbols), enabled: symbols.length > 0 });
}

/**
 * One company's closes over the period rebased to 100, through the market-data reads the
 * company view's price chart uses (decision 126: edge-cached, one address per read).
 */
export const rebasedQuery = (symbol: string, period: ComparePeriod) =>
  queryOptions({
    queryKey: ['market', 'compare-prices', symbol, period],
    queryFn: async ({ signal }) => {
      const today = (await currentTime()).toISOString().slice(0, 10);
      const from = periodStart(period, today);
      // A few days before the start, so the base is the last close on or before it.
      const padded = new Date(Date.parse(`${from}T00:00:00Z`) - 7 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const rows = await marketRows(
        `historical-price-full/${symbol}?from=${padded}&to=${today}`,
        signal,
      );
      const closes = rows
        .map((r) => ({ date: String(r.date).slice(0, 10), close: Number(r.close) }))
        .filter((c) => Number.isFinite(c.close));
      return rebaseTo100(closes, from);
    },
    staleTime: 30 * 60_000,
  });

export function useRebasedPrices(symbols: readonly string[], period: ComparePeriod) {
  return useQueries({ queries: symbols.map((s) => rebasedQuery(s, period)) });
}
