import type { ProxyRead } from '../../shared/market/proxy';
import { route, routeIn } from '../lib/http';
import { marketReadRoutes } from '../../shared/routes/market-reads';
import { marketService } from '../market/service';

/**
 * One read of the market-data allowlist by query (the GET form of common_api): the route's
 * schema has already turned the query into a typed read; nothing in it becomes a URL.
 */
export const handler = route(routeIn(marketReadRoutes, 'marketRead'), ({ input }) =>
  marketService().proxy(input as ProxyRead),
);
