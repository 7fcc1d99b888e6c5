import { portfolioRoutes } from '../../shared/routes/portfolio';
import { route, routeIn } from '../lib/http';
import { listImportPresets } from '../portfolios/import-presets';

/** The user's saved CSV import mappings, by name, in `data`. */
export const handler = route(routeIn(portfolioRoutes, 'listImportPresets'), async ({ user }) => ({
  data: await listImportPresets(user!.userId),
}));
