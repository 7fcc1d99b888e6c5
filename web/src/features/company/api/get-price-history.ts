import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  barsForPeriod,
  priceWindow,
  type PricePeriodId,
  type PriceWindow,
} from '../../../../../shared/company/periods';
import { proxyRows, type MarketRow } from '../../../lib/market-proxy';

/** The proxy path of a price window: intraday bars for 5/30-minute windows, daily closes otherwise. */
export function priceHistoryPath(symbol: string, window: PriceWindow): string {
  const range = `from=${window.from}&to=${window.to}`;
  return window.interval === '1day'
    ? `historical-price-full/${symbol}?${range}`
    : `historical-chart/${window.interval}/${symbol}?${range}`;
}

export const priceHistoryQuery = (symbol: string, period: PricePeriodId, window: PriceWindow) =>
  queryOptions({
    queryKey: ['market', 'price', symbol, period, window.interval, window.from, window.to],
    queryFn: async ({ signal }): Promise<MarketRow[]> =>
      barsForPeriod(period, await proxyRows(priceHistoryPath(symbol, window), signal)),
    // Intraday bars are cached 5 minutes on the server, daily closes an hour.
    staleTime: window.interval === '1day' ? 30 * 60_000 : 2 * 60_000,
  });

/** The bars a price period charts, oldest to newest. */
export function usePriceHistory(symbol: string, period: PricePeriodId, now: Date = new Date()) {
  return useQuery(priceHistoryQuery(symbol, period, priceWindow(period, now)));
}
