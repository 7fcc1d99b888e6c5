import type { compareRequest } from '../../shared/compare/compare';
import { marketReadRoutes } from '../../shared/routes/market-reads';
import { route, routeIn } from '../lib/http';
import { marketService } from '../market/service';
import { compareRows } from '../screener/market-map';

/** Up to five companies' fundamentals from the screener snapshot and the quote cache (edge-cached). */
export const handler = route<typeof compareRequest>(
  routeIn(marketReadRoutes, 'marketCompare'),
  ({ input }) => compareRows(marketService(), input),
);
