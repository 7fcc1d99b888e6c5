import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueCorporateActions } from './corporate';
import { addDays } from './days';
import { cashAfter, type Close, navHistory, type NavPoint, type PerformanceEvent } from './history';
import { D, tradeValueCents } from './money';
import { navCents } from './nav';
import { chartSeries, monthlyReturns, periodFigures, periodRange } from './returns';

function history(
  events: PerformanceEvent[],
  closes: Record<string, Close[]>,
  start: string,
  end: string,
) {
  const result = navHistory({ start, end, events, closes: new Map(Object.entries(closes)) });
  if (!result.ok) throw new Error(result.error.message);
  return result.history;
}

const seed = (date: string, amountCents: number): PerformanceEvent => ({
  type: 'flow',
  date,
  amountCents,
});

describe('NAV history', () => {
  const closes = {
    AAA: [
      { date: '2024-01-01', close: 100 },
      { date: '2024-01-02', close: 110 },
      { date: '2024-01-04', close: 99 },
    ],
  };
  const events: PerformanceEvent[] = [
    seed('2024-01-01', 1_000_000),
    { type: 'buy', date: '2024-01-01', symbol: 'AAA', quantity: 10, price: 100 },
    seed('2024-01-04', 100_000),
  ];

  it('values holdings at the close, or the last close before a day without one', () => {
    const { points } = history(events, closes, '2024-01-01', '2024-01-04');
    expect(points.map((p) => p.navCents)).toEqual([1_000_000, 1_010_000, 1_010_000, 1_099_000]);
    expect(points.map((p) => p.flowCents)).toEqual([1_000_000, 0, 0, 100_000]);
    expect(points[3]!.cashCents).toBe(1_000_000);
  });

  it('chains daily returns with the flow at the start of its day', () => {
    const { points } = history(events, closes, '2024-01-01', '2024-01-04');
    expect(points[1]!.dailyReturn).toBeCloseTo(0.01, 15);
    // 10,990 / (10,100 + 1,000) - 1
    expect(points[3]!.dailyReturn).toBeCloseTo(10_990 / 11_100 - 1, 15);
    const figures = periodFigures(points, periodRange('MAX', '2024-01-01', '2024-01-04'));
    // 1.01 x 10,990 / 11,100 - 1 = -0.1 / 11,100
    expect(figures.twrCumulative).toBeCloseTo(-0.1 / 11_100, 15);
    expect(figures.twr).toEqual({ kind: 'cumulative', rate: figures.twrCumulative });
    expect(figures.gain).toEqual({
      totalCents: -1_000,
      realisedCents: 0,
      unrealisedCents: -1_000,
      dividendCents: 0,
      feeCents: 0,
    });
  });

  it('holds a position through a 4-for-1 split without a jump in NAV', () => {
    const { points, holdings } = history(
      [
        seed('2024-01-01', 500_000),
        { type: 'buy', date: '2024-01-01', symbol: 'AAPL', quantity: 10, price: 400 },
        { type: 'split', date: '2024-01-03', symbol: 'AAPL', numerator: 4, denominator: 1 },
        { type: 'buy', date: '2024-01-03', symbol: 'AAPL', quantity: 4, price: 100 },
      ],
      {
        AAPL: [
          { date: '2024-01-01', close: 100 },
          { date: '2024-01-02', close: 100 },
          { date: '2024-01-03', close: 100 },
        ],
      },
      '2024-01-01',
      '2024-01-03',
    );
    expect(points.map((p) => p.navCents)).toEqual([500_000, 500_000, 500_000]);
    expect(holdings[0]).toMatchObject({
      symbol: 'AAPL',
      quantity: 44,
      costCents: 440_000,
      averageCost: 100,
    });
  });

  it('splits a sale into realised gain and the rest into unrealised; dividends apart', () => {
    const { points, holdings } = history(
      [
        seed('2024-01-01', 100_000),
        { type: 'buy', date: '2024-01-01', symbol: 'AAA', quantity: 10, price: 50 },
        { type: 'sell', date: '2024-01-02', symbol: 'AAA', quantity: 4, price: 60 },
        { type: 'dividend', date: '2024-01-03', symbol: 'AAA', amountCents: 300 },
      ],
      {
        AAA: [
          { date: '2024-01-01', close: 50 },
          { date: '2024-01-02', close: 60 },
          { date: '2024-01-03', close: 55 },
        ],
      },
      '2024-01-01',
      '2024-01-03',
    );
    // cash 100,000 - 50,000 + 24,000 + 300; 6 x 55 = 33,000
    expect(points.at(-1)!.navCents).toBe(107_300);
    const figures = periodFigures(points, periodRange('MAX', '2024-01-01', '2024-01-03'));
    expect(figures.gain).toEqual({
      totalCents: 7_300,
      realisedCents: 4_000,
      dividendCents: 300,
      feeCents: 0,
      unrealisedCents: 3_000,
    });
    expect(holdings[0]).toMatchObject({
      quantity: 6,
      costCents: 30_000,
      averageCost: 50,
      valueCents: 33_000,
      unrealisedCents: 3_000,
      realisedCents: 4_000,
      dividendCents: 300,
    });
    // Holding TWR: day 2 (6 x 60 + 24,000) / 50,000 = 1.2; day 3 (33,000 + 300) / 36,000
    expect(holdings[0]!.twrSinceFirstBuy).toBeCloseTo(1.2 * (33_300 / 36_000) - 1, 12);
  });

  it('pays a fee on top of a buy and out of a sale, and shows fees apart from the gains', () => {
    const { points, holdings } = history(
      [
        seed('2024-01-01', 100_000),
        { type: 'buy', date: '2024-01-01', symbol: 'AAA', quantity: 10, price: 50, feeCents: 500 },
        { type: 'sell', date: '2024-01-02', symbol: 'AAA', quantity: 4, price: 60, feeCents: 250 },
      ],
      {
        AAA: [
          { date: '2024-01-01', close: 50 },
          { date: '2024-01-02', close: 60 },
        ],
      },
      '2024-01-01',
      '2024-01-02',
    );
    // cash 100,000 - 50,000 - 500 + 24,000 - 250; 6 x 60 = 36,000
    expect(points.map((p) => p.cashCents)).toEqual([49_500, 73_250]);
    expect(points.at(-1)!.navCents).toBe(109_250);
    expect(points.map((p) => p.feeCents)).toEqual([500, 250]);
    const figures = periodFigures(points, periodRange('MAX', '2024-01-01', '2024-01-02'));
    // 9,250 = realised 4,000 + unrealised 6,000 + dividends 0 - fees 750
    expect(figures.gain).toEqual({
      totalCents: 9_250,
      realisedCents: 4_000,
      dividendCents: 0,
      feeCents: 750,
      unrealisedCents: 6_000,
    });
    expect(holdings[0]).toMatchObject({ costCents: 30_000, realisedCents: 4_000 });
    // The holding's own return counts the fees: (36,000 + 24,000 - 250) / (50,000 + 500)
    expect(holdings[0]!.twrSinceFirstBuy).toBeCloseTo(59_750 / 50_500 - 1, 12);
  });

  it('refuses a sale beyond the holding', () => {
    const result = navHistory({
      start: '2024-01-01',
      end: '2024-01-02',
      events: [
        seed('2024-01-01', 1000),
        { type: 'sell', date: '2024-01-01', symbol: 'X', quantity: 1, price: 1 },
      ],
      closes: new Map(),
    });
    expect(result.ok).toBe(false);
  });
});

