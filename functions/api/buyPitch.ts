import { buyPitchRequest, type ValuationResponse } from '../../shared/schemas/valuation-api';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';
import { buyFromPitch } from '../valuations/buy';
import { signedIn, valuationStore } from '../valuations/store';

/** Buy from a pitch into one of the user's portfolios (see functions/valuations/buy.ts). */
export const handler = route<typeof buyPitchRequest>(
  routeIn(valuationRoutes, 'buyPitch'),
  async ({ input, user }): Promise<ValuationResponse> =>
    buyFromPitch(valuationStore(), signedIn(user), input),
);
