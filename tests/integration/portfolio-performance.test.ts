import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/lib/keys';
import { demoStable } from '../../functions/market/demo/index';
import { fillLimitOrder } from '../../functions/portfolios/orders';
import { portfolioPerformance } from '../../functions/portfolios/performance';
import { readHistory, writeHistory } from '../../functions/portfolios/stored-history';
import { addDays } from '../../shared/portfolio/days';
import { tradeValueCents } from '../../shared/portfolio/money';
import { testMarketClock } from '../support/clock';
import { testStack } from '../support/stack';
import {
  call,
  createPortfolio,
  doc,
  itemsUnder,
  newUser,
  useTestMarket,
} from './portfolio-support';

const market = useTestMarket();

const now = new Date(testMarketClock());
const today = testMarketClock().slice(0, 10);

function demoClose(symbol: string, date: string): number {
  const bars = demoStable(
    'historical-price-eod/full',
    { symbol, from: '2020-01-01', to: date },
    now,
  ) as { date: string; close: number }[];
  return bars
    .filter((b) => b.date <= date)
    .sort((a, b) => a.date.localeCompare(b.date))
    .at(-1)!.close;
}

/** A portfolio started on 2020-06-01 that bought 10 AAPL that day at the unadjusted price (4 x the adjusted close). */
async function backdatedPortfolio(userId: string) {
  const id = await createPortfolio(userId, 'Since 2020', 100_000);
  const price = Math.round(demoClose('AAPL', '2020-06-01') * 4 * 100) / 100;
  const cost = tradeValueCents(10, price);
  const table = testStack().tableName;
  await doc.send(
    new UpdateCommand({
      TableName: table,
      Key: keys.portfolio(userId, id),
      // The level kept at creation belongs to the creation day, not to the backdated one (an
      // import that moves the inception drops it too).
      UpdateExpression:
        'SET inception = :i, cashCents = :c, version = version + :one REMOVE benchmarkStart',
      ExpressionAttributeValues: {
        ':i': '2020-06-01T14:00:00.000Z',
        ':c': 10_000_000 - cost,
        ':one': 1,
      },
    }),
  );
  await doc.send(
    new PutCommand({
      TableName: table,
      Item: {
        ...keys.holding(userId, id, 'AAPL'),
        type: 'Holding',
        portfolioId: id,
        symbol: 'AAPL',
        quantity: 10,
        costCents: cost,
        reservedQuantity: 0,
        updatedAt: '2020-06-01T14:00:00.000Z',
      },
    }),
  );
  await doc.send(
    new PutCommand({
      TableName: table,
      Item: {
        ...keys.transaction(userId, id, '2020-06-01T14:00:00.000Z', 't1'),
        type: 'Transaction',
        portfolioId: id,
        txnId: 't1',
        symbol: 'AAPL',
        side: 'buy',
        quantity: 10,
        price,
        valueCents: cost,
        time: '2020-06-01T14:00:00.000Z',
        orderType: 'market',
      },
    }),
  );
  return { id, cost };
}

/** AAPL dividends paid from the buy to today on 40 of today's shares (10 bought before the 4-for-1 split). */
function expectedDividends(): number {
  const rows = demoStable('dividends', { symbol: 'AAPL' }, now) as {
    date: string;
    paymentDate: string;
    adjDividend: number;
  }[];
  return rows
    .filter((r) => r.date > '2020-06-01' && r.paymentDate <= today)
    .reduce((sum, r) => sum + tradeValueCents(40, r.adjDividend), 0);
}

