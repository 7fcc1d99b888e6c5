/**
 * Bench section `cost`: what a month costs in AWS, service by service, with no user and at 10,
 * 1,000 and 100,000 active users (bench/cost-model.ts, infra/cost.ts); then latency of
 * `common_api` on a cache hit and a cache miss (handler invoked in this process), upstream
 * market-data calls per simulated user-hour at 10, 100 and 1,000 users, and the upstream calls
 * of heatmap views (none: decision 152). Starts what it needs itself: DynamoDB Local in memory
 * and a fake FMP server answering from the demo data set (no network).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureTable, startDynamo } from '../infra/local/dynamodb';
import { freePort } from '../infra/local/process';
import { LOCAL_TABLE_NAME } from '../infra/table-design';
import { type Report, atMost, info, ms, onInterrupt, percentile } from './lib';
import { startFakeFmp } from '../tests/support/fake-fmp';
import { run as runCostModel } from './cost-model';

export async function run(report: Report): Promise<void> {
  runCostModel(report);
  const dir = mkdtempSync(join(tmpdir(), 'mr-market-bench-'));
  const dynamo = await startDynamo({ port: await freePort(), dir, persistent: false });
  onInterrupt(async () => {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  await ensureTable(dynamo.url, LOCAL_TABLE_NAME);
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: LOCAL_TABLE_NAME,
    LOG_LEVEL: 'ERROR',
    // One process stands for many viewers here: the per-client limit would refuse the latency
    // part's 240 reads from one address (it is measured by the client-limits suite).
    CLIENT_LIMIT_PER_MINUTE: process.env.CLIENT_LIMIT_PER_MINUTE ?? '100000',
  });
  delete process.env.AWS_PROFILE;

  let simNow = Date.parse('2026-03-10T14:30:00Z');
  const fake = await startFakeFmp({ now: () => new Date(simNow) });

  try {
    // Imported after the environment is set: the handlers' DynamoDB client reads it.
    const { handler } = await import('../functions/api/commonApi');
    const { buildMarketService, useMarketService } = await import('../functions/market/service');
    const { FmpHttpSource } = await import('../functions/market/source');
    const { PLANS } = await import('../functions/market/plan');
    const { refreshQuotes } = await import('../functions/market/refresh');
    const { registerInterest } = await import('../functions/market/interest');
    const { invokeRoute } = await import('../tests/support/market');
    const { DEMO_UNIVERSE } = await import('../functions/market/demo/index');

    const source = () =>
      new FmpHttpSource({ baseUrl: fake.baseUrl, apiKey: () => Promise.resolve(fake.apiKey) });
    const stats = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(2);
      return `p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, n=${s.length}`;
    };
    const call = (url: string) =>
      invokeRoute(handler as never, 'POST', '/api/common_api', {
        url,
        method: 'GET',
        parameters: {},
      });

    // --- 1. latency --------------------------------------------------------------------------
    for (const memoryMs of [0, 5000]) {
      useMarketService(
        buildMarketService({
          source: source(),
          plan: PLANS.premium,
          namespace: `lat${memoryMs}:`,
          memoryMs,
          now: () => simNow,
        }),
      );
      const symbols = DEMO_UNIVERSE.slice(0, 60).map((c) => c.symbol);
      const miss: number[] = [];
      const hit: number[] = [];
      for (const s of symbols) {
        for (const url of [`profile/${s}`, `ratios/${s}?period=annual&limit=11`]) {
          let t = performance.now();
          const first = await call(url);
          miss.push(performance.now() - t);
          t = performance.now();
          const second = await call(url);
          hit.push(performance.now() - t);
          if (first.statusCode !== 200 || second.statusCode !== 200)
            throw new Error(`${url}: ${first.statusCode}/${second.statusCode}`);
        }
      }
      const label = memoryMs ? 'with instance memory' : 'table only';
      console.log(`common_api cache miss (${label}): ${stats(miss)}`);
      console.log(`common_api cache hit  (${label}): ${stats(hit)}`);
      report(info('cost', `common_api miss p95 in-process (${label})`, ms(percentile(miss, 0.95))));
      report(info('cost', `common_api hit p95 in-process (${label})`, ms(percentile(hit, 0.95))));
    }

    // --- 2. upstream calls per simulated user-hour ---------------------------------------------
    // The quote job refreshes tracked symbols once a minute; page reads go through instance
    // memory and the shared table cache, so upstream calls are bounded by the job and by the
    // number of distinct symbols, not by the number of users.
    // Simulated time moves in 10-second ticks (each user acts on its tick every 30 s).
    const TICK = 10;
    const universe = DEMO_UNIVERSE.slice(0, 150).map((c) => c.symbol);
    for (const USERS of [10, 100, 1000]) {
      const namespace = `load${USERS}:`;
      const instances = Array.from({ length: 4 }, () =>
        buildMarketService({
          source: source(),
          plan: PLANS.starter,
          namespace,
          memoryMs: 5000,
          now: () => simNow,
        }),
      );
      const job = buildMarketService({
        source: source(),
        plan: PLANS.starter,
        namespace,
        now: () => simNow,
      });
      const users = Array.from({ length: USERS }, (_, i) => ({
        tracked: [universe[(i * 7) % universe.length]!, universe[(i * 13 + 5) % universe.length]!],
        offset: (i % 3) * TICK,
        // Opens a company page every 10 minutes on average (profile, ratios, statements, news, chart).
        browseEvery: 600 + (i % 7) * 30,
      }));
      for (const [i, u] of users.entries())
        for (const s of u.tracked) await registerInterest(`bench-${USERS}-${i}`, s, 'tracked');
      fake.clear();
      let jobCalls = 0;
      let pageReads = 0;
      const start = performance.now();
      for (let second = 0; second < 3600; second += TICK) {
        if (second % 60 === 0)
          jobCalls += (await refreshQuotes(job, {}, { now: () => simNow, marketNow: () => simNow }))
            .calls;
        // At most 50 users at a time: like 50 warm Lambda instances, and DynamoDB Local keeps up.
        for (let from = 0; from < users.length; from += 50)
          await Promise.all(
            users.slice(from, from + 50).map(async (u, k) => {
              const i = from + k;
              const service = instances[i % instances.length]!;
              if (second % 30 === u.offset) {
                await Promise.all([service.indexQuotes(), service.quotes(u.tracked)]);
                pageReads += 2;
              }
              if (second % u.browseEvery === u.offset) {
                const symbol =
                  universe[(i + Math.floor(second / u.browseEvery) * 11) % universe.length]!;
                await Promise.all([
                  service.profile(symbol),
                  service.ratios(symbol, 'annual', 11),
                  service.statements('income', symbol, 'quarter', 42),
                  service.ratiosTtm(symbol),
                  service.news([symbol], 5),
                  service.daily(symbol, '2025-03-01'),
                ]);
                pageReads += 6;
              }
            }),
          );
        simNow += TICK * 1000;
      }
      const upstream = fake.callCount;
      console.log(
        `simulated ${USERS} users for 1 hour (${pageReads} market reads, ${((performance.now() - start) / 1000).toFixed(1)} s wall): ` +
          `upstream calls ${upstream} (quote job ${jobCalls}) = ${(upstream / USERS).toFixed(2)} per user-hour`,
      );
      const byEndpoint = new Map<string, number>();
      for (const c of fake.calls) byEndpoint.set(c.endpoint, (byEndpoint.get(c.endpoint) ?? 0) + 1);
      console.log(
        `  upstream calls by endpoint: ${[...byEndpoint].map(([k, v]) => `${k} ${v}`).join(', ')}`,
      );
      report(
        info(
          'cost',
          `upstream calls per hour, ${USERS} users`,
          `${upstream} total (job ${jobCalls}), ${(upstream / USERS).toFixed(2)}/user-hour, ${pageReads} page reads`,
        ),
      );
    }

    // --- 3. heatmap views: no upstream call (decision 152) ------------------------------------
    // The map reads the stored snapshot and the quote cache. Each view here starts as a cold
    // instance would (nothing held in memory), with symbols followed, so every read it makes runs.
    {
      const { DemoSource } = await import('../functions/market/source');
      const { buildSnapshot } = await import('../functions/screener/build');
      const { saveSnapshot } = await import('../functions/screener/snapshot');
      const { forgetSnapshot } = await import('../functions/screener/current');
      const { marketMap, forgetMarketMap } = await import('../functions/screener/market-map');
      const demo = buildMarketService({ source: new DemoSource(), plan: PLANS.demo });
      await saveSnapshot((await buildSnapshot({ service: demo })).data);
      const service = buildMarketService({
        source: source(),
        plan: PLANS.starter,
        namespace: 'map:',
        now: () => simNow,
      });
      const VIEWS = 50;
      const times: number[] = [];
      let companies = 0;
      fake.clear();
      for (let i = 0; i < VIEWS; i++) {
        forgetSnapshot();
        forgetMarketMap();
        const t = performance.now();
        companies = (await marketMap(service, simNow)).data.rows.length;
        times.push(performance.now() - t);
      }
      console.log(`heatmap views (cold): ${stats(times)}, ${companies} companies`);
      report(
        atMost(
          'cost',
          `upstream calls of ${VIEWS} heatmap views of ${companies} companies, each from a cold instance`,
          fake.callCount,
          0,
          String,
        ),
      );
      report(
        info(
          'cost',
          'heatmap view from a cold instance, p95 in-process',
          ms(percentile(times, 0.95)),
        ),
      );
    }
  } finally {
    await fake.close();
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
