import { describe, expect, it } from 'vitest';
import {
  createPortfolioPayload,
  orderPayload,
  portfolioIdPayload,
  searchPortfolioPayload,
  updatePortfolioPayload,
} from './schemas';

type Schema = {
  safeParse: (input: unknown) => {
    success: boolean;
    error?: { issues: Array<{ message: string; path: PropertyKey[] }> };
  };
};

function issues(schema: Schema, input: unknown): Array<[string, string]> {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? []
    : (parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
}

describe('createPortfolioPayload', () => {
  it('accepts a named portfolio and defaults the seed capital to $100,000,000', () => {
    expect(
      createPortfolioPayload.parse({
        portfolio_name: '  Growth  ',
        date_time: '2024-05-18T09:30:00Z',
      }),
    ).toEqual({
      portfolio_name: 'Growth',
      investment_value: 100_000_000,
      date_time: '2024-05-18T09:30:00Z',
    });
  });

  it('accepts seed capital at both ends of the slider, also typed with separators', () => {
    expect(
      createPortfolioPayload.parse({ portfolio_name: 'A', investment_value: 0 }).investment_value,
    ).toBe(0);
    expect(
      createPortfolioPayload.parse({ portfolio_name: 'A', investment_value: '200,000,000' })
        .investment_value,
    ).toBe(200_000_000);
  });

  it('says Portfolio Name is required when the name is missing or blank', () => {
    expect(issues(createPortfolioPayload, { investment_value: 5 })).toEqual([
      ['portfolio_name', 'Portfolio Name is required'],
    ]);
    expect(issues(createPortfolioPayload, { portfolio_name: '   ' })).toEqual([
      ['portfolio_name', 'Portfolio Name is required'],
    ]);
    expect(issues(createPortfolioPayload, { portfolio_name: 'x'.repeat(101) })).toEqual([
      ['portfolio_name', 'Portfolio Name must be at most 100 characters'],
    ]);
  });

  it('refuses seed capital outside $0 to $200,000,000 or with fractions of a cent', () => {
    expect(
      issues(createPortfolioPayload, { portfolio_name: 'A', investment_value: 200_000_000.01 }),
    ).toEqual([['investment_value', 'Seed capital must be between $0 and $200,000,000']]);
    expect(issues(createPortfolioPayload, { portfolio_name: 'A', investment_value: -1 })).toEqual([
      ['investment_value', 'Seed capital must be between $0 and $200,000,000'],
    ]);
    expect(
      issues(createPortfolioPayload, { portfolio_name: 'A', investment_value: 10.001 }),
    ).toEqual([['investment_value', 'Seed capital can have at most 2 decimal places']]);
    expect(
      issues(createPortfolioPayload, { portfolio_name: 'A', investment_value: 'lots' }),
    ).toEqual([['investment_value', 'Enter a number']]);
  });

  it('refuses a malformed date_time and unknown fields', () => {
    expect(
      issues(createPortfolioPayload, { portfolio_name: 'A', date_time: '18/05/2022' }),
    ).toEqual([['date_time', 'Use a date and time such as 2024-05-18T09:30:00Z']]);
    expect(
      createPortfolioPayload.safeParse({ portfolio_name: 'A', date_time: '2022-05-18' }).success,
    ).toBe(true);
    expect(
      createPortfolioPayload.safeParse({ portfolio_name: 'A', user_id: 'someone-else' }).success,
    ).toBe(false);
  });
});

describe('updatePortfolioPayload and the id and search payloads', () => {
  it('needs the portfolio id and the seed capital', () => {
    expect(issues(updatePortfolioPayload, { portfolio_name: 'A' }).map(([path]) => path)).toEqual([
      'portfolio_id',
      'investment_value',
    ]);
    expect(issues(updatePortfolioPayload, { portfolio_id: 'p1', portfolio_name: 'A' })).toEqual([
      ['investment_value', 'Seed capital is required'],
    ]);
    expect(
      updatePortfolioPayload.parse({
        portfolio_id: 'p1',
        portfolio_name: 'B',
        investment_value: 5,
      }),
    ).toEqual({
      portfolio_id: 'p1',
      portfolio_name: 'B',
      investment_value: 5,
    });
  });

  it('validates the portfolio id and search name', () => {
    expect(issues(portfolioIdPayload, { portfolio_id: '' })[0]).toEqual([
      'portfolio_id',
      'An id is required',
    ]);
    expect(portfolioIdPayload.safeParse({ portfolio_id: 'p1' }).success).toBe(true);
    expect(searchPortfolioPayload.parse({})).toEqual({ portfolio_name: '' });
    expect(searchPortfolioPayload.parse({ portfolio_name: ' gro ' })).toEqual({
      portfolio_name: 'gro',
    });
  });
});

describe('orderPayload', () => {
  const base = { portfolio_id: 'p1', stock_symbol: 'aapl', order_type: 'market' };

  it('accepts a market buy by amount, upper-casing the symbol and defaulting to buy', () => {
    expect(orderPayload.parse({ ...base, invest_by: 'amount', amount: '1,000.50' })).toEqual({
      portfolio_id: 'p1',
      stock_symbol: 'AAPL',
      side: 'buy',
      order_type: 'market',
      invest_by: 'amount',
      amount: 1000.5,
    });
  });

  it('accepts a limit sell of a fractional quantity', () => {
    const order = orderPayload.parse({
      ...base,
      side: 'sell',
      order_type: 'limit',
      invest_by: 'quantity',
      quantity: 0.123456,
      limit_price: 190.5,
    });
    expect(order).toMatchObject({
      side: 'sell',
      order_type: 'limit',
      quantity: 0.123456,
      limit_price: 190.5,
    });
  });

  it('requires the field that goes with the way of investing', () => {
    expect(issues(orderPayload, { ...base, invest_by: 'amount' })).toEqual([
      ['amount', 'Amount is required'],
    ]);
    expect(issues(orderPayload, { ...base, invest_by: 'quantity', amount: 5 })).toEqual([
      ['quantity', 'Quantity is required'],
    ]);
    expect(issues(orderPayload, { ...base, invest_by: 'positionSize', position_size: '' })).toEqual(
      [['position_size', 'Position size is required']],
    );
  });

  it('requires a limit price for a limit order', () => {
    expect(
      issues(orderPayload, { ...base, order_type: 'limit', invest_by: 'quantity', quantity: 1 }),
    ).toEqual([['limit_price', 'Limit price is required']]);
  });

  it('refuses out-of-range sizes and prices', () => {
    expect(issues(orderPayload, { ...base, invest_by: 'quantity', quantity: 1.0000001 })).toEqual([
      ['quantity', 'Quantity can have at most 6 decimal places'],
    ]);
    expect(
      issues(orderPayload, { ...base, invest_by: 'positionSize', position_size: 100.5 }),
    ).toEqual([['position_size', 'Position size must be at most 100%']]);
    expect(issues(orderPayload, { ...base, invest_by: 'amount', amount: 0 })).toEqual([
      ['amount', 'Amount must be more than $0'],
    ]);
    expect(
      issues(orderPayload, {
        ...base,
        order_type: 'limit',
        invest_by: 'amount',
        amount: 10,
        limit_price: -1,
      }),
    ).toEqual([['limit_price', 'Limit price must be more than $0']]);
  });

  it('refuses an unknown order type, way of investing, or field', () => {
    expect(
      issues(orderPayload, { ...base, order_type: 'stop', invest_by: 'amount', amount: 1 }),
    ).toEqual([['order_type', 'Choose a market or limit order']]);
    expect(issues(orderPayload, { ...base, invest_by: 'shares', quantity: 1 })).toEqual([
      ['invest_by', 'Choose to invest by amount, quantity or position size'],
    ]);
    expect(
      orderPayload.safeParse({ ...base, invest_by: 'amount', amount: 1, price: 1 }).success,
    ).toBe(false);
  });
});
