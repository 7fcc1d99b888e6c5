import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/lib/dynamo';
import { keys } from '../../functions/lib/keys';
import { interestedSymbols } from '../../functions/market/interest';
import type { WatchListResponse } from '../../shared/schemas/watchlist';
import { apiClient } from '../support/api';
import { createSignedInUser, type TestUser } from '../support/users';

const api = apiClient();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([
    createSignedInUser({ name: 'Alice' }),
    createSignedInUser({ name: 'Bob' }),
  ]);
});

const list = (user: TestUser) =>
  api.get<WatchListResponse>('/api/getWatchList', { token: user.accessToken });
const add = (user: TestUser, body: unknown) =>
  api.post<{ message: string; data?: { added: boolean } }>('/api/addWatchList', body, {
    token: user.accessToken,
  });
const remove = (user: TestUser, body: unknown) =>
  api.post<{ message: string }>('/api/removeWatchList', body, { token: user.accessToken });

async function interestCount(symbol: string): Promise<number> {
  const res = await db.send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: keys.symbolInterestCounter(symbol) }),
  );
  return Number(res.Item?.refs ?? 0);
}

describe('watchlist', () => {
  it('adds two stocks, lists them with cached quotes (name, LTP, CHG, CHG %), removes one', async () => {
    expect((await list(alice)).body.data).toEqual([]);
    const first = await add(alice, { stock_symbol: 'aapl' });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Watchlist Added successfully');
    expect((await add(alice, { stock_symbol: 'MSFT' })).status).toBe(200);

    const res = await list(alice);
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('demo');
    expect(res.body.data.map((i) => i.stock_symbol)).toEqual(['AAPL', 'MSFT']);
    for (const item of res.body.data) {
      expect(item.name).toBeTruthy();
      expect(item.price).toBeGreaterThan(0);
      expect(item.change).not.toBeNull();
      expect(item.changesPercentage).toBeCloseTo(
        (item.change! / (item.price! - item.change!)) * 100,
        9,
      );
    }

    const removed = await remove(alice, { stock_symbol: 'AAPL' });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Removed successfully');
    expect((await list(alice)).body.data.map((i) => i.stock_symbol)).toEqual(['MSFT']);
  });

  it('keeps one row when the same stock is added twice, and registers one watch interest', async () => {
    const before = await interestCount('CAVA');
    expect((await add(bob, { stock_symbol: 'CAVA' })).body.data?.added).toBe(true);
    const again = await add(bob, { stock_symbol: 'cava' });
    expect(again.status).toBe(200);
    expect(again.body.data?.added).toBe(false);
    expect((await list(bob)).body.data.filter((i) => i.stock_symbol === 'CAVA')).toHaveLength(1);
    expect(await interestCount('CAVA')).toBe(before + 1);
    expect(await interestedSymbols()).toContain('CAVA');
    expect((await remove(bob, { stock_symbol: 'CAVA' })).status).toBe(200);
    expect(await interestCount('CAVA')).toBe(before);
  });

  it('refuses an unknown symbol with 404 and a malformed one with 400, storing nothing', async () => {
    const unknown = await add(alice, { stock_symbol: 'ZZZZQ' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/could not find a stock with the symbol ZZZZQ/);
    for (const body of [
      {},
      { stock_symbol: '' },
      { stock_symbol: 'not a symbol' },
      { stock_symbol: 'AAPL', extra: 1 },
      'not json',
    ]) {
      expect((await add(alice, body)).status, JSON.stringify(body)).toBe(400);
    }
    const item = await db.send(
      new GetCommand({
        TableName: process.env.TABLE_NAME,
        Key: keys.watchItem(alice.userId, 'ZZZZQ'),
      }),
    );
    expect(item.Item).toBeUndefined();
  });

  it("keeps each user's list apart: another user can neither see nor remove it", async () => {
    expect((await add(alice, { stock_symbol: 'NVDA' })).status).toBe(200);
    expect((await list(bob)).body.data.map((i) => i.stock_symbol)).not.toContain('NVDA');
    const res = await remove(bob, { stock_symbol: 'NVDA' });
    expect(res.status).toBe(404);
    expect((await list(alice)).body.data.map((i) => i.stock_symbol)).toContain('NVDA');
  });

  it('answers 401 without a signed-in user', async () => {
    expect((await api.get('/api/getWatchList')).status).toBe(401);
    expect((await api.post('/api/addWatchList', { stock_symbol: 'AAPL' })).status).toBe(401);
    expect((await api.post('/api/removeWatchList', { stock_symbol: 'AAPL' })).status).toBe(401);
  });
});
