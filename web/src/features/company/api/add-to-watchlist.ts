import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';

/** The server's message for an add (shown if an answer ever comes without one). */
export const ADDED_TO_WATCHLIST = 'Watchlist Added successfully';

/** The toast after a failed add when the server gave no message the user can act on. */
export const ADD_TO_WATCHLIST_FAILED = 'Error Adding';

/** The server's answer to api/addWatchList (functions/api/addWatchList.ts). */
export interface AddToWatchListResponse {
  message: string;
  data: { stock_symbol: string; name: string; added: boolean };
}

/** Adds the stock to the signed-in user's watchlist; adding it again changes nothing. */
export function addToWatchList(symbol: string): Promise<AddToWatchListResponse> {
  return api<AddToWatchListResponse>('addWatchList', { stock_symbol: symbol });
}

/** What to tell the user after a failed add: the server's 4xx message, else "Error Adding". */
export function addToWatchListFailure(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : ADD_TO_WATCHLIST_FAILED;
}

/** The watchlist page reads its list under this key: a new stock shows there without a reload. */
const WATCHLIST_QUERY_KEY = ['watchlist'] as const;

export function useAddToWatchList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addToWatchList,
    onSettled: () => client.invalidateQueries({ queryKey: WATCHLIST_QUERY_KEY }),
  });
}
