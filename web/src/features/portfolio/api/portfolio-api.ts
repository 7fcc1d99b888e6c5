import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Quote } from '../../../../../shared/market';
import { closingSeriesResponse } from '../../../../../shared/market/requests';
import type {
  CreatePortfolioPayload,
  OrderPayload,
  UpdatePortfolioPayload,
} from '../../../../../shared/portfolio/schemas';
import {
  cancelOrderResponseSchema,
  placeOrderResponseSchema,
  portfolioDetailsResponseSchema,
  portfolioHoldingsResponseSchema,
  portfolioListResponseSchema,
  portfolioMessageResponseSchema,
  stockPerPortfolioResponseSchema,
  type PortfolioListResponse,
} from '../../../../../shared/schemas/portfolio-api';
import { api } from '../../../lib/api-client';
import { currentTime } from '../../../lib/clock';
import { fetchQuotes, QUOTE_REFRESH_MS } from '../../../lib/live-quotes';
import { reportMarketSource } from '../../../lib/market-source';

/** Every portfolio query key starts with this, so one invalidation reloads the dashboard. */
export const PORTFOLIO_KEY = ['portfolio'] as const;

/** The list, or the portfolios whose name matches `search` (empty lists them all). */
export async function fetchPortfolioList(
  search: string,
  signal?: AbortSignal,
): Promise<PortfolioListResponse> {
  const options = signal ? { signal } : {};
  const body =
    search.trim() === ''
      ? await api<unknown>('getPortfolioList', {}, options)
      : await api<unknown>('searchPortfolioList', { portfolio_name: search.trim() }, options);
  return portfolioListResponseSchema.parse(body);
}

export const portfolioListQuery = (search: string) =>
  queryOptions({
    queryKey: [...PORTFOLIO_KEY, 'list', search.trim()],
    queryFn: ({ signal }) => fetchPortfolioList(search, signal),
  });

export function usePortfolioList(search: string) {
  return useQuery({ ...portfolioListQuery(search), placeholderData: (previous) => previous });
}

export async function getPortfolioDetails(portfolioId: string) {
  const body = portfolioDetailsResponseSchema.parse(
    await api<unknown>('getPortfolioDetails', { portfolio_id: portfolioId }),
  );
  const record = body.data[0];
  if (!record) throw new Error('Portfolio not found');
  return record;
}

export async function createPortfolio(payload: CreatePortfolioPayload) {
  return portfolioMessageResponseSchema.parse(await api<unknown>('addPortfolio', payload));
}

export async function updatePortfolio(payload: UpdatePortfolioPayload) {
  return portfolioMessageResponseSchema.parse(
    await api<unknown>('updatePortfolioDetails', payload),
  );
}

export async function deletePortfolio(portfolioId: string) {
  return portfolioMessageResponseSchema.parse(
    await api<unknown>('deletePortfolio', { portfolio_id: portfolioId }),
  );
}

export function useStocksPerPortfolio(portfolioId: string | null) {
  return useQuery({
    queryKey: [...PORTFOLIO_KEY, 'stocks', portfolioId],
    enabled: portfolioId !== null,
    queryFn: async ({ signal }) =>
      stockPerPortfolioResponseSchema.parse(
        await api<unknown>('stockPerPortfolio', { portfolio_id: portfolioId }, { signal }),
      ).data,
  });
}

/** One portfolio's holdings, open and closed orders and transactions. */
export const portfolioHoldingsQuery = (portfolioId: string | null) => ({
  queryKey: [...PORTFOLIO_KEY, 'holdings', portfolioId],
  enabled: portfolioId !== null,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    portfolioHoldingsResponseSchema.parse(
      await api<unknown>('getPortfolioHoldings', { portfolio_id: portfolioId }, { signal }),
    ).data,
});

export function usePortfolioHoldings(portfolioId: string | null) {
  return useQuery(portfolioHoldingsQuery(portfolioId));
}

export async function placeOrder(payload: OrderPayload) {
  return placeOrderResponseSchema.parse(await api<unknown>('placeOrder', payload));
}

export async function cancelOrder(portfolioId: string, orderId: string) {
  return cancelOrderResponseSchema.parse(
    await api<unknown>('cancelOrder', { portfolio_id: portfolioId, order_id: orderId }),
  );
}

/** Reloads every portfolio query (list, stocks, holdings). */
export function useReloadPortfolios() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: PORTFOLIO_KEY }), [client]);
}

/** After a delete: forgets the portfolio's stocks and holdings (no refetch of a deleted id) and reloads the list. */
export function useForgetPortfolio() {
  const client = useQueryClient();
  return useCallback(
    (portfolioId: string) => {
      for (const part of ['stocks', 'holdings'])
        client.removeQueries({ queryKey: [...PORTFOLIO_KEY, part, portfolioId] });
      return client.invalidateQueries({ queryKey: [...PORTFOLIO_KEY, 'list'] });
    },
    [client],
  );
}

/* ---------- market data for the stock panel ---------- */

export type ChartPeriod = 'daily' | 'weekly' | 'monthly';

export interface ClosePoint {
  date: string;
  close: number;
}

const MONTHLY_YEARS = 7;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last close of each calendar month, oldest first. */
export function monthEndCloses(points: readonly ClosePoint[]): ClosePoint[] {
  const byMonth = new Map<string, ClosePoint>();
  for (const p of [...points].sort((a, b) => a.date.localeCompare(b.date))) {
    byMonth.set(p.date.slice(0, 7), p);
  }
  return [...byMonth.values()];
}

async function closingSeries(
  period: ChartPeriod,
  symbol: string,
  signal: AbortSignal,
): Promise<ClosePoint[]> {
  let body: unknown;
  if (period === 'daily')
    body = await api<unknown>('marketDaily', { stock_symbol: symbol }, { signal });
  else if (period === 'weekly')
    body = await api<unknown>('marketWeekly', { stock_symbol: symbol }, { signal });
  else {
    const to = await currentTime();
    const from = new Date(to);
    from.setUTCFullYear(to.getUTCFullYear() - MONTHLY_YEARS);
    body = await api<unknown>(
      'marketHistorical',
      { stock_symbol: symbol, from: isoDay(from), to: isoDay(to) },
      { signal },
    );
  }
  const parsed = closingSeriesResponse.parse(body);
  reportMarketSource(parsed.source, parsed);
  const points = [...parsed.data].sort((a, b) => a.date.localeCompare(b.date));
  return period === 'monthly' ? monthEndCloses(points) : points;
}

export function useClosingSeries(symbol: string, period: ChartPeriod) {
  return useQuery({
    queryKey: ['market', 'closing', period, symbol],
    queryFn: ({ signal }) => closingSeries(period, symbol, signal),
    staleTime: 30 * 60_000,
  });
}

/** The live quote of one symbol through the market-data proxy. */
export function useQuote(symbol: string) {
  return useQuery({
    queryKey: ['market', 'quote', symbol],
    queryFn: async ({ signal }): Promise<Quote | null> => {
      const quotes = await fetchQuotes([symbol], signal);
      return quotes.find((q) => q.symbol === symbol) ?? quotes[0] ?? null;
    },
    refetchInterval: QUOTE_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: QUOTE_REFRESH_MS - 1_000,
  });
}
