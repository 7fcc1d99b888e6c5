import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetSourceForTests } from '../../../functions/market/source';
import { clientCallLimits, PLANS } from '../../../shared/market/plans';
import { ROUTES } from '../../../shared/routes';
import {
  CLIENT_LIMITS,
  EDGE_CACHED_PATH_PREFIX,
  isPublicMarketRead,
  LIMIT_MESSAGES,
} from '../../../shared/routes/types';
import { clearOfWindowEdge } from '../../support/clock';
import { startFakeFmp, type FakeFmp } from '../../support/fake-fmp';
import { recordSecurityFigures } from '../../support/security-summary';
import { createSignedInUser, type TestUser } from '../../support/users';
import { startInProcessApi } from './input-support';

/**
 * Per-client limits (decision 122) on a local API server with the production values: each
 * client is its own loopback address (127.0.0.2, 127.0.0.3...), as distinct viewers are to
 * CloudFront. One client sending too many sign-ins is refused with 429 while another signs in;
 * behind CloudFront (the origin secret set) the viewer address it forwards is what counts, and a
 * request without the secret is refused; one client's cache misses cannot spend the provider's
 * quota, nor keep the market reads busy with cache misses. Limit windows are clock minutes, so a run that crosses a minute may see up to twice
 * a limit before its first 429: the assertions allow for that.
 */
type Answer = {
  status: number;
  body: { message?: string };
  retryAfter?: string;
  cacheControl?: string;
};

let server: Awaited<ReturnType<typeof startInProcessApi>> | undefined;
const figures: Record<string, number> = {};

/** POSTs JSON from a chosen local address (the client), with extra headers. */
function post(
  from: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return send('POST', from, path, body, headers);
}

/** GETs a path with its query from a chosen local address (the client), with extra headers. */
function get(from: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return send('GET', from, path, undefined, headers);
}

