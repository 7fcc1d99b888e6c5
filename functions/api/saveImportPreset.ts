import type { importPresetSchema } from '../../shared/portfolio/import-mapping';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { route, routeIn } from '../lib/http';
import { saveImportPreset } from '../portfolios/import-presets';

/** Saves a CSV import mapping under its name (the same name replaces it). */
export const handler = route<typeof importPresetSchema>(
  routeIn(portfolioRoutes, 'saveImportPreset'),
  async ({ input, user }) => {
    await saveImportPreset(user!.userId, input);
    return { message: 'Preset saved', data: { name: input.name } };
  },
);
