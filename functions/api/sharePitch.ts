import { sharingRoutes } from '../../shared/routes/sharing';
import {
  SHARING_MESSAGES,
  publicPitchPath,
  type sharePitchRequest,
  type SharePitchResponse,
} from '../../shared/sharing/schemas';
import { route, routeIn } from '../lib/http';
import { createShare } from '../sharing/store';
import { indexCloseOn } from '../sharing/views';
import { signedIn, valuationStore } from '../valuations/store';

/** Shares a pitch at `/p/{slug}`; sharing it again answers the same address (decision 128). */
export const handler = route<typeof sharePitchRequest>(
  routeIn(sharingRoutes, 'sharePitch'),
  async ({ input, user }): Promise<SharePitchResponse> => {
    const share = await createShare(
      valuationStore(),
      signedIn(user),
      input.valuation_id,
      indexCloseOn,
    );
    return {
      message: SHARING_MESSAGES.shared,
      valuation_id: input.valuation_id,
      slug: share.slug,
      path: publicPitchPath(share.slug),
    };
  },
);
