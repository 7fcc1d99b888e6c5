import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lotsViewSchema, type LotsViewData } from '../schemas/portfolio-performance';
import { addDays } from './days';
import { navHistory, type PerformanceEvent } from './history';
import {
  costBasis,
  holdingTerm,
  type LotSplit,
  type LotTrade,
  LotsError,
  lotsAnswer,
  lotsView,
  longTermFrom,
  shareByQuantity,
} from './lots';
import { D } from './money';

const at = (date: string) => `${date}T15:00:00.000Z`;
const buy = (date: string, symbol: string, quantity: number, price: number, feeCents?: number) =>
  ({
    time: at(date),
    symbol,
    side: 'buy',
    quantity,
    price,
    ...(feeCents ? { feeCents } : {}),
  }) as const;
const sell = (date: string, symbol: string, quantity: number, price: number, feeCents?: number) =>
  ({
    time: at(date),
    symbol,
    side: 'sell',
    quantity,
    price,
    ...(feeCents ? { feeCents } : {}),
  }) as const;

describe('holding period', () => {
  it('is short-term on the anniversary and long-term from the day after', () => {
    expect(holdingTerm('2023-03-15', '2024-03-15')).toBe('short');
    expect(holdingTerm('2023-03-15', '2024-03-16')).toBe('long');
    expect(longTermFrom('2023-03-15')).toBe('2024-03-16');
    // Bought on 29 February: the anniversary is 28 February.
    expect(longTermFrom('2024-02-29')).toBe('2025-03-01');
    expect(holdingTerm('2024-02-29', '2025-02-28')).toBe('short');
    expect(holdingTerm('2024-02-29', '2025-03-01')).toBe('long');
    // 31 December to the next year's 1 January: a day.
    expect(holdingTerm('2023-12-31', '2024-01-01')).toBe('short');
  });
});

describe('sharing cents by quantity', () => {
  it('rounds cumulatively, so the parts add up to the whole', () => {
    // 1001 cents over three equal parts: 333.67 -> 334; 667.33 -> 667 (333); the rest 334.
    expect(shareByQuantity(1001, [1n, 1n, 1n])).toEqual([334, 333, 334]);
    expect(shareByQuantity(-10, [1n, 2n])).toEqual([-3, -7]);
    expect(shareByQuantity(5, [5n])).toEqual([5]);
  });
});

