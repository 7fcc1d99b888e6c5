/**
 * Bench section `nav-history`: getPortfolioPerformance (decision 129) on a portfolio with 10
 * years of daily history, 50 holdings and 2,000 transactions, against DynamoDB Local and the
 * demo market (pinned clock). The market cache's in-memory layer is off, so every cached read
 * is a DynamoDB request, as on a Lambda instance's first request. It prints the first read
 * (which credits every dividend and applies every split due: one transaction each), then p50 /
 * p95 of repeated reads per period, and the DynamoDB requests a read makes, by operation.
 * After a trade, a read queries only the transactions since the kept day and counts the earlier
 * ones (Query 2); a first read of a new day reads the closes and replays the days since, except
 * the weekly full replay from inception (two of its twenty reads).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable, startDynamo } from '../infra/local/dynamodb';
import { freePort } from '../infra/local/process';
import { LOCAL_TABLE_NAME } from '../infra/table-design';
import { atMost, info, percentile, type Report } from './lib';

const SECTION = 'nav-history';
const CLOCK = '2026-03-10T15:00:00Z';
const INCEPTION = '2016-03-10';
const HOLDINGS = 50;
const TRANSACTIONS = 2_000;
const RUNS = 20;
const TARGET_MS = 300;

export async function run(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mr-market-bench-nav-'));
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
    const { keys } = await import('../functions/lib/keys');
    const { BatchWriteCommand, DeleteCommand, PutCommand, UpdateCommand } =
      await import('@aws-sdk/lib-dynamodb');
    const { buildMarketService } = await import('../functions/market/service');
    const { DemoSource } = await import('../functions/market/source');
    const { demoStable } = await import('../functions/market/demo/index');
    const { UNIVERSE } = await import('../functions/market/demo/universe');
    const { portfolioPerformance } = await import('../functions/portfolios/performance');
    const { tradeValueCents, D } = await import('../shared/portfolio/money');

    const requests = new Map<string, number>();
    db.middlewareStack.add(
      (next, context) => async (args) => {
        const name = String(context.commandName ?? 'unknown').replace(/Command$/, '');
        requests.set(name, (requests.get(name) ?? 0) + 1);
        return next(args);
      },
      { step: 'initialize', name: 'benchCount' },
    );

    const now = new Date(CLOCK);
    const market = buildMarketService({
      source: new DemoSource(),
      namespace: 'bench:',
      memoryMs: 0,
    });
    const store = { client: db, table: LOCAL_TABLE_NAME };
    const userId = 'bench-nav-user';
    const portfolioId = 'bench-nav-portfolio';

    // 50 symbols with ten years of closes: the large caps first (most pay dividends), the split ones in.
    const symbols = [
      'AAPL',
      'NVDA',
      'GE',
      ...UNIVERSE.filter((e) => !['AAPL', 'NVDA', 'GE'].includes(e.symbol)).map((e) => e.symbol),
    ].slice(0, HOLDINGS);
    const bars = new Map<string, { date: string; close: number }[]>();
    const splits = new Map<string, { date: string; numerator: number; denominator: number }[]>();
    for (const symbol of symbols) {
      const rows = demoStable(
        'historical-price-eod/full',
        { symbol, from: INCEPTION, to: CLOCK.slice(0, 10) },
        now,
      ) as { date: string; close: number }[];
      bars.set(
        symbol,
        [...rows].sort((a, b) => a.date.localeCompare(b.date)),
      );
      splits.set(symbol, demoStable('splits', { symbol }, now) as never);
    }
    const rawPrice = (symbol: string, date: string, adjusted: number) =>
      (splits.get(symbol) ?? [])
        .filter((s) => s.date > date)
        .reduce((p, s) => p.times(s.numerator).div(s.denominator), new D(adjusted))
        .toDecimalPlaces(4)
        .toNumber();

    // 2,000 trades spread over the ten years: a buy of each symbol first, then buys and sales in turn.
    let cash = 1_000_000_000;
    const held = new Map<string, InstanceType<typeof D>>();
    const items: Record<string, unknown>[] = [];
    for (let i = 0; i < TRANSACTIONS; i++) {
      const symbol = symbols[i % symbols.length]!;
      const series = bars.get(symbol)!;
      const bar = series[Math.floor((i / TRANSACTIONS) * (series.length - 1))]!;
      for (const s of splits.get(symbol) ?? []) {
        // Shares held when a split passes are multiplied (the order of trades is by date per symbol).
        if (s.date <= bar.date && !items.some((t) => t.splitSeen === `${symbol}${s.date}`)) {
          const q = held.get(symbol);
          if (q) held.set(symbol, q.times(s.numerator).div(s.denominator));
          items.push({ splitSeen: `${symbol}${s.date}` });
        }
      }
      const price = rawPrice(symbol, bar.date, bar.close);
      const have = held.get(symbol) ?? new D(0);
      const sell = i >= symbols.length && i % 3 === 0 && have.gte(2);
      const quantity = sell ? 1 : 5;
      const value = tradeValueCents(quantity, price);
      cash += sell ? value : -value;
      held.set(symbol, sell ? have.minus(quantity) : have.plus(quantity));
      const time = `${bar.date}T15:00:00.000Z`;
      const txnId = `t${String(i).padStart(5, '0')}`;
      items.push({
        ...keys.transaction(userId, portfolioId, time, txnId),
        type: 'Transaction',
        portfolioId,
        txnId,
        symbol,
        side: sell ? 'sell' : 'buy',
        quantity,
        price,
        valueCents: value,
        time,
        orderType: 'market',
      });
    }
    const writes = items.filter((t) => t.type === 'Transaction');
    for (const [symbol, quantity] of held) {
      writes.push({
        ...keys.holding(userId, portfolioId, symbol),
        type: 'Holding',
        portfolioId,
        symbol,
        quantity: quantity.toDecimalPlaces(6).toNumber(),
        costCents: 0,
        reservedQuantity: 0,
        updatedAt: CLOCK,
      });
    }
    for (let i = 0; i < writes.length; i += 25) {
      await db.send(
        new BatchWriteCommand({
          RequestItems: {
            [LOCAL_TABLE_NAME]: writes.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
          },
        }),
      );
    }
    await db.send(
      new PutCommand({
        TableName: LOCAL_TABLE_NAME,
        Item: {
          ...keys.portfolio(userId, portfolioId),
          type: 'Portfolio',
          portfolioId,
          portfolioName: 'Ten years',
          nameLower: 'ten years',
          investmentCents: 1_000_000_000,
          initialSeedCents: 1_000_000_000,
          capitalFlows: [{ date: '2021-03-10', amountCents: 50_000_000 }],
          cashCents: cash + 50_000_000,
          reservedCents: 0,
          version: 1,
          inception: `${INCEPTION}T14:00:00.000Z`,
          createdAt: `${INCEPTION}T14:00:00.000Z`,
          updatedAt: CLOCK,
        },
      }),
    );

    let clock = now;
    const deps = { store, market, now: () => clock };
    const timed = async (period: 'MAX' | '1Y' | 'YTD') => {
      const t = performance.now();
      const out = await portfolioPerformance(deps, userId, { portfolio_id: portfolioId, period });
      return { ms: performance.now() - t, out };
    };
    const perRead = (runs: number) =>
      [...requests].map(([k, v]) => `${k} ${(v / runs).toFixed(1).replace(/\.0$/, '')}`).join(', ');

    requests.clear();
    const first = await timed('MAX');
    const actions = first.out.data.corporate_actions.length;
    report(
      info(
        SECTION,
        'first read (credits due dividends, applies splits; fills the market cache; keeps the history)',
        `${first.ms.toFixed(0)} ms, ${actions} actions, ${first.out.data.series.length} days; DynamoDB: ${perRead(1)}`,
      ),
    );

    /** Times RUNS reads, each after `before` (untimed), and reports p50 / p95 and the requests per read. */
    const measure = async (
      label: string,
      period: 'MAX' | '1Y' | 'YTD',
      before: (i: number) => Promise<void>,
      target: boolean,
    ) => {
      const times: number[] = [];
      let counted = 0;
      const totals = new Map<string, number>();
      for (let i = 0; i < RUNS; i++) {
        await before(i);
        requests.clear();
        times.push((await timed(period)).ms);
        for (const [k, v] of requests) totals.set(k, (totals.get(k) ?? 0) + v);
        counted++;
      }
      requests.clear();
      for (const [k, v] of totals) requests.set(k, v);
      report(
        info(
          SECTION,
          `${label}, ${period}: p50 / p95`,
          `${percentile(times, 0.5).toFixed(0)} ms / ${percentile(times, 0.95).toFixed(0)} ms`,
        ),
      );
      if (target)
        report(
          atMost(
            SECTION,
            `${label}, ${period} p95 (10 years, 50 holdings, 2,000 transactions)`,
            percentile(times, 0.95),
            TARGET_MS,
            (v) => `${v.toFixed(0)} ms`,
          ),
        );
      report(info(SECTION, `${label}, ${period}: DynamoDB requests per read`, perRead(counted)));
    };
    const nothing = async () => undefined;

    // Reads of a day after the first: the kept history, today at the quotes.
    for (const period of ['MAX', '1Y', 'YTD'] as const)
      await measure('later reads of the day', period, nothing, period === 'MAX');

    // A trade placed before each read (a transaction today and the version bumped): resumed from yesterday.
    const traded = symbols[0]!;
    const trade = async (i: number) => {
      const time = `${CLOCK.slice(0, 10)}T15:30:${String(i).padStart(2, '0')}.000Z`;
      const txnId = `today${i}`;
      const price = bars.get(traded)!.at(-1)!.close;
      await db.send(
        new PutCommand({
          TableName: LOCAL_TABLE_NAME,
          Item: {
            ...keys.transaction(userId, portfolioId, time, txnId),
            type: 'Transaction',
            portfolioId,
            txnId,
            symbol: traded,
            side: 'buy',
            quantity: 1,
            price,
            valueCents: tradeValueCents(1, price),
            time,
            orderType: 'market',
          },
        }),
      );
      await db.send(
        new UpdateCommand({
          TableName: LOCAL_TABLE_NAME,
          Key: keys.portfolio(userId, portfolioId),
          UpdateExpression: 'SET version = version + :one, cashCents = cashCents - :v',
          ExpressionAttributeValues: { ':one': 1, ':v': tradeValueCents(1, price) },
        }),
      );
    };
    await measure('after a trade today', 'MAX', trade, true);

    // The first read of each new day: the kept days, the closes since, one more day kept.
    const day = 86_400_000;
    await measure(
      'first read of a new day',
      'MAX',
      async (i) => {
        clock = new Date(now.getTime() + (i + 1) * day);
      },
      true,
    );
    clock = now;

    // Nothing kept (the first read ever, a change to an earlier day, the weekly full replay).
    await measure(
      'replay from inception',
      'MAX',
      async () => {
        await db.send(
          new DeleteCommand({
            TableName: LOCAL_TABLE_NAME,
            Key: keys.portfolioHistory(userId, portfolioId),
          }),
        );
      },
      // Held to the same 300 ms as the other reads: a first read, or one after a backdated
      // change, is a read an investor waits for too.
      true,
    );
  } finally {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
