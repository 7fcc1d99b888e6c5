import {
  VALUATION_API_MESSAGES,
  updateTrackedPitchRequest,
  type ValuationResponse,
} from '../../shared/schemas/valuation-api';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';
import { signedIn, valuationStore } from '../valuations/store';
import { updateTrackedIntrinsic } from '../valuations/tracking';

/** The tracked update: a new intrinsic value for one tracked pitch. */
export const handler = route<typeof updateTrackedPitchRequest>(
  routeIn(valuationRoutes, 'updateTrackedPitch'),
  async ({ input, user }): Promise<ValuationResponse> => {
    const record = await updateTrackedIntrinsic(
      valuationStore(),
      signedIn(user),
      input.valuation_id,
      input.intrinsic_value_per_share,
    );
    return { message: VALUATION_API_MESSAGES.pitchUpdated, data: record };
  },
);
