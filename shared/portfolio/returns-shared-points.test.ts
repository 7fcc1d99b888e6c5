import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './days';
import type { Close, NavPoint } from './history';
import { chartSeries, periodFigures, periodRange } from './returns';

/**
 * The period figures and the chart keep what they work out per point (the chained growth, the
 * benchmark's value of a day) for points shared between reads (decision 200). Whatever the
 * order of the reads and the periods, and whatever a later history changes after a shared
 * prefix, they answer what they answer for fresh copies of the same points.
 */

const START = '2020-01-01';

function pointsOf(returns: readonly number[], flows: ReadonlyMap<number, number>): NavPoint[] {
  let nav = 1_000_000;
  return returns.map((r, i) => {
    const flow = (flows.get(i) ?? 0) + (i === 0 ? 1_000_000 : 0);
    nav = Math.max(0, Math.round((nav + (i === 0 ? 0 : flow)) * (1 + r)));
    return Object.freeze({
      date: addDays(START, i),
      navCents: nav,
      cashCents: 1_000,
      flowCents: flow,
      dividendCents: i % 90 === 0 ? 500 : 0,
      realisedCents: 0,
      feeCents: 0,
      dailyReturn: r,
    });
  });
}

const fresh = (points: readonly NavPoint[]) => points.map((p) => ({ ...p }));

function benchmarkOf(days: number): Close[] {
  return Array.from({ length: days + 10 }, (_, i) => ({
    date: addDays(START, i - 10),
    close: 3_000 + ((i * 7919) % 1_000) / 7,
  }));
}

const PERIODS = ['MAX', '1Y', 'YTD', '1M'] as const;

describe('figures of shared points', () => {
  it('are those of fresh copies, whatever the periods asked before and the tail that changed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -0.05, max: 0.05, noNaN: true }), {
          minLength: 400,
          maxLength: 800,
        }),
        fc.array(fc.constantFrom(...PERIODS), { minLength: 2, maxLength: 6 }),
        fc.integer({ min: 1, max: 200 }),
        fc.double({ min: -0.05, max: 0.05, noNaN: true }),
        (returns, periods, back, changed) => {
          // Some days without a return (weekends): their growth is the day before's.
          const rs = returns.map((r, i) => (i % 7 === 5 || i % 7 === 6 ? 0 : r));
          const flows = new Map([[Math.floor(rs.length / 3), 250_000]]);
          const shared = pointsOf(rs, flows);
          // A later history: the same objects up to a day, another return after it.
          const cut = shared.length - back;
          const later = [
            ...shared.slice(0, cut),
            ...pointsOf(
              rs.map((r, i) => (i === cut ? changed : r)),
              flows,
            ).slice(cut),
          ];
          const today = shared.at(-1)!.date;
          const benchmark = benchmarkOf(rs.length);
          for (const points of [shared, later, shared])
            for (const period of periods) {
              const range = periodRange(period, START, today);
              expect(periodFigures(points, range)).toEqual(periodFigures(fresh(points), range));
              expect(chartSeries(points, range, benchmark)).toEqual(
                chartSeries(fresh(points), range, benchmark),
              );
            }
        },
      ),
      { numRuns: 15 },
    );
  });
});
