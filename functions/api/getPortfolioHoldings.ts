import type { portfolioIdPayload } from '../../shared/portfolio/schemas';
import { route, routeIn } from '../lib/http';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { marketService } from '../market/service';
import { portfolioHoldings, portfolioStore } from '../portfolios';

/** `POST api/getPortfolioHoldings`: holdings at the latest quotes, cash, NAV, IRR, benchmark, orders, transactions. */
export const handler = route<typeof portfolioIdPayload>(
  routeIn(portfolioRoutes, 'getPortfolioHoldings'),
  ({ input, user }) =>
    portfolioHoldings(
      { store: portfolioStore(), market: marketService() },
      user!.userId,
      input.portfolio_id,
    ),
);
