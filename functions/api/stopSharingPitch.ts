import { sharingRoutes } from '../../shared/routes/sharing';
import { SHARING_MESSAGES, type sharePitchRequest } from '../../shared/sharing/schemas';
import { route, routeIn } from '../lib/http';
import { stopShare } from '../sharing/store';
import { signedIn, valuationStore } from '../valuations/store';

/**
 * Stops sharing a pitch: its page, data and preview answer 404 from now on. Public answers
 * are cached at the edge for seconds only, so no invalidation is sent (decision 128).
 */
export const handler = route<typeof sharePitchRequest>(
  routeIn(sharingRoutes, 'stopSharingPitch'),
  async ({ input, user }) => {
    await stopShare(valuationStore(), signedIn(user), input.valuation_id);
    return { message: SHARING_MESSAGES.stopped, valuation_id: input.valuation_id };
  },
);
