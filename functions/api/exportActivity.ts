import type { exportActivityPayload } from '../../shared/portfolio/schemas';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { route, routeIn } from '../lib/http';
import { marketService } from '../market/service';
import { exportActivity, portfolioStore } from '../portfolios';

/** `POST api/exportActivity`: every deposit, withdrawal, trade and dividend, a file's worth an answer. */
export const handler = route<typeof exportActivityPayload>(
  routeIn(portfolioRoutes, 'exportActivity'),
  ({ input, user }) =>
    exportActivity(
      { store: portfolioStore(), market: marketService() },
      user!.userId,
      input.portfolio_id,
      input.offset ?? 0,
    ),
);
