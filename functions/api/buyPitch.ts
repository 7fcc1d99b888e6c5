import { VALUATION_API_MESSAGES, buyPitchRequest, type ValuationResponse } from '../../shared/schemas/valuation-api';
import { route } from '../lib/http';
import { recordBuyIntent } from '../valuations/buy';
import { signedIn, valuationStore } from '../valuations/store';

/** Buy from a pitch: records the holding intent on the valuation (see functions/valuations/buy.ts). */
export const handler = route<typeof buyPitchRequest>('buyPitch', async ({ input, user }): Promise<ValuationResponse> => {
  const record = await recordBuyIntent(valuationStore(), signedIn(user), input);
  return { message: VALUATION_API_MESSAGES.bought, data: record };
});
