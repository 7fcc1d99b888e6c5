import {
  VALUATION_API_MESSAGES,
  valuationIdRequest,
  type ValuationResponse,
} from '../../shared/schemas/valuation-api';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';
import { getValuation, signedIn, valuationStore } from '../valuations/store';
import { removeValuation } from '../valuations/tracking';
import { nowIso } from '../lib/clock';

/** Ignores a valuation: it leaves My Pitches (and tracking) but is kept. */
export const handler = route<typeof valuationIdRequest>(
  routeIn(valuationRoutes, 'ignoreValuation'),
  async ({ input, user }): Promise<ValuationResponse> => {
    const store = valuationStore();
    const userId = signedIn(user);
    await removeValuation(store, userId, input.valuation_id, {
      kind: 'ignore',
      now: nowIso(),
    });
    const { record } = await getValuation(store, userId, input.valuation_id);
    return { message: VALUATION_API_MESSAGES.ignored, data: record };
  },
);
