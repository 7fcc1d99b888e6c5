import * as z from 'zod';
import { screenerFilters } from '../screener/filters';
import { idString, stockSymbol } from './common';

/** spec/001 section 7: api/addWatchList and api/removeWatchList take {stock_symbol}. */
export const watchListSymbolRequest = z.object({ stock_symbol: stockSymbol }).strict();
export type WatchListSymbolRequest = z.infer<typeof watchListSymbolRequest>;

/** One watchlist row: the stock and its quote from the server's cache (null when unknown). */
export interface WatchListItem {
  stock_symbol: string;
  name: string | null;
  /** LTP: the last traded price. */
  price: number | null;
  /** CHG, in dollars. */
  change: number | null;
  /** CHG %: change / (price - change) x 100. */
  changesPercentage: number | null;
  addedAt: string;
}

/** api/getWatchList: the list is `data` (the original read response.data.data). */
export interface WatchListResponse {
  data: WatchListItem[];
  source: 'demo' | 'fmp';
  stale: boolean;
  asOf: string;
}

export const WATCHLIST_LIMIT = 200;
export const SAVED_SCREENER_LIMIT = 50;

export const screenerName = z
  .string({ message: 'Name your screener' })
  .trim()
  .min(1, 'Name your screener')
  .max(60, 'Keep the screener name under 60 characters');

/** api/screener/add: a new screener, or (with `id`) a change to one of the user's screeners. */
export const screenerAddRequest = z
  .object({
    id: idString.optional(),
    name: screenerName,
    filters: screenerFilters,
  })
  .strict();
export type ScreenerAddRequest = z.infer<typeof screenerAddRequest>;

export const screenerDeleteRequest = z.object({ id: idString }).strict();

export interface SavedScreener {
  id: string;
  name: string;
  filters: z.infer<typeof screenerFilters>;
  createdAt: string;
  updatedAt: string;
}

export { screenRequest } from '../screener/engine';
