import { parseProxyRequest, ProxyPathError, type ProxyRequest } from '../../shared/market/proxy';
import { BadRequestError } from '../lib/errors';
import { route, routeIn } from '../lib/http';
import { marketRoutes } from '../../shared/routes/market';
import { marketService } from '../market/service';

/**
 * The market-data proxy: the original request shape `{url, method, parameters}` over an
 * allowlist of paths (shared/market/proxy.ts). Nothing in the request becomes a URL.
 */
export const handler = route(routeIn(marketRoutes, 'commonApi'), async ({ input }) => {
  let read;
  try {
    read = parseProxyRequest(input as ProxyRequest);
  } catch (error) {
    if (error instanceof ProxyPathError) throw new BadRequestError(error.message);
    throw error;
  }
  return marketService().proxy(read);
});
