import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as fillLimitOrders } from '../../functions/jobs/fillLimitOrders';
import { keys } from '../../functions/lib/keys';
import { buyIntoPortfolio, PITCH_BUY_DEFAULT_POSITION_PCT } from '../../functions/portfolios';
import {
  portfolioHoldingsResponseSchema,
  placeOrderResponseSchema,
} from '../../shared/schemas/portfolio-api';
import { testStack } from '../support/stack';
import {
  call,
  createPortfolio,
  doc,
  itemsUnder,
  newUser,
  openOrderEntries,
  putPitch,
  setQuote,
  useTestMarket,
} from './portfolio-support';

// Limit orders are filled by a job that reads every open order of the table: all tests
// that leave limit orders open live in this one file, so no other file's job run sees them.

const market = useTestMarket();

const holdings = async (user: string, id: string) =>
  portfolioHoldingsResponseSchema.parse(
    (await call(user, 'getPortfolioHoldings', { portfolio_id: id })).body,
  ).data;

async function interestOf(user: string, symbol: string) {
  const out = await doc.send(
    new GetCommand({
      TableName: testStack().tableName,
      Key: keys.symbolInterest(user, symbol, 'holding'),
      ConsistentRead: true,
    }),
  );
  return out.Item;
}

describe('market orders', () => {
  it('a buy by amount fills at the cached quote: transaction, cash, holding, NAV and the return as the quote moves', async () => {
    const user = newUser();
    await setQuote(market, 'AAPL', 200);
    await setQuote(market, '^GSPC', 5000);
    const id = await createPortfolio(user, 'Apple', 100_000);
    const res = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'aapl',
      order_type: 'market',
      invest_by: 'amount',
      amount: '20,000',
    });
    expect(res.statusCode).toBe(200);
    const placed = placeOrderResponseSchema.parse(res.body);
    expect(placed.message).toBe('Order filled');
    expect(placed.data.transaction).toMatchObject({
      symbol: 'AAPL',
      side: 'buy',
      quantity: 100,
      price: 200,
      value_cents: 2_000_000,
      order_type: 'market',
    });
    expect(placed.data.cash_cents).toBe(8_000_000);

    await setQuote(market, 'AAPL', 210);
    await setQuote(market, '^GSPC', 5100);
    const data = await holdings(user, id);
    expect(data.holdings).toEqual([
      {
        symbol: 'AAPL',
        quantity: 100,
        reserved_quantity: 0,
        cost_cents: 2_000_000,
        average_price: 200,
        price: 210,
        value_cents: 2_100_000,
        gain_cents: 100_000,
        weight: 2_100_000 / 10_100_000,
      },
    ]);
    expect(data.portfolio).toMatchObject({
      cash_cents: 8_000_000,
      nav_cents: 10_100_000,
      stocks_held: 1,
      irr: { kind: 'cumulative', rate: 0.01 },
    });
    expect(data.portfolio.benchmark).toMatchObject({
      kind: 'cumulative',
      rate: 0.02,
      symbol: '^GSPC',
    });
    expect(data.transactions).toHaveLength(1);
    expect((await call(user, 'stockPerPortfolio', { portfolio_id: id })).body).toEqual({
      data: ['AAPL'],
    });
    expect(await interestOf(user, 'AAPL')).toBeDefined();
    const list = (await call(user, 'getPortfolioList')).body;
    expect(list.total_portfolio_value_cents).toBe(10_100_000);
  });

  it('sells part then all of a holding: cash comes back at the quote, average cost is kept, the emptied holding and its interest go', async () => {
    const user = newUser();
    await setQuote(market, 'MSFT', 400);
    const id = await createPortfolio(user, 'Softies', 10_000);
    await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'MSFT',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 10,
    });
    await setQuote(market, 'MSFT', 450);
    const part = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'MSFT',
      side: 'sell',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 2.5,
    });
    expect(part.statusCode).toBe(200);
    expect(part.body.data.cash_cents).toBe(600_000 + 112_500);
    let data = await holdings(user, id);
    expect(data.holdings[0]).toMatchObject({ symbol: 'MSFT', quantity: 7.5, cost_cents: 300_000 });

    const over = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'MSFT',
      side: 'sell',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 8,
    });
    expect(over.statusCode).toBe(400);
    expect(over.body.message).toBe(
      'This portfolio holds 7.5 shares of MSFT, fewer than the 8 to sell',
    );

    const all = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'MSFT',
      side: 'sell',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 7.5,
    });
    expect(all.statusCode).toBe(200);
    data = await holdings(user, id);
    expect(data.holdings).toEqual([]);
    expect(data.portfolio).toMatchObject({
      cash_cents: 1_050_000,
      nav_cents: 1_050_000,
      irr: { kind: 'cumulative', rate: 0.05 },
    });
    expect(data.transactions.map((t) => t.side)).toEqual(['sell', 'sell', 'buy']);
    expect((await call(user, 'stockPerPortfolio', { portfolio_id: id })).body.data).toEqual([]);
    expect(await interestOf(user, 'MSFT')).toBeUndefined();
  });

  it('refuses a buy that needs more cash than the portfolio has, with the amounts, and changes nothing', async () => {
    const user = newUser();
    await setQuote(market, 'NVDA', 100);
    const id = await createPortfolio(user, 'Small', 1000);
    const before = JSON.stringify(await itemsUnder(user, 'PORTFOLIO#'));
    const res = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'NVDA',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 10.5,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(
      'Not enough cash: this order needs $1,050.00 but the portfolio has $1,000.00',
    );
    expect(JSON.stringify(await itemsUnder(user, 'PORTFOLIO#'))).toBe(before);
  });

  it('sizes a buy by position size as a share of the NAV, to whole cents', async () => {
    const user = newUser();
    await setQuote(market, 'KO', 60);
    const id = await createPortfolio(user, 'Sized', 10_000);
    const res = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'KO',
      order_type: 'market',
      invest_by: 'positionSize',
      position_size: 12.5,
    });
    expect(res.statusCode).toBe(200);
    // 12.5 % of $10,000 = $1,250 at $60: 20.833333 shares (rounded down), $1,250.00 (half up).
    expect(res.body.data.transaction).toMatchObject({ quantity: 20.833333, value_cents: 125_000 });
    expect(res.body.data.cash_cents).toBe(875_000);
  });

  it('refuses an order for a symbol without a quote', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Unknown', 1000);
    const res = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'ZZZZQ',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('There is no quote for ZZZZQ right now');
  });

  it('concurrent orders cannot overspend: of six buys of 30 % of the cash, exactly three fill', async () => {
    const user = newUser();
    await setQuote(market, 'AMZN', 100);
    const id = await createPortfolio(user, 'Race', 10_000);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(user, 'placeOrder', {
          portfolio_id: id,
          stock_symbol: 'AMZN',
          order_type: 'market',
          invest_by: 'amount',
          amount: 3000,
        }),
      ),
    );
    const filled = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(filled).toHaveLength(3);
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(r.body.message).toMatch(
        /^Not enough cash: this order needs \$3,000\.00 but the portfolio has \$1,000\.00$/,
      );
    }
    const data = await holdings(user, id);
    expect(data.portfolio.cash_cents).toBe(100_000);
    expect(data.holdings[0]).toMatchObject({ quantity: 90, cost_cents: 900_000 });
    expect(data.transactions).toHaveLength(3);
  });
});