describe('FIFO lots, worked by hand', () => {
  it('matches a sale to the oldest lots, fees in the cost and out of the proceeds', () => {
    const trades: LotTrade[] = [
      buy('2023-01-10', 'KO', 10, 100, 500),
      buy('2023-06-01', 'KO', 10, 120, 500),
      sell('2024-01-10', 'KO', 15, 150, 750),
    ];
    const view = lotsView({
      trades,
      splits: [],
      today: '2024-02-01',
      prices: new Map([['KO', 160]]),
    });
    // Net proceeds 2,250.00 - 7.50 = 2,242.50: 10/15 is 1,495.00, the other 5 get 747.50.
    expect(view.realised).toEqual([
      {
        sold: '2024-01-10',
        symbol: 'KO',
        acquired: '2023-01-10',
        quantity: 10,
        proceeds_cents: 149_500,
        cost_cents: 100_500,
        gain_cents: 49_000,
        term: 'short', // sold on the anniversary
      },
      {
        sold: '2024-01-10',
        symbol: 'KO',
        acquired: '2023-06-01',
        quantity: 5,
        proceeds_cents: 74_750,
        cost_cents: 60_250,
        gain_cents: 14_500,
        term: 'short',
      },
    ]);
    expect(view.open).toEqual([
      {
        symbol: 'KO',
        acquired: '2023-06-01',
        quantity: 5,
        cost_cents: 60_250,
        price: 160,
        value_cents: 80_000,
        unrealised_cents: 19_750,
        term: 'short',
        long_term_from: '2024-06-02',
      },
    ]);
    expect(view.tax_years).toEqual([
      { year: 2024, short_cents: 63_500, long_cents: 0, total_cents: 63_500 },
    ]);
    // A day later the first lot is long-term.
    const later = lotsView({
      trades: [...trades.slice(0, 2), sell('2024-01-11', 'KO', 15, 150, 750)],
      splits: [],
      today: '2024-02-01',
      prices: new Map(),
    });
    expect(later.realised.map((r) => r.term)).toEqual(['long', 'short']);
    expect(later.tax_years).toEqual([
      { year: 2024, short_cents: 14_500, long_cents: 49_000, total_cents: 63_500 },
    ]);
    expect(later.open[0]).toMatchObject({ price: null, value_cents: null, unrealised_cents: null });
  });

  it('leaves the rounding remainder with the lot, so the costs taken add up to the lot’s cost', () => {
    // 3 shares at $10.00 plus a 1 cent fee: 3,001 cents.
    const trades: LotTrade[] = [
      buy('2024-01-02', 'X', 3, 10, 1),
      sell('2024-02-01', 'X', 1, 10),
      sell('2024-03-01', 'X', 1, 10),
      sell('2024-04-01', 'X', 1, 10),
    ];
    const view = lotsView({ trades, splits: [], today: '2024-05-01', prices: new Map() });
    // 3001/3 = 1000.33 -> 1000; 2001/2 = 1000.5 -> 1001 (half up); the last takes 1000.
    expect(view.realised.map((r) => r.cost_cents)).toEqual([1000, 1001, 1000]);
    expect(view.realised.map((r) => r.gain_cents)).toEqual([0, -1, 0]);
    expect(view.open).toEqual([]);
  });

  it('shares one sale’s proceeds over several lots by cumulative rounding', () => {
    const trades: LotTrade[] = [
      buy('2024-01-02', 'X', 1, 1),
      buy('2024-01-03', 'X', 1, 1),
      buy('2024-01-04', 'X', 1, 1),
      sell('2024-02-01', 'X', 3, 3.335),
    ];
    // 3 x 3.335 = 10.005 -> 1,001 cents: 334, 333, 334.
    const view = lotsView({ trades, splits: [], today: '2024-05-01', prices: new Map() });
    expect(view.realised.map((r) => r.proceeds_cents)).toEqual([334, 333, 334]);
    expect(view.tax_years[0]?.total_cents).toBe(1001 - 300);
  });

  it('carries a split inside a lot’s life: more shares at the same cost, the purchase date kept', () => {
    const trades: LotTrade[] = [
      buy('2023-01-05', 'NVDA', 100, 500),
      sell('2024-07-01', 'NVDA', 400, 120),
    ];
    const splits: LotSplit[] = [
      { symbol: 'NVDA', date: '2024-06-10', numerator: 10, denominator: 1 },
    ];
    const view = lotsView({
      trades,
      splits,
      today: '2024-07-01',
      prices: new Map([['NVDA', 130]]),
    });
    expect(view.realised).toEqual([
      {
        sold: '2024-07-01',
        symbol: 'NVDA',
        acquired: '2023-01-05',
        quantity: 400,
        proceeds_cents: 4_800_000,
        cost_cents: 2_000_000,
        gain_cents: 2_800_000,
        term: 'long',
      },
    ]);
    expect(view.open).toEqual([
      {
        symbol: 'NVDA',
        acquired: '2023-01-05',
        quantity: 600,
        cost_cents: 3_000_000,
        price: 130,
        value_cents: 7_800_000,
        unrealised_cents: 4_800_000,
        term: 'long',
        long_term_from: '2024-01-06',
      },
    ]);
    // A split dated after today is not applied yet.
    const before = lotsView({
      trades: trades.slice(0, 1),
      splits: [{ symbol: 'NVDA', date: '2024-07-02', numerator: 10, denominator: 1 }],
      today: '2024-07-01',
      prices: new Map([['NVDA', 1300]]),
    });
    expect(before.open[0]).toMatchObject({ quantity: 100, value_cents: 13_000_000 });
    // A trade on the split's day is at the split's new share count (the split comes first).
    const sameDay = lotsView({
      trades: [buy('2024-06-10', 'NVDA', 10, 120), sell('2024-06-10', 'NVDA', 10, 121)],
      splits,
      today: '2024-07-01',
      prices: new Map(),
    });
    expect(sameDay.open).toEqual([]);
    expect(sameDay.realised[0]).toMatchObject({ quantity: 10, gain_cents: 1000 });
  });

  it('shares the value of a symbol’s lots so it adds up to the holding’s value', () => {
    const view = lotsView({
      trades: [
        buy('2024-01-02', 'X', 1, 1),
        buy('2024-01-03', 'X', 1, 1),
        buy('2024-01-04', 'X', 1, 1),
      ],
      splits: [],
      today: '2024-05-01',
      prices: new Map([['X', 3.335]]),
    });
    expect(view.open.map((l) => l.value_cents)).toEqual([334, 333, 334]);
  });

  it('refuses a sale larger than the lots', () => {
    expect(() =>
      lotsView({
        trades: [buy('2024-01-02', 'X', 1, 1), sell('2024-01-03', 'X', 2, 1)],
        splits: [],
        today: '2024-02-01',
        prices: new Map(),
      }),
    ).toThrow(LotsError);
  });

  it('answers in the shape the API promises', () => {
    const view = lotsView({
      trades: [buy('2023-01-10', 'KO', 10, 100, 500), sell('2024-01-10', 'KO', 5, 150)],
      splits: [],
      today: '2024-02-01',
      prices: new Map([['KO', 160]]),
    });
    const answer = lotsAnswer(view, 100);
    const typed: LotsViewData = answer;
    expect(lotsViewSchema.parse(typed)).toEqual(answer);
  });
});

