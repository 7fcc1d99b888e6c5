import type { portfolioIdPayload } from '../../shared/portfolio/schemas';
import { route } from '../lib/http';
import { deletePortfolio, portfolioStore } from '../portfolios';

/** `POST api/deletePortfolio`: the portfolio with its holdings, transactions and orders. */
export const handler = route<typeof portfolioIdPayload>('deletePortfolio', ({ input, user }) =>
  deletePortfolio({ store: portfolioStore() }, user!.userId, input.portfolio_id),
);
