import { sharingRoutes } from '../../shared/routes/sharing';
import type { shareSlugRequest } from '../../shared/sharing/schemas';
import { respondRaw, route, routeIn } from '../lib/http';
import { SVG_HEADERS, pitchPreviewSvg } from '../sharing/page';
import { publicPitch } from '../sharing/views';
import { valuationStore } from '../valuations/store';

/** The link-preview image of a shared pitch (SVG, drawn on the server); 404 once stopped. */
export const handler = route<typeof shareSlugRequest>(
  routeIn(sharingRoutes, 'publicPitchPreview'),
  async ({ input }) => {
    const view = await publicPitch(valuationStore(), input.slug);
    return respondRaw(200, pitchPreviewSvg(view), SVG_HEADERS);
  },
);
