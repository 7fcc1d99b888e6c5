import type { importTransactionsPayload } from '../../shared/portfolio/schemas';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { route, routeIn } from '../lib/http';
import { marketService } from '../market/service';
import { importTransactions, portfolioStore } from '../portfolios';

/**
 * `POST api/importTransactions`: preview or commit a CSV file of transactions. A commit keeps to
 * the function's time (decision 178): it stops, undone, rather than run past it.
 */
export const handler = route<typeof importTransactionsPayload>(
  routeIn(portfolioRoutes, 'importTransactions'),
  ({ input, user, context }) =>
    importTransactions(
      {
        store: portfolioStore(),
        market: marketService(),
        remainingMs: () => context.getRemainingTimeInMillis(),
      },
      user!.userId,
      input,
    ),
);
