import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { withClient } from '../../../functions/lib/client';
import { resetConfigForTests } from '../../../functions/lib/config';
import { db } from '../../../functions/lib/dynamo';
import { TooManyRequestsError } from '../../../functions/lib/errors';
import type { ApiEvent, ApiResult } from '../../../functions/lib/http';
import {
  GUEST_KEYS_PER_HOUR,
  guestKeysPerHour,
  IDEMPOTENCY_MESSAGES,
  idempotent,
  supportsIdempotency,
} from '../../../functions/lib/idempotency';
import { keys } from '../../../functions/lib/keys';
import { ROUTES } from '../../../shared/routes';
import type { RouteDef } from '../../../shared/routes/types';
import { clearOfWindowEdge } from '../../support/clock';
import { recordSecurityFigures } from '../../support/security-summary';
import { startInProcessApi } from './input-support';

/**
 * Idempotency-Keys of signed-out requests (decision 141). A key is its client's: another
 * client sending the same key and body runs its own request and never gets the first
 * client's stored answer; one client stores at most GUEST_KEYS_PER_HOUR keys an hour; a
 * read sent by POST (market data) ignores the key; and every public POST route is limited
 * per client. The route table is walked as the other security suites walk it.
 */
const table = () => process.env.TABLE_NAME ?? '';
const figures: Record<string, number> = {};
const publicPosts = ROUTES.filter((r) => !r.auth && r.method === 'POST');
const keptPerClient = publicPosts.filter(supportsIdempotency);

afterAll(() => recordSecurityFigures('anonymous-keys', figures));

function eventFrom(route: RouteDef, client: string, key: string): ApiEvent {
  return {
    version: '2.0',
    routeKey: `POST ${route.path}`,
    rawPath: route.path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: route.path, sourceIp: client } },
  } as unknown as ApiEvent;
}

/** Runs `route`'s idempotency step for a client, with a handler that counts its runs. */
function sendAs(client: string, route: RouteDef, key: string, input: unknown, runs: string[]) {
  return withClient(client, () =>
    idempotent(route, eventFrom(route, client, key), undefined, input, async () => {
      runs.push(client);
      return {
        statusCode: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answeredTo: client }),
      } satisfies ApiResult;
    }),
  );
}

describe('the route table', () => {
  it('limits every public POST route per client, and lets only writes keep an Idempotency-Key', () => {
    expect(publicPosts.length).toBeGreaterThanOrEqual(9);
    for (const route of publicPosts) {
      expect(route.clientLimitPerMinute, route.id).toBeGreaterThan(0);
      if (route.readOnly) expect(supportsIdempotency(route), route.id).toBe(false);
    }
    // The market reads asked by POST are reads: none keeps a key.
    const marketPosts = publicPosts.filter((r) => r.needs.includes('marketData'));
    expect(marketPosts.length).toBeGreaterThanOrEqual(6);
    expect(marketPosts.every((r) => !supportsIdempotency(r))).toBe(true);
    figures.publicPostRoutes = publicPosts.length;
    figures.publicRoutesKeepingKeys = keptPerClient.length;
  });

  it('on every public route that keeps keys, client B sending A’s key and body runs its own request', async () => {
    expect(keptPerClient.map((r) => r.id).sort()).toEqual(
      expect.arrayContaining(['contact', 'passwordReset']),
    );
    for (const route of keptPerClient) {
      const key = `shared-key-${randomUUID()}`;
      const input = { the: 'same body', route: route.id };
      const runs: string[] = [];
      const a = await sendAs('198.51.100.10', route, key, input, runs);
      const b = await sendAs('198.51.100.11', route, key, input, runs);
      const aAgain = await sendAs('198.51.100.10', route, key, input, runs);
      expect(runs, route.id).toEqual(['198.51.100.10', '198.51.100.11']);
      expect(JSON.parse(String(b.body)), route.id).toEqual({ answeredTo: '198.51.100.11' });
      expect(b.headers?.['idempotent-replayed'], route.id).toBeUndefined();
      expect(aAgain.headers?.['idempotent-replayed'], route.id).toBe('true');
      expect(aAgain.body, route.id).toBe(a.body);
    }
    figures.crossClientReplays = 0;
  });
});

