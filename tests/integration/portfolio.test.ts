import { describe, expect, it } from 'vitest';
import {
  portfolioDetailsResponseSchema,
  portfolioListResponseSchema,
  portfolioMessageResponseSchema,
} from '../../shared/schemas/portfolio-api';
import { apiClient } from '../support/api';
import { createSignedInUser } from '../support/users';
import {
  call,
  createPortfolio,
  itemsUnder,
  newUser,
  setQuote,
  useTestMarket,
} from './portfolio-support';
import { nowMs as clockNowMs } from '../../functions/lib/clock';
import { testMarketClock } from '../support/clock';

const market = useTestMarket();

describe('creating a portfolio', () => {
  it('stores the name and seed capital, dates the inception by the server clock and lists it with NAV = seed', async () => {
    const user = newUser();
    const before = clockNowMs();
    const res = await call(user, 'addPortfolio', {
      portfolio_name: '  Dividend Growers ',
      investment_value: '1,500,000.25',
      date_time: '2001-01-01T09:30:00Z',
    });
    expect(res.statusCode).toBe(200);
    const body = portfolioMessageResponseSchema.parse(res.body);
    expect(body.message).toBe('Portfolio Created successfully');
    expect(body.data).toMatchObject({
      portfolio_name: 'Dividend Growers',
      investment_value: 1_500_000.25,
      investment_cents: 150_000_025,
      cash_cents: 150_000_025,
      reserved_cents: 0,
      date_time: '2001-01-01T09:30:00Z',
    });
    const inception = Date.parse(body.data!.inception_date);
    // The product's clock: pinned by the test stack, so the inception falls on the pinned day.
    expect(inception).toBeGreaterThanOrEqual(before - 1000);
    expect(inception).toBeLessThanOrEqual(clockNowMs() + 1000);
    expect(body.data!.inception_date.slice(0, 10)).toBe(testMarketClock().slice(0, 10));

    const list = portfolioListResponseSchema.parse((await call(user, 'getPortfolioList')).body);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      portfolio_id: body.data!.portfolio_id,
      nav_cents: 150_000_025,
      net_asset_value: 1_500_000.25,
      stocks_held: 0,
      irr: { kind: 'cumulative', rate: 0 },
    });
    expect(list.data[0]!.benchmark).toMatchObject({ symbol: '^GSPC', kind: 'cumulative', rate: 0 });
    expect(list.total_porfolio_value).toBe(1_500_000.25);
    expect(list.total_portfolio_value_cents).toBe(150_000_025);
  });

  it('defaults the seed capital to $100,000,000 and sums every NAV into total_porfolio_value', async () => {
    const user = newUser();
    await call(user, 'addPortfolio', { portfolio_name: 'Default seed' });
    await createPortfolio(user, 'Small', 2500.5);
    const list = portfolioListResponseSchema.parse((await call(user, 'getPortfolioList')).body);
    expect(list.data.map((r) => r.investment_value).sort((a, b) => a - b)).toEqual([
      2500.5, 100_000_000,
    ]);
    expect(list.total_portfolio_value_cents).toBe(10_000_000_000 + 250_050);
    expect(list.total_porfolio_value).toBe(100_002_500.5);
  });

  it('lists nothing for a user without portfolios, with a total of 0', async () => {
    const res = await call(newUser(), 'getPortfolioList');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ data: [], total_porfolio_value: 0 });
  });
});