describe('periods', () => {
  it('ends every period today and starts it the day after the same date a period earlier', () => {
    expect(periodRange('1M', '2020-01-01', '2024-03-31')).toMatchObject({
      start: '2024-03-01',
      days: 31,
    });
    expect(periodRange('1Y', '2020-01-01', '2024-03-31')).toMatchObject({
      start: '2023-04-01',
      days: 366,
    });
    expect(periodRange('YTD', '2020-01-01', '2024-03-31')).toMatchObject({
      start: '2024-01-01',
      days: 91,
    });
    expect(periodRange('5Y', '2020-01-01', '2024-03-31')).toMatchObject({
      start: '2020-01-01',
      clipped: true,
    });
    expect(
      periodRange('custom', '2020-01-01', '2024-03-31', { from: '2021-01-01', to: '2021-12-31' }),
    ).toMatchObject({ start: '2021-01-01', end: '2021-12-31', days: 365 });
  });

  it('annualises only a period of a year or more, and gives the money-weighted rate N/A with a reason', () => {
    const points: NavPoint[] = [];
    for (let i = 0; i < 730; i++) {
      points.push({
        date: addDays('2022-01-01', i),
        navCents: i === 0 ? 100_000 : 100_000 + i * 10,
        cashCents: 0,
        flowCents: i === 0 ? 100_000 : 0,
        dividendCents: 0,
        realisedCents: 0,
        feeCents: 0,
        dailyReturn: i === 0 ? 0 : (100_000 + i * 10) / (100_000 + (i - 1) * 10) - 1,
      });
    }
    const max = periodFigures(points, periodRange('MAX', '2022-01-01', '2023-12-31'));
    // 107,290 / 100,000 over 730 days
    expect(max.twr.kind).toBe('annualised');
    expect(max.twr.kind !== 'unavailable' && max.twr.rate).toBeCloseTo(
      Math.pow(1.0729, 365 / 730) - 1,
      12,
    );
    expect(max.mwr.kind !== 'unavailable' && max.mwr.rate).toBeCloseTo(
      Math.pow(1.0729, 365 / 730) - 1,
      9,
    );
    const month = periodFigures(points, periodRange('1M', '2022-01-01', '2023-12-31'));
    expect(month.twr.kind).toBe('cumulative');
    expect(month.twr.kind !== 'unavailable' && month.twr.rate).toBeCloseTo(
      107_290 / 106_980 - 1,
      12,
    );

    const empty = periodFigures(
      points.map((p) => ({ ...p, navCents: 0, flowCents: 0, dailyReturn: 0 })),
      periodRange('1M', '2022-01-01', '2023-12-31'),
    );
    expect(empty.mwr).toMatchObject({ kind: 'unavailable', reason: 'no-capital' });
  });

  it('buys the S&P 500 with the same flows and rebases both lines to 100', () => {
    const points: NavPoint[] = [
      {
        date: '2024-01-01',
        navCents: 10_000,
        cashCents: 10_000,
        flowCents: 10_000,
        dividendCents: 0,
        realisedCents: 0,
        feeCents: 0,
        dailyReturn: 0,
      },
      {
        date: '2024-01-02',
        navCents: 21_000,
        cashCents: 21_000,
        flowCents: 10_000,
        dividendCents: 0,
        realisedCents: 0,
        feeCents: 0,
        dailyReturn: 0.05,
      },
    ];
    const chart = chartSeries(points, periodRange('MAX', '2024-01-01', '2024-01-02'), [
      { date: '2023-12-29', close: 50 },
      { date: '2024-01-01', close: 100 },
      { date: '2024-01-02', close: 200 },
    ]);
    // 100 units at 100, then 50 more at 200: 150 x 200 = 30,000
    expect(chart.map((c) => c.benchmarkCents)).toEqual([10_000, 30_000]);
    expect(chart.map((c) => c.twrIndex)).toEqual([100, 105]);
    expect(chart.map((c) => c.benchmarkIndex)).toEqual([200, 400]);
  });

  it('gives each month its own chained time-weighted return', () => {
    const base = {
      navCents: 0,
      cashCents: 0,
      flowCents: 0,
      dividendCents: 0,
      realisedCents: 0,
      feeCents: 0,
    };
    const grid = monthlyReturns([
      { ...base, date: '2024-01-30', dailyReturn: 0.1 },
      { ...base, date: '2024-01-31', dailyReturn: 0.1 },
      { ...base, date: '2024-02-01', dailyReturn: -0.5 },
    ]);
    expect(grid[0]).toMatchObject({ year: 2024, month: 1 });
    expect(grid[0]!.rate).toBeCloseTo(0.21, 15);
    expect(grid[1]).toEqual({ year: 2024, month: 2, rate: -0.5 });
  });
});

