import type { symbolSeriesRequest } from '../../shared/market';
import { route, routeIn } from '../lib/http';
import { marketRoutes } from '../../shared/routes/market';
import { dailyCloses } from '../market/series';
import { marketService } from '../market/service';

export const handler = route<typeof symbolSeriesRequest>(
  routeIn(marketRoutes, 'getDailyData'),
  ({ input }) => dailyCloses(marketService(), input.stock_symbol),
);
