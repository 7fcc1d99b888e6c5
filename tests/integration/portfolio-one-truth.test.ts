import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { GSI1, keys, userPk } from '../../functions/lib/keys';
import { SPLITS } from '../../functions/market/demo/calibration';
import { demoStable } from '../../functions/market/demo/index';
import { buildMarketService, type MarketService } from '../../functions/market/service';
import { DemoSource } from '../../functions/market/source';
import {
  cancelOrder,
  createPortfolio,
  exportActivity,
  importTransactions,
  placeOrder,
  portfolioDetails,
  portfolioHoldings,
  portfolioList,
  portfolioPerformance,
  portfolioStore,
  searchPortfolios,
  updatePortfolio,
} from '../../functions/portfolios';
import { latestPrices } from '../../functions/portfolios/figures';
import { fillLimitOrder } from '../../functions/portfolios/orders';
import { doc, itemsUnder, newUser } from './portfolio-support';

/**
 * One truth across every view of a portfolio (decision 132). Random portfolios are built as an
 * investor builds them (imports of past activity, a second import merged into the first, orders
 * at the market, limit orders filled as the job fills them and others left open, deposits and
 * withdrawals through the seed capital), then every view is read, in a random order, on the
 * morning NVDA's 10-for-1 split is due and before anything has applied it: the list, the
 * search, the details, the holdings view, the Performance view, the export and the stored
 * ledger must answer the same NAV cents, cash cents, quantities and since-inception returns.
 * Cash, quantities and the dividends credited are also worked out here from the exported rows
 * and the demo market's own dividends and splits, apart from the product's arithmetic.
 *
 * Each step runs at its own instant of the demo market (a market service per instant), with
 * the domain functions the routes call; the limit orders are filled with the job's function,
 * order by order, so that no other test file's job run sees them.
 */

const SYMBOLS = ['NVDA', 'KO', 'MSFT', 'JNJ'] as const;
const SPLIT_DAY = '2024-06-10';

/** A small seeded generator (mulberry32): each seed is one reproducible random portfolio. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    shuffle: <T>(list: readonly T[]) =>
      list
        .map((x) => ({ x, k: next() }))
        .sort((p, q) => p.k - q.k)
        .map((p) => p.x),
  };
}

/** A market and the functions' dependencies at one instant. */
function at(instant: string) {
  const clock = new Date(instant);
  const market: MarketService = buildMarketService({
    source: new DemoSource(() => clock),
    namespace: `truth${instant}${Math.random().toString(36).slice(2, 8)}:`,
    memoryMs: 0,
  });
  // An import's time is the function's (decision 178), checked by portfolio-import-bounds: here a
  // loaded machine's slowness must not refuse a file, so the commit is given ample time.
  return { store: portfolioStore(), market, now: () => clock, remainingMs: () => 600_000 };
}

/** The demo's close of a day as it traded then (the provider's closes are split-adjusted). */
function tradedPrice(symbol: string, date: string, asOf: Date): number {
  const bars = demoStable(
    'historical-price-eod/full',
    { symbol, from: '2021-01-01', to: date },
    asOf,
  ) as {
    date: string;
    close: number;
  }[];
  const close = bars
    .filter((b) => b.date <= date)
    .sort((x, y) => x.date.localeCompare(y.date))
    .at(-1)!.close;
  const later = SPLITS.filter((s) => s.symbol === symbol && s.date > date && s.date <= SPLIT_DAY);
  const factor = later.reduce((f, s) => (f * s.numerator) / s.denominator, 1);
  return Math.round(close * factor * 100) / 100;
}

interface Row {
  date: string;
  type: string;
  symbol: string | null;
  quantity: number | null;
  price: number | null;
  amount_cents: number;
  fee_cents: number;
}

