import type { historicalDataRequest } from '../../shared/market';
import { route, routeIn } from '../lib/http';
import { marketRoutes } from '../../shared/routes/market';
import { historicalCloses } from '../market/series';
import { marketService } from '../market/service';

export const handler = route<typeof historicalDataRequest>(
  routeIn(marketRoutes, 'getHistoricalData'),
  ({ input }) => historicalCloses(marketService(), input.stock_symbol, input.from, input.to),
);