describe('cost basis by method', () => {
  const trades: LotTrade[] = [
    buy('2023-01-10', 'KO', 10, 100, 500),
    buy('2023-06-01', 'KO', 10, 120, 500),
    sell('2024-01-10', 'KO', 15, 150, 750),
  ];

  it('gives the average cost and FIFO figures of the same trades', () => {
    const input = { trades, splits: [], today: '2024-02-01' };
    // Average: 221,000 for 20 shares; 15 sold take 165,750; proceeds 224,250.
    expect(costBasis('average', input)).toEqual([
      { symbol: 'KO', quantity: 5, cost_cents: 55_250, realised_cents: 58_500 },
    ]);
    expect(costBasis('fifo', input)).toEqual([
      { symbol: 'KO', quantity: 5, cost_cents: 60_250, realised_cents: 63_500 },
    ]);
    // Fees apart: 220,000 for 20; 15 take 165,000; proceeds 225,000.
    expect(costBasis('average', input, { feesInBasis: false })).toEqual([
      { symbol: 'KO', quantity: 5, cost_cents: 55_000, realised_cents: 60_000 },
    ]);
  });
});

/* ---------- properties ---------- */

const START = '2020-01-02';

interface Draw {
  day: number;
  kind: 'buy' | 'sell' | 'split';
  quantity: number;
  /** Cents. */
  price: number;
  fee: number;
  ratio: [number, number];
}

const drawsOver = (days: number) =>
  fc.record({
    day: fc.integer({ min: 0, max: days }),
    kind: fc.constantFrom<Draw['kind']>('buy', 'buy', 'sell', 'sell', 'split'),
    quantity: fc.integer({ min: 1, max: 2_000_000 }).map((m) => m / 1000),
    price: fc.integer({ min: 1, max: 5_000_00 }),
    fee: fc.integer({ min: 0, max: 2_000 }),
    ratio: fc.constantFrom<[number, number]>([2, 1], [3, 1], [10, 1], [3, 2], [1, 4], [1, 8]),
  });
const drawArb = drawsOver(1500);

