import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote } from '../../../../../shared/market';
import { parseIndexQuotes } from '../../../../../shared/market/index-quotes';
import {
  INDEX_LABELS,
  INDEX_SYMBOLS,
  type IndexSymbol,
} from '../../../../../shared/market/symbols';
import { api } from '../../../lib/api-client';
import { reportMarketSource } from '../../../lib/market-source';

/** The bar refreshes every 30 seconds (spec/000 section 1). */
export const INDEX_REFRESH_MS = 30_000;

export interface IndexQuote {
  symbol: IndexSymbol;
  label: string;
  /** Absent when the server's answer lacks this index. */
  quote?: Quote;
}

export interface IndexQuotes {
  /** S&P 500, NYSE, DJIA, NASDAQ, always in that order. */
  indexes: IndexQuote[];
  stale: boolean;
  asOf: string;
}

/** The four index quotes, checked with the shared schema's rules; reports the data's source. */
export async function getIndexQuotes(signal?: AbortSignal): Promise<IndexQuotes> {
  // Checked without zod, with the shared schema's rules: every page shows the bar (decision 093).
  // The edge-cached GET form (decision 126): every open page polls it, CloudFront answers.
  const body = parseIndexQuotes(
    await api<unknown>('marketIndexQuotes', {}, signal ? { signal } : {}),
  );
  reportMarketSource(body.source, body);
  const bySymbol = new Map(body.data.map((q) => [q.symbol, q]));
  return {
    indexes: INDEX_SYMBOLS.map((symbol) => {
      const quote = bySymbol.get(symbol);
      return { symbol, label: INDEX_LABELS[symbol], ...(quote ? { quote } : {}) };
    }),
    stale: body.stale,
    asOf: body.asOf,
  };
}

export const indexQuotesQuery = () =>
  queryOptions({
    queryKey: ['market', 'index-quotes'],
    queryFn: ({ signal }) => getIndexQuotes(signal),
  });

/**
 * Live index quotes: refetched every 30 s while the tab is visible (paused when hidden, and
 * refreshed on return once they are older than that); the last values stay on screen while
 * a refresh runs or fails.
 */
export function useIndexQuotes() {
  return useQuery({
    ...indexQuotesQuery(),
    refetchInterval: INDEX_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: INDEX_REFRESH_MS - 1_000,
    placeholderData: keepPreviousData,
  });
}