describe('limit orders', () => {
  it('a limit buy rests with its cash set aside, the job leaves it above the limit and fills it when the quote crosses', async () => {
    const user = newUser();
    await setQuote(market, 'META', 500);
    const id = await createPortfolio(user, 'Patient', 10_000);
    const res = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'META',
      order_type: 'limit',
      invest_by: 'amount',
      amount: 4000,
      limit_price: 480,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('Limit order placed');
    const order = res.body.data.order;
    expect(order).toMatchObject({
      status: 'open',
      order_type: 'limit',
      limit_price: 480,
      quantity: 8.333333,
      reserved_cents: 400_000,
    });
    expect(res.body.data.transaction).toBeNull();
    expect(await openOrderEntries(user)).toHaveLength(1);
    expect(await interestOf(user, 'META')).toBeDefined();

    // The cash set aside is not available to other orders.
    const tooMuch = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'META',
      order_type: 'market',
      invest_by: 'amount',
      amount: 6500,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body.message).toBe(
      'Not enough cash: this order needs $6,500.00 but the portfolio has $6,000.00 available ($4,000.00 is set aside for open orders)',
    );

    await fillLimitOrders({});
    let data = await holdings(user, id);
    expect(data.open_orders).toHaveLength(1);
    expect(data.holdings).toEqual([]);

    await setQuote(market, 'META', 470);
    const run = await fillLimitOrders({});
    expect(run.filled).toBeGreaterThanOrEqual(1);
    data = await holdings(user, id);
    expect(data.open_orders).toEqual([]);
    expect(data.closed_orders[0]).toMatchObject({
      order_id: order.order_id,
      status: 'filled',
      fill_price: 470,
    });
    // 8.333333 shares at $470 = $3,916.67 (half up); the reservation is released.
    expect(data.transactions[0]).toMatchObject({
      symbol: 'META',
      side: 'buy',
      quantity: 8.333333,
      price: 470,
      value_cents: 391_667,
      order_type: 'limit',
      order_id: order.order_id,
    });
    expect(data.portfolio).toMatchObject({ cash_cents: 1_000_000 - 391_667, reserved_cents: 0 });
    expect(data.holdings[0]).toMatchObject({
      symbol: 'META',
      quantity: 8.333333,
      cost_cents: 391_667,
    });
    expect(await openOrderEntries(user)).toEqual([]);
  });

  it('a limit sell sets shares aside, fills at or above the limit, and cannot be cancelled once filled', async () => {
    const user = newUser();
    await setQuote(market, 'GOOGL', 150);
    const id = await createPortfolio(user, 'Seller', 10_000);
    await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'GOOGL',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 10,
    });
    const res = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'GOOGL',
      side: 'sell',
      order_type: 'limit',
      invest_by: 'quantity',
      quantity: 6,
      limit_price: 160,
    });
    expect(res.statusCode).toBe(200);
    let data = await holdings(user, id);
    expect(data.holdings[0]).toMatchObject({ quantity: 10, reserved_quantity: 6 });
    const over = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'GOOGL',
      side: 'sell',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 5,
    });
    expect(over.statusCode).toBe(400);
    expect(over.body.message).toBe(
      'This portfolio can sell 4 shares of GOOGL (6 more are set aside for open orders), fewer than the 5 to sell',
    );

    await setQuote(market, 'GOOGL', 165);
    await fillLimitOrders({});
    data = await holdings(user, id);
    expect(data.holdings[0]).toMatchObject({
      quantity: 4,
      reserved_quantity: 0,
      cost_cents: 60_000,
    });
    expect(data.portfolio.cash_cents).toBe(1_000_000 - 150_000 + 99_000);
    const cancel = await call(user, 'cancelOrder', {
      portfolio_id: id,
      order_id: res.body.data.order.order_id,
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.body.message).toBe('This order has already been filled');
  });

  it('cancelling an open order gives back its cash, takes it off the index, and a second cancel is refused', async () => {
    const user = newUser();
    await setQuote(market, 'TSLA', 250);
    const id = await createPortfolio(user, 'Cancel', 5000);
    const res = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'TSLA',
      order_type: 'limit',
      invest_by: 'quantity',
      quantity: 10,
      limit_price: 200,
    });
    const orderId = res.body.data.order.order_id as string;
    expect(res.body.data.reserved_cents).toBe(200_000);
    const cancel = await call(user, 'cancelOrder', { portfolio_id: id, order_id: orderId });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.body).toMatchObject({
      message: 'Order cancelled',
      data: { order: { status: 'cancelled' } },
    });
    const data = await holdings(user, id);
    expect(data.portfolio).toMatchObject({ cash_cents: 500_000, reserved_cents: 0 });
    expect(data.open_orders).toEqual([]);
    expect(await openOrderEntries(user)).toEqual([]);
    expect(await interestOf(user, 'TSLA')).toBeUndefined();

    // The job no longer fills it, whatever the price.
    await setQuote(market, 'TSLA', 150);
    await fillLimitOrders({});
    expect((await holdings(user, id)).holdings).toEqual([]);
    expect(
      (await call(user, 'cancelOrder', { portfolio_id: id, order_id: orderId })).statusCode,
    ).toBe(409);
    expect(
      (await call(user, 'cancelOrder', { portfolio_id: id, order_id: 'no-such-order' })).body
        .message,
    ).toBe('Order not found');
  });
});

