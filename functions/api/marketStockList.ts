import type { stockListRequest } from '../../shared/market';
import { route, routeIn } from '../lib/http';
import { marketReadRoutes } from '../../shared/routes/market-reads';
import { marketService } from '../market/service';

/** Stocks by market-cap band and sector, edge-cached (the GET form of getStockList). */
export const handler = route<typeof stockListRequest>(
  routeIn(marketReadRoutes, 'marketStockList'),
  ({ input }) => marketService().stockList(input.marketcap, input.sector),
);