describe('updating a portfolio', () => {
  it('renames and changes the seed capital, moving cash by the difference; details return it as data[0]', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Before', 10_000);
    const res = await call(user, 'updatePortfolioDetails', {
      portfolio_id: id,
      portfolio_name: 'After',
      investment_value: 12_345.67,
      date_time: '2026-03-10',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('Updated successfully');
    const details = portfolioDetailsResponseSchema.parse(
      (await call(user, 'getPortfolioDetails', { portfolio_id: id })).body,
    );
    expect(details.data[0]).toMatchObject({
      portfolio_name: 'After',
      investment_value: 12_345.67,
      cash_cents: 1_234_567,
      date_time: '2026-03-10',
    });
    const row = (await call(user, 'getPortfolioList')).body.data[0];
    // Adjusted on the inception day: the seed itself changed, the return is still 0.
    expect(row).toMatchObject({ nav_cents: 1_234_567, irr: { kind: 'cumulative', rate: 0 } });
  });

  it('refuses a seed capital below what is invested, and changes nothing', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Invested', 10_000);
    await setQuote(market, 'MSFT', 400);
    expect(
      (
        await call(user, 'placeOrder', {
          portfolio_id: id,
          stock_symbol: 'MSFT',
          order_type: 'market',
          invest_by: 'quantity',
          quantity: 20,
        })
      ).statusCode,
    ).toBe(200);
    const res = await call(user, 'updatePortfolioDetails', {
      portfolio_id: id,
      portfolio_name: 'Invested',
      investment_value: 7000,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(
      'Seed capital cannot be less than $8,000.00: the rest is invested or set aside for open orders',
    );
    const details = (await call(user, 'getPortfolioDetails', { portfolio_id: id })).body.data[0];
    expect(details).toMatchObject({ investment_cents: 1_000_000, cash_cents: 200_000 });
  });
});

describe('searching portfolios', () => {
  it('matches part of the name in any case; an empty name lists them all', async () => {
    const user = newUser();
    await createPortfolio(user, 'Tech Leaders');
    await createPortfolio(user, 'Value picks');
    await createPortfolio(user, 'Biotech bets');
    const tech = await call(user, 'searchPortfolioList', { portfolio_name: 'TECH' });
    expect(tech.statusCode).toBe(200);
    expect(tech.body.data.map((r: { portfolio_name: string }) => r.portfolio_name).sort()).toEqual([
      'Biotech bets',
      'Tech Leaders',
    ]);
    expect(tech.body.total_porfolio_value).toBe(200_000);
    expect(
      (await call(user, 'searchPortfolioList', { portfolio_name: '' })).body.data,
    ).toHaveLength(3);
    expect((await call(user, 'searchPortfolioList', {})).body.data).toHaveLength(3);
    expect(
      (await call(user, 'searchPortfolioList', { portfolio_name: 'bonds' })).body.data,
    ).toEqual([]);
  });
});

describe('bad payloads', () => {
  it('answers 400 with a clear message and changes nothing', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Keep me', 5000);
    const snapshot = async () => JSON.stringify(await itemsUnder(user, 'PORTFOLIO#'));
    const before = await snapshot();
    const cases: [Parameters<typeof call>[1], unknown, string][] = [
      [
        'addPortfolio',
        { portfolio_name: 'Neg', investment_value: -1 },
        'Seed capital must be between $0 and $200,000,000',
      ],
      ['addPortfolio', { portfolio_name: 'Text', investment_value: 'lots' }, 'Enter a number'],
      [
        'addPortfolio',
        { portfolio_name: 'Huge', investment_value: 200_000_000.01 },
        'Seed capital must be between $0 and $200,000,000',
      ],
      [
        'addPortfolio',
        { portfolio_name: 'x'.repeat(10_000), investment_value: 10 },
        'Portfolio Name must be at most 100 characters',
      ],
      [
        'addPortfolio',
        { portfolio_name: '   ', investment_value: 10 },
        'Portfolio Name is required',
      ],
      ['addPortfolio', { investment_value: 10 }, 'Portfolio Name is required'],
      [
        'addPortfolio',
        { portfolio_name: 'Date', date_time: 'yesterday' },
        'Use a date and time such as 2024-05-18T09:30:00Z',
      ],
      ['addPortfolio', { portfolio_name: 'Extra', user_id: 'someone' }, ''],
      ['addPortfolio', '{not json', 'The request body must be valid JSON'],
      [
        'updatePortfolioDetails',
        { portfolio_id: id, portfolio_name: 'Keep me', investment_value: -5 },
        'Seed capital must be between $0 and $200,000,000',
      ],
      [
        'updatePortfolioDetails',
        { portfolio_id: id, portfolio_name: 'x'.repeat(10_000), investment_value: 5 },
        'Portfolio Name must be at most 100 characters',
      ],
      [
        'updatePortfolioDetails',
        { portfolio_id: id, portfolio_name: 'Keep me', investment_value: 'NaN' },
        'Enter a number',
      ],
      [
        'searchPortfolioList',
        { portfolio_name: 'x'.repeat(10_000) },
        'Portfolio Name must be at most 100 characters',
      ],
      ['getPortfolioDetails', { portfolio_id: '../etc' }, 'That id is not valid'],
      [
        'placeOrder',
        {
          portfolio_id: id,
          stock_symbol: 'AAPL',
          order_type: 'market',
          invest_by: 'amount',
          amount: -3,
        },
        'Amount must be more than $0',
      ],
      [
        'placeOrder',
        {
          portfolio_id: id,
          stock_symbol: 'AAPL',
          order_type: 'limit',
          invest_by: 'quantity',
          quantity: 1,
        },
        'Limit price is required',
      ],
      [
        'placeOrder',
        {
          portfolio_id: id,
          stock_symbol: 'not a symbol',
          order_type: 'market',
          invest_by: 'quantity',
          quantity: 1,
        },
        'Enter a valid stock symbol',
      ],
      ['cancelOrder', { portfolio_id: id }, ''],
    ];
    for (const [name, body, message] of cases) {
      const res = await call(user, name, body);
      expect(res.statusCode, `${name} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(typeof res.body.message).toBe('string');
      if (message) expect(res.body.message).toBe(message);
    }
    expect(await snapshot()).toBe(before);
    expect((await call(user, 'getPortfolioList')).body.data).toHaveLength(1);
  });

  it('answers 404 for an unknown portfolio id on every route that takes one, and changes nothing', async () => {
    const user = newUser();
    await createPortfolio(user, 'Only one', 5000);
    const before = JSON.stringify(await itemsUnder(user, 'PORTFOLIO#'));
    const unknown = 'no-such-portfolio';
    const cases: [Parameters<typeof call>[1], unknown][] = [
      ['getPortfolioDetails', { portfolio_id: unknown }],
      [
        'updatePortfolioDetails',
        { portfolio_id: unknown, portfolio_name: 'X', investment_value: 1 },
      ],
      ['deletePortfolio', { portfolio_id: unknown }],
      ['stockPerPortfolio', { portfolio_id: unknown }],
      ['getPortfolioHoldings', { portfolio_id: unknown }],
      [
        'placeOrder',
        {
          portfolio_id: unknown,
          stock_symbol: 'AAPL',
          order_type: 'market',
          invest_by: 'quantity',
          quantity: 1,
        },
      ],
      ['cancelOrder', { portfolio_id: unknown, order_id: 'abc' }],
    ];
    for (const [name, body] of cases) {
      const res = await call(user, name, body);
      expect(res.statusCode, name).toBe(404);
      expect(res.body.message).toBe('Portfolio not found');
    }
    expect(JSON.stringify(await itemsUnder(user, 'PORTFOLIO#'))).toBe(before);
  });
});

describe("other users' portfolios", () => {
  it('are refused with 404 on every portfolio route and stay as they were', async () => {
    const owner = newUser();
    const intruder = newUser();
    await setQuote(market, 'AAPL', 200);
    const id = await createPortfolio(owner, 'Private', 50_000);
    await call(owner, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'AAPL',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 10,
    });
    const limit = await call(owner, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: 'AAPL',
      order_type: 'limit',
      invest_by: 'quantity',
      quantity: 1,
      limit_price: 1,
    });
    const orderId = limit.body.data.order.order_id as string;
    const before = JSON.stringify(await itemsUnder(owner, 'PORTFOLIO#'));

    const cases: [Parameters<typeof call>[1], unknown][] = [
      ['getPortfolioDetails', { portfolio_id: id }],
      [
        'updatePortfolioDetails',
        { portfolio_id: id, portfolio_name: 'Mine now', investment_value: 1 },
      ],
      ['deletePortfolio', { portfolio_id: id }],
      ['stockPerPortfolio', { portfolio_id: id }],
      ['getPortfolioHoldings', { portfolio_id: id }],
      [
        'placeOrder',
        {
          portfolio_id: id,
          stock_symbol: 'AAPL',
          order_type: 'market',
          invest_by: 'quantity',
          quantity: 1,
        },
      ],
      [
        'placeOrder',
        {
          portfolio_id: id,
          stock_symbol: 'AAPL',
          side: 'sell',
          order_type: 'market',
          invest_by: 'quantity',
          quantity: 1,
        },
      ],
      ['cancelOrder', { portfolio_id: id, order_id: orderId }],
    ];
    for (const [name, body] of cases) {
      const res = await call(intruder, name, body);
      expect(res.statusCode, name).toBe(404);
    }
    expect((await call(intruder, 'getPortfolioList')).body.data).toEqual([]);
    expect(
      (await call(intruder, 'searchPortfolioList', { portfolio_name: 'Private' })).body.data,
    ).toEqual([]);
    expect(JSON.stringify(await itemsUnder(owner, 'PORTFOLIO#'))).toBe(before);
    expect(await itemsUnder(intruder, 'PORTFOLIO#')).toEqual([]);
    expect(
      (await call(owner, 'cancelOrder', { portfolio_id: id, order_id: orderId })).statusCode,
    ).toBe(200);
  });

  it('every portfolio route refuses a request without a signed-in user', async () => {
    for (const name of [
      'addPortfolio',
      'getPortfolioList',
      'getPortfolioDetails',
      'updatePortfolioDetails',
      'deletePortfolio',
      'searchPortfolioList',
      'stockPerPortfolio',
      'getPortfolioHoldings',
      'placeOrder',
      'cancelOrder',
    ] as const) {
      const res = await call(
        undefined,
        name,
        name === 'getPortfolioList' ? undefined : { portfolio_id: 'x' },
      );
      expect(res.statusCode, name).toBe(401);
    }
  });
});

describe('through the local API server with a Cognito token', () => {
  it('creates, lists, and refuses the same call without a token', async () => {
    const api = apiClient();
    const user = await createSignedInUser();
    const created = await api.post(
      '/api/addPortfolio',
      { portfolio_name: 'Over HTTP', investment_value: 1000 },
      { token: user.accessToken },
    );
    expect(created.status).toBe(200);
    const list = await api.get<{
      data: { portfolio_name: string }[];
      total_porfolio_value: number;
    }>('/api/getPortfolioList', { token: user.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((r) => r.portfolio_name)).toEqual(['Over HTTP']);
    expect(list.body.total_porfolio_value).toBe(1000);
    expect((await api.post('/api/addPortfolio', { portfolio_name: 'No token' })).status).toBe(401);
    expect((await api.post('/api/placeOrder', {})).status).toBe(401);
  });
});
