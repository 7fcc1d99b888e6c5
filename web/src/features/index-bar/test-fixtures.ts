import type { IndexQuotesResponse } from '../../../../shared/market';
import type { Quote } from '../../../../shared/market';
import { quote as baseQuote, json } from '../../test/api-mock';

/** An index quote as the API sends it: every contract field present, unknown figures null. */
export function quote(
  symbol: string,
  price: number,
  change: number | null,
  changesPercentage: number | null,
): Quote {
  return baseQuote(symbol, price, {
    change,
    changesPercentage,
    exchange: 'INDEX',
    timestamp: 1_790_000_000,
  });
}

export function indexQuotesBody(
  data: Quote[],
  extra: Partial<Omit<IndexQuotesResponse, 'data'>> = {},
): IndexQuotesResponse {
  return { data, source: 'demo', stale: false, asOf: '2026-11-20T15:30:00.000Z', ...extra };
}

export { json };

/**
 * A fetch stand-in: `/config.json` is absent (same-origin API, no sign-in) and
 * `/api/market/index-quotes` answers whatever `reply` gives for the n-th call (0-based).
 */
export function marketFetch(reply: (call: number) => Response | Promise<Response>) {
  let calls = 0;
  const fn = async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/market/index-quotes') return reply(calls++);
    return json(404, { message: 'Request not found' });
  };
  return Object.assign(fn, { indexCalls: () => calls });
}
