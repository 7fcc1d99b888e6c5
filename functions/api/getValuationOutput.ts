import { valuationIdRequest, type ValuationOutput } from '../../shared/schemas/valuation-api';
import { route } from '../lib/http';
import { outputOf } from '../valuations/records';
import { getValuation, signedIn, valuationStore } from '../valuations/store';

/** The outputs of one saved valuation. */
export const handler = route<typeof valuationIdRequest>(
  'getValuationOutput',
  async ({ input, user }): Promise<{ data: ValuationOutput }> => {
    const { record } = await getValuation(valuationStore(), signedIn(user), input.valuation_id);
    return { data: outputOf(record) };
  },
);
