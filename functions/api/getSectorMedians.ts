import type {
  sectorMediansRequest,
  SectorMediansRequest,
  SectorMediansResponse,
} from '../../shared/schemas/valuation-api';
import { sectorMedians } from '../../shared/screener/peers';
import { valuationRoutes } from '../../shared/routes/valuation';
import { route, routeIn } from '../lib/http';
import { currentSnapshot } from '../screener/current';

/**
 * "vs peers" beside a valuation: the medians of the stock's sector from the screener snapshot
 * held in memory (decision 127). A stock the snapshot does not list has no sector and no medians.
 */
export const handler = route<typeof sectorMediansRequest>(
  routeIn(valuationRoutes, 'getSectorMedians'),
  async ({ input }): Promise<SectorMediansResponse> => {
    const { stock_symbol } = input as SectorMediansRequest;
    const snapshot = await currentSnapshot();
    const sector = snapshot.rows.find((r) => r.symbol === stock_symbol)?.sector ?? null;
    return {
      data: {
        stock_symbol,
        ...sectorMedians(snapshot.rows, sector),
        asOf: new Date(snapshot.builtAt).toISOString(),
      },
    };
  },
);
