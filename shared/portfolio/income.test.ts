import { describe, expect, it } from 'vitest';
import type { TradeLike } from './corporate';
import {
  addMonths,
  basisOf,
  declaredAsOf,
  type DeclaredDividend,
  dividendCents,
  dividendGrowth,
  dividendsByMonth,
  dividendSchedule,
  entitlements,
  forwardPayments,
  forwardTotals,
  upcomingDeclared,
  yieldOf,
} from './income';

/*
 * Every expected figure here is worked out by hand from the rows (shares x dividend per share,
 * cents summed; growth from its definition), not by the code under test.
 */

const TODAY = '2026-03-10';

/** A quarterly payer: $0.50 a quarter in 2025, then $0.52 declared on 17 February 2026. */
const KO: DeclaredDividend[] = [
  ['2025-02-11', '2025-03-10', '2025-03-26', 0.5],
  ['2025-05-13', '2025-06-09', '2025-06-25', 0.5],
  ['2025-08-12', '2025-09-09', '2025-09-25', 0.5],
  ['2025-11-11', '2025-12-10', '2025-12-26', 0.5],
  ['2026-02-17', '2026-03-10', '2026-03-26', 0.52],
  // Declared after today: not known yet on the pinned day.
  ['2026-05-19', '2026-06-09', '2026-06-25', 0.52],
].map(([declared, ex, pay, amount]) => ({
  symbol: 'KO',
  date: ex as string,
  declarationDate: declared as string,
  recordDate: ex as string,
  paymentDate: pay as string,
  adjDividend: amount as number,
}));

const buy = (date: string, quantity: number, symbol = 'KO'): TradeLike => ({
  date,
  symbol,
  side: 'buy',
  quantity,
});
const sell = (date: string, quantity: number, symbol = 'KO'): TradeLike => ({
  date,
  symbol,
  side: 'sell',
  quantity,
});

describe('dividends received, from the daily points', () => {
  const points = [
    { date: '2025-11-30', dividendCents: 0 },
    { date: '2025-12-26', dividendCents: 5_000 },
    { date: '2025-12-29', dividendCents: 1_234 },
    { date: '2026-02-02', dividendCents: 700 },
    { date: '2026-03-10', dividendCents: 0 },
  ];

  it('sums every month from the first point to today, months without a dividend at zero', () => {
    expect(dividendsByMonth(points, TODAY)).toEqual({
      months: [
        { month: '2025-11', cents: 0 },
        { month: '2025-12', cents: 6_234 },
        { month: '2026-01', cents: 0 },
        { month: '2026-02', cents: 700 },
        { month: '2026-03', cents: 0 },
      ],
      years: [
        { year: 2025, cents: 6_234 },
        { year: 2026, cents: 700 },
      ],
    });
    expect(dividendCents(points)).toBe(6_934);
  });

  it('adds portfolios month by month, filling the months between', () => {
    expect(
      addMonths([
        [
          { month: '2025-11', cents: 10 },
          { month: '2025-12', cents: 20 },
        ],
        [{ month: '2026-02', cents: 5 }],
        [],
      ]),
    ).toEqual([
      { month: '2025-11', cents: 10 },
      { month: '2025-12', cents: 20 },
      { month: '2026-01', cents: 0 },
      { month: '2026-02', cents: 5 },
    ]);
  });
});

describe('the dividends known on the pinned day', () => {
  it('leaves out a dividend declared after today, a bad date and no amount; a missing pay date is the ex-date', () => {
    const rows = declaredAsOf(
      [
        ...KO,
        { symbol: 'KO', date: 'soon', adjDividend: 1 },
        { symbol: 'KO', date: '2024-01-05', adjDividend: 0 },
        { symbol: 'KO', date: '2024-12-02', paymentDate: null, adjDividend: 0.485 },
      ],
      TODAY,
    );
    expect(rows.map((r) => [r.exDate, r.payDate, r.perShare])).toEqual([
      ['2024-12-02', '2024-12-02', 0.485],
      ['2025-03-10', '2025-03-26', 0.5],
      ['2025-06-09', '2025-06-25', 0.5],
      ['2025-09-09', '2025-09-25', 0.5],
      ['2025-12-10', '2025-12-26', 0.5],
      ['2026-03-10', '2026-03-26', 0.52],
    ]);
  });

  it('lists as upcoming what goes ex or pays today or later', () => {
    const rows = declaredAsOf(KO, '2026-03-20');
    expect(upcomingDeclared(rows, '2026-03-20').map((r) => r.exDate)).toEqual(['2026-03-10']);
    expect(upcomingDeclared(rows, '2026-03-27')).toEqual([]);
  });
});

