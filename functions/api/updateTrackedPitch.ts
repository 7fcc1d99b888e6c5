import {
  VALUATION_API_MESSAGES,
  updateTrackedPitchRequest,
  type ValuationResponse,
} from '../../shared/schemas/valuation-api';
import { route } from '../lib/http';
import { signedIn, valuationStore } from '../valuations/store';
import { updateTrackedIntrinsic } from '../valuations/tracking';

/** The tracked update: a new intrinsic value for one tracked pitch. */
export const handler = route<typeof updateTrackedPitchRequest>(
  'updateTrackedPitch',
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
