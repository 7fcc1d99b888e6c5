import { sharingRoutes } from '../../shared/routes/sharing';
import type { shareSlugRequest } from '../../shared/sharing/schemas';
import { route, routeIn } from '../lib/http';
import { publicPitch } from '../sharing/views';
import { valuationStore } from '../valuations/store';

/** A shared pitch for a signed-out reader: versions and record; 404 once sharing stopped. */
export const handler = route<typeof shareSlugRequest>(
  routeIn(sharingRoutes, 'publicPitch'),
  async ({ input }) => publicPitch(valuationStore(), input.slug),
);
