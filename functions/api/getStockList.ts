import type { stockListRequest } from '../../shared/market';
import { route, routeIn } from '../lib/http';
import { marketRoutes } from '../../shared/routes/market';
import { marketService } from '../market/service';

/** Stocks in the chosen market-cap bands and sectors (each list joined with `|`), US region. */
export const handler = route<typeof stockListRequest>(
  routeIn(marketRoutes, 'getStockList'),
  ({ input }) => marketService().stockList(input.marketcap, input.sector),
);
