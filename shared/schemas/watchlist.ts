import * as z from 'zod/mini';
import './zod-messages';
import { storedText } from './text';
import { screenerFilters } from '../screener/filters';
import { idString, stockSymbol } from './common';

/** spec/001 section 7: api/addWatchList and api/removeWatchList take {stock_symbol}. */
export const watchListSymbolRequest = z.strictObject({ stock_symbol: stockSymbol });
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

export const screenerName = storedText({
  label: 'The screener name',
  max: 60,
  requiredMessage: 'Name your screener',
  tooLongMessage: 'Keep the screener name under 60 characters',
});

/** api/screener/add: a new screener, or (with `id`) a change to one of the user's screeners. */
export const screenerAddRequest = z.strictObject({
  id: z.optional(idString),
  name: screenerName,
  filters: screenerFilters,
});
export type ScreenerAddRequest = z.infer<typeof screenerAddRequest>;

export const screenerDeleteRequest = z.strictObject({ id: idString });

export interface SavedScreener {
  id: string;
  name: string;
  filters: z.infer<typeof screenerFilters>;
  createdAt: string;
  updatedAt: string;
}

export { screenRequest } from '../screener/engine';