/** Random past activity: deposits, a withdrawal, buys and sales of whole shares, by date. */
function pastActivity(g: ReturnType<typeof generator>, from: string, to: string, asOf: Date) {
  const start = Date.parse(`${from}T00:00:00Z`);
  const span = (Date.parse(`${to}T00:00:00Z`) - start) / 86_400_000;
  const day = (k: number) => new Date(start + k * 86_400_000).toISOString().slice(0, 10);
  const weekday = (d: string) => {
    let date = d;
    while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()))
      date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return date;
  };
  const lines = [`${weekday(day(0))},deposit,,,,${g.int(50, 150) * 1000},`];
  const held = new Map<string, number>();
  const steps = g.int(4, 8);
  for (let i = 1; i <= steps; i++) {
    const date = weekday(day(Math.floor((span * i) / (steps + 1))));
    if (date >= to) break;
    const roll = g.next();
    const symbol = g.pick(SYMBOLS);
    if (roll < 0.15) lines.push(`${date},deposit,,,,${g.int(5, 30) * 1000},`);
    else if (roll < 0.25) lines.push(`${date},withdrawal,,,,${g.int(1, 5) * 1000},`);
    else if (roll < 0.4 && (held.get(symbol) ?? 0) > 1) {
      const quantity = g.int(1, held.get(symbol)! - 1);
      held.set(symbol, held.get(symbol)! - quantity);
      lines.push(`${date},sell,${symbol},${quantity},${tradedPrice(symbol, date, asOf)},,`);
    } else {
      const quantity = g.int(1, 12);
      held.set(symbol, (held.get(symbol) ?? 0) + quantity);
      lines.push(`${date},buy,${symbol},${quantity},${tradedPrice(symbol, date, asOf)},,1.00`);
    }
  }
  return ['Date,Type,Symbol,Quantity,Price,Amount,Fee', ...lines].join('\n');
}

/**
 * The portfolio worked out from its exported rows and the demo market's splits, in plain
 * arithmetic: cash is every deposit, sale and dividend less every withdrawal, purchase and fee;
 * shares are bought and sold on their day and multiplied at each split (down to a millionth).
 */
function recompute(rows: readonly Row[], today: string) {
  let cash = 0;
  const held = new Map<string, number>();
  const order = (r: Row) => ({ deposit: 0, withdrawal: 0, buy: 2, sell: 2, dividend: 3 })[r.type]!;
  const events = [
    ...rows.map((r, i) => ({ date: r.date, rank: order(r), i, row: r as Row | null, split: null })),
    ...SPLITS.filter((s) => s.date <= today).map((s, i) => ({
      date: s.date,
      rank: 1,
      i,
      row: null,
      split: s,
    })),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.rank - b.rank || a.i - b.i);
  for (const e of events) {
    if (e.split) {
      const q = held.get(e.split.symbol);
      if (q)
        held.set(
          e.split.symbol,
          Math.floor((q * e.split.numerator * 1e6) / e.split.denominator + 1e-6) / 1e6,
        );
      continue;
    }
    const r = e.row!;
    if (r.type === 'deposit' || r.type === 'dividend') cash += r.amount_cents;
    else if (r.type === 'withdrawal') cash -= r.amount_cents;
    else if (r.type === 'buy') {
      cash -= r.amount_cents + r.fee_cents;
      held.set(r.symbol!, (held.get(r.symbol!) ?? 0) + r.quantity!);
    } else {
      cash += r.amount_cents - r.fee_cents;
      held.set(r.symbol!, (held.get(r.symbol!) ?? 0) - r.quantity!);
    }
  }
  return { cash, held: new Map([...held].filter(([, q]) => q > 1e-9)) };
}

/**
 * The dividends the rows' trades earn, from the demo market's dividend rows: each paid by today
 * on the shares held at the start of its ex-date, in today's shares (the provider's amounts are
 * per share of today), rounded to the cent.
 */