describe('corporate actions', () => {
  const trades = [
    { date: '2024-01-02', symbol: 'KO', side: 'buy' as const, quantity: 10 },
    { date: '2024-02-01', symbol: 'KO', side: 'buy' as const, quantity: 5 },
  ];
  it('credits quantity held at the ex-date x the dividend on the pay date, once per ex-date', () => {
    const actions = dueCorporateActions({
      trades,
      dividends: [
        { symbol: 'KO', date: '2024-02-01', paymentDate: '2024-02-20', adjDividend: 0.485 },
        { symbol: 'KO', date: '2024-05-01', paymentDate: '2024-05-20', adjDividend: 0.485 },
        { symbol: 'KO', date: '2023-11-01', paymentDate: '2023-11-20', adjDividend: 0.46 },
      ],
      splits: [],
      today: '2024-05-19',
    });
    // Bought on the ex-date: not entitled. 10 x 0.485 = 4.85; the May dividend is not paid yet.
    expect(actions).toEqual([
      {
        kind: 'dividend',
        id: 'DIV#KO#2024-02-01',
        symbol: 'KO',
        exDate: '2024-02-01',
        payDate: '2024-02-20',
        perShare: 0.485,
        quantity: 10,
        amountCents: 485,
      },
    ]);
  });

  it("applies splits on their date and reads split-adjusted dividends in today's shares", () => {
    const actions = dueCorporateActions({
      trades: [{ date: '2020-01-02', symbol: 'AAPL', side: 'buy', quantity: 3 }],
      dividends: [
        { symbol: 'AAPL', date: '2020-05-08', paymentDate: '2020-05-14', adjDividend: 0.205 },
      ],
      splits: [
        { symbol: 'AAPL', date: '2020-08-31', numerator: 4, denominator: 1 },
        { symbol: 'AAPL', date: '2019-01-01', numerator: 1, denominator: 10 },
      ],
      today: '2024-01-01',
    });
    expect(actions).toEqual([
      expect.objectContaining({ kind: 'dividend', quantity: 12, amountCents: 246 }),
      expect.objectContaining({
        kind: 'split',
        id: 'SPLIT#AAPL#2020-08-31',
        quantityBefore: 3,
        quantityAfter: 12,
      }),
    ]);
  });
});

