import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Period } from '../../../../../shared/portfolio/returns';
import { performanceResponseSchema } from '../../../../../shared/schemas/portfolio-performance';
import { api } from '../../../lib/api-client';
import { PORTFOLIO_KEY } from './portfolio-api';

export interface PerformanceRequest {
  portfolioId: string;
  period: Period;
  from?: string;
  to?: string;
}

export async function fetchPerformance(request: PerformanceRequest, signal?: AbortSignal) {
  const body = await api<unknown>(
    'getPortfolioPerformance',
    {
      portfolio_id: request.portfolioId,
      period: request.period,
      ...(request.period === 'custom' ? { from: request.from, to: request.to } : {}),
    },
    signal ? { signal } : {},
  );
  return performanceResponseSchema.parse(body).data;
}

/** NAV history and returns of a portfolio for a period (the key holds every input). */
export function usePortfolioPerformance(request: PerformanceRequest, enabled = true) {
  return useQuery({
    queryKey: [
      ...PORTFOLIO_KEY,
      'performance',
      request.portfolioId,
      request.period,
      request.from ?? '',
      request.to ?? '',
    ],
    enabled,
    queryFn: ({ signal }) => fetchPerformance(request, signal),
    placeholderData: keepPreviousData,
  });
}
