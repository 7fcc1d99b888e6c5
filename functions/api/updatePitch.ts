import {
  VALUATION_API_MESSAGES,
  trackPitchRequest,
  type ValuationResponse,
} from '../../shared/schemas/valuation-api';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';
import { signedIn, valuationStore } from '../valuations/store';
import { trackPitch } from '../valuations/tracking';

/** Track (POST /api/update-pitch): freezes the tracked figures at the current quote, within the tracking limit. */
export const handler = route<typeof trackPitchRequest>(
  routeIn(valuationRoutes, 'updatePitch'),
  async ({ input, user }): Promise<ValuationResponse> => {
    const record = await trackPitch(valuationStore(), signedIn(user), input.valuation_id);
    return { message: VALUATION_API_MESSAGES.pitchUpdated, data: record };
  },
);
