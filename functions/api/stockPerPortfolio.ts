import type { portfolioIdPayload } from '../../shared/portfolio/schemas';
import { route } from '../lib/http';
import { portfolioStore, stocksPerPortfolio } from '../portfolios';

/** `POST api/stock_per_portfolio`: the symbols held. */
export const handler = route<typeof portfolioIdPayload>('stockPerPortfolio', ({ input, user }) =>
  stocksPerPortfolio({ store: portfolioStore() }, user!.userId, input.portfolio_id),
);
