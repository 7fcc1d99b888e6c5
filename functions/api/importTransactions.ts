import type { importTransactionsPayload } from '../../shared/portfolio/schemas';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { route, routeIn } from '../lib/http';
import { marketService } from '../market/service';
import { importTransactions, portfolioStore } from '../portfolios';

/** `POST api/importTransactions`: preview or commit a CSV file of transactions. */
export const handler = route<typeof importTransactionsPayload>(
  routeIn(portfolioRoutes, 'importTransactions'),
  ({ input, user }) =>
    importTransactions({ store: portfolioStore(), market: marketService() }, user!.userId, input),
);
