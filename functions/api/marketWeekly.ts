import type { symbolSeriesRequest } from '../../shared/market';
import { route, routeIn } from '../lib/http';
import { marketReadRoutes } from '../../shared/routes/market-reads';
import { weeklyCloses } from '../market/series';
import { marketService } from '../market/service';

/** Weekly closes of a stock, edge-cached (the GET form of getWeeklyData). */
export const handler = route<typeof symbolSeriesRequest>(
  routeIn(marketReadRoutes, 'marketWeekly'),
  ({ input }) => weeklyCloses(marketService(), input.stock_symbol),
);
