import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import '../../tests/support/fast-check';
import { dueCorporateActions } from './corporate';
import { addDays } from './days';
import { D } from './money';

/** Shares or a dividend with up to six decimals. */
const sixPlaces = (max: number) =>
  fc.integer({ min: 1, max: max * 1_000_000 }).map((n) => n / 1_000_000);

describe('dueCorporateActions without splits', () => {
  it('credits each dividend paid by today on the shares held before its ex-date, as a decimal sum gives them', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 60 }),
            buy: fc.boolean(),
            quantity: sixPlaces(500),
          }),
          { maxLength: 25 },
        ),
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 60 }),
            payIn: fc.integer({ min: 0, max: 20 }),
            perShare: sixPlaces(5),
          }),
          { maxLength: 8 },
        ),
        (drawn, paid) => {
          const start = '2024-01-01';
          const today = addDays(start, 50);
          const trades = drawn.map((t) => ({
            date: addDays(start, t.day),
            symbol: 'KO',
            side: t.buy ? ('buy' as const) : ('sell' as const),
            quantity: t.quantity,
          }));
          const byExDate = new Map(paid.map((d) => [addDays(start, d.day), d]));
          const dividends = [...byExDate].map(([date, d]) => ({
            symbol: 'KO',
            date,
            paymentDate: addDays(date, d.payIn),
            adjDividend: d.perShare,
          }));
          // Written apart: the shares held at the start of each ex-date, in decimal.
          const expected = dividends
            .filter((d) => d.paymentDate <= today)
            .map((d) => {
              const held = trades
                .filter((t) => t.date < d.date)
                .reduce(
                  (sum, t) => (t.side === 'buy' ? sum.plus(t.quantity) : sum.minus(t.quantity)),
                  new D(0),
                );
              const cents = held.times(d.adjDividend).times(100).toDecimalPlaces(0).toNumber();
              return { exDate: d.date, quantity: held.toNumber(), amountCents: cents };
            })
            .filter((d) => d.quantity > 0 && d.amountCents > 0)
            .sort((a, b) => a.exDate.localeCompare(b.exDate));
          const due = dueCorporateActions({ trades, dividends, splits: [], today });
          expect(
            due
              .map((a) =>
                a.kind === 'dividend'
                  ? { exDate: a.exDate, quantity: a.quantity, amountCents: a.amountCents }
                  : a,
              )
              .sort((a, b) =>
                ('exDate' in a ? a.exDate : '').localeCompare('exDate' in b ? b.exDate : ''),
              ),
          ).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