describe('forward 12-month income', () => {
  const dividends = declaredAsOf(KO, TODAY);

  it('takes the declared dividend on the shares held at the start of its ex-date, and the trailing 12 months for the rest', () => {
    // 100 held since 2025, 20 more bought on the ex-date itself (too late for it).
    const payments = forwardPayments({
      symbol: 'KO',
      dividends,
      trades: [buy('2025-01-02', 100), buy(TODAY, 20)],
      splits: [],
      quantity: 120,
      today: TODAY,
    });
    expect(
      payments.map((p) => [p.basis, p.exDate, p.payDate, p.quantity, p.perShare, p.amountCents]),
    ).toEqual([
      // 100 x $0.52
      ['declared', '2026-03-10', '2026-03-26', 100, 0.52, 5_200],
      // The oldest trailing payment (paid 2025-03-26) is the one the declared one replaces;
      // the other three a year on, 120 x $0.50 each.
      ['trailing', '2026-06-09', '2026-06-25', 120, 0.5, 6_000],
      ['trailing', '2026-09-09', '2026-09-25', 120, 0.5, 6_000],
      ['trailing', '2026-12-10', '2026-12-26', 120, 0.5, 6_000],
    ]);
    // 100 x 0.52 + 3 x 120 x 0.50 = 52 + 180 = $232.00
    expect(forwardTotals(payments)).toEqual({
      totalCents: 23_200,
      declaredCents: 5_200,
      trailingCents: 18_000,
    });
    expect(basisOf(payments)).toBe('mixed');

    // Cost 100 x $60 + 20 x $65 = $7,300; value 120 x $66 = $7,920.
    expect(yieldOf(23_200, 730_000)).toBe(232 / 7_300);
    expect(yieldOf(23_200, 792_000)).toBe(232 / 7_920);
  });

  it('uses only the trailing 12 months before a dividend is declared', () => {
    const before = declaredAsOf(KO, '2026-02-16');
    const payments = forwardPayments({
      symbol: 'KO',
      dividends: before,
      trades: [buy('2025-01-02', 10)],
      splits: [],
      quantity: 10,
      today: '2026-02-16',
    });
    // Paid 2025-03-26 .. 2025-12-26, each a year on: 4 x 10 x $0.50.
    expect(payments.map((p) => [p.basis, p.payDate, p.amountCents])).toEqual([
      ['trailing', '2026-03-26', 500],
      ['trailing', '2026-06-25', 500],
      ['trailing', '2026-09-25', 500],
      ['trailing', '2026-12-26', 500],
    ]);
    expect(basisOf(payments)).toBe('trailing');
  });

  it('pays a dividend gone ex to shares sold since, and nothing more on them', () => {
    const payments = forwardPayments({
      symbol: 'KO',
      dividends,
      trades: [buy('2025-01-02', 50), sell(TODAY, 50)],
      splits: [],
      quantity: 0,
      today: TODAY,
    });
    expect(payments.map((p) => [p.basis, p.quantity, p.amountCents])).toEqual([
      ['declared', 50, 2_600],
    ]);
    expect(basisOf(payments)).toBe('declared');
  });

  it('counts shares bought before a split in the split shares the dividend is quoted in', () => {
    // 7 shares before a 3-for-1 split: 21 today; the provider's amounts are per share of today.
    const payments = forwardPayments({
      symbol: 'KO',
      dividends,
      trades: [buy('2025-01-02', 7)],
      splits: [{ symbol: 'KO', date: '2025-10-01', numerator: 3, denominator: 1 }],
      quantity: 21,
      today: TODAY,
    });
    // 21 x 0.52 = 10.92; 21 x 0.50 = 10.50.
    expect(payments.map((p) => p.amountCents)).toEqual([1_092, 1_050, 1_050, 1_050]);
  });

  it('rounds each payment half up to a cent, as the engine credits it', () => {
    const payments = forwardPayments({
      symbol: 'KO',
      dividends,
      trades: [buy('2025-01-02', 0.125)],
      splits: [],
      quantity: 0.125,
      today: TODAY,
    });
    // 0.125 x 0.52 = 0.065 -> 7 cents; 0.125 x 0.50 = 0.0625 -> 6 cents.
    expect(payments.map((p) => p.amountCents)).toEqual([7, 6, 6, 6]);
  });

  it('has nothing to pay on a symbol that paid nothing in a year and declared nothing', () => {
    const old = declaredAsOf(KO, TODAY).filter((d) => d.exDate < '2025-03-01');
    expect(
      forwardPayments({
        symbol: 'KO',
        dividends: old,
        trades: [buy('2020-01-02', 5)],
        splits: [],
        quantity: 5,
        today: TODAY,
      }),
    ).toEqual([]);
    expect(basisOf([])).toBe('none');
  });

  it('gives a watcher the same schedule per share, without shares', () => {
    expect(
      dividendSchedule('KO', dividends, TODAY).map((d) => [d.basis, d.exDate, d.perShare]),
    ).toEqual([
      ['declared', '2026-03-10', 0.52],
      ['trailing', '2026-06-09', 0.5],
      ['trailing', '2026-09-09', 0.5],
      ['trailing', '2026-12-10', 0.5],
    ]);
  });

  it('works out what a declared dividend will credit, whenever it pays', () => {
    const due = entitlements({
      symbol: 'KO',
      dividends: [
        { exDate: '2026-03-10', payDate: '2026-03-26', perShare: 0.52 },
        // Declared far ahead: paid after the 12 months, still the shares held at its ex-date.
        { exDate: '2027-04-01', payDate: '2027-04-20', perShare: 0.6 },
      ],
      trades: [buy('2025-01-02', 100), buy('2026-03-11', 10), buy('2020-01-02', 3, 'PG')],
      splits: [],
      today: TODAY,
    });
    expect([...due]).toEqual([
      ['2026-03-10', { quantity: 100, amountCents: 5_200 }],
      ['2027-04-01', { quantity: 110, amountCents: 6_600 }],
    ]);
  });

  it('has no yield without a cost or a value to measure it on', () => {
    expect(yieldOf(500, 0)).toBeNull();
  });
});