function dueDividends(rows: readonly Row[], today: string, asOf: Date) {
  const out: string[] = [];
  for (const symbol of SYMBOLS) {
    const trades = rows.filter(
      (r) => r.symbol === symbol && (r.type === 'buy' || r.type === 'sell'),
    );
    if (trades.length === 0) continue;
    const list = demoStable('dividends', { symbol }, asOf) as {
      date: string;
      paymentDate: string;
      adjDividend: number;
    }[];
    for (const d of list) {
      if (d.paymentDate > today) continue;
      let shares = 0;
      for (const t of trades) {
        if (t.date >= d.date) continue;
        // In today's shares: times every split from the trade's day to today.
        const factor = SPLITS.filter(
          (s) => s.symbol === symbol && s.date > t.date && s.date <= today,
        ).reduce((f, s) => (f * s.numerator) / s.denominator, 1);
        shares += (t.type === 'buy' ? 1 : -1) * t.quantity! * factor;
      }
      if (shares <= 1e-9) continue;
      out.push(`${d.paymentDate}|${symbol}|${Math.round(shares * d.adjDividend * 100)}`);
    }
  }
  return out.sort();
}

const ledgerOf = async (user: string, id: string) => {
  const items = await itemsUnder(user, keys.portfolio(user, id).sk);
  const portfolio = items.find((i) => i.type === 'Portfolio')!;
  const holdings = items.filter((i) => i.type === 'Holding' && Number(i.quantity) > 0);
  return {
    cash: Number(portfolio.cashCents),
    held: new Map(holdings.map((h) => [String(h.symbol), Number(h.quantity)])),
    cost: new Map(holdings.map((h) => [String(h.symbol), Number(h.costCents)])),
  };
};

type Deps = ReturnType<typeof at>;

/** Every view of every portfolio of the user, read in the order given. */
async function readViews(
  deps: Deps,
  user: string,
  ids: readonly string[],
  order: readonly string[],
) {
  const views: Record<string, unknown> = {};
  for (const view of order) {
    if (view === 'list') views.list = await portfolioList(deps, user);
    else if (view === 'search')
      views.search = await searchPortfolios(deps, user, { portfolio_name: '' });
    else
      for (const id of ids) {
        if (view === 'details') views[`details:${id}`] = await portfolioDetails(deps, user, id);
        if (view === 'holdings') views[`holdings:${id}`] = await portfolioHoldings(deps, user, id);
        if (view === 'performance')
          views[`performance:${id}`] = await portfolioPerformance(deps, user, {
            portfolio_id: id,
            period: 'MAX',
          });
        if (view === 'export') views[`export:${id}`] = await exportActivity(deps, user, id);
      }
  }
  return views as {
    list: Awaited<ReturnType<typeof portfolioList>>;
    search: Awaited<ReturnType<typeof portfolioList>>;
  } & Record<string, unknown>;
}

const VIEWS = ['list', 'search', 'details', 'holdings', 'performance', 'export'] as const;