describe('portfolio performance', () => {
  it('credits dividends on their pay dates and applies the 4-for-1 split once, however often it is read', async () => {
    const user = newUser();
    const { id, cost } = await backdatedPortfolio(user);
    const [a, b] = await Promise.all([
      call(user, 'getPortfolioPerformance', { portfolio_id: id, period: 'MAX' }),
      call(user, 'getPortfolioPerformance', { portfolio_id: id, period: 'MAX' }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const again = await call(user, 'getPortfolioPerformance', { portfolio_id: id, period: '1Y' });
    expect(again.statusCode).toBe(200);

    const items = await itemsUnder(user, keys.portfolioChildrenPrefix(id));
    const actions = items.filter((i) => i.type === 'CorporateAction');
    const dividends = expectedDividends();
    expect(actions.filter((i) => i.kind === 'split')).toHaveLength(1);
    expect(actions.filter((i) => i.kind === 'dividend').length).toBeGreaterThan(20);
    expect(items.find((i) => i.type === 'Holding')).toMatchObject({
      quantity: 40,
      costCents: cost,
    });
    const [portfolio] = await itemsUnder(user, keys.portfolio(user, id).sk);
    expect(portfolio!.cashCents).toBe(10_000_000 - cost + dividends);

    const data = again.body.data;
    expect(data.gain.fee_cents).toBe(0);
    expect(data.holdings[0]).toMatchObject({
      symbol: 'AAPL',
      quantity: 40,
      average_cost: cost / 100 / 40,
    });
    expect(data.holdings[0].dividend_cents).toBe(dividends);
    // A year is 365 days here: annualised over exactly a year is the cumulative figure.
    expect(data.days).toBe(365);
    expect(data.twr.kind).toBe('annualised');
    expect(data.twr.rate).toBeCloseTo(data.twr_cumulative, 12);
    expect(data.mwr.kind).toBe('annualised');
    expect(data.allocation.map((x: { symbol: string }) => x.symbol)).toEqual(['AAPL', 'CASH']);
  });

  it('draws NAV against the S&P 500 with no jump at the split and labels annualised returns over years', async () => {
    const user = newUser();
    const { id } = await backdatedPortfolio(user);
    const res = await call(user, 'getPortfolioPerformance', { portfolio_id: id, period: 'MAX' });
    expect(res.statusCode).toBe(200);
    const data = res.body.data;
    expect(data.start).toBe('2020-06-01');
    expect(data.end).toBe(today);
    expect(data.twr.kind).toBe('annualised');
    const series = data.series as {
      date: string;
      nav_cents: number;
      benchmark_cents: number;
      twr_index: number;
      benchmark_index: number;
    }[];
    expect(series[0]!.benchmark_cents).toBe(10_000_000);
    expect(series.at(-1)!.nav_cents).toBe(data.end_nav_cents);
    const before = series.find((p) => p.date === '2020-08-28')!;
    const at = series.find((p) => p.date === '2020-08-31')!;
    const cashAt = at.nav_cents - tradeValueCents(40, demoClose('AAPL', '2020-08-31'));
    const cashBefore = before.nav_cents - tradeValueCents(40, demoClose('AAPL', '2020-08-28'));
    // The split moves no cash and no value: 40 adjusted shares at the adjusted closes on both days.
    expect(cashAt).toBe(cashBefore);
    expect(series.find((p) => p.date === '2020-06-01')!.benchmark_index).toBeCloseTo(
      (demoClose('^GSPC', '2020-06-01') / demoClose('^GSPC', '2020-05-31')) * 100,
      4,
    );
    expect(data.monthly.length).toBeGreaterThan(60);
  });

  it('applies due splits and dividends before the holdings are shown or an order is placed', async () => {
    const user = newUser();
    const { id, cost } = await backdatedPortfolio(user);
    const holdings = await call(user, 'getPortfolioHoldings', { portfolio_id: id });
    expect(holdings.statusCode).toBe(200);
    expect(JSON.stringify(holdings.body)).toContain('"quantity":40');
    const [portfolio] = await itemsUnder(user, keys.portfolio(user, id).sk);
    expect(portfolio!.cashCents).toBe(10_000_000 - cost + expectedDividends());
    expect(portfolio!.actionsCheckedOn).toBe(today);

    // Another portfolio, not read since its split: a sale of today's 40 shares goes through.
    const seller = newUser();
    const other = await backdatedPortfolio(seller);
    const sold = await call(seller, 'placeOrder', {
      portfolio_id: other.id,
      stock_symbol: 'AAPL',
      side: 'sell',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: '40',
    });
    expect(sold.statusCode).toBe(200);
    const left = await itemsUnder(seller, keys.portfolioChildrenPrefix(other.id));
    expect(left.filter((i) => i.type === 'Holding')).toEqual([]);
    expect(left.filter((i) => i.type === 'CorporateAction' && i.kind === 'split')).toHaveLength(1);
  });

  it('moves an open limit order placed before a split into new shares: quantity x 4, limit / 4', async () => {
    const user = newUser();
    const { id } = await backdatedPortfolio(user);
    const table = testStack().tableName;
    await doc.send(
      new UpdateCommand({
        TableName: table,
        Key: keys.holding(user, id, 'AAPL'),
        UpdateExpression: 'SET reservedQuantity = :r',
        ExpressionAttributeValues: { ':r': 5 },
      }),
    );
    await doc.send(
      new PutCommand({
        TableName: table,
        Item: {
          ...keys.order(user, id, 'o1'),
          type: 'Order',
          userId: user,
          portfolioId: id,
          orderId: 'o1',
          symbol: 'AAPL',
          side: 'sell',
          orderType: 'limit',
          status: 'open',
          quantity: 5,
          investBy: 'quantity',
          limitPrice: 501.5,
          reservedCents: 0,
          createdAt: '2020-06-02T15:00:00.000Z',
        },
      }),
    );
    expect((await call(user, 'getPortfolioHoldings', { portfolio_id: id })).statusCode).toBe(200);
    const items = await itemsUnder(user, keys.portfolioChildrenPrefix(id));
    expect(items.find((i) => i.type === 'Holding')).toMatchObject({
      quantity: 40,
      reservedQuantity: 20,
    });
    expect(items.find((i) => i.type === 'Order')).toMatchObject({
      quantity: 20,
      limitPrice: 125.375,
      status: 'open',
    });
  });

  it('the limit-order job applies a split before it fills an order placed before it', async () => {
    const user = newUser();
    const { id } = await backdatedPortfolio(user);
    const table = testStack().tableName;
    const order = {
      ...keys.order(user, id, 'b1'),
      type: 'Order',
      userId: user,
      portfolioId: id,
      orderId: 'b1',
      symbol: 'AAPL',
      side: 'buy',
      orderType: 'limit',
      status: 'open',
      quantity: 5,
      investBy: 'quantity',
      limitPrice: 400,
      reservedCents: 200_000,
      createdAt: '2020-06-02T15:00:00.000Z',
    };
    await doc.send(new PutCommand({ TableName: table, Item: order }));
    await doc.send(
      new UpdateCommand({
        TableName: table,
        Key: keys.portfolio(user, id),
        UpdateExpression: 'SET reservedCents = :r',
        ExpressionAttributeValues: { ':r': 200_000 },
      }),
    );
    // $125 is below the old $400 limit but above the new $100 one: nothing is bought.
    const store = { client: doc, table };
    expect(
      await fillLimitOrder({ store, market, now: () => now }, { pk: order.pk, sk: order.sk }, 125),
    ).toBe('not-crossed');
    const items = await itemsUnder(user, keys.portfolioChildrenPrefix(id));
    expect(items.find((i) => i.type === 'Order')).toMatchObject({
      quantity: 20,
      limitPrice: 100,
      status: 'open',
    });
    expect(items.find((i) => i.type === 'Holding')).toMatchObject({ quantity: 40 });
    expect(
      await fillLimitOrder({ store, market, now: () => now }, { pk: order.pk, sk: order.sk }, 99),
    ).toBe('filled');
    expect(
      (await itemsUnder(user, keys.portfolioChildrenPrefix(id))).find((i) => i.type === 'Holding'),
    ).toMatchObject({ quantity: 60 });
  });

  it('answers 404 for another user and 400 for a custom period without dates', async () => {
    const owner = newUser();
    const id = await createPortfolio(owner);
    const other = await call(newUser(), 'getPortfolioPerformance', {
      portfolio_id: id,
      period: 'MAX',
    });
    expect(other.statusCode).toBe(404);
    const bad = await call(owner, 'getPortfolioPerformance', {
      portfolio_id: id,
      period: 'custom',
    });
    expect(bad.statusCode).toBe(400);
    const fresh = await call(owner, 'getPortfolioPerformance', { portfolio_id: id, period: 'YTD' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body.data.nav_cents).toBe(10_000_000);
    expect(fresh.body.data.series).toHaveLength(1);
  });
});

describe('the NAV history kept up to yesterday (decision 130)', () => {
  const store = () => ({ client: doc, table: testStack().tableName });
  const performance = async (user: string, id: string, period = 'MAX') => {
    const res = await call(user, 'getPortfolioPerformance', { portfolio_id: id, period });
    expect(res.statusCode).toBe(200);
    return res.body.data;
  };
  /** The same read with nothing kept: a replay from inception. */
  const replayedFromInception = async (user: string, id: string, period = 'MAX') => {
    await doc.send(
      new DeleteCommand({ TableName: testStack().tableName, Key: keys.portfolioHistory(user, id) }),
    );
    return performance(user, id, period);
  };
  /** Marks the kept history: a read that uses it shows the mark on the first day. */
  const mark = async (user: string, id: string) => {
    const kept = (await readHistory(store(), user, id))!;
    kept.points[0] = { ...kept.points[0]!, navCents: 1 };
    expect(await writeHistory(store(), user, id, kept)).toBe('written');
  };

  it('is written by a read, serves the next reads, and answers as a replay from inception does', async () => {
    const user = newUser();
    const { id } = await backdatedPortfolio(user);
    const first = await performance(user, id);
    const kept = await readHistory(store(), user, id);
    expect(kept).toMatchObject({ through: addDays(today, -1), builtOn: today });
    expect(kept!.points[0]!.date).toBe('2020-06-01');
    expect(kept!.points.at(-1)!.date).toBe(addDays(today, -1));
    expect(kept!.points.map((pt) => pt.navCents)).toEqual(
      first.series.slice(0, -1).map((pt: { nav_cents: number }) => pt.nav_cents),
    );
    expect(await performance(user, id)).toEqual(first);
    expect(await performance(user, id, '1Y')).toEqual(await replayedFromInception(user, id, '1Y'));

    // The next read of the day reads the kept days rather than replaying them.
    await mark(user, id);
    expect((await performance(user, id)).series[0].nav_cents).toBe(1);
  });

  /** A portfolio whose history is kept (and marked), then 2 AAPL bought today. */
  async function keptThenBoughtToday() {
    const user = newUser();
    const { id } = await backdatedPortfolio(user);
    await performance(user, id);
    await mark(user, id);
    const bought = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'AAPL',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: '2',
    });
    expect(bought.statusCode).toBe(200);
    return { user, id };
  }

  it('resumes from yesterday after a trade today, and replays from inception after a change to an earlier day', async () => {
    const { user, id } = await keptThenBoughtToday();
    const afterTrade = await performance(user, id);
    // The trade is today's: the kept days stand (the mark shows), today has the new shares.
    expect(afterTrade.series[0].nav_cents).toBe(1);
    expect(afterTrade.holdings[0].quantity).toBe(42);
    const fresh = await replayedFromInception(user, id);
    expect({ ...afterTrade, series: afterTrade.series.slice(1) }).toEqual({
      ...fresh,
      series: fresh.series.slice(1),
    });

    // A sale dated a year ago changes the days since: the kept history is not used.
    await mark(user, id);
    const time = `${addDays(today, -365)}T15:00:00.000Z`;
    const price = demoClose('AAPL', addDays(today, -365));
    await doc.send(
      new PutCommand({
        TableName: testStack().tableName,
        Item: {
          ...keys.transaction(user, id, time, 'backdated'),
          type: 'Transaction',
          portfolioId: id,
          txnId: 'backdated',
          symbol: 'AAPL',
          side: 'sell',
          quantity: 1,
          price,
          valueCents: tradeValueCents(1, price),
          time,
          orderType: 'market',
        },
      }),
    );
    await doc.send(
      new UpdateCommand({
        TableName: testStack().tableName,
        Key: keys.portfolio(user, id),
        UpdateExpression: 'SET version = version + :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    const afterBackdated = await performance(user, id);
    expect(afterBackdated.series[0].nav_cents).not.toBe(1);
    expect(afterBackdated).toEqual(await replayedFromInception(user, id));
  });

  it('after a trade today reads only the transactions since the kept day; a ledger the kept items do not explain reads every item', async () => {
    const { user, id } = await keptThenBoughtToday();
    const store = { client: doc, table: testStack().tableName };
    const read = async () =>
      (
        await portfolioPerformance({ store, market, now: () => now }, user, {
          portfolio_id: id,
          period: 'MAX',
        })
      ).data;
    const conditions: string[] = [];
    doc.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'QueryCommand')
          conditions.push(
            String((args.input as { KeyConditionExpression?: string }).KeyConditionExpression),
          );
        return next(args);
      },
      { step: 'initialize', name: 'keyConditions' },
    );
    try {
      const afterTrade = await read();
      expect(conditions.length).toBeGreaterThan(0);
      expect(conditions.every((c) => c.includes('BETWEEN'))).toBe(true);
      expect(afterTrade.series[0]!.nav_cents).toBe(1);
      expect(afterTrade.holdings[0]!.quantity).toBe(42);

      // Cash the kept trades and actions do not account for (here written without its item).
      await mark(user, id);
      await doc.send(
        new UpdateCommand({
          TableName: testStack().tableName,
          Key: keys.portfolio(user, id),
          UpdateExpression: 'SET version = version + :one, cashCents = cashCents + :one',
          ExpressionAttributeValues: { ':one': 1 },
        }),
      );
      conditions.length = 0;
      await read();
      expect(conditions.some((c) => c.includes('begins_with'))).toBe(true);
    } finally {
      doc.middlewareStack.remove('keyConditions');
    }
  });

  it('on a later day, with nothing changed, resumes from the kept trades and actions without reading the items', async () => {
    const user = newUser();
    const { id } = await backdatedPortfolio(user);
    await performance(user, id);
    await mark(user, id);
    const store = { client: doc, table: testStack().tableName };
    const tomorrow = new Date(now.getTime() + 86_400_000);
    const read = () =>
      portfolioPerformance({ store, market, now: () => tomorrow }, user, {
        portfolio_id: id,
        period: 'MAX',
      });
    let queries = 0;
    doc.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'QueryCommand') queries++;
        return next(args);
      },
      { step: 'initialize', name: 'countQueries' },
    );
    try {
      const next = (await read()).data;
      expect(queries).toBe(0);
      expect(next.series[0]!.nav_cents).toBe(1);
      expect(next.end).toBe(addDays(today, 1));
      const kept = await readHistory(store, user, id);
      expect(kept).toMatchObject({ through: today, builtOn: addDays(today, 1) });

      await doc.send(
        new DeleteCommand({ TableName: store.table, Key: keys.portfolioHistory(user, id) }),
      );
      const fresh = (await read()).data;
      expect({ ...next, series: next.series.slice(1) }).toEqual({
        ...fresh,
        series: fresh.series.slice(1),
      });
    } finally {
      doc.middlewareStack.remove('countQueries');
    }
  });
});
