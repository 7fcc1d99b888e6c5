import type { portfolioIdPayload } from '../../shared/portfolio/schemas';
import { route, routeIn } from '../lib/http';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { portfolioDetails, portfolioStore } from '../portfolios';

/** `POST api/getPortfolioDetails`: `data[0]` is the portfolio. */
export const handler = route<typeof portfolioIdPayload>(
  routeIn(portfolioRoutes, 'getPortfolioDetails'),
  ({ input, user }) =>
    portfolioDetails({ store: portfolioStore() }, user!.userId, input.portfolio_id),
);