async function expectOneTruth(
  deps: Deps,
  user: string,
  ids: readonly string[],
  order: readonly string[],
  label: string,
) {
  const today = deps.now().toISOString().slice(0, 10);
  const views = await readViews(deps, user, ids, order);
  for (const id of ids) {
    const where = `${label}, portfolio ${id}`;
    const listRow = views.list.data.find((r) => r.portfolio_id === id)!;
    const searchRow = views.search.data.find((r) => r.portfolio_id === id)!;
    const details = (views[`details:${id}`] as Awaited<ReturnType<typeof portfolioDetails>>)
      .data[0]!;
    const holdings = (views[`holdings:${id}`] as Awaited<ReturnType<typeof portfolioHoldings>>)
      .data;
    const performance = (
      views[`performance:${id}`] as Awaited<ReturnType<typeof portfolioPerformance>>
    ).data;
    const rows = (views[`export:${id}`] as Awaited<ReturnType<typeof exportActivity>>).data
      .rows as Row[];
    const ledger = await ledgerOf(user, id);
    const independent = recompute(rows, today);

    // NAV cents.
    const nav = performance.nav_cents;
    expect([listRow.nav_cents, searchRow.nav_cents, holdings.portfolio.nav_cents], where).toEqual([
      nav,
      nav,
      nav,
    ]);
    // Cash cents, the ledger's and one worked out from the exported rows included.
    const cash = performance.cash_cents;
    expect(
      [
        listRow.cash_cents,
        searchRow.cash_cents,
        details.cash_cents,
        holdings.portfolio.cash_cents,
        performance.allocation.find((a) => a.symbol === 'CASH')!.value_cents,
        ledger.cash,
        independent.cash,
      ],
      where,
    ).toEqual([cash, cash, cash, cash, cash, cash, cash]);
    // Quantities and cost.
    const shares = new Map(holdings.holdings.map((h) => [h.symbol, h.quantity]));
    const performanceShares = new Map(
      performance.holdings.filter((h) => h.quantity > 0).map((h) => [h.symbol, h.quantity]),
    );
    expect(performanceShares, where).toEqual(shares);
    expect(ledger.held, where).toEqual(shares);
    expect(independent.held, where).toEqual(shares);
    expect(new Map(holdings.holdings.map((h) => [h.symbol, h.cost_cents])), where).toEqual(
      ledger.cost,
    );
    expect(listRow.stocks_held, where).toBe(shares.size);
    // NVDA's split on the morning it is due: its shares are today's.
    if (shares.has('NVDA'))
      expect(
        performance.corporate_actions.some((a) => a.kind === 'split' && a.date === SPLIT_DAY),
        where,
      ).toBe(true);
    // Since-inception returns and the S&P 500 with the same deposits.
    expect([listRow.irr, searchRow.irr, holdings.portfolio.irr], where).toEqual([
      performance.mwr,
      performance.mwr,
      performance.mwr,
    ]);
    expect([listRow.twr, holdings.portfolio.twr], where).toEqual([
      performance.twr,
      performance.twr,
    ]);
    expect(listRow.benchmark.value_cents, where).toBe(performance.series.at(-1)!.benchmark_cents);
    // The dividends credited are those the trades earned, worked out from the market's rows.
    expect(
      rows
        .filter((r) => r.type === 'dividend')
        .map((r) => `${r.date}|${r.symbol}|${r.amount_cents}`)
        .sort(),
      where,
    ).toEqual(dueDividends(rows, today, deps.now()));
  }
  // The total is the sum of the rows.
  expect(views.list.total_portfolio_value_cents).toBe(
    views.list.data.reduce((sum, r) => sum + (r.nav_cents ?? 0), 0),
  );
}

/** Fills the user's open limit orders as the job does: each at the latest quote, when it crosses. */
async function runFillJob(deps: Deps, user: string) {
  const out = await doc.send(
    new QueryCommand({
      TableName: deps.store.table,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :g',
      ExpressionAttributeValues: { ':g': keys.openOrderPk },
    }),
  );
  const mine = (out.Items ?? []).filter((i) => i.pk === userPk(user));
  const prices = await latestPrices(
    deps.market,
    mine.map((i) => String(i.gsi1sk).split('#')[0]!),
  );
  for (const order of mine) {
    const price = prices.get(String(order.gsi1sk).split('#')[0]!);
    if (price)
      await fillLimitOrder(deps, { pk: String(order.pk), sk: String(order.sk) }, price.price);
  }
}

