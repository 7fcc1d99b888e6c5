import type { historicalDataRequest } from '../../shared/market';
import { route } from '../lib/http';
import { historicalCloses } from '../market/series';
import { marketService } from '../market/service';

export const handler = route<typeof historicalDataRequest>('getHistoricalData', ({ input }) =>
  historicalCloses(marketService(), input.stock_symbol, input.from, input.to),
);
