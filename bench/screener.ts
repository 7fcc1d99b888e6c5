/**
 * Bench section `screener` (in-process engine figures): how fast a screen answers over the whole universe.
 * - build: the job's full build over the demo data set (every symbol's fundamentals);
 * - load: one query of the stored snapshot from DynamoDB Local, gunzip, decode, rows computed
 *   (what a function instance does on its first screen, then keeps in memory);
 * - screen: the pure engine (filter, sort, page) over the rows in memory, for typical requests;
 * for the demo universe and for a synthetic 6,000-symbol universe made from it.
 * Starts DynamoDB Local in memory itself (no network).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureTable, startDynamo } from '../infra/local/dynamodb';
import { freePort } from '../infra/local/process';
import { LOCAL_TABLE_NAME } from '../infra/table-design';
import { type Report, info, ms, percentile } from './lib';

export async function run(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mr-market-bench-screener-'));
  const dynamo = await startDynamo({ port: await freePort(), dir, persistent: false });
  await ensureTable(dynamo.url, LOCAL_TABLE_NAME);
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: LOCAL_TABLE_NAME,
    LOG_LEVEL: 'ERROR',
  });
  delete process.env.AWS_PROFILE;

  try {
    const { buildMarketService } = await import('../functions/market/service');
    const { DemoSource } = await import('../functions/market/source');
    const { PLANS } = await import('../functions/market/plan');
    const { buildSnapshot, newYorkDay } = await import('../functions/screener/build');
    const { loadSnapshot, saveSnapshot, toLoaded, newVersion } =
      await import('../functions/screener/snapshot');
    const { screen, screenRequest } = await import('../shared/screener/engine');
    type SnapshotData = Awaited<ReturnType<typeof buildSnapshot>>['data'];

    const stats = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(2);
      return `p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${s.at(-1)!.toFixed(2)} ms, n=${s.length}`;
    };
    const requests = [
      {
        filters: { marketcap: 'large', sector: 'Technology', pe: 'under30' },
        sort: 'marketCap',
        order: 'desc',
      },
      { filters: {}, sort: 'perfYtd', order: 'asc', page: 3 },
      { filters: { dividend: 'atleast3', debteq: 'under1' }, sort: 'dividendYield', order: 'desc' },
      {
        filters: { name: 'in', roe: 'over15', netprofitmargin: 'over10' },
        sort: 'company',
        order: 'asc',
      },
      {
        filters: { marketcap: 'mid', epsgrowthpast5years: 'over10', earningdate: 'thismonth' },
        sort: 'pe',
        order: 'asc',
        pageSize: 100,
      },
    ].map((r) => screenRequest.parse(r));
    const today = newYorkDay(Date.now());

    async function measure(label: string, data: SnapshotData) {
      const header = await saveSnapshot(data);
      const loads: number[] = [];
      let rows = 0;
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        const loaded = toLoaded((await loadSnapshot())!);
        loads.push(performance.now() - t);
        rows = loaded.rows.length;
      }
      const loaded = toLoaded((await loadSnapshot())!);
      const screens: number[] = [];
      for (let i = 0; i < 40; i++) {
        for (const r of requests) {
          const t = performance.now();
          screen(loaded.rows, r, today);
          screens.push(performance.now() - t);
        }
      }
      console.log(
        `screener ${label}: ${rows} symbols, snapshot ${(header.bytes / 1024).toFixed(0)} KB gzip in ${header.parts} part(s)`,
      );
      console.log(`  load (one query + gunzip + rows): ${stats(loads)}`);
      console.log(`  screen in memory (filter + sort + page): ${stats(screens)}`);
      const cold = loads[0]! + Math.max(...screens);
      report(
        info(
          'screener',
          `${label}: snapshot load p50 (${rows} symbols)`,
          ms(percentile(loads, 0.5)),
        ),
      );
      report(info('screener', `${label}: screen in memory p95`, ms(percentile(screens, 0.95), 2)));
      console.log(
        `  first screen of a new instance <= ${cold.toFixed(1)} ms; later screens <= ${Math.max(...screens).toFixed(2)} ms`,
      );
    }

    const service = buildMarketService({ source: new DemoSource(), plan: PLANS.demo });
    const t = performance.now();
    const { data, stats: build } = await buildSnapshot({ service });
    console.log(
      `screener job, full build over the demo universe: ${build.symbols} symbols, ${build.fundamentalsRefreshed} with fundamentals, ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    await measure('demo universe', data);

    // Synthetic 6,000 symbols: the demo entries copied with scaled figures and new tickers.
    const synthetic: SnapshotData = { ...data, version: newVersion(Date.now()), entries: [] };
    for (let i = 0; synthetic.entries.length < 6000; i++) {
      const base = data.entries[i % data.entries.length]!;
      const k = 0.6 + ((i * 7919) % 1000) / 1000;
      const scale = (v: number | null) => (v === null ? null : v * k);
      synthetic.entries.push({
        listing: {
          ...base.listing,
          symbol: `S${i.toString(36).toUpperCase()}`,
          company: `${base.listing.company} ${i}`,
          price: scale(base.listing.price),
          marketCap: scale(base.listing.marketCap),
          volume: scale(base.listing.volume),
        },
        fundamentals: {
          ...base.fundamentals,
          epsTtm: scale(base.fundamentals.epsTtm),
          roe: scale(base.fundamentals.roe),
          avgVolume: scale(base.fundamentals.avgVolume),
        },
        fundamentalsAt: base.fundamentalsAt,
      });
    }
    await measure('synthetic universe', synthetic);
  } finally {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
