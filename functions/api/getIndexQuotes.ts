import { UpstreamError } from '../lib/errors';
import { route, routeIn } from '../lib/http';
import { marketRoutes } from '../../shared/routes/market';
import { marketService } from '../market/service';

/** The index bar: S&P 500, NYSE, DJIA and NASDAQ from the cache the quote job keeps warm. */
export const handler = route(routeIn(marketRoutes, 'getIndexQuotes'), async () => {
  const quotes = await marketService().indexQuotes();
  // Not one index quote (the provider failing and nothing cached yet): say so with a 502
  // rather than an empty bar that looks like a working answer.
  if (quotes.data.length === 0) throw new UpstreamError();
  return quotes;
});
