import { route, routeIn } from '../lib/http';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { marketService } from '../market/service';
import { portfolioList, portfolioStore } from '../portfolios';

/** `GET api/getPortfolioList`: every portfolio with NAV, IRR and benchmark, and `total_porfolio_value`. */
export const handler = route(routeIn(portfolioRoutes, 'getPortfolioList'), ({ user }) =>
  portfolioList({ store: portfolioStore(), market: marketService() }, user!.userId),
);
