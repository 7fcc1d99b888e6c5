import { marketReadRoutes } from '../../shared/routes/market-reads';
import { route, routeIn } from '../lib/http';
import { marketService } from '../market/service';
import { marketMap } from '../screener/market-map';

/** The market map from the screener snapshot and the quote cache; no provider call (edge-cached). */
export const handler = route(routeIn(marketReadRoutes, 'marketHeatmap'), () =>
  marketMap(marketService()),
);