/* ---------- properties over random portfolios ---------- */

/** Uniform numbers in [0, 1) drawn by fast-check (so a failure prints its counterexample). */
const uniforms = fc.noShrink(
  fc.infiniteStream(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })),
);

interface Scenario {
  start: string;
  end: string;
  events: PerformanceEvent[];
  closes: Record<string, Close[]>;
  /** Independent replay in unadjusted shares: NAV per day. */
  rawNav: number[];
  flatDays: number[];
}

const SYMBOLS = ['AAA', 'BBB', 'CCC'];
const RATIOS: [number, number][] = [
  [4, 1],
  [10, 1],
  [1, 10],
  [2, 1],
];

function scenario(stream: Iterator<number>, opts: { flows: boolean; days: number }): Scenario {
  const rand = () => stream.next().value as number;
  const start = '2020-01-01';
  const days = opts.days;
  const end = addDays(start, days - 1);
  const splits = SYMBOLS.flatMap((symbol) => {
    if (rand() < 0.4) return [];
    const [numerator, denominator] = RATIOS[Math.floor(rand() * RATIOS.length)]!;
    return [
      { symbol, date: addDays(start, 1 + Math.floor(rand() * (days - 2))), numerator, denominator },
    ];
  });
  const factor = (symbol: string, date: string) =>
    splits
      .filter((s) => s.symbol === symbol && s.date > date)
      .reduce((f, s) => f.times(s.numerator).div(s.denominator), new D(1));
  // Adjusted closes in cents-precise dollars; some days flat for every symbol.
  const closes: Record<string, Close[]> = {};
  const level: Record<string, number> = Object.fromEntries(
    SYMBOLS.map((s) => [s, 20 + Math.floor(rand() * 200)]),
  );
  const flatDays: number[] = [];
  for (let i = 0; i < days; i++) {
    const flat = i > 0 && (rand() < 0.15 || splits.some((sp) => sp.date === addDays(start, i)));
    if (flat) flatDays.push(i);
    for (const s of SYMBOLS) {
      if (!flat)
        level[s] = Math.max(1, Math.round(level[s]! * (1 + (rand() - 0.5) * 0.06) * 100) / 100);
      (closes[s] ??= []).push({ date: addDays(start, i), close: level[s]! });
    }
  }
  const events: PerformanceEvent[] = [...splits.map((s) => ({ type: 'split' as const, ...s }))];
  let cash = 1_000_000 + Math.floor(rand() * 5_000_000);
  events.push({ type: 'flow', date: start, amountCents: cash });
  const raw: Record<string, InstanceType<typeof D>> = {};
  const rawPrice = (s: string, i: number) =>
    new D(closes[s]![i]!.close).times(factor(s, addDays(start, i))).toNumber();
  const trades: { date: string; symbol: string; side: 'buy' | 'sell'; quantity: number }[] = [];
  const rawNav: number[] = [];
  const dividendRows = SYMBOLS.flatMap((symbol) =>
    rand() < 0.5
      ? []
      : Array.from({ length: Math.floor(days / 90) }, (_, k) => ({
          symbol,
          date: addDays(start, 30 + k * 90),
          paymentDate: addDays(start, 45 + k * 90),
          adjDividend: Math.round(rand() * 100) / 100 + 0.01,
        })),
  );
  const dividendCash = new Map<number, number>();
  for (let i = 0; i < days; i++) {
    const date = addDays(start, i);
    for (const s of splits) {
      if (s.date === date && raw[s.symbol])
        raw[s.symbol] = raw[s.symbol]!.times(s.numerator).div(s.denominator);
    }
    if (opts.flows && i > 0 && !flatDays.includes(i) && rand() < 0.05) {
      const amount =
        rand() < 0.6 ? Math.floor(rand() * 500_000) + 1 : -Math.floor(rand() * cash * 0.5);
      if (amount !== 0) {
        cash += amount;
        events.push({ type: 'flow', date, amountCents: amount });
      }
    }
    if (!flatDays.includes(i) && rand() < 0.3) {
      const symbol = SYMBOLS[Math.floor(rand() * SYMBOLS.length)]!;
      const price = rawPrice(symbol, i);
      const held = raw[symbol] ?? new D(0);
      if (rand() < 0.65) {
        const quantity = 1 + Math.floor(rand() * 20);
        const value = tradeValueCents(quantity, price);
        if (value <= cash) {
          cash -= value;
          raw[symbol] = held.plus(quantity);
          events.push({ type: 'buy', date, symbol, quantity, price });
          trades.push({ date, symbol, side: 'buy', quantity });
        }
      } else if (held.gt(0)) {
        const quantity =
          rand() < 0.3 ? held.toNumber() : Math.min(held.toNumber(), 1 + Math.floor(rand() * 5));
        cash += tradeValueCents(quantity, price);
        raw[symbol] = held.minus(quantity);
        events.push({ type: 'sell', date, symbol, quantity, price });
        trades.push({ date, symbol, side: 'sell', quantity });
      }
    }
    // Dividends paid today, from the actions due by today.
    const due = dueCorporateActions({ trades, dividends: dividendRows, splits, today: date });
    for (const a of due) {
      if (a.kind === 'dividend' && a.payDate === date) {
        cash += a.amountCents;
        events.push({ type: 'dividend', date, symbol: a.symbol, amountCents: a.amountCents });
        dividendCash.set(i, (dividendCash.get(i) ?? 0) + a.amountCents);
      }
    }
    const holdings = Object.fromEntries(
      Object.entries(raw)
        .filter(([, q]) => q.gt(0))
        .map(([s, q]) => [s, { quantity: q.toNumber(), costCents: 0 }]),
    );
    const quotes = Object.fromEntries(SYMBOLS.map((s) => [s, rawPrice(s, i)]));
    const nav = navCents(cash, holdings, quotes);
    rawNav.push(nav.ok ? nav.navCents : NaN);
  }
  return { start, end, events, closes, rawNav, flatDays };
}

