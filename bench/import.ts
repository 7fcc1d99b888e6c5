/**
 * Bench section `import`: the CSV import (decisions 129-132, 177, 178) of files of 1,000 and
 * 5,000 rows against DynamoDB Local and the demo market (pinned clock): deposits, then buys and
 * sales of 50 symbols over five years at each day's close. Per size, p50 / p95 of the preview
 * and of the commit, each into a new portfolio (targets 2 s and 5 s), then of merging 1,000 more
 * rows into a portfolio that has the 5,000, and the largest answer (target 1 MB). A commit stops,
 * undone, rather than run past the function's time (10 s): the runs that do so are counted
 * (target none). `BENCH_RUNS` sets the runs per figure (5 by default).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable, startDynamo } from '../infra/local/dynamodb';
import { freePort } from '../infra/local/process';
import { LOCAL_TABLE_NAME } from '../infra/table-design';
import { atMost, info, kb, percentile, type Report } from './lib';

const SECTION = 'import';
const CLOCK = '2026-03-10T15:00:00Z';
const FROM = '2021-03-10';
const SYMBOLS = 50;
const PREVIEW_MS = 2_000;
const COMMIT_MS = 5_000;
const ANSWER_BYTES_MAX = 1_000_000;

function runs(): number {
  const n = Number(process.env.BENCH_RUNS);
  return Number.isInteger(n) && n > 0 ? n : 5;
}

export async function run(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mr-market-bench-import-'));
  const dynamo = await startDynamo({ port: await freePort(), dir, persistent: false });
  try {
    await ensureTable(dynamo.url, LOCAL_TABLE_NAME);
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      TABLE_NAME: LOCAL_TABLE_NAME,
      MARKET_CLOCK: CLOCK,
    });
    // Loaded after the environment is set: the client reads its endpoint once.
    const { db } = await import('../functions/lib/dynamo');
    const { buildMarketService } = await import('../functions/market/service');
    const { DemoSource } = await import('../functions/market/source');
    const { demoStable } = await import('../functions/market/demo/index');
    const { UNIVERSE } = await import('../functions/market/demo/universe');
    const { createPortfolio } = await import('../functions/portfolios/portfolios');
    const { importTransactions } = await import('../functions/portfolios/import');
    const { addDays, dayNumber } = await import('../shared/portfolio/days');
    const { D } = await import('../shared/portfolio/money');

    const now = new Date(CLOCK);
    const market = buildMarketService({
      source: new DemoSource(),
      namespace: 'bench-import:',
      memoryMs: 0,
    });
    const store = { client: db, table: LOCAL_TABLE_NAME };
    const deps = { store, market, now: () => now };
    const userId = 'bench-import-user';
    const RUNS = runs();

    const symbols = UNIVERSE.map((e) => e.symbol).slice(0, SYMBOLS);
    const closes = new Map<string, Map<string, number>>();
    const splits = new Map<string, { date: string; numerator: number; denominator: number }[]>();
    for (const symbol of symbols) {
      const rows = demoStable(
        'historical-price-eod/full',
        { symbol, from: FROM, to: CLOCK.slice(0, 10) },
        now,
      ) as { date: string; close: number }[];
      closes.set(symbol, new Map(rows.map((r) => [r.date, r.close])));
      splits.set(symbol, demoStable('splits', { symbol }, now) as never);
    }
    /** The day's close as it traded then (the demo's closes are in today's shares). */
    const tradedPrice = (symbol: string, date: string) => {
      const close = closes.get(symbol)!.get(date);
      if (close === undefined) return undefined;
      return (splits.get(symbol) ?? [])
        .filter((s) => s.date > date)
        .reduce((p, s) => p.times(s.numerator).div(s.denominator), new D(close))
        .toDecimalPlaces(2)
        .toNumber();
    };

    /** The days the demo market traded (every symbol trades the exchange's days), up to today. */
    const tradingDays = [...closes.get(symbols[0]!)!.keys()].sort();
    /**
     * `rows` rows from `start` over the trading days of the next `days` days (none after today):
     * a deposit, then buys and sales at the day's close.
     */
    const file = (rows: number, start: string, days: number, deposit: number) => {
      const lines = [
        'Date,Type,Symbol,Quantity,Price,Amount,Fee',
        `${start},deposit,,,,${deposit},`,
      ];
      const end = addDays(start, days);
      const open = tradingDays.filter((d) => d > start && d <= end);
      if (open.length === 0) throw new Error(`no trading day from ${start} to ${end}`);
      const held = new Map<string, number>();
      for (let i = 1; lines.length <= rows; i++) {
        if (i > rows * 2) throw new Error(`too few priced rows from ${start} to ${end}`);
        const date = open[Math.min(open.length - 1, Math.floor(((i - 1) / rows) * open.length))]!;
        const symbol = symbols[i % symbols.length]!;
        const price = tradedPrice(symbol, date);
        if (price === undefined) continue;
        const have = held.get(symbol) ?? 0;
        if (i % 4 === 0 && have >= 2) {
          held.set(symbol, have - 1);
          lines.push(`${date},sell,${symbol},1,${price},,1.00`);
        } else {
          held.set(symbol, have + 2);
          lines.push(`${date},buy,${symbol},2,${price},,1.00`);
        }
      }
      return lines.join('\n');
    };
    const span = dayNumber(CLOCK.slice(0, 10)) - dayNumber(FROM) - 1;

    let largest = 0;
    let portfolios = 0;
    const newPortfolio = async () =>
      (
        await createPortfolio(deps, userId, {
          portfolio_name: `Import ${++portfolios}`,
          investment_value: 0,
        })
      ).data!.portfolio_id;
    const timed = async (portfolioId: string, mode: 'preview' | 'commit', csv: string) => {
      const t = performance.now();
      const out = await importTransactions(deps, userId, { portfolio_id: portfolioId, mode, csv });
      const ms = performance.now() - t;
      largest = Math.max(largest, Buffer.byteLength(JSON.stringify(out)));
      return { ms, out };
    };
    /** A commit timed; one that stopped, undone, for want of time (503) counts as out of time. */
    const committed = async (portfolioId: string, csv: string) => {
      const t = performance.now();
      try {
        const { out } = await timed(portfolioId, 'commit', csv);
        return { ms: performance.now() - t, ok: out.data.created > 0 };
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode !== 503) throw error;
        return { ms: performance.now() - t, ok: false };
      }
    };
    const outOfTime = (label: string, failed: number) =>
      report(
        atMost(SECTION, `${label}: commits out of time (undone) of ${RUNS}`, failed, 0, (v) =>
          String(v),
        ),
      );
    const figure = (label: string, times: number[], target: number) => {
      report(
        info(
          SECTION,
          `${label}: p50 / p95`,
          `${percentile(times, 0.5).toFixed(0)} ms / ${percentile(times, 0.95).toFixed(0)} ms`,
        ),
      );
      report(
        atMost(
          SECTION,
          `${label} p95`,
          percentile(times, 0.95),
          target,
          (v) => `${v.toFixed(0)} ms`,
        ),
      );
    };

    let merged: string | undefined;
    for (const rows of [1_000, 5_000]) {
      // Two-thirds of the five years; the merge below adds the last third.
      const csv = file(rows, FROM, Math.floor((span * 2) / 3), 5_000_000);
      const previews: number[] = [];
      const commits: number[] = [];
      let failed = 0;
      let items = 0;
      for (let i = 0; i < RUNS; i++) {
        const id = await newPortfolio();
        const preview = await timed(id, 'preview', csv);
        if (preview.out.data.blocker)
          throw new Error(`preview blocked: ${preview.out.data.blocker}`);
        previews.push(preview.ms);
        items = preview.out.data.items;
        const commit = await committed(id, csv);
        commits.push(commit.ms);
        if (!commit.ok) failed++;
        else if (rows === 5_000) merged = id;
      }
      report(
        info(SECTION, `${rows.toLocaleString('en-US')} rows: items a commit writes`, String(items)),
      );
      figure(`${rows.toLocaleString('en-US')} rows, preview`, previews, PREVIEW_MS);
      figure(`${rows.toLocaleString('en-US')} rows, commit`, commits, COMMIT_MS);
      outOfTime(`${rows.toLocaleString('en-US')} rows`, failed);
    }

    // 1,000 more rows merged into the last portfolio of 5,000, each run a later stretch of days.
    const merges: number[] = [];
    let failed = 0;
    const third = Math.floor(span / 3);
    // Without a finished commit of 5,000 rows there is nothing to merge into: all runs missed.
    for (let i = 0; i < RUNS && merged !== undefined; i++) {
      const start = addDays(FROM, Math.floor((span * 2) / 3) + Math.floor((i * third) / RUNS) + 1);
      const csv = file(1_000, start, Math.max(5, Math.floor(third / RUNS) - 2), 1_000_000);
      const commit = await committed(merged, csv);
      merges.push(commit.ms);
      if (!commit.ok) failed++;
    }
    const label = '1,000 rows merged into a portfolio of 5,000';
    if (merges.length > 0) figure(`${label}, commit`, merges, COMMIT_MS);
    outOfTime(label, merged === undefined ? RUNS : failed);
    report(atMost(SECTION, 'largest answer', largest, ANSWER_BYTES_MAX, (v) => kb(v)));
  } finally {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
