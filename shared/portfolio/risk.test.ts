import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { riskViewSchema } from '../schemas/portfolio-performance';
import { addDays, dayNumber } from './days';
import { navHistory, type Close, type NavPoint, type PerformanceEvent } from './history';
import { monthlyReturns, type PeriodRange } from './returns';
import { MIN_RISK_DAYS, riskView, type RiskFigure, type RiskView } from './risk';

function range(start: string, end: string): PeriodRange {
  return { start, end, days: dayNumber(end) - dayNumber(start) + 1, clipped: false };
}

/** Every calendar day from `start` to `end`, with the daily return given for some of them (else 0). */
function points(
  start: string,
  end: string,
  returns: Record<string, number>,
  navCents = 1_000_000,
): NavPoint[] {
  const out: NavPoint[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) {
    out.push({
      date: d,
      navCents,
      cashCents: navCents,
      flowCents: 0,
      dividendCents: 0,
      realisedCents: 0,
      feeCents: 0,
      dailyReturn: returns[d] ?? 0,
    });
  }
  return out;
}

function weekdays(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) {
    const day = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (day >= 1 && day <= 5) out.push(d);
  }
  return out;
}

function value(figure: RiskFigure): number {
  if (figure.kind !== 'value') throw new Error(`unavailable: ${figure.message}`);
  return figure.value;
}

// Two weeks of trading: Monday 4 March to Friday 15 March 2024; the S&P 500 also closed on
// Friday 1 March, so the first day has an index return.
const DAYS = weekdays('2024-03-04', '2024-03-15');
const BENCH_FLAT: Close[] = ['2024-03-01', ...DAYS].map((date) => ({ date, close: 5000 }));

