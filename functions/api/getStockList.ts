import type { stockListRequest } from '../../shared/market';
import { route } from '../lib/http';
import { marketService } from '../market/service';

/** Stocks in the chosen market-cap bands and sectors (each list joined with `|`), US region. */
export const handler = route<typeof stockListRequest>('getStockList', ({ input }) =>
  marketService().stockList(input.marketcap, input.sector),
);
