import type { createPortfolioPayload } from '../../shared/portfolio/schemas';
import { route, routeIn } from '../lib/http';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { marketService } from '../market/service';
import { createPortfolio, portfolioStore } from '../portfolios';

/** `POST api/addPortfolio`: a new portfolio, its inception now, its cash the seed capital. */
export const handler = route<typeof createPortfolioPayload>(
  routeIn(portfolioRoutes, 'addPortfolio'),
  ({ input, user }) =>
    createPortfolio({ store: portfolioStore(), market: marketService() }, user!.userId, input),
);