/** Trades that never sell more than is held, then every position sold to zero. */
function portfolio(draws: readonly Draw[], symbols: readonly string[], liquidate: boolean) {
  const trades: LotTrade[] = [];
  const splits: LotSplit[] = [];
  const held = new Map<string, InstanceType<typeof D>>();
  let lastDay = 0;
  [...draws]
    .sort((a, b) => a.day - b.day)
    .forEach((d, i) => {
      const symbol = symbols[i % symbols.length]!;
      const date = addDays(START, d.day);
      lastDay = Math.max(lastDay, d.day);
      const q = held.get(symbol) ?? new D(0);
      if (d.kind === 'split') {
        if (splits.some((s) => s.symbol === symbol && s.date === date)) return;
        splits.push({ symbol, date, numerator: d.ratio[0], denominator: d.ratio[1] });
        // The holding after a split is rounded down to a millionth of a share, as the ledger's.
        held.set(symbol, q.times(d.ratio[0]).div(d.ratio[1]).toDecimalPlaces(6, D.ROUND_DOWN));
      } else if (d.kind === 'buy') {
        trades.push(buy(date, symbol, d.quantity, d.price / 100, d.fee));
        held.set(symbol, q.plus(d.quantity));
      } else {
        // Sell part of the holding, to 3 decimals.
        const part = q.times(d.quantity / 2_000).toDecimalPlaces(3, D.ROUND_DOWN);
        if (part.gt(0)) {
          trades.push(sell(date, symbol, part.toNumber(), d.price / 100, d.fee));
          held.set(symbol, q.minus(part));
        }
      }
    });
  if (liquidate) {
    const date = addDays(START, lastDay + 1);
    for (const [symbol, q] of held) {
      if (q.gt(0)) trades.push(sell(date, symbol, q.toNumber(), 12.34, 99));
    }
  }
  return { trades, splits, today: addDays(START, lastDay + 1) };
}

