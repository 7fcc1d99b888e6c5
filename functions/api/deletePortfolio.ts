import type { portfolioIdPayload } from '../../shared/portfolio/schemas';
import { route, routeIn } from '../lib/http';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { deletePortfolio, portfolioStore } from '../portfolios';

/** `POST api/deletePortfolio`: the portfolio with its holdings, transactions and orders. */
export const handler = route<typeof portfolioIdPayload>(
  routeIn(portfolioRoutes, 'deletePortfolio'),
  ({ input, user }) =>
    deletePortfolio({ store: portfolioStore() }, user!.userId, input.portfolio_id),
);
