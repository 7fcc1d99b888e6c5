import type { valueLineRequest } from '../../shared/valuation/value-line-api';
import { marketReadRoutes } from '../../shared/routes/market-reads';
import { marketNowMs } from '../lib/clock';
import { route, routeIn } from '../lib/http';
import { newYorkDay } from '../screener/build';
import { marketService } from '../market/service';
import { valueLineData } from '../market/value-line';

/** What a value line is computed from: quarters, splits, closes, sector medians (edge-cached). */
export const handler = route<typeof valueLineRequest>(
  routeIn(marketReadRoutes, 'marketValueLine'),
  ({ input }) => valueLineData(marketService(), input.symbol, newYorkDay(marketNowMs())),
);
