import { vi } from 'vitest';
import type { Quote } from '../../../shared/market';

/** A JSON answer as the API sends it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A market-data answer (`{ data, source, stale, asOf }`) of demo data. */
export const envelope = <T>(data: T, asOf = '2025-01-02T00:00:00Z') => ({
  data,
  source: 'demo' as const,
  stale: false,
  asOf,
});

/** One request the page made: its path, its query (GET) and, for a POST, its JSON body. */
export interface ApiCall {
  path: string;
  /** The query string's parameters (a market read's `kind`, `symbol`, ...). */
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

/** The path of the edge-cached market reads (`GET /api/market/read?kind=…`, decision 126). */
export const MARKET_READ = '/api/market/read';

/**
 * Replaces `fetch` (undo with `vi.unstubAllGlobals()`): every request is recorded in the returned
 * list and answered by `reply`. `/config.json` answers a same-origin API unless `reply` answers it.
 */
export function stubApi(
  reply: (call: ApiCall) => Response | undefined | Promise<Response | undefined>,
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname;
      const query = Object.fromEntries(url.searchParams);
      const body = init?.body
        ? (JSON.parse(String(init.body)) as Record<string, unknown>)
        : undefined;
      const call = { path, query, body };
      calls.push(call);
      const answer = await reply(call);
      if (answer) return answer;
      if (path === '/config.json') return json(200, { apiBaseUrl: '' });
      return json(404, { message: `unexpected ${path}` });
    }),
  );
  return calls;
}

/** A quote as the API sends it: every contract field present, unknown figures null. */
export function quote(symbol: string, price: number, fields: Partial<Quote> = {}): Quote {
  return {
    symbol,
    name: symbol,
    price,
    change: null,
    changesPercentage: null,
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
    exchange: 'NASDAQ',
    timestamp: 1_735_776_000,
    ...fields,
  };
}

/** The answer to a quote read of `A,B` (or the proxy's `quote/A,B`): a quote of each listed symbol that has a price. */
export function quotesAnswer(
  url: unknown,
  prices: Readonly<Record<string, number>>,
  fields: Partial<Quote> = {},
): Response {
  const symbols = String(url).replace('quote/', '').split(',');
  const known = symbols.filter((s) => prices[s] !== undefined);
  return json(200, envelope(known.map((s) => quote(s, prices[s]!, fields))));
}
