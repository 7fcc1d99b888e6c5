import type { MyValuationResponse } from '../../shared/schemas/valuation-api';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';
import { listQuotes } from '../valuations/quotes';
import { listValuations, signedIn, valuationStore } from '../valuations/store';

/** My Pitches: the user's valuations that are not ignored, newest first, with cached quotes. */
export const handler = route(
  routeIn(valuationRoutes, 'myValuation'),
  async ({ user }): Promise<MyValuationResponse> => {
    const records = (await listValuations(valuationStore(), signedIn(user)))
      .filter((r) => !r.ignored)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { data: records, quotes: await listQuotes(records.map((r) => r.stock_symbol)) };
  },
);
