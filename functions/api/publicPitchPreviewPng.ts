import { sharingRoutes } from '../../shared/routes/sharing';
import type { shareSlugRequest } from '../../shared/sharing/schemas';
import { respondRaw, route, routeIn } from '../lib/http';
import { PNG_HEADERS, pitchPreviewSvg } from '../sharing/page';
import { svgToPng } from '../sharing/png';
import { publicPitch } from '../sharing/views';
import { valuationStore } from '../valuations/store';

/** The link-preview image of a shared pitch as PNG (1200 x 630), drawn as the SVG is; 404 once stopped. */
export const handler = route<typeof shareSlugRequest>(
  routeIn(sharingRoutes, 'publicPitchPreviewPng'),
  async ({ input }) => {
    const view = await publicPitch(valuationStore(), input.slug);
    return respondRaw(200, await svgToPng(pitchPreviewSvg(view)), PNG_HEADERS);
  },
);
