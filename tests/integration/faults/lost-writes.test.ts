import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../functions/lib/dynamo';
import { keys, userPk } from '../../../functions/lib/keys';
import { apiClient } from '../../support/api';
import { createSignedInUser, type TestUser } from '../../support/users';
import { quotePrice } from '../valuation-support';
import { faultFigureRecorder } from './figures';
import { valuationPayload } from './journey';

/**
 * A write its database acknowledged and then lost (decision 140). DynamoDB Local, killed within
 * a millisecond of acknowledging a transaction, can lose it: the write and its key's
 * completion are gone, the key's "in progress" record (written before) stays, and the
 * client already holds the answer. Here that loss is made exactly: the user's partition is put
 * back as it was before the write, the record left "in progress" with its lock expired. The
 * retry with the same key must then create the same item again (the answered id), with the
 * same answer, and nothing twice.
 */
const faultFigures = faultFigureRecorder('lost-writes');
const api = apiClient();
const table = () => process.env.TABLE_NAME ?? '';
type Item = Record<string, unknown> & { pk: string; sk: string };

let user: TestUser;
let portfolioId: string;

async function partition(userId: string): Promise<Map<string, Item>> {
  const items = new Map<string, Item>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': userPk(userId) },
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of (page.Items ?? []) as Item[]) items.set(item.sk, item);
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Undoes what the keyed write wrote, as the lost transaction would: items it added go, items
 * it changed get their earlier content back, and its key's record is "in progress" again with
 * an expired lock and no answer.
 */
async function loseTheWrite(before: Map<string, Item>, idempotencyKey: string): Promise<void> {
  const record = keys.idempotency(user.userId, idempotencyKey);
  const after = await partition(user.userId);
  for (const [sk, item] of after) {
    if (sk === record.sk) continue;
    const earlier = before.get(sk);
    if (!earlier)
      await db.send(new DeleteCommand({ TableName: table(), Key: { pk: item.pk, sk } }));
    else if (JSON.stringify(earlier) !== JSON.stringify(item))
      await db.send(new PutCommand({ TableName: table(), Item: earlier }));
  }
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: record,
      UpdateExpression: 'SET #status = :progress, lockedUntil = :past REMOVE #response',
      ExpressionAttributeNames: { '#status': 'status', '#response': 'response' },
      ExpressionAttributeValues: {
        ':progress': 'IN_PROGRESS',
        ':past': Math.floor(Date.now() / 1000) - 1,
      },
    }),
  );
  faultFigures.inject('acknowledgedWriteLost');
}

const post = (path: string, body: unknown, key: string) =>
  api.post<Record<string, unknown>>(path, body, {
    token: user.accessToken,
    headers: { 'Idempotency-Key': key },
  });

/** Sends a keyed write, loses it, retries it: the retry's answer and items are the first's. */
async function lostAndRetried(path: string, body: unknown) {
  const key = `lost-${randomUUID()}`;
  const before = await partition(user.userId);
  const first = await post(path, body, key);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const written = await partition(user.userId);
  await loseTheWrite(before, key);
  expect((await partition(user.userId)).size).toBe(before.size + 1); // the record alone
  const retry = await post(path, body, key);
  faultFigures.request(retry.status);
  expect(retry.status, JSON.stringify(retry.body)).toBe(200);
  // It ran again (nothing was stored to replay), and made what the first run made.
  expect(retry.headers.get('idempotent-replayed')).toBeNull();
  expect(retry.body).toEqual(first.body);
  const again = await partition(user.userId);
  expect([...again.keys()].sort()).toEqual([...written.keys()].sort());
  if (again.size > written.size) faultFigures.duplicates(again.size - written.size);
  // A third send replays the stored answer.
  const replay = await post(path, body, key);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.body).toEqual(first.body);
  return first.body;
}

beforeAll(async () => {
  user = await createSignedInUser();
  const res = await api.post<{ data: { portfolio_id: string } }>(
    '/api/addPortfolio',
    { portfolio_name: 'Lost writes', investment_value: 100_000 },
    { token: user.accessToken },
  );
  expect(res.status).toBe(200);
  portfolioId = res.body.data.portfolio_id;
});

describe('a keyed write lost after its answer, retried with its key', () => {
  it('addPortfolio creates the answered portfolio, not a second one', async () => {
    const answer = await lostAndRetried('/api/addPortfolio', {
      portfolio_name: 'Told once',
      investment_value: 2_500,
    });
    const id = (answer.data as { portfolio_id: string }).portfolio_id;
    const list = await api.get<{ data: { portfolio_id: string }[] }>('/api/getPortfolioList', {
      token: user.accessToken,
    });
    const ids = list.body.data.map((p) => p.portfolio_id);
    expect(ids.filter((p) => p === id)).toHaveLength(1);
    expect(ids).toHaveLength(2);
  });

  it('placeOrder fills the answered order once and takes its cash once', async () => {
    const answer = await lostAndRetried('/api/placeOrder', {
      portfolio_id: portfolioId,
      stock_symbol: 'KO',
      side: 'buy',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 3,
    });
    const data = answer.data as {
      order: { order_id: string };
      transaction: { value_cents?: number } | null;
      cash_cents: number;
    };
    const holdings = await api.post<{
      data: {
        portfolio: { cash_cents: number; investment_cents: number };
        holdings: { cost_cents: number }[];
        transactions: { order_id: string | null }[];
      };
    }>('/api/getPortfolioHoldings', { portfolio_id: portfolioId }, { token: user.accessToken });
    const view = holdings.body.data;
    expect(view.transactions.map((t) => t.order_id)).toEqual([data.order.order_id]);
    expect(view.portfolio.cash_cents).toBe(data.cash_cents);
    const cost = view.holdings.reduce((sum, h) => sum + h.cost_cents, 0);
    expect(view.portfolio.cash_cents + cost).toBe(view.portfolio.investment_cents);
  });

  it('addPitch saves the answered pitch, not a second one', async () => {
    const answer = await lostAndRetried(
      '/api/addPitch',
      valuationPayload(1, 'MSFT', await quotePrice('MSFT')),
    );
    const id = (answer as { data: { id: string } }).data.id;
    const all = await partition(user.userId);
    const pitches = [...all.keys()].filter((sk) => sk.startsWith(keys.valuationPrefix));
    expect(pitches).toEqual([keys.valuation(user.userId, id).sk]);
  });

  it('a key sent again after its record expired makes a new item, never overwriting the first', async () => {
    const key = `expired-${randomUUID()}`;
    const body = { portfolio_name: 'Key used twice', investment_value: 1_000 };
    const first = await post('/api/addPortfolio', body, key);
    await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.idempotency(user.userId, key),
        UpdateExpression: 'SET #ttl = :past',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const second = await post('/api/addPortfolio', body, key);
    expect(second.status).toBe(200);
    const [a, b] = [first, second].map(
      (r) => (r.body.data as { portfolio_id: string }).portfolio_id,
    );
    expect(b).not.toBe(a);
    const all = await partition(user.userId);
    expect(all.has(keys.portfolio(user.userId, a!).sk)).toBe(true);
    expect(all.has(keys.portfolio(user.userId, b!).sk)).toBe(true);
  });
});
