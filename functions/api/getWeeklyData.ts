import type { symbolSeriesRequest } from '../../shared/market';
import { route, routeIn } from '../lib/http';
import { marketRoutes } from '../../shared/routes/market';
import { weeklyCloses } from '../market/series';
import { marketService } from '../market/service';

export const handler = route<typeof symbolSeriesRequest>(
  routeIn(marketRoutes, 'getWeeklyData'),
  ({ input }) => weeklyCloses(marketService(), input.stock_symbol),
);