describe('risk figures, worked by hand', () => {
  // +1 %, -1 %, +1 %, ... on the ten trading days: mean 0, each deviation 0.01.
  const alternating = Object.fromEntries(DAYS.map((d, i) => [d, i % 2 === 0 ? 0.01 : -0.01]));
  const view = riskView({
    points: points('2024-03-01', '2024-03-15', alternating),
    range: range('2024-03-04', '2024-03-15'),
    benchmark: BENCH_FLAT,
    riskFreeRate: 0.04,
  });

  it('annualises the sample standard deviation of the trading days with √252', () => {
    expect(view.trading_days).toBe(10);
    expect(view.calendar).toBe('benchmark');
    // sd = 0.01 √(10/9); x √252 = 0.01 √280.
    expect(value(view.volatility)).toBeCloseTo(0.01 * Math.sqrt(280), 14);
    expect(view.volatility.formula).toContain('sd(r) × √252');
    expect(view.volatility.formula).toContain('10 trading days');
  });

  it('gives the Sharpe ratio over the stated risk-free rate as a daily rate', () => {
    const dailyRf = Math.pow(1.04, 1 / 252) - 1;
    expect(value(view.sharpe)).toBeCloseTo(
      (-dailyRf / (0.01 * Math.sqrt(10 / 9))) * Math.sqrt(252),
      12,
    );
    expect(view.sharpe.formula).toContain('4.00% a year');
    const free = riskView({
      points: points('2024-03-01', '2024-03-15', alternating),
      range: range('2024-03-04', '2024-03-15'),
      benchmark: BENCH_FLAT,
      riskFreeRate: 0,
    });
    expect(value(free.sharpe)).toBeCloseTo(0, 15);
  });

  it('finds the deepest fall from the first peak, and no recovery when the index stays below it', () => {
    // Index 1.01, 0.9999, 1.009899, ...: the peak stays the first day's 1.01, the lows fall.
    expect(view.max_drawdown).toMatchObject({
      kind: 'value',
      peak: '2024-03-04',
      trough: '2024-03-15',
      recovery: null,
    });
    expect(value(view.max_drawdown)).toBeCloseTo(Math.pow(0.99, 5) * Math.pow(1.01, 4) - 1, 14);
  });

  it('dates the peak, the trough and the recovery of a fall that was made good', () => {
    const v = riskView({
      points: points('2024-03-01', '2024-03-15', {
        '2024-03-04': 0.1,
        '2024-03-05': -0.2,
        '2024-03-06': 0.1,
        '2024-03-07': 0.2,
      }),
      range: range('2024-03-04', '2024-03-15'),
      benchmark: BENCH_FLAT,
      riskFreeRate: 0.04,
    });
    // 1.1, 0.88, 0.968, 1.1616: 0.88 / 1.1 - 1 = -20 %, back above 1.1 on the 7th.
    expect(v.max_drawdown).toMatchObject({
      peak: '2024-03-04',
      trough: '2024-03-05',
      recovery: '2024-03-07',
    });
    expect(value(v.max_drawdown)).toBeCloseTo(-0.2, 14);
    expect(v.best_day).toMatchObject({ kind: 'value', value: 0.2, date: '2024-03-07' });
    expect(v.worst_day).toMatchObject({ kind: 'value', value: -0.2, date: '2024-03-05' });
  });

  it('starts the peak at the period’s start value when the first day already falls', () => {
    const v = riskView({
      points: points('2024-03-01', '2024-03-15', { '2024-03-04': -0.1 }),
      range: range('2024-03-04', '2024-03-15'),
      benchmark: BENCH_FLAT,
      riskFreeRate: 0.04,
    });
    expect(v.max_drawdown).toMatchObject({
      peak: '2024-03-03',
      trough: '2024-03-04',
      recovery: null,
    });
    expect(value(v.max_drawdown)).toBeCloseTo(-0.1, 15);
  });

  it('counts a withdrawal as no loss: the drawdown is on the time-weighted index, not the NAV', () => {
    // NAV halves on the 6th because half is withdrawn: the day's return is 0.
    const series = points('2024-03-01', '2024-03-15', {}).map((p) =>
      p.date >= '2024-03-06'
        ? { ...p, navCents: 500_000, flowCents: p.date === '2024-03-06' ? -500_000 : 0 }
        : p,
    );
    const v = riskView({
      points: series,
      range: range('2024-03-04', '2024-03-15'),
      benchmark: BENCH_FLAT,
      riskFreeRate: 0.04,
    });
    expect(v.max_drawdown).toMatchObject({ kind: 'value', value: 0, peak: null, trough: null });
  });

  it('folds a weekend into the Monday and leaves out days after the last close', () => {
    const v = riskView({
      points: points('2024-03-01', '2024-03-17', {
        '2024-03-09': 0.01, // Saturday: a dividend
        '2024-03-11': 0.02, // Monday
        '2024-03-16': 0.5, // Saturday after the period's last close
      }),
      range: range('2024-03-04', '2024-03-17'),
      benchmark: BENCH_FLAT,
      riskFreeRate: 0.04,
    });
    expect(v.trading_days).toBe(10);
    // 1.01 x 1.02 - 1
    expect(v.best_day).toMatchObject({ date: '2024-03-11' });
    expect(value(v.best_day)).toBeCloseTo(0.0302, 15);
  });

  it('measures beta and correlation against the S&P 500 on the same days', () => {
    const closes = [5000, 5050, 4999.5, 5100, 5049, 5049, 5200, 5148, 5100, 5151, 5000];
    const bench: Close[] = ['2024-03-01', ...DAYS].map((date, i) => ({ date, close: closes[i]! }));
    const s = DAYS.map((_, i) => closes[i + 1]! / closes[i]! - 1);
    // The portfolio moves exactly twice as much as the index every day.
    const twice = Object.fromEntries(DAYS.map((d, i) => [d, 2 * s[i]!]));
    const v = riskView({
      points: points('2024-03-01', '2024-03-15', twice),
      range: range('2024-03-04', '2024-03-15'),
      benchmark: bench,
      riskFreeRate: 0.04,
    });
    expect(value(v.beta)).toBe(2);
    expect(value(v.correlation)).toBeCloseTo(1, 14);
    // Against a portfolio that moves opposite to it: -1 and -1.
    const opposite = Object.fromEntries(DAYS.map((d, i) => [d, -s[i]!]));
    const o = riskView({
      points: points('2024-03-01', '2024-03-15', opposite),
      range: range('2024-03-04', '2024-03-15'),
      benchmark: bench,
      riskFreeRate: 0.04,
    });
    expect(value(o.beta)).toBe(-1);
    expect(value(o.correlation)).toBeCloseTo(-1, 14);
    expect(v.beta.formula).toContain('over 10 trading days');
  });

  it('names the best and worst calendar month, marking a month the period cuts', () => {
    const v = riskView({
      points: points('2024-01-01', '2024-04-10', {
        '2024-01-15': 0.05,
        '2024-02-12': -0.03,
        '2024-02-13': -0.01,
        '2024-03-11': 0.02,
        '2024-04-08': 0.1,
      }),
      range: range('2024-02-01', '2024-04-10'),
      benchmark: weekdays('2024-01-01', '2024-04-10').map((date) => ({ date, close: 100 })),
      riskFreeRate: 0.04,
    });
    // January lies before the period; April is cut by its end.
    expect(v.best_month).toMatchObject({ year: 2024, month: 4, partial: true });
    expect(value(v.best_month)).toBeCloseTo(0.1, 15);
    expect(v.worst_month).toMatchObject({ year: 2024, month: 2, partial: false });
    expect(value(v.worst_month)).toBeCloseTo(0.97 * 0.99 - 1, 15);
    // The same figures as the monthly table.
    const table = monthlyReturns(
      points('2024-01-01', '2024-04-10', { '2024-02-12': -0.03, '2024-02-13': -0.01 }).filter(
        (p) => p.date >= '2024-02-01',
      ),
    );
    expect(table.find((m) => m.month === 2)?.rate).toBe(value(v.worst_month));
    // Handed the table's figures, it picks from them.
    const given = riskView({
      points: points('2024-01-01', '2024-04-10', {}),
      range: range('2024-02-01', '2024-04-10'),
      benchmark: [],
      riskFreeRate: 0.04,
      monthly: table,
    });
    expect(given.worst_month).toMatchObject({ year: 2024, month: 2, value: table[0]!.rate });
  });

  it('says why a figure is unavailable: too few days, no variation, no benchmark, no history', () => {
    const short = riskView({
      points: points('2024-03-01', '2024-03-08', { '2024-03-05': 0.01 }),
      range: range('2024-03-04', '2024-03-08'),
      benchmark: BENCH_FLAT,
      riskFreeRate: 0.04,
    });
    expect(short.volatility).toMatchObject({
      kind: 'unavailable',
      reason: 'too-few-days',
      message: `Needs at least ${MIN_RISK_DAYS} trading days; this period has 5`,
    });
    expect(short.beta).toMatchObject({ kind: 'unavailable', reason: 'too-few-days' });
    // Drawdown and best day need no minimum.
    expect(short.best_day).toMatchObject({ kind: 'value', date: '2024-03-05' });

    // A flat index: no beta; cash only: no Sharpe ratio, no correlation, beta against a moving index 0.
    const flat = riskView({
      points: points('2024-03-01', '2024-03-15', {}),
      range: range('2024-03-04', '2024-03-15'),
      benchmark: BENCH_FLAT,
      riskFreeRate: 0.04,
    });
    expect(flat.beta).toMatchObject({ kind: 'unavailable', reason: 'no-variation' });
    expect(flat.sharpe).toMatchObject({ kind: 'unavailable', reason: 'no-variation' });
    expect(value(flat.volatility)).toBe(0);

    const noIndex = riskView({
      points: points('2024-03-01', '2024-03-15', { '2024-03-05': 0.01, '2024-03-06': -0.02 }),
      range: range('2024-03-04', '2024-03-15'),
      benchmark: [],
      riskFreeRate: 0.04,
    });
    expect(noIndex.calendar).toBe('weekdays');
    expect(noIndex.trading_days).toBe(10);
    expect(noIndex.beta).toMatchObject({ kind: 'unavailable', reason: 'no-benchmark' });
    expect(noIndex.volatility.kind).toBe('value');

    const before = riskView({
      points: points('2024-03-01', '2024-03-15', {}),
      range: range('2024-01-01', '2024-01-31'),
      benchmark: BENCH_FLAT,
      riskFreeRate: 0.04,
    });
    for (const figure of Object.values(before).filter((f) => typeof f === 'object')) {
      expect(figure).toMatchObject({ kind: 'unavailable', reason: 'no-history' });
    }
    const empty = riskView({
      points: points('2024-03-01', '2024-03-15', {}, 0),
      range: range('2024-03-04', '2024-03-15'),
      benchmark: BENCH_FLAT,
      riskFreeRate: 0.04,
    });
    expect(empty.volatility).toMatchObject({ kind: 'unavailable', reason: 'no-capital' });
  });

  it('answers in the shape the API promises', () => {
    expect(riskViewSchema.parse(view)).toEqual(view);
  });
});

