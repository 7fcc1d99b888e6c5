import type { estimatesRequest } from '../../shared/valuation/estimates-api';
import { marketReadRoutes } from '../../shared/routes/market-reads';
import { route, routeIn } from '../lib/http';
import { estimatesData } from '../market/estimates';
import { marketService } from '../market/service';

/** Analysts' annual estimates beside the figures later reported (edge-cached: decision 185). */
export const handler = route<typeof estimatesRequest>(
  routeIn(marketReadRoutes, 'marketEstimates'),
  ({ input }) => estimatesData(marketService(), input.symbol),
);
