import type { portfolioIdPayload } from '../../shared/portfolio/schemas';
import { route } from '../lib/http';
import { portfolioDetails, portfolioStore } from '../portfolios';

/** `POST api/getPortfolioDetails`: `data[0]` is the portfolio. */
export const handler = route<typeof portfolioIdPayload>('getPortfolioDetails', ({ input, user }) =>
  portfolioDetails({ store: portfolioStore() }, user!.userId, input.portfolio_id),
);
