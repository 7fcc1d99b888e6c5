import type { orderPayload } from '../../shared/portfolio/schemas';
import { route, routeIn } from '../lib/http';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { marketService } from '../market/service';
import { placeOrder, portfolioStore } from '../portfolios';

/** `POST api/placeOrder`: a market order fills at the current quote, a limit order waits for its price. */
export const handler = route<typeof orderPayload>(
  routeIn(portfolioRoutes, 'placeOrder'),
  ({ input, user }) =>
    placeOrder({ store: portfolioStore(), market: marketService() }, user!.userId, input),
);
