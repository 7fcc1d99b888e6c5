import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limitOrderFills, orderQuantity } from './orders';

describe('orderQuantity', () => {
  it('buys the most shares an amount pays for, to 6 decimal places', () => {
    // 1000 / 187.33 = 5.3381732...; 5.338173 x 187.33 = 999.99994... -> $1,000.00
    expect(orderQuantity({ investBy: 'amount', amount: 1000, price: 187.33 })).toEqual({
      ok: true,
      quantity: 5.338173,
      costCents: 100_000,
      targetCents: 100_000,
    });
  });

  it('never spends more than the amount, even when the smallest fraction costs less than it', () => {
    // $1 buys 0.000001 of a $700,000 share, costing $0.70.
    expect(orderQuantity({ investBy: 'amount', amount: 1, price: 700_000 })).toEqual({
      ok: true,
      quantity: 0.000001,
      costCents: 70,
      targetCents: 100,
    });
  });

  it('sizes a position as a percentage of NAV', () => {
    // 5 % of $100,000,000 = $5,000,000; / 150.25 = 33277.870216...
    expect(
      orderQuantity({
        investBy: 'positionSize',
        positionSizePct: 5,
        navCents: 10_000_000_000,
        price: 150.25,
      }),
    ).toEqual({
      ok: true,
      quantity: 33_277.870216,
      costCents: 500_000_000,
      targetCents: 500_000_000,
    });
    // 12.5 % of $9,876,543.21 = $1,234,567.90125 -> $1,234,567.90; / 42.42 = 29103.4394153...
    expect(
      orderQuantity({
        investBy: 'positionSize',
        positionSizePct: 12.5,
        navCents: 987_654_321,
        price: 42.42,
      }),
    ).toEqual({
      ok: true,
      quantity: 29_103.439415,
      costCents: 123_456_790,
      targetCents: 123_456_790,
    });
  });

  it('prices a quantity to the cent, half up', () => {
    // 10.5 x 99.99 = 1049.895 -> $1,049.90
    expect(orderQuantity({ investBy: 'quantity', quantity: 10.5, price: 99.99 })).toEqual({
      ok: true,
      quantity: 10.5,
      costCents: 104_990,
    });
  });

  it('refuses sizes it cannot fill', () => {
    const message = (r: ReturnType<typeof orderQuantity>) => (r.ok ? 'ok' : r.message);
    expect(message(orderQuantity({ investBy: 'amount', amount: 0.01, price: 100_000 }))).toBe(
      'That amount is too small to buy any shares at this price',
    );
    expect(message(orderQuantity({ investBy: 'amount', price: 10 }))).toBe(
      'Amount must be a positive number',
    );
    expect(message(orderQuantity({ investBy: 'quantity', quantity: 1.0000001, price: 10 }))).toBe(
      'Quantity can have at most 6 decimal places',
    );
    expect(message(orderQuantity({ investBy: 'quantity', quantity: -1, price: 10 }))).toBe(
      'Quantity must be a positive number',
    );
    expect(
      message(
        orderQuantity({ investBy: 'positionSize', positionSizePct: 101, navCents: 100, price: 10 }),
      ),
    ).toBe('Position size must be more than 0% and at most 100% of the portfolio');
    expect(
      message(orderQuantity({ investBy: 'positionSize', positionSizePct: 10, price: 10 })),
    ).toBe('The portfolio value is unavailable');
    expect(
      message(
        orderQuantity({ investBy: 'positionSize', positionSizePct: 10, navCents: 0, price: 10 }),
      ),
    ).toBe('The portfolio has no value to size a position from');
    expect(message(orderQuantity({ investBy: 'quantity', quantity: 1, price: 0 }))).toBe(
      'There is no valid price for this order',
    );
  });

  it('never costs more than the amount invested', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (amountCents, priceTenThousandths) => {
          const price = priceTenThousandths / 10_000;
          const r = orderQuantity({ investBy: 'amount', amount: amountCents / 100, price });
          return r.ok
            ? r.costCents <= amountCents && r.quantity > 0
            : r.message === 'That amount is too small to buy any shares at this price';
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('limitOrderFills', () => {
  it('fills a buy limit when the price is at or below the limit', () => {
    expect(limitOrderFills({ side: 'buy', limitPrice: 100 }, 99.99)).toBe(true);
    expect(limitOrderFills({ side: 'buy', limitPrice: 100 }, 100)).toBe(true);
    expect(limitOrderFills({ side: 'buy', limitPrice: 100 }, 100.01)).toBe(false);
  });

  it('fills a sell limit when the price is at or above the limit', () => {
    expect(limitOrderFills({ side: 'sell', limitPrice: 100 }, 100.01)).toBe(true);
    expect(limitOrderFills({ side: 'sell', limitPrice: 100 }, 100)).toBe(true);
    expect(limitOrderFills({ side: 'sell', limitPrice: 100 }, 99.99)).toBe(false);
  });

  it('does not fill on a missing or invalid quote', () => {
    expect(limitOrderFills({ side: 'buy', limitPrice: 100 }, 0)).toBe(false);
    expect(limitOrderFills({ side: 'buy', limitPrice: 100 }, Number.NaN)).toBe(false);
    expect(limitOrderFills({ side: 'sell', limitPrice: Number.NaN }, 100)).toBe(false);
  });
});
