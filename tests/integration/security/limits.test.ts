import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as addWatchListHandler } from '../../../functions/api/addWatchList';
import { db } from '../../../functions/lib/dynamo';
import { keys } from '../../../functions/lib/keys';
import { buildLambdaContext } from '../../../infra/local/api-event';
import { ROUTES } from '../../../shared/routes';
import { DEFAULT_MAX_BODY_BYTES, LIMIT_MESSAGES } from '../../../shared/routes/types';
import { PROFILE_IMAGE_MAX_DATA_URL } from '../../../shared/schemas/account';
import type { ApiEvent } from '../../../functions/lib/http';
import { apiClient } from '../../support/api';
import { createSignedInUser, type TestUser } from '../../support/users';
import { partitionSnapshot, startInProcessApi } from './input-support';

/** Small enough to reach in a test, set through the configuration as an operator would. */
const LIMIT = 3;

let server: Awaited<ReturnType<typeof startInProcessApi>>;
let api: ReturnType<typeof apiClient>;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startInProcessApi({ WRITE_LIMIT_PER_MINUTE: String(LIMIT) });
  api = apiClient(server.url);
  [alice, bob] = await Promise.all([
    createSignedInUser({ name: 'Alice' }),
    createSignedInUser({ name: 'Bob' }),
  ]);
});

afterAll(async () => {
  await server?.stop();
  server?.restoreEnv();
});

const addWatch = (user: TestUser, symbol: string) =>
  api.post<{ message: string }>(
    '/api/addWatchList',
    { stock_symbol: symbol },
    { token: user.accessToken },
  );

/** Seconds left in the current minute window, so a test does not straddle two windows. */
async function awayFromMinuteEdge(): Promise<void> {
  const left = 60 - (Math.floor(Date.now() / 1000) % 60);
  if (left < 8) await new Promise((r) => setTimeout(r, left * 1000 + 200));
}

describe('per-user write limit', () => {
  it('a user over the limit on one route gets 429 with retry-after, and that write changes nothing; another user is not affected', async () => {
    await awayFromMinuteEdge();
    const symbols = ['AAPL', 'MSFT', 'NVDA'];
    for (const symbol of symbols) expect((await addWatch(alice, symbol)).status).toBe(200);

    const before = await partitionSnapshot(alice.userId);
    const refused = await addWatch(alice, 'AMZN');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(LIMIT_MESSAGES.tooManyWrites);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await partitionSnapshot(alice.userId)).toEqual(before);
    const list = await api.get<{ data: { symbol?: string; stock_symbol?: string }[] }>(
      '/api/getWatchList',
      { token: alice.accessToken },
    );
    expect(JSON.stringify(list.body)).not.toContain('AMZN');

    // The counter is typed and expiring, outside the user's partition.
    const minute = Math.floor(Date.now() / 60_000);
    const counter = await db.send(
      new GetCommand({
        TableName: process.env.TABLE_NAME,
        Key: keys.writeRate(alice.userId, 'addWatchList', minute),
      }),
    );
    expect(counter.Item).toMatchObject({ type: 'RateLimit', count: LIMIT });
    expect(Number(counter.Item?.ttl)).toBeGreaterThan(Date.now() / 1000);

    // Another route of the same user has its own count.
    const screener = await api.post(
      '/api/removeWatchList',
      { stock_symbol: 'AAPL' },
      { token: alice.accessToken },
    );
    expect(screener.status).toBe(200);
    // Another user is not affected.
    expect((await addWatch(bob, 'AMZN')).status).toBe(200);
  });

  it('read-only routes are never limited and write no counter', async () => {
    await awayFromMinuteEdge();
    const before = await partitionSnapshot(bob.userId);
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const res = await api.get('/api/getWatchList', { token: bob.accessToken });
      expect(res.status).toBe(200);
    }
    expect(await partitionSnapshot(bob.userId)).toEqual(before);
    const counter = await db.send(
      new GetCommand({
        TableName: process.env.TABLE_NAME,
        Key: keys.writeRate(bob.userId, 'getWatchList', Math.floor(Date.now() / 60_000)),
      }),
    );
    expect(counter.Item).toBeUndefined();
  });

  it('a retry that replays an earlier answer (same Idempotency-Key) does not count toward the limit', async () => {
    await awayFromMinuteEdge();
    const dave = await createSignedInUser({ name: 'Dave' });
    const body = { portfolio_name: 'Replayed', investment_value: 10_000 };
    const headers = { 'Idempotency-Key': `replay-${randomUUID()}` };
    const first = await api.post('/api/addPortfolio', body, { token: dave.accessToken, headers });
    expect(first.status).toBe(200);
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const retry = await api.post('/api/addPortfolio', body, { token: dave.accessToken, headers });
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
    }
    // One write counted: the user still has LIMIT - 1 new portfolios to go.
    for (let i = 1; i < LIMIT; i += 1) {
      const next = await api.post(
        '/api/addPortfolio',
        { portfolio_name: `Next ${i}`, investment_value: 10_000 },
        { token: dave.accessToken },
      );
      expect(next.status).toBe(200);
    }
    const over = await api.post(
      '/api/addPortfolio',
      { portfolio_name: 'One too many', investment_value: 10_000 },
      { token: dave.accessToken },
    );
    expect(over.status).toBe(429);
  });

  it('invalid input does not count toward the limit', async () => {
    await awayFromMinuteEdge();
    const carol = await createSignedInUser({ name: 'Carol' });
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const res = await api.post(
        '/api/addWatchList',
        { stock_symbol: '' },
        { token: carol.accessToken },
      );
      expect(res.status).toBe(400);
    }
    expect((await addWatch(carol, 'AAPL')).status).toBe(200);
  });

  it('the route table declares limits only on signed-in POST routes that may use the table', () => {
    const limited = ROUTES.filter((r) => r.writeLimitPerMinute !== undefined);
    expect(limited.map((r) => r.id)).toEqual(
      expect.arrayContaining(['addValuation', 'addPitch', 'addPortfolio', 'placeOrder']),
    );
    expect(limited.map((r) => r.id)).toEqual(
      expect.arrayContaining(['addWatchList', 'screenerAdd', 'updateProfile']),
    );
    for (const r of limited) {
      expect(r.method, r.id).toBe('POST');
      expect(r.auth, r.id).toBe(true);
      expect(r.needs, r.id).toContain('tableWrite');
    }
    for (const r of ROUTES.filter((x) => x.method === 'GET'))
      expect(r.writeLimitPerMinute, r.id).toBeUndefined();
  });
});

