import { valuationIdRequest, type ValuationResponse } from '../../shared/schemas/valuation-api';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';
import { getValuation, signedIn, valuationStore } from '../valuations/store';

/** One saved valuation of the signed-in user (/Market/{id}); another user's id is not found. */
export const handler = route<typeof valuationIdRequest>(
  routeIn(valuationRoutes, 'editValuation'),
  async ({ input, user }): Promise<ValuationResponse> => {
    const { record } = await getValuation(valuationStore(), signedIn(user), input.valuation_id);
    return { data: record };
  },
);
