import type { symbolSeriesRequest } from '../../shared/market';
import { route, routeIn } from '../lib/http';
import { marketReadRoutes } from '../../shared/routes/market-reads';
import { dailyCloses } from '../market/series';
import { marketService } from '../market/service';

/** Daily closes of a stock, edge-cached (the GET form of getDailyData). */
export const handler = route<typeof symbolSeriesRequest>(
  routeIn(marketReadRoutes, 'marketDaily'),
  ({ input }) => dailyCloses(marketService(), input.stock_symbol),
);
