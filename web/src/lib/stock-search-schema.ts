import * as z from 'zod/mini';
import '../../../shared/schemas/zod-messages';
import { searchResultSchema } from '../../../shared/market';

/** The search answer's rows (loaded by `searchStocks` on the first search). */
export const searchResults = z.array(searchResultSchema);
