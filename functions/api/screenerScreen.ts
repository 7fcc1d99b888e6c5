import { screen, type ScreenRequest } from '../../shared/screener/engine';
import type { screenRequest } from '../../shared/schemas/watchlist';
import { route, routeIn } from '../lib/http';
import { watchlistRoutes } from '../../shared/routes/watchlist';
import { newYorkDay } from '../screener/build';
import { currentSnapshot } from '../screener/current';
import { marketNowMs } from '../lib/clock';

/**
 * Screen for Stocks: filters, sort and one page of results over the whole universe, from the
 * precomputed snapshot held in memory. `data` is the page; `total` counts every match.
 */
export const handler = route<typeof screenRequest>(
  routeIn(watchlistRoutes, 'screenerScreen'),
  async ({ input }) => {
    const snapshot = await currentSnapshot();
    const request = input as ScreenRequest;
    const result = screen(snapshot.rows, request, newYorkDay(marketNowMs()));
    return {
      data: result.rows,
      total: result.total,
      page: result.page,
      pageSize: result.pageSize,
      sort: request.sort,
      order: request.order,
      source: snapshot.source,
      asOf: new Date(snapshot.builtAt).toISOString(),
      industries: snapshot.industries,
    };
  },
);
