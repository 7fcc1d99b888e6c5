/**
 * Bench section `nav-history`: getPortfolioPerformance (decisions 129-132, 175, 176) at two
 * scales, against DynamoDB Local and the demo market (pinned clock): ten years of daily history
 * with 50 holdings and 2,000 transactions (target 300 ms p95 for every read path), and ten times
 * it, 500 holdings and 20,000 transactions (target 1 s p95). The market cache's in-memory layer is
 * off, so every cached read is a DynamoDB request, as on a Lambda instance's first request; the
 * quotes are kept fresh between reads, untimed, as the quote job keeps them. What an instance
 * keeps decoded (decision 200) stays between reads, as in a warm instance.
 *
 * Per scale it prints the first read (which credits every dividend and applies every split due),
 * then p50 / p95 of each read path, the DynamoDB requests a read makes, and the largest answer of
 * the scale (target 1 MB). The paths: later reads of the day (MAX, 1Y, YTD); a read after a trade
 * today (a market order placed through the product before each read); the first read of each new
 * day; a read after a change to an earlier day (a one-row import dated at a day spread over the
 * ten years, so the deepest replay nearly from inception); and a read with nothing kept (the
 * kept history and its items gone: a first read, or one after the kept format changed).
 * `BENCH_RUNS` sets the reads per path (20 by default).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable, startDynamo } from '../infra/local/dynamodb';
import { freePort } from '../infra/local/process';
import { LOCAL_TABLE_NAME } from '../infra/table-design';
import { atMost, info, kb, percentile, type Report } from './lib';

const SECTION = 'nav-history';
const CLOCK = '2026-03-10T15:00:00Z';
const INCEPTION = '2016-03-10';
const SCALES = [
  {
    label: '10 years, 50 holdings, 2,000 transactions',
    holdings: 50,
    transactions: 2_000,
    targetMs: 300,
  },
  {
    label: '10 years, 500 holdings, 20,000 transactions',
    holdings: 500,
    transactions: 20_000,
    targetMs: 1_000,
  },
] as const;
const ANSWER_BYTES_MAX = 1_000_000;

/** The scales `BENCH_SCALE` picks (`1x`, `10x`; both by default). */
function scales() {
  const only = process.env.BENCH_SCALE;
  return SCALES.filter((s) => !only || only === (s.holdings === 50 ? '1x' : '10x'));
}

