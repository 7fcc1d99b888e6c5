import { route } from '../lib/http';
import { marketService } from '../market/service';

/** The index bar: S&P 500, NYSE, DJIA and NASDAQ from the cache the quote job keeps warm. */
export const handler = route('getIndexQuotes', () => marketService().indexQuotes());
