import { listValuationTypes } from '../../shared/domain/valuation-types';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';

export const handler = route(routeIn(valuationRoutes, 'getValuationTypes'), () => ({
  data: listValuationTypes(),
}));
