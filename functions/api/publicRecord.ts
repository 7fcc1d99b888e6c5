import { sharingRoutes } from '../../shared/routes/sharing';
import type { shareSlugRequest } from '../../shared/sharing/schemas';
import { route, routeIn } from '../lib/http';
import { publicRecord } from '../sharing/views';
import { valuationStore } from '../valuations/store';

/** An investor's public record under their display name; 404 when it is off. */
export const handler = route<typeof shareSlugRequest>(
  routeIn(sharingRoutes, 'publicRecord'),
  async ({ input }) => publicRecord(valuationStore(), input.slug),
);
