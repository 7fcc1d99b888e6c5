import { sharingRoutes } from '../../shared/routes/sharing';
import type { shareSlugRequest } from '../../shared/sharing/schemas';
import { NotFoundError } from '../lib/errors';
import { respondRaw, route, routeIn } from '../lib/http';
import { HTML_HEADERS, notSharedHtml, pitchPageHtml } from '../sharing/page';
import { publicPitch } from '../sharing/views';
import { valuationStore } from '../valuations/store';

/**
 * `/p/{slug}`: the shared pitch's page as HTML with its link-preview tags (crawlers run no
 * JavaScript), then the app. A stopped share answers 404 with a page that says so.
 */
export const handler = route<typeof shareSlugRequest>(
  routeIn(sharingRoutes, 'publicPitchPage'),
  async ({ input }) => {
    try {
      const view = await publicPitch(valuationStore(), input.slug);
      return respondRaw(200, pitchPageHtml(view), HTML_HEADERS);
    } catch (error) {
      if (error instanceof NotFoundError) return respondRaw(404, notSharedHtml(), HTML_HEADERS);
      throw error;
    }
  },
);
