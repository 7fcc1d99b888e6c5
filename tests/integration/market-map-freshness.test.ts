import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as marketCompare } from '../../functions/api/marketCompare';
import { handler as marketHeatmap } from '../../functions/api/marketHeatmap';
import { interestedSymbols, registerInterest } from '../../functions/market/interest';
import { PLANS } from '../../functions/market/plan';
import {
  buildMarketService,
  useMarketService,
  type MarketService,
} from '../../functions/market/service';
import { DemoSource } from '../../functions/market/source';
import { buildSnapshot } from '../../functions/screener/build';
import { forgetSnapshot } from '../../functions/screener/current';
import { compareRows, forgetMarketMap, marketMap } from '../../functions/screener/market-map';
import {
  loadSnapshot,
  saveSnapshot,
  toLoaded,
  type LoadedSnapshot,
} from '../../functions/screener/snapshot';
import { compareResponse } from '../../shared/compare/compare';
import { decodeHeatmap, heatmapResponse } from '../../shared/heatmap/data';
import type { Quote } from '../../shared/market';
import { sessionAt } from '../../shared/market/freshness';
import { testMarketClock } from '../support/clock';
import { startFakeFmp, type FakeFmp } from '../support/fake-fmp';
import { fmpService, invokeRoute, simClock } from '../support/market';

/*
 * The market map's and Compare's answers say how fresh they are (decision 166): when the
 * snapshot was taken, whose session its one-day changes are, and whether it is older than its
 * refresh interval allows; both price a company alike, so it shows one change on both; and
 * Compare before the first snapshot names no company "missing". Handlers and functions run in
 * this process against DynamoDB Local; the provider is faked and never called.
 */

const clock = simClock();
let fake: FakeFmp;
let service: MarketService;
let snapshot: LoadedSnapshot;
const DAY = 86_400_000;
const GET = (handler: unknown, path: string) =>
  invokeRoute(handler as (event: never, context: never) => Promise<unknown>, 'GET', path);
const twoPlaces = (n: number) =>
  new Decimal(n).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();

beforeAll(async () => {
  let stored = await loadSnapshot();
  if (!stored || stored.entries.every((e) => e.fundamentalsAt === 0)) {
    const demo = buildMarketService({ source: new DemoSource(), plan: PLANS.demo });
    stored = (await buildSnapshot({ service: demo })).data;
    await saveSnapshot(stored);
  }
  snapshot = toLoaded((await loadSnapshot())!);
  forgetSnapshot();
  forgetMarketMap();
  fake = await startFakeFmp({ now: clock.date });
  service = fmpService(fake, { plan: PLANS.premium, now: clock.now });
  useMarketService(service);
}, 180_000);

afterAll(async () => {
  useMarketService(undefined);
  await fake.close();
});

describe('the market map says how fresh it is', () => {
  it('answers the snapshot’s time, its session and its refresh interval, with no provider call', async () => {
    forgetMarketMap();
    fake.clear();
    const res = await GET(marketHeatmap, '/api/market/heatmap');
    expect(res.statusCode).toBe(200);
    expect(fake.callCount).toBe(0);
    const body = heatmapResponse.parse(res.body);
    expect(body.data.freshness).toMatchObject({
      snapshotAt: new Date(snapshot.builtAt).toISOString(),
      // Built at the pinned clock, mid-session on a Tuesday: that session's moves.
      session: testMarketClock().slice(0, 10),
      refreshMinutes: 15,
    });
    expect(body.stale).toBe(body.data.freshness!.stale);
  });

  it('a minute after its snapshot it is current; ten days later it is stale and its moves are still its own session’s', async () => {
    forgetMarketMap();
    const fresh = heatmapResponse.parse(await marketMap(service, snapshot.builtAt + 60_000));
    expect(fresh.stale).toBe(false);
    expect(fresh.data.freshness).toMatchObject({
      session: sessionAt(snapshot.builtAt),
      stale: false,
    });
    forgetMarketMap();
    const old = heatmapResponse.parse(await marketMap(service, snapshot.builtAt + 10 * DAY));
    expect(old.stale).toBe(true);
    expect(old.data.freshness).toMatchObject({
      snapshotAt: new Date(snapshot.builtAt).toISOString(),
      session: sessionAt(snapshot.builtAt),
      stale: true,
    });
    // The same companies and moves: only the answer's freshness differs.
    expect(decodeHeatmap(old.data)).toEqual(decodeHeatmap(fresh.data));
    forgetMarketMap();
  });
});

describe('Compare and the map show one change per company', () => {
  it('a newer quote moves a followed company on both alike; an unfollowed one’s stored quote moves neither', async () => {
    const followed = 'HSY';
    const unfollowed = 'IHT';
    await registerInterest(`freshness-test-${Date.now()}`, followed, 'watch');
    expect(await interestedSymbols()).not.toContain(unfollowed);
    for (const symbol of [followed, unfollowed]) {
      const entry = snapshot.entries.find((e) => e.listing.symbol === symbol)!;
      const price = Math.round(entry.listing.price! * 1.05 * 100) / 100;
      const change = Math.round((price - entry.listing.price! + entry.listing.change!) * 100) / 100;
      const quote = { symbol, price, change, marketCap: null } as unknown as Quote;
      await service.cache.write('quote', symbol, quote, snapshot.builtAt + 60_000);
    }
    forgetMarketMap();
    const now = snapshot.builtAt + 120_000;
    const map = decodeHeatmap(heatmapResponse.parse(await marketMap(service, now)).data);
    const compare = compareResponse.parse(
      await compareRows(service, { symbols: [followed, unfollowed] }, now),
    );
    for (const symbol of [followed, unfollowed]) {
      const tile = map.find((c) => c.symbol === symbol)!;
      const row = compare.data.rows.find((r) => r.symbol === symbol)!;
      expect(tile.changes['1D'], symbol).toBe(twoPlaces(row.changePercent!));
    }
    const listed = (symbol: string) => snapshot.rows.find((r) => r.symbol === symbol)!;
    expect(compare.data.rows.find((r) => r.symbol === followed)!.changePercent).not.toBeCloseTo(
      listed(followed).changePercent!,
      1,
    );
    expect(compare.data.rows.find((r) => r.symbol === unfollowed)!.changePercent).toBeCloseTo(
      listed(unfollowed).changePercent!,
      3,
    );
    expect(compare.data.freshness).toMatchObject({ stale: false, session: sessionAt(now) });
    forgetMarketMap();
  });

  it('Compare’s answer is as fresh as the map’s: stale ten days on', async () => {
    const body = compareResponse.parse(
      await compareRows(service, { symbols: ['MSFT'] }, snapshot.builtAt + 10 * DAY),
    );
    expect(body.stale).toBe(true);
    expect(body.data.freshness).toMatchObject({
      snapshotAt: new Date(snapshot.builtAt).toISOString(),
      stale: true,
    });
    const res = await GET(marketCompare, '/api/market/compare?symbols=AAPL,MSFT');
    expect(compareResponse.parse(res.body).data.freshness?.session).toBe(
      testMarketClock().slice(0, 10),
    );
  });

  it('before the first snapshot, no company is called missing: the fundamentals are being prepared', async () => {
    const body = compareResponse.parse(
      await compareRows(service, { symbols: ['AAPL', 'MSFT'] }, clock.now(), async () => undefined),
    );
    expect(body.data).toEqual({ rows: [], missing: [], freshness: null });
    expect(body.stale).toBe(true);
  });
});
