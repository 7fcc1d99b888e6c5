import type { portfolioIdPayload } from '../../shared/portfolio/schemas';
import { route, routeIn } from '../lib/http';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { marketService } from '../market/service';
import { portfolioDetails, portfolioStore } from '../portfolios';

/** `POST api/getPortfolioDetails`: `data[0]` is the portfolio (its cash from the engine). */
export const handler = route<typeof portfolioIdPayload>(
  routeIn(portfolioRoutes, 'getPortfolioDetails'),
  ({ input, user }) =>
    portfolioDetails(
      { store: portfolioStore(), market: marketService() },
      user!.userId,
      input.portfolio_id,
    ),
);
