import { randomUUID } from 'node:crypto';
import { buildApiEvent, buildLambdaContext, matchRoute } from '../../infra/local/api-event';
import { ROUTES } from '../../shared/routes';
import { FmpHttpSource } from '../../functions/market/source';
import { PLANS, type PlanLimits } from '../../functions/market/plan';
import { buildMarketService, type BuildServiceOptions } from '../../functions/market/service';
import { TEST_MARKET_CLOCK } from './clock';
import type { FakeFmp } from './fake-fmp';

/** A simulated clock: tests move it instead of waiting. */
export function simClock(start = Date.parse(TEST_MARKET_CLOCK)) {
  let t = start;
  return {
    now: () => t,
    date: () => new Date(t),
    advance: (ms: number) => {
      t += ms;
    },
    set: (ms: number) => {
      t = ms;
    },
  };
}

/** A market service over the fake FMP server, with its own cache items in the shared table. */
export function fmpService(
  fake: FakeFmp,
  options: Omit<BuildServiceOptions, 'source'> & {
    plan?: PlanLimits;
    /** The fetch the provider calls (to watch every URL it requests). */
    fetchImpl?: typeof fetch;
  } = {},
) {
  const { fetchImpl, ...rest } = options;
  return buildMarketService({
    source: new FmpHttpSource({
      baseUrl: fake.baseUrl,
      apiKey: () => Promise.resolve(fake.apiKey),
      // The fake works the demo data set's answers out as it is asked (the screener's whole
      // universe among them): a bound for a busy machine, not the production budget (8 s).
      timeoutMs: 30_000,
      ...(fetchImpl ? { fetchImpl } : {}),
    }),
    plan: options.plan ?? PLANS.starter,
    namespace: options.namespace ?? `t${randomUUID().slice(0, 8)}:`,
    memoryMs: options.memoryMs ?? 0,
    ...rest,
  });
}

/**
 * Calls a route's handler in this process, as API Gateway would (POST JSON body; `claims` as
 * the JWT authorizer puts them, for login-required routes).
 */
export async function invokeRoute(
  handler: (event: never, context: never) => Promise<unknown>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: { claims?: Record<string, string> } = {},
): Promise<{
  statusCode: number;
  body: Record<string, unknown>;
  rawBody: string;
  headers: Record<string, unknown>;
}> {
  const match = matchRoute(ROUTES, method, path.split('?')[0]!);
  if (!match) throw new Error(`no route ${method} ${path}`);
  const requestId = randomUUID();
  const event = buildApiEvent(
    {
      method,
      url: path,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
      sourceIp: '127.0.0.1',
    },
    match,
    { domainName: 'localhost', requestId, ...(options.claims ? { claims: options.claims } : {}) },
  );
  const out = (await handler(
    event as never,
    buildLambdaContext(match.route.id, requestId, 10_000) as never,
  )) as { statusCode: number; body: string; headers?: Record<string, unknown> };
  return {
    statusCode: out.statusCode,
    body: JSON.parse(out.body) as Record<string, unknown>,
    rawBody: out.body,
    headers: out.headers ?? {},
  };
}
