import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import {
  compareResponse,
  compareSeries,
  periodStart,
  type ComparePeriod,
  type CompareResponse,
  type CompareSeries,
} from '../../../../../shared/compare/compare';
import { newYorkTime } from '../../../../../shared/market/session';
import { api } from '../../../lib/api-client';
import { currentTime } from '../../../lib/clock';
import { marketRows } from '../../../lib/market-proxy';
import { reportMarketSource } from '../../../lib/market-source';

export type CompareRowsData = CompareResponse['data'] & {
  /** The newest figure's time (ISO). */
  asOf: string;
  /** The snapshot is older than its refresh interval allows (decision 166). */
  stale: boolean;
  /** Today in New York (YYYY-MM-DD) when read: is the one-day change today's? */
  today: string;
};

/** The fundamentals of up to five companies (edge-cached; the query lists them sorted). */
export const compareQuery = (symbols: readonly string[]) => {
  const key = [...symbols].sort().join(',');
  return queryOptions({
    queryKey: ['market', 'compare', key],
    queryFn: async ({ signal }): Promise<CompareRowsData> => {
      const body = compareResponse.parse(await api('marketCompare', { symbols: key }, { signal }));
      reportMarketSource(body.source, body);
      const today = newYorkTime((await currentTime()).getTime()).day;
      return { ...body.data, asOf: body.asOf, stale: body.stale, today };
    },
    staleTime: 60_000,
  });
};

export function useCompareRows(symbols: readonly string[]) {
  return useQuery({ ...compareQuery(symbols), enabled: symbols.length > 0 });
}

export interface CompareSeriesData extends CompareSeries {
  /** The period's first day (YYYY-MM-DD). */
  start: string;
  /** The provider's dividends could not be read: no total return. */
  dividendsMissing: boolean;
}

/**
 * One company's price and total return over the period, 100 at the base (decision 168), from
 * two edge-cached market reads (decision 126): the daily closes the company view's chart uses,
 * and the dividends. Without the dividends the price return still shows.
 */
export const seriesQuery = (symbol: string, period: ComparePeriod) =>
  queryOptions({
    queryKey: ['market', 'compare-series', symbol, period],
    queryFn: async ({ signal }): Promise<CompareSeriesData> => {
      const today = (await currentTime()).toISOString().slice(0, 10);
      const start = periodStart(period, today);
      // A few days before the start, so the base is the last close on or before it.
      const padded = new Date(Date.parse(`${start}T00:00:00Z`) - 7 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const [rows, dividendRows] = await Promise.all([
        marketRows(`historical-price-full/${symbol}?from=${padded}&to=${today}`, signal),
        marketRows(`historical-price-full/stock_dividend/${symbol}`, signal).catch(() => null),
      ]);
      const closes = rows
        .map((r) => ({ date: String(r.date).slice(0, 10), close: Number(r.close) }))
        .filter((c) => Number.isFinite(c.close));
      const dividends =
        dividendRows?.map((r) => ({
          date: String(r.date).slice(0, 10),
          adjDividend: Number(r.adjDividend),
        })) ?? null;
      return {
        ...compareSeries(closes, dividends, start),
        start,
        dividendsMissing: dividends === null,
      };
    },
    staleTime: 30 * 60_000,
  });

export function useCompareSeries(symbols: readonly string[], period: ComparePeriod) {
  return useQueries({ queries: symbols.map((s) => seriesQuery(s, period)) });
}
