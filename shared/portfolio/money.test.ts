import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import '../../tests/support/fast-check';
import { D, decimalTradeValueCents, tradeValueCents, wholeMillionths } from './money';

/** A number of up to `max` with at most `places` decimals (drawn as an integer of that many places). */
const decimals = (max: number, places: number) =>
  fc
    .integer({ min: 0, max: places })
    .chain((p) => fc.integer({ min: 0, max: max * 10 ** p }).map((n) => n / 10 ** p));

describe('tradeValueCents', () => {
  test('gives the cents the decimal product gives, half up, for quantities and prices of up to 6 decimals', () => {
    fc.assert(
      fc.property(decimals(10_000_000, 6), decimals(100_000, 6), (quantity, price) => {
        expect(tradeValueCents(quantity, price)).toBe(decimalTradeValueCents(quantity, price));
      }),
      { numRuns: 5_000 },
    );
  });

  test('rounds an exact half cent up and works out the products a double cannot hold in decimal', () => {
    // 1 share at $0.005 is half a cent; 3 at $0.125 is 37.5 cents.
    expect(tradeValueCents(1, 0.005)).toBe(1);
    expect(tradeValueCents(3, 0.125)).toBe(38);
    expect(tradeValueCents(0.000001, 0.004999)).toBe(0);
    // 999,999,999.999999 shares at $9,999,999.999999: beyond 2^52 millionths squared.
    const [q, p] = [999_999_999.999999, 9_999_999.999999];
    expect(tradeValueCents(q, p)).toBe(decimalTradeValueCents(q, p));
    // A price with more than six decimals, and a quantity given as a decimal.
    expect(tradeValueCents(7, 0.1234567)).toBe(decimalTradeValueCents(7, 0.1234567));
    expect(tradeValueCents(new D('2.5'), 10.01)).toBe(2503);
  });
});

describe('wholeMillionths', () => {
  test('is the number in millionths when it has at most six decimals, else null', () => {
    expect(wholeMillionths(0.1)).toBe(100_000);
    expect(wholeMillionths(301.23)).toBe(301_230_000);
    expect(wholeMillionths(1.0000001)).toBeNull();
    expect(wholeMillionths(1e10)).toBeNull();
    expect(wholeMillionths(Number.NaN)).toBeNull();
  });
});
