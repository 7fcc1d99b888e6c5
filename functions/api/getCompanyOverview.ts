import type { CompanyOverviewRequest } from '../../shared/market/overview';
import { route, routeIn } from '../lib/http';
import { marketRoutes } from '../../shared/routes/market';
import { companyOverview } from '../market/overview';
import { marketService } from '../market/service';

/** The company view's first screen in one call (functions/market/overview.ts). */
export const handler = route(routeIn(marketRoutes, 'getCompanyOverview'), ({ input }) =>
  companyOverview(marketService(), (input as CompanyOverviewRequest).symbol),
);