describe('one client’s stored keys', () => {
  const saved = process.env.CLIENT_LIMIT_PER_MINUTE;
  afterEach(() => {
    if (saved === undefined) delete process.env.CLIENT_LIMIT_PER_MINUTE;
    else process.env.CLIENT_LIMIT_PER_MINUTE = saved;
    resetConfigForTests();
  });

  it('are capped per hour: over the cap the request is refused with 429 and its key is not kept', async () => {
    expect(GUEST_KEYS_PER_HOUR).toBe(60);
    // The operators' override of per-client limits (per minute) sets the hourly cap too.
    process.env.CLIENT_LIMIT_PER_MINUTE = '1';
    resetConfigForTests();
    const cap = guestKeysPerHour();
    expect(cap).toBe(60);
    await clearOfWindowEdge(3600, 60_000);
    const route = keptPerClient.find((r) => r.id === 'contact')!;
    const client = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    const runs: string[] = [];
    for (let i = 0; i < cap; i++) await sendAs(client, route, `cap-${i}-${randomUUID()}`, {}, runs);
    expect(runs).toHaveLength(cap);
    const over = `cap-over-${randomUUID()}`;
    const refused = await sendAs(client, route, over, {}, runs).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).message).toBe(IDEMPOTENCY_MESSAGES.tooManyKeys);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(0);
    expect(runs).toHaveLength(cap);
    const kept = await db.send(
      new GetCommand({ TableName: table(), Key: keys.guestIdempotency(client, over) }),
    );
    expect(kept.Item).toBeUndefined();
    // Another client is not affected.
    await sendAs('203.0.113.250', route, over, {}, runs);
    expect(runs).toHaveLength(cap + 1);
    figures.keysStoredBeforeRefusal = cap;
  });
});

describe('over HTTP, from two client addresses', () => {
  let server: Awaited<ReturnType<typeof startInProcessApi>> | undefined;
  afterEach(async () => {
    await server?.stop();
    server?.restoreEnv();
    server = undefined;
  });

  function post(from: string, path: string, body: unknown, key: string) {
    const url = new URL(path, server!.url);
    const data = JSON.stringify(body);
    return new Promise<{ status: number; body: Record<string, unknown>; replayed?: string }>(
      (resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            localAddress: from,
            headers: { 'content-type': 'application/json', 'idempotency-key': key },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
                ...(res.headers['idempotent-replayed']
                  ? { replayed: String(res.headers['idempotent-replayed']) }
                  : {}),
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(data);
      },
    );
  }

  it('the contact form: B with A’s key and body gets its own answer, A gets its own replayed', async () => {
    server = await startInProcessApi();
    const key = `contact-${randomUUID()}`;
    const body = {
      name: 'Ada Tan',
      email: `keys-${randomUUID().slice(0, 8)}@example.com`,
      message: 'Is the S&P 500 benchmark total return?',
    };
    const a = await post('127.0.0.21', '/api/contact', body, key);
    const b = await post('127.0.0.22', '/api/contact', body, key);
    const aAgain = await post('127.0.0.21', '/api/contact', body, key);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.replayed).toBeUndefined();
    expect(aAgain.replayed).toBe('true');
    expect(aAgain.body).toEqual(a.body);
    // Each client's record lives under its own address.
    for (const client of ['127.0.0.21', '127.0.0.22']) {
      const record = await db.send(
        new GetCommand({ TableName: table(), Key: keys.guestIdempotency(client, key) }),
      );
      expect(record.Item?.status, client).toBe('COMPLETED');
    }
  });

  it('a market read sent by POST with a key is never replayed and keeps nothing', async () => {
    server = await startInProcessApi();
    const key = `market-${randomUUID()}`;
    const body = { stock_symbol: 'AAPL' };
    const first = await post('127.0.0.23', '/api/getDailyData', body, key);
    const again = await post('127.0.0.23', '/api/getDailyData', body, key);
    const other = await post('127.0.0.24', '/api/getDailyData', body, key);
    for (const answer of [first, again, other]) {
      expect(answer.status).toBe(200);
      expect(answer.replayed).toBeUndefined();
    }
    const record = await db.send(
      new GetCommand({ TableName: table(), Key: keys.guestIdempotency('127.0.0.23', key) }),
    );
    expect(record.Item).toBeUndefined();
  });
});