// Each property replays dozens of generated histories: seconds of CPU, more on a busy machine.
describe('properties of random portfolios', { timeout: 60_000 }, () => {
  it("today's NAV is cash plus holdings at today's prices, and no split moves any day's NAV", () => {
    fc.assert(
      fc.property(uniforms, (s) => {
        const sc = scenario(s, { flows: true, days: 200 });
        const { points } = history(sc.events, sc.closes, sc.start, sc.end);
        expect(points.map((p) => p.navCents)).toEqual(sc.rawNav);
      }),
      { numRuns: 40 },
    );
  });

  it("each day's return is NAV / (yesterday's NAV + flows) - 1 as the 40-digit Decimal quotient gives it", () => {
    fc.assert(
      fc.property(uniforms, (s) => {
        const sc = scenario(s, { flows: true, days: 200 });
        const { points } = history(sc.events, sc.closes, sc.start, sc.end);
        let previous = 0;
        for (const p of points) {
          const base = previous + p.flowCents;
          expect(p.dailyReturn).toBe(
            base > 0 ? new D(p.navCents).div(base).minus(1).toNumber() : 0,
          );
          previous = p.navCents;
        }
      }),
      { numRuns: 40 },
    );
  });

  it("the cash the events leave (the check of a ledger's items) is the replay's last cash", () => {
    fc.assert(
      fc.property(uniforms, (s) => {
        const sc = scenario(s, { flows: true, days: 200 });
        const { points } = history(sc.events, sc.closes, sc.start, sc.end);
        expect(cashAfter(sc.events)).toBe(points.at(-1)!.cashCents);
      }),
      { numRuns: 40 },
    );
  });

  it('a replay resumed from the state at the end of any day gives the same days and holdings as one replay', () => {
    fc.assert(
      fc.property(uniforms, fc.integer({ min: 0, max: 198 }), (s, cut) => {
        const sc = scenario(s, { flows: true, days: 200 });
        const through = addDays(sc.start, cut);
        const whole = navHistory({
          start: sc.start,
          end: sc.end,
          events: sc.events,
          closes: new Map(Object.entries(sc.closes)),
          checkpoint: through,
        });
        if (!whole.ok) throw new Error(whole.error.message);
        const state = whole.history.checkpoint!;
        expect(state.through).toBe(through);
        // Through JSON, as it is stored; and with only the closes after the checkpoint.
        const later = Object.fromEntries(
          Object.entries(sc.closes).map(([k, bars]) => [k, bars.filter((b) => b.date > through)]),
        );
        const resumed = navHistory({
          start: sc.start,
          end: sc.end,
          events: sc.events,
          closes: new Map(Object.entries(later)),
          resume: JSON.parse(JSON.stringify(state)),
        });
        if (!resumed.ok) throw new Error(resumed.error.message);
        expect([...whole.history.points.slice(0, cut + 1), ...resumed.history.points]).toEqual(
          whole.history.points,
        );
        expect(resumed.history.holdings).toEqual(whole.history.holdings);
      }),
      { numRuns: 40 },
    );
  });

  it('a replay resumed on its last day adds no day', () => {
    const events: PerformanceEvent[] = [
      seed('2024-01-01', 1_000_000),
      { type: 'buy', date: '2024-01-01', symbol: 'AAA', quantity: 10, price: 100 },
    ];
    const closes = new Map([['AAA', [{ date: '2024-01-02', close: 110 }]]]);
    const whole = navHistory({
      start: '2024-01-01',
      end: '2024-01-03',
      events,
      closes,
      checkpoint: '2024-01-03',
    });
    if (!whole.ok) throw new Error(whole.error.message);
    expect(whole.history.checkpoint!.positions[0]).toMatchObject({ adjQuantity: '10', price: 110 });
    const resumed = navHistory({
      start: '2024-01-01',
      end: '2024-01-03',
      events,
      closes: new Map(),
      resume: whole.history.checkpoint!,
    });
    if (!resumed.ok) throw new Error(resumed.error.message);
    expect(resumed.history.points).toEqual([]);
    expect(resumed.history.holdings).toEqual(whole.history.holdings);
  });

  it('a deposit on a day with no price change leaves the time-weighted return unchanged', () => {
    fc.assert(
      fc.property(uniforms, fc.integer({ min: 1, max: 10_000_000 }), (s, extra) => {
        const sc = scenario(s, { flows: true, days: 200 });
        const day = sc.flatDays.find((d) => d > 5 && d < 190);
        if (day === undefined) return;
        const date = addDays(sc.start, day);
        const base = history(sc.events, sc.closes, sc.start, sc.end).points;
        const upTo = periodRange('custom', sc.start, sc.end, { from: sc.start, to: date });
        const withFlow = history(
          [...sc.events, { type: 'flow', date, amountCents: extra }],
          sc.closes,
          sc.start,
          sc.end,
        ).points;
        // Through the day of the flow, every figure of the time-weighted chain is the same.
        expect(periodFigures(withFlow, upTo).twrCumulative).toBeCloseTo(
          periodFigures(base, upTo).twrCumulative,
          12,
        );
        // Taken out again at the start of the next day, the whole period's return is the same too.
        const roundTrip = history(
          [
            ...sc.events,
            { type: 'flow', date, amountCents: extra },
            { type: 'flow', date: addDays(date, 1), amountCents: -extra },
          ],
          sc.closes,
          sc.start,
          sc.end,
        ).points;
        const all = periodRange('MAX', sc.start, sc.end);
        expect(periodFigures(roundTrip, all).twrCumulative).toBeCloseTo(
          periodFigures(base, all).twrCumulative,
          12,
        );
      }),
      { numRuns: 30 },
    );
  });

  it('with no flow but the first, the annualised time-weighted return equals the money-weighted one', () => {
    fc.assert(
      fc.property(uniforms, (s) => {
        const sc = scenario(s, { flows: false, days: 500 });
        const points = history(sc.events, sc.closes, sc.start, sc.end).points;
        const figures = periodFigures(points, periodRange('MAX', sc.start, sc.end));
        expect(figures.twr.kind).toBe('annualised');
        expect(figures.mwr.kind).toBe('annualised');
        if (figures.twr.kind === 'unavailable' || figures.mwr.kind === 'unavailable') return;
        expect(Math.abs(figures.twr.rate - figures.mwr.rate)).toBeLessThan(1e-9);
      }),
      { numRuns: 25 },
    );
  });

  it('a split changes no NAV: adjusted shares at adjusted closes match unadjusted shares at unadjusted prices, and a split day is flat', () => {
    fc.assert(
      fc.property(uniforms, (s) => {
        const sc = scenario(s, { flows: false, days: 120 });
        const { points } = history(sc.events, sc.closes, sc.start, sc.end);
        // NAV equals the replay in unadjusted shares (split applied on its day) throughout.
        expect(points.map((p) => p.navCents)).toEqual(sc.rawNav);
        // Split days are flat days with no trade: NAV is the previous day's unless a dividend is paid.
        for (const e of sc.events) {
          if (e.type !== 'split') continue;
          const i = points.findIndex((p) => p.date === e.date);
          if (i < 1 || points[i]!.dividendCents !== 0) continue;
          expect(points[i]!.navCents).toBe(points[i - 1]!.navCents);
        }
      }),
      { numRuns: 25 },
    );
  });
});
