import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CostMethod } from '../../../../../shared/portfolio/lots';
import { getPortfolioDetails, PORTFOLIO_KEY, updatePortfolio } from './portfolio-api';

export interface PortfolioSettings {
  cost_method?: CostMethod;
  risk_free_rate?: number;
}

/**
 * Saves a portfolio's cost method or risk-free rate through updatePortfolioDetails, with the
 * name and seed capital it has now (read first, so nothing else changes), then reloads it.
 */
export async function savePortfolioSettings(portfolioId: string, settings: PortfolioSettings) {
  const record = await getPortfolioDetails(portfolioId);
  return updatePortfolio({
    portfolio_id: portfolioId,
    portfolio_name: record.portfolio_name,
    investment_value: record.investment_value,
    ...settings,
  });
}

export function useSavePortfolioSettings(portfolioId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: PortfolioSettings) => savePortfolioSettings(portfolioId, settings),
    onSuccess: () => client.invalidateQueries({ queryKey: PORTFOLIO_KEY }),
  });
}
