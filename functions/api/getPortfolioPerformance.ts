import type { performancePayload } from '../../shared/portfolio/schemas';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { route, routeIn } from '../lib/http';
import { marketService } from '../market/service';
import { portfolioPerformance, portfolioStore } from '../portfolios';

/** `POST api/getPortfolioPerformance`: NAV history against the S&P 500 and returns for a period. */
export const handler = route<typeof performancePayload>(
  routeIn(portfolioRoutes, 'getPortfolioPerformance'),
  ({ input, user }) =>
    portfolioPerformance({ store: portfolioStore(), market: marketService() }, user!.userId, input),
);
