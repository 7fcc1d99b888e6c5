import type { CompanyOverviewRequest } from '../../shared/market/overview';
import { route, routeIn } from '../lib/http';
import { marketReadRoutes } from '../../shared/routes/market-reads';
import { companyOverview } from '../market/overview';
import { marketService } from '../market/service';

/** The company view's first screen, edge-cached (the GET form of getCompanyOverview). */
export const handler = route(routeIn(marketReadRoutes, 'marketCompanyOverview'), ({ input }) =>
  companyOverview(marketService(), (input as CompanyOverviewRequest).symbol),
);