/* ---------- properties ---------- */

const START = '2023-01-02';

/** A random S&P 500: closes on a random subset of weekdays (holidays), 2 decimals. */
const benchmarkArb = (days: number) =>
  fc
    .array(fc.tuple(fc.boolean(), fc.integer({ min: 300_000, max: 700_000 })), {
      minLength: days,
      maxLength: days,
    })
    .map((draws) => {
      const closes: Close[] = [];
      draws.forEach(([holiday, cents], i) => {
        const date = addDays(START, i);
        const day = new Date(`${date}T00:00:00Z`).getUTCDay();
        if (day >= 1 && day <= 5 && (i === 0 || !holiday || i % 7 !== 3))
          closes.push({ date, close: cents / 100 });
      });
      return closes;
    });

function rangeOf(days: number, offset: number): PeriodRange {
  return range(addDays(START, offset), addDays(START, days - 1));
}

describe('risk figures, properties', () => {
  it('a steadily growing series has zero volatility and no drawdown', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 30, max: 200 }),
        fc.double({ min: 0.00001, max: 0.05, noNaN: true }),
        fc.integer({ min: 0, max: 10 }),
        (days, growth, offset) => {
          const bench = weekdays(START, addDays(START, days - 1)).map((date) => ({
            date,
            close: 100,
          }));
          const returns = Object.fromEntries(bench.map((b) => [b.date, growth]));
          const v = riskView({
            points: points(START, addDays(START, days - 1), returns),
            range: rangeOf(days, offset),
            benchmark: bench,
            riskFreeRate: 0.04,
          });
          expect(value(v.volatility)).toBe(0);
          expect(v.max_drawdown).toMatchObject({ kind: 'value', value: 0, peak: null });
          expect(v.sharpe).toMatchObject({ reason: 'no-variation' });
          expect(value(v.best_day)).toBe(growth);
          expect(value(v.worst_day)).toBe(growth);
        },
      ),
      { numRuns: 100 },
    );
  }, 30_000);

  it('the S&P 500 against itself has a beta and a correlation of 1', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 40, max: 300 })
          .chain((days) =>
            fc.tuple(fc.constant(days), benchmarkArb(days), fc.integer({ min: 1, max: 20 })),
          ),
        ([days, bench, offset]) => {
          // A portfolio that is the index: its return on each close day is the index's.
          const returns: Record<string, number> = {};
          for (let i = 1; i < bench.length; i++)
            returns[bench[i]!.date] = bench[i]!.close / bench[i - 1]!.close - 1;
          const v = riskView({
            points: points(START, addDays(START, days - 1), returns),
            range: rangeOf(days, offset),
            benchmark: bench,
            riskFreeRate: 0.04,
          });
          expect(value(v.beta)).toBe(1);
          expect(value(v.correlation)).toBe(1);
        },
      ),
      { numRuns: 100 },
    );
  }, 30_000);

  it('scaling every NAV (deposits, trades, withdrawals) by a constant changes no figure', () => {
    // A replayed portfolio: one deposit, trades at the day's close, whole shares and cents, so
    // every value scales exactly.
    const trade = fc.record({
      day: fc.integer({ min: 1, max: 150 }),
      side: fc.constantFrom('buy', 'sell', 'withdraw'),
      quantity: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(
        benchmarkArb(160),
        fc.array(fc.integer({ min: 1_000, max: 40_000 }), { minLength: 160, maxLength: 160 }),
        fc.array(trade, { maxLength: 25 }),
        fc.integer({ min: 2, max: 1_000 }),
        fc.integer({ min: 0, max: 100 }),
        (bench, prices, trades, k, offset) => {
          const closes: Close[] = prices.map((cents, i) => ({
            date: addDays(START, i),
            close: cents / 100,
          }));
          const events = (scale: number): PerformanceEvent[] => {
            const out: PerformanceEvent[] = [
              { type: 'flow', date: START, amountCents: 10_000_000 * scale },
            ];
            let held = 0;
            let cash = 10_000_000;
            for (const t of [...trades].sort((a, b) => a.day - b.day)) {
              const date = addDays(START, t.day);
              const price = closes[t.day]!.close;
              const cents = Math.round(t.quantity * price * 100);
              if (t.side === 'buy' && cents <= cash) {
                out.push({ type: 'buy', date, symbol: 'X', quantity: t.quantity * scale, price });
                held += t.quantity;
                cash -= cents;
              } else if (t.side === 'sell' && held >= t.quantity) {
                out.push({ type: 'sell', date, symbol: 'X', quantity: t.quantity * scale, price });
                held -= t.quantity;
                cash += cents;
              } else if (t.side === 'withdraw' && 100_000 * t.quantity <= cash) {
                out.push({ type: 'flow', date, amountCents: -100_000 * t.quantity * scale });
                cash -= 100_000 * t.quantity;
              }
            }
            return out;
          };
          const replay = (scale: number) => {
            const result = navHistory({
              start: START,
              end: addDays(START, 159),
              events: events(scale),
              closes: new Map([['X', closes]]),
            });
            if (!result.ok) throw new Error(result.error.message);
            return result.history.points;
          };
          const base = replay(1);
          const scaled = replay(k);
          expect(scaled.map((p) => p.navCents)).toEqual(base.map((p) => p.navCents * k));
          const view = (pts: NavPoint[]): RiskView =>
            riskView({
              points: pts,
              range: rangeOf(160, offset),
              benchmark: bench,
              riskFreeRate: 0.04,
            });
          expect(view(scaled)).toEqual(view(base));
        },
      ),
      { numRuns: 40 },
    );
  }, 30_000);
});