describe('deleting a portfolio', () => {
  it('deletes its holdings, transactions and open orders, and releases the symbols held nowhere else', async () => {
    const user = newUser();
    await setQuote(market, 'AAPL', 200);
    await setQuote(market, 'NFLX', 600);
    const doomed = await createPortfolio(user, 'Doomed', 50_000);
    const kept = await createPortfolio(user, 'Kept', 50_000);
    await call(user, 'placeOrder', {
      portfolio_id: doomed,
      stock_symbol: 'AAPL',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 5,
    });
    await call(user, 'placeOrder', {
      portfolio_id: doomed,
      stock_symbol: 'NFLX',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 2,
    });
    await call(user, 'placeOrder', {
      portfolio_id: doomed,
      stock_symbol: 'NFLX',
      order_type: 'limit',
      invest_by: 'quantity',
      quantity: 1,
      limit_price: 100,
    });
    await call(user, 'placeOrder', {
      portfolio_id: kept,
      stock_symbol: 'AAPL',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 1,
    });
    expect(
      (await itemsUnder(user, keys.portfolioChildrenPrefix(doomed))).length,
    ).toBeGreaterThanOrEqual(7);
    expect(await openOrderEntries(user)).toHaveLength(1);

    const res = await call(user, 'deletePortfolio', { portfolio_id: doomed });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('Deleted successfully!');
    expect(await itemsUnder(user, keys.portfolioChildrenPrefix(doomed))).toEqual([]);
    expect(await itemsUnder(user, keys.portfolio(user, doomed).sk)).toEqual([]);
    expect(await openOrderEntries(user)).toEqual([]);
    expect(await interestOf(user, 'NFLX')).toBeUndefined();
    expect(await interestOf(user, 'AAPL')).toBeDefined();
    expect((await holdings(user, kept)).holdings).toHaveLength(1);
    expect((await call(user, 'deletePortfolio', { portfolio_id: doomed })).statusCode).toBe(404);
  });
});

