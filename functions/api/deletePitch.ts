import { VALUATION_API_MESSAGES, valuationIdRequest } from '../../shared/schemas/valuation-api';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';
import { removeValuation } from '../valuations/tracking';
import { signedIn, valuationStore } from '../valuations/store';

/** Deletes a pitch; a tracked one leaves tracking (its count is given back). */
export const handler = route<typeof valuationIdRequest>(
  routeIn(valuationRoutes, 'deletePitch'),
  async ({ input, user }) => {
    await removeValuation(valuationStore(), signedIn(user), input.valuation_id, { kind: 'delete' });
    return { message: VALUATION_API_MESSAGES.pitchDeleted, valuation_id: input.valuation_id };
  },
);