function runs(): number {
  const n = Number(process.env.BENCH_RUNS);
  return Number.isInteger(n) && n > 0 ? n : 20;
}

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
    for (const scale of scales()) await benchScale(report, scale);
  } finally {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchScale(report: Report, scale: (typeof SCALES)[number]): Promise<void> {
  // Loaded after the environment is set: the client reads its endpoint once.
  const { db } = await import('../functions/lib/dynamo');
  const { keys, userPk } = await import('../functions/lib/keys');
  const { queryPartition } = await import('../functions/lib/dynamo');
  const { BatchWriteCommand, DeleteCommand, PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { buildMarketService } = await import('../functions/market/service');
  const { DemoSource } = await import('../functions/market/source');
  const { demoStable, forgetDemoInstruments } = await import('../functions/market/demo/index');
  const { UNIVERSE } = await import('../functions/market/demo/universe');
  const { portfolioPerformance } = await import('../functions/portfolios/performance');
  const { placeOrder } = await import('../functions/portfolios/orders');
  const { importTransactions } = await import('../functions/portfolios/import');
  const { tradeValueCents, D } = await import('../shared/portfolio/money');
  const { addDays, dayFromNumber, dayNumber } = await import('../shared/portfolio/days');
  const { batchDeleteKeys } = await import('../functions/portfolios/ledger');
  const { dayClosesAfter } = await import('../functions/market/closes');

  const tag = scale.holdings === 50 ? '' : ' [10x]';
  const name = (what: string) => `${what}${tag}`;
  const RUNS = runs();

  const requests = new Map<string, number>();
  const counter = 'benchCount';
  db.middlewareStack.remove(counter);
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const op = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      requests.set(op, (requests.get(op) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: counter },
  );

  const now = new Date(CLOCK);
  const market = buildMarketService({
    source: new DemoSource(),
    namespace: `bench${scale.holdings}:`,
    memoryMs: 0,
  });
  const store = { client: db, table: LOCAL_TABLE_NAME };
  const userId = `bench-nav-user-${scale.holdings}`;
  const portfolioId = `bench-nav-portfolio-${scale.holdings}`;

  // Symbols with ten years of closes: the large caps first (most pay dividends), the split ones in.
  const symbols = [
    'AAPL',
    'NVDA',
    'GE',
    ...UNIVERSE.filter((e) => !['AAPL', 'NVDA', 'GE'].includes(e.symbol)).map((e) => e.symbol),
  ].slice(0, scale.holdings);
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
  /** The price as it traded that day (the demo's closes are in today's shares). */
  const rawPrice = (symbol: string, date: string, adjusted: number) =>
    (splits.get(symbol) ?? [])
      .filter((s) => s.date > date)
      .reduce((p, s) => p.times(s.numerator).div(s.denominator), new D(adjusted))
      .toDecimalPlaces(4)
      .toNumber();
  // Each symbol's closes as day numbers, once the trades are drawn (a million bar objects would
  // weigh on every collection of the heap the reads share).
  const compact = new Map<string, { days: Int32Array; closes: Float64Array }>();
  const closeOn = (symbol: string, date: string) => {
    // From the last close up to the day, if there is one.
    const from = dayClosesAfter(compact.get(symbol)!, dayNumber(date));
    const day = from.days[0];
    return day !== undefined && day <= dayNumber(date)
      ? { date: dayFromNumber(day), close: from.closes[0]! }
      : undefined;
  };

  // The trades spread over the ten years: a buy of each symbol first, then buys and sales in turn.
  let cash = 1_000_000_000 * (scale.holdings / 50);
  const seed = cash;
  const held = new Map<string, InstanceType<typeof D>>();
  const seen = new Set<string>();
  const writes: Record<string, unknown>[] = [];
  for (let i = 0; i < scale.transactions; i++) {
    const symbol = symbols[i % symbols.length]!;
    const series = bars.get(symbol)!;
    const bar = series[Math.floor((i / scale.transactions) * (series.length - 1))]!;
    for (const s of splits.get(symbol) ?? []) {
      // Shares held when a split passes are multiplied (each symbol's trades come in date order).
      if (s.date <= bar.date && !seen.has(`${symbol}${s.date}`)) {
        const q = held.get(symbol);
        if (q) held.set(symbol, q.times(s.numerator).div(s.denominator));
        seen.add(`${symbol}${s.date}`);
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
    const txnId = `t${String(i).padStart(6, '0')}`;
    writes.push({
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
  for (const [symbol, series] of bars)
    compact.set(symbol, {
      days: Int32Array.from(series, (b) => dayNumber(b.date.slice(0, 10))),
      closes: Float64Array.from(series, (b) => b.close),
    });
  bars.clear();

  // The holdings as the ledger keeps them: the average cost of the trades, splits applied.
  const { costBasis } = await import('../shared/portfolio/lots');
  const basis = costBasis(
    'average',
    {
      trades: writes.map((t) => ({
        time: String(t.time),
        symbol: String(t.symbol),
        side: t.side as 'buy' | 'sell',
        quantity: Number(t.quantity),
        price: Number(t.price),
      })),
      splits: [...splits].flatMap(([symbol, list]) =>
        list
          .filter((x) => x.date <= CLOCK.slice(0, 10))
          .map((x) => ({
            symbol,
            date: x.date.slice(0, 10),
            numerator: x.numerator,
            denominator: x.denominator,
          })),
      ),
      today: CLOCK.slice(0, 10),
    },
    { feesInBasis: false },
  );
  for (const b of basis) {
    if (!(b.quantity > 0)) continue;
    writes.push({
      ...keys.holding(userId, portfolioId, b.symbol),
      type: 'Holding',
      portfolioId,
      symbol: b.symbol,
      quantity: b.quantity,
      costCents: b.cost_cents,
      reservedQuantity: 0,
      updatedAt: CLOCK,
    });
  }
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < writes.length; i += 25) chunks.push(writes.slice(i, i + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++]!;
        await db.send(
          new BatchWriteCommand({
            RequestItems: {
              [LOCAL_TABLE_NAME]: chunk.map((Item) => ({ PutRequest: { Item } })),
            },
          }),
        );
      }
    }),
  );
  await db.send(
    new PutCommand({
      TableName: LOCAL_TABLE_NAME,
      Item: {
        ...keys.portfolio(userId, portfolioId),
        type: 'Portfolio',
        portfolioId,
        portfolioName: 'Ten years',
        nameLower: 'ten years',
        investmentCents: seed,
        initialSeedCents: seed,
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

  // The market cache filled first, a few symbols at a time (hundreds of misses at once would
  // swamp DynamoDB Local): the first read below still reads every item, but asks the demo
  // market nothing.
  const { recentCloses } = await import('../functions/portfolios/engine');
  for (let i = 0; i < symbols.length + 1; i += 25) {
    const part = [...symbols, '^GSPC'].slice(i, i + 25);
    await market.manySymbols('closes', part, addDays(INCEPTION, -10));
    await market.manySymbols('closes', part, recentCloses(CLOCK.slice(0, 10)));
    await market.manySymbols('dividends', part);
    await market.manySymbols('splits', part);
    await market.manySymbols('profile', part);
    await market.rawQuotes(part);
  }
  // The demo market stands in for the provider, whose memory is not the function's.
  forgetDemoInstruments();

  let clock = now;
  const deps = { store, market, now: () => clock };
  let largest = 0;
  const timed = async (period: 'MAX' | '1Y' | 'YTD') => {
    const t = performance.now();
    const out = await portfolioPerformance(deps, userId, { portfolio_id: portfolioId, period });
    const ms = performance.now() - t;
    largest = Math.max(largest, Buffer.byteLength(JSON.stringify(out)));
    return { ms, out };
  };
  const perRead = (reads: number) =>
    [...requests].map(([k, v]) => `${k} ${(v / reads).toFixed(1).replace(/\.0$/, '')}`).join(', ');

  requests.clear();
  const first = await timed('MAX');
  report(
    info(
      SECTION,
      name(
        'first read (credits due dividends, applies splits; fills the market cache; keeps the history)',
      ),
      `${(first.ms / 1000).toFixed(1)} s, ${first.out.data.corporate_actions_count} actions, ${first.out.data.series.length} chart points; DynamoDB: ${perRead(1)}`,
    ),
  );

  /**
   * The quotes as the quote job keeps them (rewritten every minute, so a read never finds them
   * older than their freshness): refreshed, untimed, before each read when they have aged.
   */
  const quoteJob = () => market.rawQuotes([...symbols, '^GSPC']);

  /** Times RUNS reads, each after `before` (untimed), and reports p50 / p95 and the requests per read. */
  const measure = async (
    label: string,
    period: 'MAX' | '1Y' | 'YTD',
    before: (i: number) => Promise<void>,
  ) => {
    const times: number[] = [];
    const totals = new Map<string, number>();
    for (let i = 0; i < RUNS; i++) {
      await before(i);
      await quoteJob();
      requests.clear();
      times.push((await timed(period)).ms);
      for (const [k, v] of requests) totals.set(k, (totals.get(k) ?? 0) + v);
    }
    requests.clear();
    for (const [k, v] of totals) requests.set(k, v);
    report(
      info(
        SECTION,
        name(`${label}, ${period}: p50 / p95`),
        `${percentile(times, 0.5).toFixed(0)} ms / ${percentile(times, 0.95).toFixed(0)} ms`,
      ),
    );
    report(
      atMost(
        SECTION,
        name(`${label}, ${period} p95 (${scale.label})`),
        percentile(times, 0.95),
        scale.targetMs,
        (v) => `${v.toFixed(0)} ms`,
      ),
    );
    report(info(SECTION, name(`${label}, ${period}: DynamoDB requests per read`), perRead(RUNS)));
  };
  const nothing = async () => undefined;

  // Reads of a day after the first: the kept history, today at the quotes.
  for (const period of ['MAX', '1Y', 'YTD'] as const)
    await measure('later reads of the day', period, nothing);

  // A market buy of one share placed through the product before each read.
  const traded = symbols[0]!;
  await measure('after a trade today', 'MAX', async () => {
    await placeOrder(deps, userId, {
      portfolio_id: portfolioId,
      stock_symbol: traded,
      side: 'buy',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 1,
    });
  });

  // The first read of each new day: the days since the kept one, the weeks before it again.
  const day = 86_400_000;
  await measure('first read of a new day', 'MAX', async (i) => {
    clock = new Date(now.getTime() + (i + 1) * day);
  });
  const lastDay = clock;

  // A one-row import dated at a day spread over the ten years: the replay from the month before it.
  const span = dayNumber(CLOCK.slice(0, 10)) - dayNumber(INCEPTION) - 60;
  await measure(
    'after a change to an earlier day (spread over the ten years)',
    'MAX',
    async (i) => {
      const date = addDays(INCEPTION, 30 + Math.floor(((i + 0.5) / RUNS) * span));
      // A symbol that traded by then (some of the universe listed later).
      const symbol = Array.from(
        { length: symbols.length },
        (_, k) => symbols[(i * 7 + k) % symbols.length]!,
      ).find((s) => closeOn(s, date) !== undefined)!;
      const bar = closeOn(symbol, date)!;
      const csv = [
        'Date,Type,Symbol,Quantity,Price,Amount,Fee',
        `${bar.date},buy,${symbol},1,${rawPrice(symbol, bar.date, bar.close)},,`,
      ].join('\n');
      // The read after it is what is timed here (the import's own time is the import bench's):
      // the import is given the time it needs rather than stop, undone, on a loaded machine.
      const res = await importTransactions(
        { ...deps, now: () => lastDay, remainingMs: () => 120_000 },
        userId,
        {
          portfolio_id: portfolioId,
          mode: 'commit',
          csv,
        },
      );
      if (res.data.created !== 1) throw new Error(`the backdated row was not imported: ${csv}`);
    },
  );

  // Nothing kept: the history, its ledger blocks and month-end states gone.
  await measure('with nothing kept (replay from inception)', 'MAX', async () => {
    const kept = await queryPartition(db, {
      table: LOCAL_TABLE_NAME,
      pk: userPk(userId),
      prefix: keys.portfolioChildrenPrefix(portfolioId),
      filter: '#type IN (:a, :b)',
      names: { '#type': 'type' },
      values: { ':a': 'PortfolioLedger', ':b': 'PortfolioCheckpoint' },
      projection: 'pk, sk',
    });
    await batchDeleteKeys(
      store,
      kept.map((k) => ({ pk: String(k.pk), sk: String(k.sk) })),
    );
    await db.send(
      new DeleteCommand({
        TableName: LOCAL_TABLE_NAME,
        Key: keys.portfolioHistory(userId, portfolioId),
      }),
    );
  });

  report(
    atMost(SECTION, name(`largest answer (${scale.label})`), largest, ANSWER_BYTES_MAX, (v) =>
      kb(v),
    ),
  );
  clock = now;
}