describe('one portfolio truth across every view', () => {
  for (const seed of [11, 23, 37]) {
    it(
      `random portfolios (seed ${seed}): list, search, details, holdings, performance, export and ledger agree, the morning a split is due included`,
      { timeout: 240_000 },
      async () => {
        const g = generator(seed);
        const user = newUser();
        const ids: string[] = [];

        // Two weeks before the split: portfolios with past activity imported, a second file merged.
        const before = at('2024-05-28T15:00:00Z');
        for (const name of ['Core', 'Satellite']) {
          const created = await createPortfolio(before, user, {
            portfolio_name: `${name} ${seed}`,
            investment_value: g.pick([0, 25_000]),
          });
          const id = created.data!.portfolio_id;
          ids.push(id);
          for (const [from, to] of [
            ['2022-03-01', '2023-06-30'],
            ['2023-01-02', '2024-05-24'],
          ] as const) {
            const csv = pastActivity(g, from, to, before.now());
            const res = await importTransactions(before, user, {
              portfolio_id: id,
              mode: 'commit',
              csv,
            }).catch((error: Error) => error);
            // A file that cannot be merged is refused whole, with the reason: the portfolio stays as it was.
            if (res instanceof Error)
              expect(res.message).toMatch(/cannot|below zero|No row|short|beyond/);
          }
        }

        // A week before: market orders, a deposit and a withdrawal through the seed capital, limit orders.
        const week = at('2024-06-03T15:00:00Z');
        for (const id of ids) {
          const symbol = g.pick(SYMBOLS);
          await placeOrder(week, user, {
            portfolio_id: id,
            stock_symbol: symbol,
            side: 'buy',
            order_type: 'market',
            invest_by: 'quantity',
            quantity: g.int(1, 5),
          }).catch(() => undefined);
          const details = (await portfolioDetails(week, user, id)).data[0]!;
          await updatePortfolio(week, user, {
            portfolio_id: id,
            portfolio_name: details.portfolio_name,
            investment_value: details.investment_value + g.pick([-2_000, 3_000, 10_000]),
          }).catch(() => undefined);
          const quote = (await latestPrices(week.market, ['NVDA'])).get('NVDA')!.price;
          // One that crosses (filled below as the job does) and two that rest open through the split.
          await placeOrder(week, user, {
            portfolio_id: id,
            stock_symbol: 'NVDA',
            side: 'buy',
            order_type: 'limit',
            invest_by: 'quantity',
            quantity: 1,
            limit_price: Math.round(quote * 1.05 * 100) / 100,
          }).catch(() => undefined);
          // Filled at once, as the job does the next day: the shared table's order index is read
          // by other files' runs of the real job at their own clock (portfolio-orders.test.ts),
          // which would otherwise fill a crossing order left open here at their day's price.
          await runFillJob(at('2024-06-04T15:00:00Z'), user);
          await placeOrder(week, user, {
            portfolio_id: id,
            stock_symbol: 'NVDA',
            side: 'buy',
            order_type: 'limit',
            invest_by: 'quantity',
            quantity: 2,
            limit_price: 1,
          }).catch(() => undefined);
        }
        await runFillJob(at('2024-06-04T15:00:00Z'), user);
        // The Friday before: the list is opened, so each portfolio keeps its history as of then.
        const friday = at('2024-06-07T15:00:00Z');
        await portfolioList(friday, user);
        // Over the weekend nothing changes: each holds NVDA shares the split has not touched.
        for (const id of ids) {
          const items = await itemsUnder(user, keys.portfolioChildrenPrefix(id));
          expect(items.find((i) => i.type === 'PortfolioHistory')?.builtOn).toBe('2024-06-07');
          expect(items.some((i) => String(i.actionId).startsWith('SPLIT#NVDA#2024-06-10'))).toBe(
            false,
          );
          expect((await ledgerOf(user, id)).held.get('NVDA') ?? 0).toBeGreaterThan(0);
        }

        // The morning of the split, before the open, before anything has applied it.
        const morning = at(`${SPLIT_DAY}T13:00:00Z`);
        await expectOneTruth(morning, user, ids, g.shuffle(VIEWS), `seed ${seed}, split morning`);

        // Later that day: an order after the split, then every view again.
        const open = at(`${SPLIT_DAY}T15:00:00Z`);
        await placeOrder(open, user, {
          portfolio_id: ids[0]!,
          stock_symbol: 'NVDA',
          side: 'buy',
          order_type: 'market',
          invest_by: 'quantity',
          quantity: 3,
        }).catch(() => undefined);
        await expectOneTruth(open, user, ids, g.shuffle(VIEWS), `seed ${seed}, after an order`);

        // Nothing left open for another file's job run.
        for (const id of ids)
          for (const order of (await portfolioHoldings(open, user, id)).data.open_orders)
            await cancelOrder(open, user, { portfolio_id: id, order_id: order.order_id });
      },
    );
  }
});
