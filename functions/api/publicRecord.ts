import { sharingRoutes } from '../../shared/routes/sharing';
import type { shareSlugRequest } from '../../shared/sharing/schemas';
import { respond, route, routeIn } from '../lib/http';
import { PUBLIC_SHARE_HEADERS } from '../sharing/page';
import { publicRecord } from '../sharing/views';
import { valuationStore } from '../valuations/store';

/** An investor's public record under their display name; 404 when it is off. */
export const handler = route<typeof shareSlugRequest>(
  routeIn(sharingRoutes, 'publicRecord'),
  async ({ input }) =>
    respond(200, await publicRecord(valuationStore(), input.slug), PUBLIC_SHARE_HEADERS),
);
