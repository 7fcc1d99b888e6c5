import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoStable } from '../../functions/market/demo/index';
import { marketNow } from '../../functions/lib/clock';
import { keepIdleConnections } from '../../infra/local/keep-alive';

/**
 * A local stand-in for the FMP stable API: `GET /stable/<endpoint>?...&apikey=KEY`, answered
 * in the stable shapes by the demo data set. Switches make it fail the way FMP does (status
 * codes, a 200 with {"Error Message": ...}), slow down, or refuse chosen symbols (402), and
 * it counts every call that reaches it, by path too.
 */
export interface FakeFmpCall {
  endpoint: string;
  params: Record<string, string>;
  status: number;
  /** The path as it reached the server (`/stable/quote`), before any decoding. */
  path: string;
  /** How many `apikey` parameters the query carried (1 when the key was not tampered with). */
  apiKeyCount: number;
}

export interface FakeFmpSwitches {
  /** Answer every call with this status (and FMP's usual body for it). */
  status?: number;
  /** Answer 200 with {"Error Message": this}. */
  errorMessage?: string;
  /** Wait this long before answering. */
  latencyMs?: number;
  /** Symbols answered with 402 (outside the plan). */
  deniedSymbols?: string[];
  /**
   * A broken answer: `html` (a 200 error page), `truncated` (JSON cut in the middle),
   * `wrongShape` (valid JSON of another shape), `hang` (headers, then never the body).
   */
  fault?: 'html' | 'truncated' | 'wrongShape' | 'hang';
}

export interface FakeFmp {
  /** Base URL to give the provider, ending in /stable. */
  baseUrl: string;
  apiKey: string;
  calls: FakeFmpCall[];
  readonly callCount: number;
  /** Calls by the path they reached (`/stable/quote` -> 3). */
  callsByPath(): Map<string, number>;
  set(switches: FakeFmpSwitches): void;
  clear(): void;
  close(): Promise<void>;
}

const BODIES: Record<number, string> = {
  401: '{"Error Message":"Invalid API KEY. Feel free to create a Free API Key or visit https://site.financialmodelingprep.com/faqs?search=why-is-my-api-key-invalid for more information."}',
  402: '{"Error Message":"Restricted Endpoint: This endpoint is not available under your current subscription"}',
  403: '{"Error Message":"Legacy Endpoint : Due to Legacy endpoints being no longer supported"}',
  429: '{"Error Message":"Limit Reach . Please upgrade your plan or visit our documentation for more details"}',
  500: 'Internal Server Error',
};

export async function startFakeFmp(
  options: { apiKey?: string; now?: () => Date } = {},
): Promise<FakeFmp> {
  const apiKey = options.apiKey ?? 'fake-key-0123456789';
  const now = options.now ?? marketNow;
  let switches: FakeFmpSwitches = {};
  const calls: FakeFmpCall[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = (req.url ?? '/').split('?')[0]!;
    const apiKeyCount = url.searchParams.getAll('apikey').length;
    const params = Object.fromEntries(url.searchParams);
    const key = params.apikey;
    delete params.apikey;
    const endpoint = url.pathname.replace(/^\/stable\//, '');
    const answer = (status: number, body: string) => {
      calls.push({ endpoint, params, status, path, apiKeyCount });
      const send = () => {
        res.writeHead(status, {
          'content-type': status === 500 ? 'text/plain' : 'application/json',
        });
        res.end(body);
      };
      if (switches.latencyMs) setTimeout(send, switches.latencyMs);
      else send();
    };
    if (!url.pathname.startsWith('/stable/')) return answer(404, '{"Error Message":"Not found"}');
    if (key !== apiKey) return answer(401, BODIES[401]!);
    if (switches.status)
      return answer(
        switches.status,
        BODIES[switches.status] ?? `{"Error Message":"HTTP ${switches.status}"}`,
      );
    if (switches.fault === 'html') {
      calls.push({ endpoint, params, status: 200, path, apiKeyCount });
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>');
    }
    if (switches.fault === 'truncated') {
      const full = JSON.stringify(demoStable(endpoint, params, now()));
      return answer(200, full.slice(0, Math.max(1, Math.floor(full.length / 2))));
    }
    if (switches.fault === 'wrongShape')
      return answer(200, JSON.stringify({ results: { items: 'not what you asked for' } }));
    if (switches.fault === 'hang') {
      calls.push({ endpoint, params, status: 200, path, apiKeyCount });
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.write('[');
    }
    if (switches.errorMessage)
      return answer(200, JSON.stringify({ 'Error Message': switches.errorMessage }));
    const asked = (params.symbol ?? params.symbols ?? '').split(',');
    if (switches.deniedSymbols?.some((s) => asked.includes(s))) return answer(402, BODIES[402]!);
    return answer(200, JSON.stringify(demoStable(endpoint, params, now())));
  });
  // Its idle connections outlive the clients', as the provider's do (no ECONNRESET on reuse).
  keepIdleConnections(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/stable`,
    apiKey,
    calls,
    get callCount() {
      return calls.length;
    },
    callsByPath() {
      const counts = new Map<string, number>();
      for (const call of calls) counts.set(call.path, (counts.get(call.path) ?? 0) + 1);
      return counts;
    },
    set(next) {
      switches = { ...next };
    },
    clear() {
      calls.length = 0;
      switches = {};
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