describe('five-year dividend growth', () => {
  /** Four equal quarterly dividends in each year. */
  const yearly = (perYear: Record<number, number>) =>
    declaredAsOf(
      Object.entries(perYear).flatMap(([year, total]) =>
        ['02-10', '05-11', '08-10', '11-10'].map((md) => ({
          symbol: 'PG',
          date: `${year}-${md}`,
          declarationDate: `${year}-01-05`,
          paymentDate: `${year}-${md}`,
          adjDividend: total / 4,
        })),
      ),
      TODAY,
    );

  it('compounds the last full year against five years before it', () => {
    const figure = dividendGrowth(yearly({ 2019: 1.4, 2020: 1.6, 2023: 1.8, 2025: 2.04 }), TODAY);
    expect(figure).toMatchObject({
      kind: 'rate',
      fromYear: 2020,
      toYear: 2025,
      fromPerShare: 1.6,
      toPerShare: 2.04,
    });
    if (figure.kind !== 'rate') throw new Error('no rate');
    // Independently: exp(ln(2.04 / 1.6) / 5) - 1, and back: 1.6 x (1 + g)^5 = 2.04.
    expect(figure.rate).toBeCloseTo(Math.exp(Math.log(2.04 / 1.6) / 5) - 1, 14);
    expect(1.6 * (1 + figure.rate) ** 5).toBeCloseTo(2.04, 12);
    expect(figure.rate).toBeCloseTo(0.04979, 5);
  });

  it('is -100% for a payer that stopped paying in the last full year', () => {
    const figure = dividendGrowth(yearly({ 2019: 1, 2020: 1, 2024: 1 }), TODAY);
    expect(figure).toMatchObject({ kind: 'rate', rate: -1, toPerShare: 0 });
  });

  it('needs a full year of dividends five years back', () => {
    // First paid in 2020: 2020 may be a part year.
    expect(dividendGrowth(yearly({ 2020: 1.6, 2025: 2.04 }), TODAY)).toEqual({
      kind: 'unavailable',
      reason: 'short-history',
      message: 'Fewer than 5 full years of dividends',
    });
    expect(dividendGrowth([], TODAY)).toMatchObject({ reason: 'no-dividends' });
  });

  it('measures up to the last full year before the day', () => {
    // On 2025-06-30 the last full year is 2024 against 2019.
    const figure = dividendGrowth(
      yearly({ 2018: 1, 2019: 1.25, 2024: 2.5, 2025: 9 }),
      '2025-06-30',
    );
    expect(figure).toMatchObject({ kind: 'rate', fromYear: 2019, toYear: 2024 });
    if (figure.kind !== 'rate') throw new Error('no rate');
    expect(figure.rate).toBeCloseTo(Math.pow(2, 1 / 5) - 1, 14);
  });
});
