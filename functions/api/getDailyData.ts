import type { symbolSeriesRequest } from '../../shared/market';
import { route } from '../lib/http';
import { dailyCloses } from '../market/series';
import { marketService } from '../market/service';

export const handler = route<typeof symbolSeriesRequest>('getDailyData', ({ input }) =>
  dailyCloses(marketService(), input.stock_symbol),
);
