import { describe, expect, it } from 'vitest';
import { PRICE_RANGE_MARGIN, priceProblem } from './price-range';

/** A week of KO's daily ranges in today's shares (Monday 2024-01-01 is a holiday). */
const KO = new Map([
  ['2024-01-02', { low: 234.95, high: 236.55 }],
  ['2024-01-03', { low: 234.55, high: 238.74 }],
  ['2024-01-05', { low: 230, high: 232 }],
]);
const trade = (date: string, price: number) => ({ line: 7, date, symbol: 'KO', price });

describe("a trade's price against the day's traded range", () => {
  it('takes a price in the range, or outside it by up to the stated margin', () => {
    expect(PRICE_RANGE_MARGIN).toBe(0.1);
    expect(priceProblem(trade('2024-01-02', 235), KO, [])).toBeNull();
    // The margin is on each side: 10% under the low, 10% over the high.
    expect(priceProblem(trade('2024-01-02', 211.46), KO, [])).toBeNull();
    expect(priceProblem(trade('2024-01-02', 260.2), KO, [])).toBeNull();
    expect(priceProblem(trade('2024-01-02', 211.45), KO, [])).not.toBeNull();
    expect(priceProblem(trade('2024-01-02', 260.21), KO, [])).not.toBeNull();
  });

  it('refuses a price far from the day, naming the range', () => {
    // A billion shares for $1,000 of a stock at $235.
    expect(priceProblem(trade('2024-01-03', 0.000001), KO, [])).toBe(
      "The price $0.000001 is outside KO's traded range on 2024-01-03 ($234.55 to $238.74 a share) by more than 10%",
    );
  });

  it("compares a price before a split with the range in that day's shares", () => {
    // A 4-for-1 split later: the provider's range is a quarter of what traded that day.
    const split = [{ date: '2024-06-03', numerator: 4, denominator: 1 }];
    expect(priceProblem(trade('2024-01-02', 942), KO, split)).toBeNull();
    expect(priceProblem(trade('2024-01-02', 235), KO, split)).toBe(
      "The price $235.00 is outside KO's traded range on 2024-01-02 ($939.80 to $946.20 a share in that day's shares) by more than 10%",
    );
    // A split before the trade's day changes nothing.
    expect(
      priceProblem(trade('2024-01-02', 235), KO, [
        { date: '2023-06-01', numerator: 4, denominator: 1 },
      ]),
    ).toBeNull();
  });

  it('takes a day without a bar from the last one up to four days before, and refuses without one', () => {
    // Thursday 2024-01-04 has no bar here: Wednesday's range.
    expect(priceProblem(trade('2024-01-04', 300), KO, [])).toBe(
      "The price $300.00 is outside KO's traded range on 2024-01-03, its last trading day before 2024-01-04 ($234.55 to $238.74 a share) by more than 10%",
    );
    expect(priceProblem(trade('2024-01-07', 231), KO, [])).toBeNull();
    expect(priceProblem(trade('2024-01-10', 231), KO, [])).toBe(
      'KO has no traded price on or in the 4 days before 2024-01-10',
    );
    expect(priceProblem(trade('2023-12-20', 231), KO, [])).toBe(
      'KO has no traded price on or in the 4 days before 2023-12-20',
    );
  });
});