describe('request body cap', () => {
  it('a body over the route limit answers 413 with a clear message and changes nothing', async () => {
    const before = await partitionSnapshot(alice.userId);
    const big = JSON.stringify({ stock_symbol: 'IBM', note: 'x'.repeat(DEFAULT_MAX_BODY_BYTES) });
    const res = await api.post<{ message: string }>('/api/addWatchList', big, {
      token: alice.accessToken,
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(LIMIT_MESSAGES.tooLarge);
    expect(await partitionSnapshot(alice.userId)).toEqual(before);
  });

  it('a body just under the default cap is read and validated (400, not 413)', async () => {
    const body = JSON.stringify({ stock_symbol: 'x'.repeat(DEFAULT_MAX_BODY_BYTES - 100) });
    const res = await api.post<{ message: string }>('/api/addWatchList', body, {
      token: bob.accessToken,
    });
    expect(res.status).toBe(400);
  });

  it('the profile photo route declares a larger cap that fits a photo at the 2 MB limit', async () => {
    const photoRoute = ROUTES.find((r) => r.id === 'updateProfileImage');
    expect(photoRoute?.maxBodyBytes).toBeGreaterThan(PROFILE_IMAGE_MAX_DATA_URL);
    const body = JSON.stringify({ profile_image: `data:image/png;base64,${'A'.repeat(200_000)}` });
    const res = await api.post<{ message: string }>('/api/updateProfileimage', body, {
      token: bob.accessToken,
    });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });

  it('the function refuses an oversized body itself, as it must behind API Gateway', async () => {
    const body = JSON.stringify({ stock_symbol: 'IBM', pad: 'y'.repeat(DEFAULT_MAX_BODY_BYTES) });
    for (const encoded of [false, true]) {
      const event = {
        version: '2.0',
        routeKey: 'POST /api/addWatchList',
        rawPath: '/api/addWatchList',
        rawQueryString: '',
        headers: { 'content-type': 'application/json' },
        body: encoded ? Buffer.from(body).toString('base64') : body,
        isBase64Encoded: encoded,
        requestContext: {
          http: { method: 'POST', path: '/api/addWatchList', sourceIp: '127.0.0.1' },
          authorizer: { jwt: { claims: { sub: alice.userId, token_use: 'access' }, scopes: [] } },
        },
      } as unknown as ApiEvent;
      const context = buildLambdaContext('limits-test', randomUUID(), 5_000);
      const result = (await addWatchListHandler(event, context)) as {
        statusCode: number;
        body: string;
      };
      expect(result.statusCode).toBe(413);
      expect(JSON.parse(result.body)).toEqual({ message: LIMIT_MESSAGES.tooLarge });
    }
  });
});
