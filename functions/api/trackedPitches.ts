import {
  PITCH_STATUS,
  VALUATION_API_MESSAGES,
  trackedPitchesRequest,
  type TrackedPitchesResponse,
  type ValuationResponse,
} from '../../shared/schemas/valuation-api';
import { config } from '../lib/config';
import { route, routeIn } from '../lib/http';
import { valuationRoutes } from '../../shared/routes/valuation';
import { listQuotes } from '../valuations/quotes';
import { trackedRowOf } from '../valuations/records';
import { listValuations, signedIn, valuationStore } from '../valuations/store';
import { updateTrackedIntrinsic } from '../valuations/tracking';

/**
 * My Tracked Pitches. An empty body lists the rows (newest tracked first) with the cached
 * quote of each symbol; `{valuation_id, intrinsic_value_per_share}` changes one row's
 * intrinsic value (also at POST /api/updateTrackedPitch).
 */
export const handler = route<typeof trackedPitchesRequest>(
  routeIn(valuationRoutes, 'trackedPitches'),
  async ({ input, user }): Promise<TrackedPitchesResponse | ValuationResponse> => {
    const store = valuationStore();
    const userId = signedIn(user);
    if (input.kind === 'update') {
      const record = await updateTrackedIntrinsic(
        store,
        userId,
        input.valuation_id,
        input.intrinsic_value_per_share,
      );
      return { message: VALUATION_API_MESSAGES.pitchUpdated, data: record };
    }
    const rows = (await listValuations(store, userId))
      .filter((r) => r.pitch_status === PITCH_STATUS.tracked && !r.ignored)
      .sort((a, b) => (b.trackedAt ?? '').localeCompare(a.trackedAt ?? ''))
      .map(trackedRowOf);
    return {
      data: rows,
      quotes: await listQuotes(rows.map((r) => r.stock_symbol)),
      limit: config().TRACKING_LIMIT,
    };
  },
);
