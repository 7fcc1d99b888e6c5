import type { IndexQuotesResponse } from '../../../../shared/market';
import type { Quote } from '../../../../shared/market';

/** A quote as the API sends it: every contract field present, unknown figures null. */
export function quote(
  symbol: string,
  price: number,
  change: number | null,
  changesPercentage: number | null,
): Quote {
  return {
    symbol,
    name: symbol,
    price,
    change,
    changesPercentage,
    open: null,
    dayHigh: null,
    dayLow: null,
    yearLow: null,
    yearHigh: null,
    marketCap: null,
    priceAvg50: null,
    priceAvg200: null,
    pe: null,
    eps: null,
    volume: null,
    avgVolume: null,
    previousClose: null,
    sharesOutstanding: null,
    exchange: 'INDEX',
    timestamp: 1_790_000_000,
  };
}

export function indexQuotesBody(
  data: Quote[],
  extra: Partial<Omit<IndexQuotesResponse, 'data'>> = {},
): IndexQuotesResponse {
  return { data, source: 'demo', stale: false, asOf: '2026-11-20T15:30:00.000Z', ...extra };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A fetch stand-in: `/config.json` is absent (same-origin API, no sign-in) and
 * `/api/getIndexQuotes` answers whatever `reply` gives for the n-th call (0-based).
 */
export function marketFetch(reply: (call: number) => Response | Promise<Response>) {
  let calls = 0;
  const fn = async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/getIndexQuotes') return reply(calls++);
    return json(404, { message: 'Request not found' });
  };
  return Object.assign(fn, { indexCalls: () => calls });
}
