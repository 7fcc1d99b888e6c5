import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber } from './days';
import { type Close, navHistory, type PerformanceEvent, toDayCloses } from './history';
import { tradeValueCents } from './money';

/**
 * A random 120-day portfolio over three symbols: closes with gaps (weekends, a symbol listed
 * late), buys and sales that the cash and holdings allow, deposits, a withdrawal, dividends and a
 * split. Days are counted from 2021-01-01.
 */
function scenario(seed: number) {
  let state = seed || 1;
  const rand = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const start = '2021-01-01';
  const days = 120;
  const symbols = ['AAA', 'BBB', 'CCC'];
  const closes: Record<string, Close[]> = {};
  for (const symbol of symbols) {
    let level = 10 + Math.floor(rand() * 300);
    const listed = symbol === 'CCC' ? 30 : 0;
    for (let i = listed; i < days; i++) {
      if (rand() < 0.25) continue;
      level = Math.max(1, Math.round(level * (1 + (rand() - 0.5) * 0.08) * 100) / 100);
      (closes[symbol] ??= []).push({ date: addDays(start, i), close: level });
    }
  }
  const events: PerformanceEvent[] = [{ type: 'flow', date: start, amountCents: 5_000_000 }];
  let cash = 5_000_000;
  const held: Record<string, number> = {};
  for (let i = 0; i < days; i++) {
    const date = addDays(start, i);
    if (rand() < 0.04) {
      const amount = rand() < 0.7 ? 100_000 : -Math.floor(cash / 10);
      cash += amount;
      events.push({ type: 'flow', date, amountCents: amount });
    }
    if (rand() < 0.3) {
      const symbol = symbols[Math.floor(rand() * symbols.length)]!;
      const price = Math.round((5 + rand() * 200) * 100) / 100;
      const buy = rand() < 0.6 || !(held[symbol]! > 0);
      const quantity = buy ? 1 + Math.floor(rand() * 30) : Math.min(held[symbol]!, 3);
      const value = tradeValueCents(quantity, price);
      if (buy && value <= cash) {
        cash -= value;
        held[symbol] = (held[symbol] ?? 0) + quantity;
        events.push({ type: 'buy', date, symbol, quantity, price });
      } else if (!buy) {
        cash += value;
        held[symbol] = held[symbol]! - quantity;
        events.push({ type: 'sell', date, symbol, quantity, price });
      }
    }
    if (rand() < 0.03) {
      const symbol = symbols[Math.floor(rand() * symbols.length)]!;
      cash += 1234;
      events.push({ type: 'dividend', date, symbol, amountCents: 1234 });
    }
  }
  events.push({
    type: 'split',
    date: addDays(start, 70),
    symbol: 'AAA',
    numerator: 3,
    denominator: 2,
  });
  return { start, end: addDays(start, days - 1), events, closes };
}

describe('a replay with checkpoints', () => {
  it('keeps the state at the end of each day asked for, the same as a replay stopped at that day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000_000 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 119 }), { minLength: 1, maxLength: 4 }),
        (seed, cuts) => {
          const sc = scenario(seed);
          const closes = new Map(Object.entries(sc.closes));
          const days = [...cuts].sort((a, b) => a - b).map((c) => addDays(sc.start, c));
          const all = navHistory({ ...sc, closes, checkpoints: days });
          if (!all.ok) throw new Error(all.error.message);
          expect(all.history.states!.map((s) => s.through)).toEqual(days);
          for (const [i, day] of days.entries()) {
            const one = navHistory({ ...sc, closes, checkpoint: day });
            if (!one.ok) throw new Error(one.error.message);
            expect(all.history.states![i]).toEqual(one.history.checkpoint);
            expect(one.history.points).toEqual(all.history.points);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('reads closes given as day numbers as it reads dated closes, resumed or not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 118 }),
        (seed, cut) => {
          const sc = scenario(seed);
          const dated = new Map(Object.entries(sc.closes));
          const numbered = new Map([...dated].map(([s, bars]) => [s, toDayCloses(bars)]));
          const through = addDays(sc.start, cut);
          const a = navHistory({ ...sc, closes: dated, checkpoint: through });
          const b = navHistory({ ...sc, closes: numbered, checkpoint: through });
          expect(b).toEqual(a);
          if (!a.ok) return;
          // Resumed with only the closes after the kept day (and the last one before it).
          const after = new Map(
            [...numbered].map(([s, bars]) => {
              let i = 0;
              while (i < bars.days.length && bars.days[i]! <= dayNumber(through)) i++;
              const from = Math.max(0, i - 1);
              return [s, { days: bars.days.subarray(from), closes: bars.closes.subarray(from) }];
            }),
          );
          const resumed = navHistory({ ...sc, closes: after, resume: a.history.checkpoint! });
          if (!resumed.ok) throw new Error(resumed.error.message);
          expect([...a.history.points.slice(0, cut + 1), ...resumed.history.points]).toEqual(
            a.history.points,
          );
          expect(resumed.history.holdings).toEqual(a.history.holdings);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("reads a symbol's last close given apart (today's at its quote) as one of its closes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000_000 }), (seed) => {
        const sc = scenario(seed);
        const numbered = new Map(
          Object.entries(sc.closes).map(([s, bars]) => [s, toDayCloses(bars)]),
        );
        const apart = new Map(
          [...numbered].map(([s, bars]) => {
            const n = bars.days.length - 1;
            return [
              s,
              {
                days: bars.days.subarray(0, n),
                closes: bars.closes.subarray(0, n),
                next: { day: bars.days[n]!, close: bars.closes[n]! },
              },
            ];
          }),
        );
        expect(navHistory({ ...sc, closes: apart })).toEqual(
          navHistory({ ...sc, closes: numbered }),
        );
      }),
      { numRuns: 30 },
    );
  });

  it('leaves out closes that cannot price and sorts dated closes given out of order', () => {
    const bars = toDayCloses([
      { date: '2024-01-03', close: 12 },
      { date: '2024-01-01', close: 10 },
      { date: '2024-01-02', close: Number.NaN },
      { date: '2024-01-04', close: 0 },
    ]);
    expect([...bars.days]).toEqual([dayNumber('2024-01-01'), dayNumber('2024-01-03')]);
    expect([...bars.closes]).toEqual([10, 12]);
  });
});
