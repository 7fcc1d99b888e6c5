import {
  VALUATION_API_MESSAGES,
  buyPitchRequest,
  type ValuationResponse,
} from '../../shared/schemas/valuation-api';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';
import { buyFromPitch } from '../valuations/buy';
import { signedIn, valuationStore } from '../valuations/store';

/** Buy from a pitch into one of the user's portfolios (see functions/valuations/buy.ts). */
export const handler = route<typeof buyPitchRequest>(
  routeIn(valuationRoutes, 'buyPitch'),
  async ({ input, user }): Promise<ValuationResponse> => {
    const record = await buyFromPitch(valuationStore(), signedIn(user), input);
    return { message: VALUATION_API_MESSAGES.bought, data: record };
  },
);
