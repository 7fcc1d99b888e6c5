import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '../../../functions/lib/idempotency';
import { keys, userPk } from '../../../functions/lib/keys';
import { apiClient, type ApiResponse } from '../../support/api';
import { CLOCK_TAG } from '../../support/clock';
import { readMail } from '../../support/mail';
import { createSignedInUser, type TestUser } from '../../support/users';
import { faultFigureRecorder } from './figures';
import { quotePrice } from '../valuation-support';
import { valuationPayload } from './journey';

/**
 * Retried writes: the same POST sent again with the same Idempotency-Key creates one item
 * and answers the first response; the same key with another body answers 422.
 */
const faultFigures = faultFigureRecorder('retried-writes');
const api = apiClient();
const dynamo = new DynamoDBClient({});
const doc = DynamoDBDocumentClient.from(dynamo);
const table = () => process.env.TABLE_NAME ?? '';

let user: TestUser;
let portfolioId: string;

async function countUnder(userId: string, prefix: string): Promise<number> {
  const out = await doc.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':p': prefix },
      Select: 'COUNT',
    }),
  );
  return out.Count ?? 0;
}

const post = (path: string, body: unknown, key?: string, token = user.accessToken) =>
  api.post<Record<string, unknown>>(path, body, {
    token,
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });

const freshKey = () => `action-${randomUUID()}`;

beforeAll(async () => {
  user = await createSignedInUser();
  const res = await post('/api/addPortfolio', {
    portfolio_name: 'Retries',
    investment_value: 50_000,
  });
  expect(res.status).toBe(200);
  portfolioId = (res.body.data as { portfolio_id: string }).portfolio_id;
});

afterAll(() => dynamo.destroy());

/** Sends the same request twice with one key: both answers must be the first one. */
async function sentTwice(path: string, body: unknown): Promise<[ApiResponse, ApiResponse]> {
  const key = freshKey();
  const first = await post(path, body, key);
  const retry = await post(path, body, key);
  faultFigures.inject('retriedWrite');
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect(retry.status).toBe(200);
  expect(retry.body).toEqual(first.body);
  expect(retry.headers.get('idempotent-replayed')).toBe('true');
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  return [first, retry];
}

function noDuplicate(before: number, after: number) {
  if (after - before > 1) faultFigures.duplicates(after - before - 1);
  expect(after - before).toBe(1);
}

