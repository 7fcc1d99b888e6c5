import { sharingRoutes } from '../../shared/routes/sharing';
import type { shareSlugRequest } from '../../shared/sharing/schemas';
import { respond, route, routeIn } from '../lib/http';
import { PUBLIC_SHARE_HEADERS } from '../sharing/page';
import { publicPitch } from '../sharing/views';
import { valuationStore } from '../valuations/store';

/** A shared pitch for a signed-out reader: versions and record; 404 once sharing stopped. */
export const handler = route<typeof shareSlugRequest>(
  routeIn(sharingRoutes, 'publicPitch'),
  async ({ input }) =>
    respond(200, await publicPitch(valuationStore(), input.slug), PUBLIC_SHARE_HEADERS),
);
