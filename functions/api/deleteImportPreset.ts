import type { importPresetNamePayload } from '../../shared/portfolio/import-mapping';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { route, routeIn } from '../lib/http';
import { deleteImportPreset } from '../portfolios/import-presets';

/** Deletes one of the user's import presets by name; another user's is never found. */
export const handler = route<typeof importPresetNamePayload>(
  routeIn(portfolioRoutes, 'deleteImportPreset'),
  async ({ input, user }) => {
    await deleteImportPreset(user!.userId, input.name);
    return { message: 'Preset deleted', data: { name: input.name } };
  },
);
