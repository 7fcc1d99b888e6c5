import type { performanceRowsPayload } from '../../shared/portfolio/schemas';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { route, routeIn } from '../lib/http';
import { marketService } from '../market/service';
import { performanceRows, portfolioStore } from '../portfolios';

/** `POST api/getPerformanceRows`: a page of a portfolio's corporate actions or tax lots. */
export const handler = route<typeof performanceRowsPayload>(
  routeIn(portfolioRoutes, 'getPerformanceRows'),
  ({ input, user }) =>
    performanceRows({ store: portfolioStore(), market: marketService() }, user!.userId, input),
);
