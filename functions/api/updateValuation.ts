import {
  VALUATION_API_MESSAGES,
  updateValuationRequest,
  type SavedValuationResponse,
} from '../../shared/schemas/valuation-api';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';
import { outputOf } from '../valuations/records';
import { repitchAtCurrentPrice, repitchValuation } from '../valuations/service';
import { signedIn, valuationStore } from '../valuations/store';

/** Re-Pitch: new assumptions and outputs, or the stored ones at the current market price. */
export const handler = route<typeof updateValuationRequest>(
  routeIn(valuationRoutes, 'updateValuation'),
  async ({ input, user }): Promise<SavedValuationResponse> => {
    const store = valuationStore();
    const userId = signedIn(user);
    const record =
      input.kind === 'payload'
        ? await repitchValuation(store, userId, input.valuation_id, input.payload)
        : await repitchAtCurrentPrice(store, userId, input.valuation_id);
    return {
      message: VALUATION_API_MESSAGES.pitchUpdated,
      data: record,
      valuation_output: [outputOf(record)],
    };
  },
);
