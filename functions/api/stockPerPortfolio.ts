import type { portfolioIdPayload } from '../../shared/portfolio/schemas';
import { route, routeIn } from '../lib/http';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { portfolioStore, stocksPerPortfolio } from '../portfolios';

/** `POST api/stock_per_portfolio`: the symbols held. */
export const handler = route<typeof portfolioIdPayload>(
  routeIn(portfolioRoutes, 'stockPerPortfolio'),
  ({ input, user }) =>
    stocksPerPortfolio({ store: portfolioStore() }, user!.userId, input.portfolio_id),
);
