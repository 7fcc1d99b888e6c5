import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_UNIVERSE } from '../../functions/market/demo/index';
import { PLANS } from '../../functions/market/plan';
import { buildMarketService } from '../../functions/market/service';
import { DemoSource } from '../../functions/market/source';
import { buildSnapshot } from '../../functions/screener/build';
import {
  loadSnapshot,
  saveSnapshot,
  saveSnapshotIfAbsent,
  storedVersion,
  toLoaded,
  type LoadedSnapshot,
} from '../../functions/screener/snapshot';
import type { ScreenerRow } from '../../shared/screener/columns';
import type { SavedScreener } from '../../shared/schemas/watchlist';
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

type ScreenBody = {
  data: (ScreenerRow & { no: number })[];
  total: number;
  page: number;
  pageSize: number;
  source: string;
  industries: string[];
};
const screenAs = (user: TestUser, body: unknown) =>
  api.post<ScreenBody>('/api/screener/screen', body, { token: user.accessToken });

describe('saved screeners', () => {
  const add = (user: TestUser, body: unknown) =>
    api.post<{ data: SavedScreener; message: string }>('/api/screener/add', body, {
      token: user.accessToken,
    });
  const list = (user: TestUser) =>
    api.get<{ data: SavedScreener[] }>('/api/screener/list', { token: user.accessToken });
  const del = (user: TestUser, body: unknown) =>
    api.post('/api/screener/delete', body, { token: user.accessToken });

  it('saves, lists newest first, edits and deletes, all scoped to the user', async () => {
    const first = await add(alice, {
      name: 'Large tech, cheap',
      filters: { marketcap: 'large', sector: 'Technology', pe: 'under30' },
    });
    expect(first.status).toBe(200);
    const second = await add(alice, {
      name: '  Dividend payers ',
      filters: { dividend: 'atleast3' },
    });
    expect(second.body.data.name).toBe('Dividend payers');

    const mine = await list(alice);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((s) => s.name)).toEqual(['Dividend payers', 'Large tech, cheap']);
    expect(mine.body.data[1]?.filters).toEqual({
      marketcap: 'large',
      sector: 'Technology',
      pe: 'under30',
    });
    expect((await list(bob)).body.data).toEqual([]);

    const id = first.body.data.id;
    const edited = await add(alice, {
      id,
      name: 'Large tech',
      filters: { marketcap: 'large', sector: 'Technology' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      id,
      name: 'Large tech',
      filters: { marketcap: 'large', sector: 'Technology' },
      createdAt: first.body.data.createdAt,
    });

    // Another user's id is not found, for editing or deleting, and stays as it was.
    expect((await add(bob, { id, name: 'Mine now', filters: {} })).status).toBe(404);
    expect((await del(bob, { id })).status).toBe(404);
    expect((await list(alice)).body.data.find((s) => s.id === id)?.name).toBe('Large tech');
    expect((await list(bob)).body.data).toEqual([]);

    expect((await del(alice, { id })).status).toBe(200);
    expect((await list(alice)).body.data.map((s) => s.name)).toEqual(['Dividend payers']);
    expect((await del(alice, { id })).status).toBe(404);
  });

  it('answers 400 for a missing or too long name and for bad filters', async () => {
    for (const body of [
      { filters: {} },
      { name: '   ', filters: {} },
      { name: 'x'.repeat(61), filters: {} },
      { name: 'ok', filters: { pe: 'under13' } },
      { name: 'ok', filters: { colour: 'red' } },
      { name: 'ok', filters: 'pe<30' },
      { name: 'ok', filters: {}, extra: true },
      'not json',
    ]) {
      const res = await add(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as unknown as { message: string }).message).toBeTruthy();
    }
    expect((await del(alice, {})).status).toBe(400);
    expect((await del(alice, { id: '../x' })).status).toBe(400);
  });

  it('answers 401 without a signed-in user', async () => {
    expect((await api.get('/api/screener/list')).status).toBe(401);
    expect((await api.post('/api/screener/add', { name: 'x', filters: {} })).status).toBe(401);
    expect((await api.post('/api/screener/delete', { id: 'abc' })).status).toBe(401);
    expect((await api.post('/api/screener/screen', {})).status).toBe(401);
  });
});