describe('FIFO and average cost, properties', () => {
  it('over a full liquidation the lot gains add up to the average-cost gain, to the cent', () => {
    fc.assert(
      fc.property(fc.array(drawArb, { minLength: 1, maxLength: 40 }), (draws) => {
        const input = portfolio(draws, ['AAA', 'BBB', 'CCC'], true);
        const view = lotsView({ ...input, prices: new Map() });
        expect(view.open).toEqual([]);
        const lotGains = view.realised.reduce((s, r) => s + r.gain_cents, 0);
        const average = costBasis('average', input);
        expect(lotGains).toBe(average.reduce((s, b) => s + b.realised_cents, 0));
        // Per symbol too, and the tax years add up to the matches.
        for (const b of average) {
          expect(
            view.realised
              .filter((r) => r.symbol === b.symbol)
              .reduce((s, r) => s + r.gain_cents, 0),
          ).toBe(b.realised_cents);
        }
        expect(view.tax_years.reduce((s, y) => s + y.total_cents, 0)).toBe(lotGains);
        for (const y of view.tax_years) expect(y.short_cents + y.long_cents).toBe(y.total_cents);
        // And the same, fees left apart.
        const apart = (m: 'average' | 'fifo') =>
          costBasis(m, input, { feesInBasis: false }).reduce((s, b) => s + b.realised_cents, 0);
        expect(apart('fifo')).toBe(apart('average'));
      }),
      { numRuns: 200 },
    );
  }, 30_000);

  it('every sale’s matches add up to its proceeds and every lot’s costs to its cost', () => {
    fc.assert(
      fc.property(fc.array(drawArb, { minLength: 1, maxLength: 40 }), (draws) => {
        const input = portfolio(draws, ['AAA', 'BBB'], false);
        const view = lotsView({
          ...input,
          prices: new Map([
            ['AAA', 10.01],
            ['BBB', 0.07],
          ]),
        });
        const byLot = new Map<string, number>();
        const key = (symbol: string, acquired: string) => `${symbol} ${acquired}`;
        for (const r of view.realised)
          byLot.set(
            key(r.symbol, r.acquired),
            (byLot.get(key(r.symbol, r.acquired)) ?? 0) + r.cost_cents,
          );
        for (const l of view.open)
          byLot.set(
            key(l.symbol, l.acquired),
            (byLot.get(key(l.symbol, l.acquired)) ?? 0) + l.cost_cents,
          );
        const bought = new Map<string, number>();
        for (const t of input.trades.filter((t) => t.side === 'buy')) {
          const k = key(t.symbol, t.time.slice(0, 10));
          const cents = new D(t.quantity)
            .times(t.price)
            .times(100)
            .toDecimalPlaces(0, D.ROUND_HALF_UP)
            .toNumber();
          bought.set(k, (bought.get(k) ?? 0) + cents + (t.feeCents ?? 0));
        }
        expect(byLot).toEqual(bought);
        const sales = new Map<string, number>();
        for (const r of view.realised)
          sales.set(
            key(r.symbol, r.sold),
            (sales.get(key(r.symbol, r.sold)) ?? 0) + r.proceeds_cents,
          );
        const sold = new Map<string, number>();
        for (const t of input.trades.filter((t) => t.side === 'sell')) {
          const k = key(t.symbol, t.time.slice(0, 10));
          const cents = new D(t.quantity)
            .times(t.price)
            .times(100)
            .toDecimalPlaces(0, D.ROUND_HALF_UP)
            .toNumber();
          sold.set(k, (sold.get(k) ?? 0) + cents - (t.feeCents ?? 0));
        }
        expect(sales).toEqual(sold);
        // FIFO and average hold the same shares.
        expect(costBasis('fifo', input).map((b) => b.quantity)).toEqual(
          costBasis('average', input).map((b) => b.quantity),
        );
      }),
      { numRuns: 200 },
    );
  }, 30_000);

  /** The average cost, fees apart, against the NAV history's holdings. */
  function averageMatchesHistory(draws: readonly Draw[]) {
    const input = portfolio(draws, ['AAA', 'BBB'], false);
    const events: PerformanceEvent[] = [
      { type: 'flow', date: START, amountCents: 1e15 },
      ...input.trades.map((t) => ({
        type: t.side,
        date: t.time.slice(0, 10),
        symbol: t.symbol,
        quantity: t.quantity,
        price: t.price,
        ...(t.feeCents ? { feeCents: t.feeCents } : {}),
      })),
      ...input.splits.map((s) => ({ type: 'split' as const, ...s })),
    ];
    const result = navHistory({ start: START, end: input.today, events, closes: new Map() });
    if (!result.ok) throw new Error(result.error.message);
    const history = result.history.holdings.map((h) => ({
      symbol: h.symbol,
      quantity: h.quantity,
      cost_cents: h.costCents,
      realised_cents: h.realisedCents,
    }));
    expect(costBasis('average', input, { feesInBasis: false })).toEqual(history);
    // FIFO holds the same shares, the fraction a split drops included.
    expect(costBasis('fifo', input, { feesInBasis: false }).map((b) => b.quantity)).toEqual(
      history.map((h) => h.quantity),
    );
  }

  it('the average cost, fees apart, is the NAV history’s cost and realised gain of each holding', () => {
    fc.assert(
      // Over a year, so that each replay of the history stays short.
      fc.property(fc.array(drawsOver(365), { minLength: 1, maxLength: 30 }), (draws) => {
        averageMatchesHistory(draws);
      }),
      { numRuns: 40 },
    );
  }, 30_000);

  it('rounds a holding down to a millionth of a share after a split, as the NAV history does', () => {
    // 30.794 shares split 1:4 then 1:8 hold 0.9623125: the holding is 0.962312 everywhere.
    const draws: Draw[] = [
      { day: 1, kind: 'split', quantity: 0.001, price: 1, fee: 0, ratio: [1, 4] },
      { day: 2, kind: 'split', quantity: 0.001, price: 1, fee: 0, ratio: [1, 8] },
      { day: 0, kind: 'buy', quantity: 30.794, price: 1, fee: 0, ratio: [2, 1] },
      { day: 0, kind: 'buy', quantity: 0.001, price: 1, fee: 0, ratio: [2, 1] },
      { day: 1, kind: 'buy', quantity: 0.001, price: 1, fee: 0, ratio: [2, 1] },
    ];
    averageMatchesHistory(draws);
    const input = portfolio(draws, ['AAA', 'BBB'], false);
    expect(costBasis('fifo', input).find((b) => b.symbol === 'AAA')?.quantity).toBe(0.962312);
  });
});
