import { route, routeIn } from '../lib/http';
import { marketRoutes } from '../../shared/routes/market';
import { indexQuotes } from '../market/overview';
import { marketService } from '../market/service';

/** The index bar: S&P 500, NYSE, DJIA and NASDAQ from the cache the quote job keeps warm. */
export const handler = route(routeIn(marketRoutes, 'getIndexQuotes'), () =>
  indexQuotes(marketService()),
);
