import { route, routeIn } from '../lib/http';
import { marketReadRoutes } from '../../shared/routes/market-reads';
import { indexQuotes } from '../market/overview';
import { marketService } from '../market/service';

/** The index bar, edge-cached (the GET form of getIndexQuotes under /api/market/). */
export const handler = route(routeIn(marketReadRoutes, 'marketIndexQuotes'), () =>
  indexQuotes(marketService()),
);
