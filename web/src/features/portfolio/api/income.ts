import { useQuery } from '@tanstack/react-query';
import { incomeResponseSchema } from '../../../../../shared/schemas/portfolio-income';
import { api } from '../../../lib/api-client';
import { PORTFOLIO_KEY } from './portfolio-api';

/** A portfolio's dividend income, or every portfolio's when `portfolioId` is null. */
export async function fetchIncome(portfolioId: string | null, signal?: AbortSignal) {
  const body = await api<unknown>(
    'getPortfolioIncome',
    portfolioId ? { portfolio_id: portfolioId } : {},
    signal ? { signal } : {},
  );
  return incomeResponseSchema.parse(body).data;
}

/** The income view's data (the key holds the one input: which portfolio, or all). */
export function useIncome(portfolioId: string | null) {
  return useQuery({
    queryKey: [...PORTFOLIO_KEY, 'income', portfolioId ?? 'all'],
    // No placeholder from another portfolio: its figures would show under this one's name.
    queryFn: ({ signal }) => fetchIncome(portfolioId, signal),
  });
}