describe('a write retried with the same Idempotency-Key', () => {
  it('addValuation saves one valuation', { tags: [CLOCK_TAG] }, async () => {
    const before = await countUnder(user.userId, keys.valuationPrefix);
    await sentTwice('/api/addValuation', {
      ...valuationPayload(1, 'AAPL', await quotePrice('AAPL')),
      pitch_status: 0,
    });
    noDuplicate(before, await countUnder(user.userId, keys.valuationPrefix));
  });

  it('addPitch pitches one valuation', { tags: [CLOCK_TAG] }, async () => {
    const before = await countUnder(user.userId, keys.valuationPrefix);
    await sentTwice('/api/addPitch', valuationPayload(2, 'MSFT', await quotePrice('MSFT')));
    noDuplicate(before, await countUnder(user.userId, keys.valuationPrefix));
  });

  it('addPortfolio creates one portfolio', { tags: [CLOCK_TAG] }, async () => {
    const before = await countUnder(user.userId, keys.portfolioPrefix);
    await sentTwice('/api/addPortfolio', { portfolio_name: 'Once', investment_value: 1000 });
    noDuplicate(before, await countUnder(user.userId, keys.portfolioPrefix));
  });

  it('placeOrder places one order and reserves its cash once', { tags: [CLOCK_TAG] }, async () => {
    const prefix = `${keys.portfolioChildrenPrefix(portfolioId)}ORDER#`;
    const before = await countUnder(user.userId, prefix);
    const [first] = (await sentTwice('/api/placeOrder', {
      portfolio_id: portfolioId,
      stock_symbol: 'AAPL',
      side: 'buy',
      order_type: 'limit',
      invest_by: 'quantity',
      quantity: 2,
      limit_price: 10,
    })) as [ApiResponse<{ data: { reserved_cents: number } }>, ApiResponse];
    noDuplicate(before, await countUnder(user.userId, prefix));
    const holdings = await post('/api/getPortfolioHoldings', { portfolio_id: portfolioId });
    const data = holdings.body.data as { portfolio: unknown; open_orders: unknown[] };
    expect(data.open_orders).toHaveLength(before + 1);
    expect(first.body.data.reserved_cents).toBe(2000 * (before + 1));
  });

  it('screener/add saves one screener', async () => {
    const before = await countUnder(user.userId, keys.screenerPrefix);
    await sentTwice('/api/screener/add', { name: 'Cheap and growing', filters: {} });
    noDuplicate(before, await countUnder(user.userId, keys.screenerPrefix));
  });

  it('contact sends one message, signed out', async () => {
    const marker = `retry-${randomUUID().slice(0, 8)}`;
    const body = {
      name: 'Retrying Visitor',
      email: `${marker}@example.com`,
      subject: marker,
      message: `Sent once even when the network makes me retry (${marker}).`,
    };
    const key = freshKey();
    const mailsOf = async () =>
      (await readMail()).filter((m) => JSON.stringify(m).includes(marker)).length;
    const first = await api.post('/api/contact', body, { headers: { 'Idempotency-Key': key } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    let once = 0;
    for (const deadline = Date.now() + 5000; once === 0 && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 100));
      once = await mailsOf();
    }
    expect(once).toBeGreaterThan(0);
    const retry = await api.post('/api/contact', body, { headers: { 'Idempotency-Key': key } });
    faultFigures.inject('retriedWrite');
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    await new Promise((r) => setTimeout(r, 300));
    const after = await mailsOf();
    if (after > once) faultFigures.duplicates(after - once);
    expect(after).toBe(once);
  });

  it('answers 422 when the same key comes with another body, and creates nothing more', async () => {
    const key = freshKey();
    const before = await countUnder(user.userId, keys.portfolioPrefix);
    const first = await post(
      '/api/addPortfolio',
      { portfolio_name: 'First', investment_value: 10 },
      key,
    );
    expect(first.status).toBe(200);
    const other = await post(
      '/api/addPortfolio',
      { portfolio_name: 'Other', investment_value: 10 },
      key,
    );
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(IDEMPOTENCY_MESSAGES.otherBody);
    expect(await countUnder(user.userId, keys.portfolioPrefix)).toBe(before + 1);
  });

  it('keeps keys per user: another investor with the same key gets their own item', async () => {
    const other = await createSignedInUser();
    const key = freshKey();
    const body = { portfolio_name: 'Same key', investment_value: 10 };
    expect((await post('/api/addPortfolio', body, key)).status).toBe(200);
    const theirs = await post('/api/addPortfolio', body, key, other.accessToken);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await countUnder(other.userId, keys.portfolioPrefix)).toBe(1);
  });

  it('runs a refused request again on retry: nothing was stored for it', async () => {
    const key = freshKey();
    const tooBig = {
      portfolio_id: portfolioId,
      stock_symbol: 'AAPL',
      side: 'buy',
      order_type: 'limit',
      invest_by: 'quantity',
      quantity: 1_000_000,
      limit_price: 100,
    };
    const first = await post('/api/placeOrder', tooBig, key);
    expect(first.status).toBe(400);
    const retry = await post('/api/placeOrder', tooBig, key);
    expect(retry.status).toBe(400);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await countUnder(user.userId, `${keys.idempotency(user.userId, key).sk}`)).toBe(0);
  });

  it('refuses a malformed key with 400 before doing anything', async () => {
    const before = await countUnder(user.userId, keys.portfolioPrefix);
    const res = await post(
      '/api/addPortfolio',
      { portfolio_name: 'Bad key', investment_value: 1 },
      'short',
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(IDEMPOTENCY_MESSAGES.badKey);
    expect(await countUnder(user.userId, keys.portfolioPrefix)).toBe(before);
  });

  it('stores the record under the user with a 24 h expiry', { tags: [CLOCK_TAG] }, async () => {
    const key = freshKey();
    await post('/api/screener/add', { name: 'Expiring record', filters: {} }, key);
    const out = await doc.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND sk = :sk',
        ExpressionAttributeValues: {
          ':pk': keys.idempotency(user.userId, key).pk,
          ':sk': keys.idempotency(user.userId, key).sk,
        },
      }),
    );
    const record = out.Items?.[0] as { type: string; status: string; ttl: number } | undefined;
    expect(record?.type).toBe('IdempotencyRecord');
    expect(record?.status).toBe('COMPLETED');
    const hours = ((record?.ttl ?? 0) - Date.now() / 1000) / 3600;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });
});

describe('naturally idempotent writes need no key', () => {
  it('addWatchList of a symbol already there keeps one item', async () => {
    const before = await countUnder(user.userId, keys.watchPrefix);
    const first = await post('/api/addWatchList', { stock_symbol: 'NVDA' });
    const again = await post('/api/addWatchList', { stock_symbol: 'NVDA' });
    faultFigures.inject('retriedWrite');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    noDuplicate(before, await countUnder(user.userId, keys.watchPrefix));
  });
});
