import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  barsForPeriod,
  pricePeriod,
  priceWindow,
  type PricePeriodId,
  type PriceWindow,
} from '../../../../../shared/company/periods';
import { currentTime } from '../../../lib/clock';
import { marketRows, type MarketRow } from '../../../lib/market-proxy';

/** The proxy path of a price window: intraday bars for 5/30-minute windows, daily closes otherwise. */
export function priceHistoryPath(symbol: string, window: PriceWindow): string {
  const range = `from=${window.from}&to=${window.to}`;
  return window.interval === '1day'
    ? `historical-price-full/${symbol}?${range}`
    : `historical-chart/${window.interval}/${symbol}?${range}`;
}

/**
 * The bars of a price period, oldest to newest. The date window ends today by the app's clock
 * (read when the request is made, after the config that may pin it), or at `now` when given.
 */
export const priceHistoryQuery = (symbol: string, period: PricePeriodId, now?: Date) =>
  queryOptions({
    queryKey: ['market', 'price', symbol, period, now?.toISOString() ?? 'today'],
    queryFn: async ({ signal }): Promise<MarketRow[]> => {
      const window = priceWindow(period, now ?? (await currentTime()));
      return barsForPeriod(period, await marketRows(priceHistoryPath(symbol, window), signal));
    },
    // Intraday bars are cached 5 minutes on the server, daily closes an hour.
    staleTime: pricePeriod(period).interval === '1day' ? 30 * 60_000 : 2 * 60_000,
  });

/** The bars a price period charts, oldest to newest. */
export function usePriceHistory(symbol: string, period: PricePeriodId, now?: Date) {
  return useQuery(priceHistoryQuery(symbol, period, now));
}
