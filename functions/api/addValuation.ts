import {
  PITCH_STATUS,
  type AddValuationRequest,
  type SavedValuationResponse,
  addValuationRequest,
} from '../../shared/schemas/valuation-api';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';
import { savedValuationResponse } from '../valuations/records';
import { saveNewValuation } from '../valuations/service';
import { signedIn, valuationStore } from '../valuations/store';

/** Saves a new valuation (pitched unless pitch_status 0 asks to keep it for later). */
export const handler = route<typeof addValuationRequest>(
  routeIn(valuationRoutes, 'addValuation'),
  async ({ input, user }): Promise<SavedValuationResponse> => {
    const { pitch_status, ...payload } = input as AddValuationRequest;
    const record = await saveNewValuation(
      valuationStore(),
      signedIn(user),
      payload,
      pitch_status ?? PITCH_STATUS.pitched,
    );
    return savedValuationResponse(record);
  },
);
