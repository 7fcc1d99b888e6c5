import type { pitchScorecardRequest } from '../../shared/schemas/valuation-api';
import type { PitchScorecardResponse } from '../../shared/schemas/valuation-api';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';
import { pitchScorecard } from '../valuations/scorecard';
import { signedIn, valuationStore } from '../valuations/store';

/**
 * The pitch scorecard: each tracked pitch's return since tracking against its expected path,
 * split into metric growth and multiple change, and a summary (docs/decisions/092).
 */
export const handler = route<typeof pitchScorecardRequest>(
  routeIn(valuationRoutes, 'pitchScorecard'),
  async ({ user }): Promise<PitchScorecardResponse> =>
    pitchScorecard(valuationStore(), signedIn(user)),
);
