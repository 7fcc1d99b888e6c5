import type { cancelOrderPayload } from '../../shared/schemas/portfolio-api';
import { route, routeIn } from '../lib/http';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { cancelOrder, portfolioStore } from '../portfolios';

/** `POST api/cancelOrder`: an open limit order, with its cash or shares given back. */
export const handler = route<typeof cancelOrderPayload>(
  routeIn(portfolioRoutes, 'cancelOrder'),
  ({ input, user }) => cancelOrder({ store: portfolioStore() }, user!.userId, input),
);