describe('screen over the demo universe', () => {
  let snapshot: LoadedSnapshot;

  beforeAll(async () => {
    // What the scheduled job does: build over the demo data set and store it in the table.
    const service = buildMarketService({ source: new DemoSource(), plan: PLANS.demo });
    const { data } = await buildSnapshot({ service });
    await saveSnapshot(data);
    const stored = await loadSnapshot();
    expect(stored?.version).toBe(data.version);
    snapshot = toLoaded(stored!);
  }, 180_000);

  it("a stand-in built without fundamentals never replaces the job's snapshot", async () => {
    const before = await loadSnapshot();
    const standIn = { ...before!, version: `${before!.version}-stand-in`, entries: [] };
    expect(await saveSnapshotIfAbsent(standIn)).toBeUndefined();
    expect(await storedVersion()).toBe(before!.version);
    expect((await loadSnapshot())?.entries.length).toBe(before!.entries.length);
  });

  it('finds large-cap Technology with P/E under 30 sorted by market cap, as a direct computation does', async () => {
    const expected = snapshot.rows
      .filter(
        (r) =>
          r.sector === 'Technology' &&
          r.marketCap !== null &&
          r.marketCap >= 5e9 &&
          r.pe !== null &&
          r.pe < 30,
      )
      .sort((a, b) => b.marketCap! - a.marketCap!);
    expect(expected.length).toBeGreaterThan(3);

    // The API server may hold an older copy for up to 30 s: wait for it to pick up this one.
    let res = await screenAs(alice, {
      filters: { marketcap: 'large', sector: 'Technology', pe: 'under30' },
      sort: 'marketCap',
      order: 'desc',
      pageSize: 100,
    });
    for (let i = 0; i < 40 && res.body.total !== expected.length; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      res = await screenAs(alice, {
        filters: { marketcap: 'large', sector: 'Technology', pe: 'under30' },
        sort: 'marketCap',
        order: 'desc',
        pageSize: 100,
      });
    }
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('demo');
    expect(res.body.total).toBe(expected.length);
    expect(res.body.data.map((r) => r.symbol)).toEqual(expected.map((r) => r.symbol));
    expect(res.body.data.map((r) => r.no)).toEqual(expected.map((_, i) => i + 1));
    for (const row of res.body.data) {
      expect(row.sector).toBe('Technology');
      expect(row.marketCap).toBeGreaterThanOrEqual(5e9);
      expect(row.pe).toBeLessThan(30);
    }
  }, 60_000);

  it('computes P/E, P/B and dividend yield from the market data of the same day', async () => {
    const service = buildMarketService({ source: new DemoSource(), plan: PLANS.demo });
    const row = snapshot.rows.find((r) => r.symbol === 'JNJ')!;
    const ttm = (await service.provider.ratiosTtm('JNJ'))[0]!;
    expect(row.pe).toBeCloseTo(row.price! / ttm.netIncomePerShareTTM!, 2);
    expect(row.pb).toBeCloseTo(row.price! / ttm.bookValuePerShareTTM!, 2);
    expect(row.dividendYield).toBeCloseTo((ttm.dividendPerShareTTM! / row.price!) * 100, 2);
    expect(row.perfYear).not.toBeNull();
    expect(row.avgVolume).toBeGreaterThan(0);
  });

  it('every row carries every column of the four tabs, and the universe is complete', async () => {
    expect(snapshot.rows.length).toBe(DEMO_UNIVERSE.length);
    const res = await screenAs(alice, { sort: 'perfYtd', order: 'asc', page: 2, pageSize: 25 });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(DEMO_UNIVERSE.length);
    expect(res.body.data).toHaveLength(25);
    expect(res.body.data[0]?.no).toBe(26);
    const ytd = res.body.data.map((r) => r.perfYtd).filter((v): v is number => v !== null);
    expect([...ytd].sort((a, b) => a - b)).toEqual(ytd);
    for (const key of [
      'pe',
      'ps',
      'pb',
      'pfcf',
      'pc',
      'epsGrowthPastYear',
      'epsGrowthPast5Years',
      'salesGrowthPast5Years',
      'dividendYield',
      'roa',
      'roe',
      'roi',
      'currentRatio',
      'quickRatio',
      'ltDebtEq',
      'debtEq',
      'grossMargin',
      'operatingMargin',
      'netMargin',
      'earningsDate',
      'perfWeek',
      'perfMonth',
      'perfQuarter',
      'perfHalf',
      'perfYear',
      'perfYtd',
      'avgVolume',
    ]) {
      expect(res.body.data[0], key).toHaveProperty(key);
    }
    expect(res.body.industries).toContain('Semiconductors');
  });

  it('an empty result says so with a zero count', async () => {
    const res = await screenAs(alice, { filters: { name: 'no such company anywhere' } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(0);
    expect(res.body.data).toEqual([]);
  });

  it('answers 400 for bad filter payloads, sorts and pages', async () => {
    for (const body of [
      { filters: { pe: 'under13' } },
      { filters: { marketcap: 'huge' } },
      { filters: { sector: 'Crypto' } },
      { filters: { earningdate: 'yesterday' } },
      { filters: { unknown: 'x' } },
      { filters: [] },
      { sort: 'secret' },
      { order: 'sideways' },
      { page: 0 },
      { pageSize: 500 },
      'not json',
    ]) {
      const res = await screenAs(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});
