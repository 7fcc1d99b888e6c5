/**
 * Bench section `nav-history`: getPortfolioPerformance (decision 129) on a portfolio with 10
 * years of daily history, 50 holdings and 2,000 transactions, against DynamoDB Local and the
 * demo market (pinned clock). The market cache's in-memory layer is off, so every cached read
 * is a DynamoDB request, as on a Lambda instance's first request. It prints the first read
 * (which credits every dividend and applies every split due: one transaction each), then p50 /
 * p95 of repeated reads per period, and the DynamoDB requests a read makes, by operation.
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
    const { BatchWriteCommand, PutCommand } = await import('@aws-sdk/lib-dynamodb');
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

    const deps = { store, market, now: () => now };
    const timed = async (period: 'MAX' | '1Y' | 'YTD') => {
      const t = performance.now();
      const out = await portfolioPerformance(deps, userId, { portfolio_id: portfolioId, period });
      return { ms: performance.now() - t, out };
    };

    requests.clear();
    const first = await timed('MAX');
    const firstRequests = [...requests].map(([k, v]) => `${k} ${v}`).join(', ');
    const actions = first.out.data.corporate_actions.length;
    report(
      info(
        SECTION,
        'first read (credits due dividends, applies splits; fills the market cache)',
        `${first.ms.toFixed(0)} ms, ${actions} actions, ${first.out.data.series.length} days; DynamoDB: ${firstRequests}`,
      ),
    );

    for (const period of ['MAX', '1Y', 'YTD'] as const) {
      const times: number[] = [];
      requests.clear();
      for (let i = 0; i < RUNS; i++) times.push((await timed(period)).ms);
      const perRead = [...requests].map(([k, v]) => `${k} ${(v / RUNS).toFixed(0)}`).join(', ');
      report(
        info(
          SECTION,
          `${period}: p50 / p95`,
          `${percentile(times, 0.5).toFixed(0)} ms / ${percentile(times, 0.95).toFixed(0)} ms`,
        ),
      );
      if (period === 'MAX')
        report(
          atMost(
            SECTION,
            'MAX p95 (10 years, 50 holdings, 2,000 transactions)',
            percentile(times, 0.95),
            TARGET_MS,
            (v) => `${v.toFixed(0)} ms`,
          ),
        );
      report(info(SECTION, `${period}: DynamoDB requests per read`, perRead));
    }
  } finally {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