describe('buying a pitch into a portfolio', () => {
  it('records the pitch on the transaction and by default buys the default share of the NAV', async () => {
    const user = newUser();
    await setQuote(market, 'AAPL', 200);
    await putPitch(user, 'pitch-1', 'AAPL');
    const id = await createPortfolio(user, 'Pitches', 100_000);
    const out = await buyIntoPortfolio(user, {
      portfolio_id: id,
      stock_symbol: 'AAPL',
      valuation_id: 'pitch-1',
    });
    expect(out.data.transaction).toMatchObject({
      symbol: 'AAPL',
      valuation_id: 'pitch-1',
      quantity: 25,
      value_cents: 500_000,
    });
    expect(PITCH_BUY_DEFAULT_POSITION_PCT).toBe(5);
    const data = await holdings(user, id);
    expect(data.transactions[0]?.valuation_id).toBe('pitch-1');
    await expect(
      buyIntoPortfolio(user, {
        portfolio_id: id,
        symbol: 'AAPL',
        valuation_id: 'someone-elses',
        amount: 100,
      }),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Pitch not found' });
    await expect(
      buyIntoPortfolio(newUser(), { portfolio_id: id, symbol: 'AAPL', amount: 100 }),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Portfolio not found' });
    const placed = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'AAPL',
      order_type: 'market',
      invest_by: 'amount',
      amount: 1000,
      valuation_id: 'pitch-1',
    });
    expect(placed.body.data.transaction.valuation_id).toBe('pitch-1');
  });
});
