import type { searchPortfolioPayload } from '../../shared/portfolio/schemas';
import { route } from '../lib/http';
import { marketService } from '../market/service';
import { portfolioStore, searchPortfolios } from '../portfolios';

/** `POST api/searchPortfolioList`: the dashboard rows whose name contains the text (any case). */
export const handler = route<typeof searchPortfolioPayload>(
  'searchPortfolioList',
  ({ input, user }) =>
    searchPortfolios({ store: portfolioStore(), market: marketService() }, user!.userId, input),
);