function send(
  method: 'GET' | 'HEAD' | 'POST',
  from: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Answer> {
  const url = new URL(path, server!.url);
  const data = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        localAddress: from,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Answer['body']) : {},
            ...(res.headers['retry-after']
              ? { retryAfter: String(res.headers['retry-after']) }
              : {}),
            ...(res.headers['cache-control']
              ? { cacheControl: String(res.headers['cache-control']) }
              : {}),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** Sends until the first 429 (at most `max`); the statuses seen. */
async function untilRefused(send: (i: number) => Promise<Answer>, max: number): Promise<Answer[]> {
  const seen: Answer[] = [];
  for (let i = 0; i < max; i++) {
    const answer = await send(i);
    seen.push(answer);
    if (answer.status === 429) break;
  }
  return seen;
}

async function startWith(env: Record<string, string>): Promise<void> {
  // Per-client limits at their route values: the suite-wide override is taken away.
  const saved = process.env.CLIENT_LIMIT_PER_MINUTE;
  delete process.env.CLIENT_LIMIT_PER_MINUTE;
  server = await startInProcessApi(env);
  const restore = server.restoreEnv;
  server.restoreEnv = () => {
    restore();
    if (saved !== undefined) process.env.CLIENT_LIMIT_PER_MINUTE = saved;
  };
  resetSourceForTests();
}

afterEach(async () => {
  await server?.stop();
  server?.restoreEnv();
  server = undefined;
  resetSourceForTests();
});

let bob: TestUser;
beforeAll(async () => {
  bob = await createSignedInUser({ name: 'Bob Limits' });
});
afterAll(() => recordSecurityFigures('client-limits', figures));

const wrongLogin = (i: number) => ({ email: `guess${i}@example.com`, password: 'Wrong-pass-1' });

describe('one client cannot lock another out', () => {
  it('refuses a client over the sign-in limit with 429 while another client signs in', async () => {
    await startWith({});
    const limit = CLIENT_LIMITS.login;
    const attacker = await untilRefused(
      (i) => post('127.0.0.2', '/api/login', wrongLogin(i)),
      2 * limit + 1,
    );
    const refused = attacker.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(LIMIT_MESSAGES.tooManyRequests);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(attacker.slice(0, -1).every((a) => a.status !== 429)).toBe(true);
    expect(attacker.length - 1).toBeGreaterThanOrEqual(limit);

    // The same client stays refused, valid password or not; another client signs in.
    const again = await post('127.0.0.2', '/api/login', {
      email: bob.email,
      password: bob.password,
    });
    expect(again.status).toBe(429);
    const other = await post('127.0.0.3', '/api/login', {
      email: bob.email,
      password: bob.password,
    });
    expect(other.status).toBe(200);
    figures.loginAttemptsBeforeRefusal = attacker.length - 1;
    figures.otherClientLoginStatus = other.status;
  });

  it('behind CloudFront counts the viewer address it forwards, and refuses a request without the origin secret', async () => {
    const secret = 'origin-secret-for-tests-0123456789abcdef';
    await startWith({ ORIGIN_VERIFY_SECRET: secret });
    const direct = await post('127.0.0.4', '/api/login', wrongLogin(0));
    expect(direct.status).toBe(403);
    expect(direct.body.message).toBe(LIMIT_MESSAGES.notThroughSite);
    const forged = await post('127.0.0.4', '/api/login', wrongLogin(0), {
      'x-origin-verify': `${secret.slice(0, -1)}x`,
    });
    expect(forged.status).toBe(403);
    // The edge-cached GET market reads too (decision 126): without CloudFront's secret, 403.
    const read = await get('127.0.0.4', '/api/market/read?kind=profile&symbol=AAPL');
    expect(read.status).toBe(403);
    expect(read.body.message).toBe(LIMIT_MESSAGES.notThroughSite);

    // One CloudFront edge address (this socket) carries two viewers.
    const viaEdge = (viewer: string, body: unknown) =>
      post('127.0.0.5', '/api/forgot-password', body, {
        'x-origin-verify': secret,
        'cloudfront-viewer-address': viewer,
      });
    const limit = CLIENT_LIMITS.passwordRecovery;
    const first = await untilRefused(
      (i) => viaEdge('198.51.100.7:40123', { email: `nobody${i}@example.com` }),
      2 * limit + 1,
    );
    expect(first.at(-1)!.status).toBe(429);
    const second = await viaEdge('2001:db8::7:443', { email: 'nobody@example.com' });
    expect(second.status).not.toBe(429);
    expect(second.status).toBeLessThan(500);
    figures.directRequestsRefused = 2;
  });
});

describe('one client cannot keep the market reads busy (decision 190)', () => {
  it('limits every public GET market read per client, the edge-cached ones and the index quotes', () => {
    const reads = ROUTES.filter(isPublicMarketRead);
    expect(reads.map((r) => r.id)).toContain('getIndexQuotes');
    expect(reads.length).toBeGreaterThanOrEqual(11);
    for (const r of reads) expect(r.clientLimitPerMinute, r.id).toBe(CLIENT_LIMITS.marketReadGet);
    const edgeReads = ROUTES.filter((r) => r.path.startsWith(EDGE_CACHED_PATH_PREFIX));
    expect(edgeReads.length).toBeGreaterThanOrEqual(10);
    expect(edgeReads.filter((r) => !isPublicMarketRead(r))).toEqual([]);
  });

  it('refuses a client over its limit of reads that reach the functions (distinct addresses) with 429 that no cache keeps, HEAD too, while another client reads', async () => {
    await startWith({});
    const limit = CLIENT_LIMITS.marketReadGet;
    // Distinct addresses: behind CloudFront each is a miss of its cache, so each reaches a
    // function. Spelled in lower case, each is redirected to its canonical form (308) without
    // a market-data call: the run spends none of the stack's provider budget.
    const overview = (from: string, symbol: string, method: 'GET' | 'HEAD' = 'GET') =>
      send(method, from, `/api/market/company-overview?symbol=${symbol}`, undefined, {});
    const symbol = (i: number) => `q${i.toString(36).padStart(3, '0')}`;
    const attacker = await untilRefused((i) => overview('127.0.0.8', symbol(i)), 2 * limit + 1);
    const refused = attacker.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(LIMIT_MESSAGES.tooManyRequests);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Not to be kept by CloudFront for the next viewer of that address.
    expect(refused.cacheControl).toBe('no-store');
    expect(attacker.slice(0, -1).every((a) => a.status === 308)).toBe(true);
    expect(attacker.length - 1).toBeGreaterThanOrEqual(limit);

    // The same client stays refused, in its canonical spelling and by HEAD; another client's
    // read goes through. (No read here reaches the market data: this file's provider test
    // builds its own market source, which a read made here first would already have built.)
    expect((await overview('127.0.0.8', 'AAPL')).status).toBe(429);
    expect((await overview('127.0.0.8', 'msft', 'HEAD')).status).toBe(429);
    const other = await overview('127.0.0.9', 'aapl');
    expect(other.status).toBe(308);
    figures.marketReadsBeforeRefusal = attacker.length - 1;
    figures.otherClientMarketReadStatus = other.status;
  }, 120_000);
});

describe("one client cannot spend the provider's quota", () => {
  let fake: FakeFmp;
  beforeAll(async () => {
    fake = await startFakeFmp();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('limits a client’s cache misses to its share of the plan; another client still reads', async () => {
    await startWith({
      MARKET_DATA_PROVIDER: 'fmp',
      FMP_BASE_URL: fake.baseUrl,
      FMP_API_KEY: fake.apiKey,
      FMP_PLAN: 'free',
    });
    fake.clear();
    // The day's share is counted per UTC day: the burst must not straddle midnight.
    await clearOfWindowEdge(86_400);
    const share = clientCallLimits(PLANS.free);
    // 60 distinct date ranges: each a cache miss, as in the attack measured.
    const history = (from: string, i: number) =>
      post(from, '/api/getHistoricalData', {
        stock_symbol: 'AAPL',
        from: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
        to: `2025-${String((i % 12) + 1).padStart(2, '0')}-28`,
      });
    const answers: Answer[] = [];
    for (let i = 0; i < 60; i++) answers.push(await history('127.0.0.6', i));
    const upstream = fake.callCount;
    expect(upstream).toBeLessThanOrEqual(share.perDay!);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(
      60 - share.perDay!,
    );
    expect(answers.every((a) => a.status < 500)).toBe(true);

    // Its misses through the edge-cached GET form (what CloudFront forwards) count the same.
    const viaGet = await get(
      '127.0.0.6',
      '/api/market/historical?from=2023-06-01&stock_symbol=AAPL&to=2023-07-01',
    );
    expect(viaGet.status).toBe(429);
    expect(fake.callCount).toBe(upstream);

    const other = await history('127.0.0.7', 59);
    expect(other.status).toBe(200);
    expect(fake.callCount).toBe(upstream + 1);
    figures.anonymousRequests = 60;
    figures.upstreamCallsOfOneClient = upstream;
  });
});
