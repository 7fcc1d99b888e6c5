import type { symbolSeriesRequest } from '../../shared/market';
import { route } from '../lib/http';
import { weeklyCloses } from '../market/series';
import { marketService } from '../market/service';

export const handler = route<typeof symbolSeriesRequest>('getWeeklyData', ({ input }) =>
  weeklyCloses(marketService(), input.stock_symbol),
);
