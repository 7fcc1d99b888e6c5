import * as z from 'zod';
import { searchResultSchema } from '../../../shared/market';

/** The search answer's rows (loaded by `searchStocks` on the first search). */
export const searchResults = z.array(searchResultSchema);
