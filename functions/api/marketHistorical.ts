import type { historicalDataRequest } from '../../shared/market';
import { route, routeIn } from '../lib/http';
import { marketReadRoutes } from '../../shared/routes/market-reads';
import { historicalCloses } from '../market/series';
import { marketService } from '../market/service';

/** Closing prices between two days, edge-cached (the GET form of getHistoricalData). */
export const handler = route<typeof historicalDataRequest>(
  routeIn(marketReadRoutes, 'marketHistorical'),
  ({ input }) => historicalCloses(marketService(), input.stock_symbol, input.from, input.to),
);
