import { describe, expect, it } from 'vitest';
import { applyTransactions, type Transaction } from './ledger';

const SEED = 10_000_000_000; // $100,000,000

function buy(
  symbol: string,
  quantity: number,
  price: number,
  time = '2024-01-02T15:00:00Z',
): Transaction {
  return { symbol, side: 'buy', quantity, price, time };
}
function sell(
  symbol: string,
  quantity: number,
  price: number,
  time = '2024-01-03T15:00:00Z',
): Transaction {
  return { symbol, side: 'sell', quantity, price, time };
}

describe('applyTransactions', () => {
  it('takes a buy out of the seed capital to the cent', () => {
    expect(applyTransactions(SEED, [buy('AAPL', 10, 150.25)])).toEqual({
      ok: true,
      cashCents: 9_999_849_750,
      holdings: { AAPL: { quantity: 10, costCents: 150_250 } },
    });
  });

  it('rounds a fractional-share buy half up to a cent', () => {
    // 0.123456 x 187.33 = 23.12701248 -> $23.13
    const result = applyTransactions(SEED, [buy('aapl', 0.123456, 187.33)]);
    expect(result).toEqual({
      ok: true,
      cashCents: SEED - 2313,
      holdings: { AAPL: { quantity: 0.123456, costCents: 2313 } },
    });
  });

  it('adds a partial sale back to cash and keeps the average cost of what is left', () => {
    const result = applyTransactions(100_000, [buy('IBM', 3, 33.33), sell('IBM', 1, 40)]);
    expect(result).toEqual({
      ok: true,
      cashCents: 100_000 - 9_999 + 4_000,
      holdings: { IBM: { quantity: 2, costCents: 6_666 } },
    });
  });

  it('removes a holding sold in full', () => {
    const result = applyTransactions(100_000, [buy('IBM', 2.5, 100), sell('IBM', 2.5, 110)]);
    expect(result).toEqual({ ok: true, cashCents: 102_500, holdings: {} });
  });

  it('adds fractional quantities exactly, so selling their sum closes the holding', () => {
    const result = applyTransactions(100_000, [
      buy('KO', 0.1, 60, '2024-01-02T10:00:00Z'),
      buy('KO', 0.2, 60, '2024-01-02T11:00:00Z'),
      sell('KO', 0.3, 60, '2024-01-02T12:00:00Z'),
    ]);
    expect(result).toEqual({ ok: true, cashCents: 100_000, holdings: {} });
  });

  it('refuses an order that needs more cash than the portfolio has', () => {
    const result = applyTransactions(1_000, [buy('F', 1, 10.01)]);
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'INSUFFICIENT_CASH',
        index: 0,
        symbol: 'F',
        neededCents: 1_001,
        availableCents: 1_000,
        message: 'Not enough cash: this order needs $10.01 but the portfolio has $10.00',
      },
    });
  });

  it('accepts an order that spends exactly all the cash', () => {
    expect(applyTransactions(1_000, [buy('F', 1, 10)])).toEqual({
      ok: true,
      cashCents: 0,
      holdings: { F: { quantity: 1, costCents: 1_000 } },
    });
  });

  it('refuses to sell more shares than held, or shares not held', () => {
    const over = applyTransactions(100_000, [buy('IBM', 2, 100), sell('IBM', 2.000001, 100)]);
    expect(over).toEqual({
      ok: false,
      error: {
        code: 'OVERSELL',
        index: 1,
        symbol: 'IBM',
        requestedQuantity: 2.000001,
        heldQuantity: 2,
        message: 'This portfolio holds 2 shares of IBM, fewer than the 2.000001 to sell',
      },
    });
    const none = applyTransactions(100_000, [sell('MSFT', 1, 100)]);
    expect(none.ok === false && none.error.message).toBe('This portfolio holds no shares of MSFT');
  });

  it('applies transactions in time order whatever order they are listed in', () => {
    const result = applyTransactions(20_000, [
      sell('IBM', 1, 150, '2024-02-01T00:00:00Z'),
      buy('IBM', 1, 100, '2024-01-01T00:00:00Z'),
    ]);
    expect(result).toEqual({ ok: true, cashCents: 25_000, holdings: {} });
  });

  it('checks cash at each step, so a later sale cannot pay for an earlier buy', () => {
    const result = applyTransactions(10_000, [
      buy('A', 1, 100, '2024-01-01T00:00:00Z'),
      buy('B', 1, 50, '2024-01-02T00:00:00Z'),
      sell('A', 1, 100, '2024-01-03T00:00:00Z'),
    ]);
    expect(result.ok === false && result.error.code).toBe('INSUFFICIENT_CASH');
    expect(result.ok === false && result.error.index).toBe(1);
  });

  it('refuses malformed transactions and seed capital', () => {
    const code = (seed: number, txns: Transaction[]) => {
      const r = applyTransactions(seed, txns);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code(100_000, [buy('A', 1.0000001, 1)])).toBe('INVALID_TRANSACTION');
    expect(code(100_000, [buy('A', 0, 1)])).toBe('INVALID_TRANSACTION');
    expect(code(100_000, [buy('A', 1, 0)])).toBe('INVALID_TRANSACTION');
    expect(code(100_000, [buy('A', 1, Number.NaN)])).toBe('INVALID_TRANSACTION');
    expect(code(100_000, [buy('A', 1, 1, 'soon')])).toBe('INVALID_TRANSACTION');
    expect(code(100_000, [buy(' ', 1, 1)])).toBe('INVALID_TRANSACTION');
    expect(code(-1, [])).toBe('INVALID_TRANSACTION');
    expect(code(10.5, [])).toBe('INVALID_TRANSACTION');
    expect(code(0, [])).toBe('ok');
  });
});
