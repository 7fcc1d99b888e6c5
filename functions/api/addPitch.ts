import {
  PITCH_STATUS,
  addPitchRequest,
  type SavedValuationResponse,
} from '../../shared/schemas/valuation-api';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';
import { savedValuationResponse } from '../valuations/records';
import { pitchSaved, saveNewValuation } from '../valuations/service';
import { signedIn, valuationStore } from '../valuations/store';

/** Pitches a new valuation payload, or `{valuation_id}` of one saved earlier. */
export const handler = route<typeof addPitchRequest>(
  routeIn(valuationRoutes, 'addPitch'),
  async ({ input, user }): Promise<SavedValuationResponse> => {
    const store = valuationStore();
    const userId = signedIn(user);
    const record =
      input.kind === 'new'
        ? await saveNewValuation(store, userId, input.payload, PITCH_STATUS.pitched)
        : await pitchSaved(store, userId, input.valuation_id);
    return savedValuationResponse(record);
  },
);
