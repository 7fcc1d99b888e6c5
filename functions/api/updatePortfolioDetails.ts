import type { updatePortfolioPayload } from '../../shared/portfolio/schemas';
import { route } from '../lib/http';
import { portfolioStore, updatePortfolio } from '../portfolios';

/** `POST api/updatePortfolioDetails`: rename and set the seed capital. */
export const handler = route<typeof updatePortfolioPayload>(
  'updatePortfolioDetails',
  ({ input, user }) => updatePortfolio({ store: portfolioStore() }, user!.userId, input),
);
