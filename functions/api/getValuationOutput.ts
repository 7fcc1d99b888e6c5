import { valuationIdRequest, type ValuationOutput } from '../../shared/schemas/valuation-api';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';
import { outputOf } from '../valuations/records';
import { getValuation, signedIn, valuationStore } from '../valuations/store';

/** The outputs of one saved valuation. */
export const handler = route<typeof valuationIdRequest>(
  routeIn(valuationRoutes, 'getValuationOutput'),
  async ({ input, user }): Promise<{ data: ValuationOutput }> => {
    const { record } = await getValuation(valuationStore(), signedIn(user), input.valuation_id);
    return { data: outputOf(record) };
  },
);
