import type { updatePortfolioPayload } from '../../shared/portfolio/schemas';
import { route, routeIn } from '../lib/http';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { portfolioStore, updatePortfolio } from '../portfolios';

/** `POST api/updatePortfolioDetails`: rename and set the seed capital. */
export const handler = route<typeof updatePortfolioPayload>(
  routeIn(portfolioRoutes, 'updatePortfolioDetails'),
  ({ input, user }) => updatePortfolio({ store: portfolioStore() }, user!.userId, input),
);
