import { describe, expect, it } from 'vitest';
import { navCents } from './nav';

describe('navCents', () => {
  it('adds cash and every holding at its latest quote, each rounded to a cent', () => {
    // 2.5 x 101.111 = 252.7775 -> $252.78; 1 x 300 = $300
    const result = navCents(
      1_000,
      { AAPL: { quantity: 2.5, costCents: 20_000 }, MSFT: { quantity: 1, costCents: 25_000 } },
      { AAPL: 101.111, MSFT: 300 },
    );
    expect(result).toEqual({
      ok: true,
      navCents: 56_278,
      holdingsValueCents: 55_278,
      positions: [
        { symbol: 'AAPL', quantity: 2.5, price: 101.111, valueCents: 25_278 },
        { symbol: 'MSFT', quantity: 1, price: 300, valueCents: 30_000 },
      ],
    });
  });

  it('is the cash alone for a portfolio without holdings', () => {
    expect(navCents(10_000_000_000, {}, {})).toEqual({
      ok: true,
      navCents: 10_000_000_000,
      holdingsValueCents: 0,
      positions: [],
    });
  });

  it('accepts quotes as a map', () => {
    const result = navCents(0, { KO: { quantity: 3, costCents: 1 } }, new Map([['KO', 61.5]]));
    expect(result.ok && result.navCents).toBe(18_450);
  });

  it('names the holdings without a usable quote instead of giving a wrong NAV', () => {
    const result = navCents(
      0,
      {
        KO: { quantity: 3, costCents: 1 },
        PEP: { quantity: 1, costCents: 1 },
        T: { quantity: 1, costCents: 1 },
      },
      {
        KO: 61.5,
        PEP: 0,
      },
    );
    expect(result).toEqual({ ok: false, missingQuotes: ['PEP', 'T'] });
  });
});
