import { useQueries } from '@tanstack/react-query';
import { indexFundFrom } from '../../../../../shared/valuation/span-returns';
import { marketRows, type MarketRow } from '../../../lib/market-proxy';

/** The S&P 500's index fund: its total return stands for the index's (decision 187). */
export const INDEX_FUND = 'SPY';

const dividendsOf = (rows: MarketRow[]) =>
  rows.map((r) => ({ date: String(r.date).slice(0, 10), adjDividend: Number(r.adjDividend) }));
const closesOf = (rows: MarketRow[]) =>
  rows
    .map((r) => ({ date: String(r.date).slice(0, 10), close: Number(r.close) }))
    .filter((c) => Number.isFinite(c.close));

/**
 * What the span's returns need beyond the line's closes: the company's dividends and the index
 * fund's closes and dividends over the span (edge-cached reads, the ones Compare makes).
 * Each is null while it loads or when it cannot be read.
 */
export function useSpanData(symbol: string, to: string | undefined) {
  // The fund's closes from twenty years and a week before the last close, whatever the line's
  // start: one read a day shared by every company's line (the quota, decision 187).
  const padded = to ? indexFundFrom(to) : '';
  const [dividends, fundCloses, fundDividends] = useQueries({
    queries: [
      {
        queryKey: ['market', 'dividends', symbol],
        queryFn: async ({ signal }: { signal: AbortSignal }) =>
          dividendsOf(await marketRows(`historical-price-full/stock_dividend/${symbol}`, signal)),
        staleTime: 30 * 60_000,
      },
      {
        queryKey: ['market', 'index-closes', INDEX_FUND, padded, to],
        queryFn: async ({ signal }: { signal: AbortSignal }) =>
          closesOf(
            await marketRows(`historical-price-full/${INDEX_FUND}?from=${padded}&to=${to}`, signal),
          ),
        enabled: Boolean(to),
        staleTime: 30 * 60_000,
      },
      {
        queryKey: ['market', 'dividends', INDEX_FUND],
        queryFn: async ({ signal }: { signal: AbortSignal }) =>
          dividendsOf(
            await marketRows(`historical-price-full/stock_dividend/${INDEX_FUND}`, signal),
          ),
        staleTime: 30 * 60_000,
      },
    ],
  });
  return {
    pending: dividends.isPending || fundCloses.isPending || fundDividends.isPending,
    /** The company's dividends are still being read. */
    dividendsPending: dividends.isPending,
    dividends: dividends.data ?? null,
    index:
      fundCloses.data && fundDividends.data
        ? { closes: fundCloses.data, dividends: fundDividends.data }
        : null,
  };
}
