import type { searchPortfolioPayload } from '../../shared/portfolio/schemas';
import { route, routeIn } from '../lib/http';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { marketService } from '../market/service';
import { portfolioStore, searchPortfolios } from '../portfolios';

/** `POST api/searchPortfolioList`: the dashboard rows whose name contains the text (any case). */
export const handler = route<typeof searchPortfolioPayload>(
  routeIn(portfolioRoutes, 'searchPortfolioList'),
  ({ input, user }) =>
    searchPortfolios({ store: portfolioStore(), market: marketService() }, user!.userId, input),
);
