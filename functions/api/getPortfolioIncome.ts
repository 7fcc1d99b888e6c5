import type { incomePayload } from '../../shared/portfolio/schemas';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { route, routeIn } from '../lib/http';
import { marketService } from '../market/service';
import { portfolioIncome, portfolioStore } from '../portfolios';

/** `POST api/getPortfolioIncome`: a portfolio's dividend income (all portfolios without an id). */
export const handler = route<typeof incomePayload>(
  routeIn(portfolioRoutes, 'getPortfolioIncome'),
  ({ input, user }) =>
    portfolioIncome({ store: portfolioStore(), market: marketService() }, user!.userId, input),
);
