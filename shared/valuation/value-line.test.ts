import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeValuation, type ValuationModelInput } from './models';
import { known, pe, quarter, quarterEnds, weekdays } from './value-line.fixtures';
import {
  companyMedianMultiple,
  currentValue,
  modelInputOf,
  plainModel,
  pricesAgainstValue,
  quarterBases,
  splitAdjusted,
  valueLine,
  valueLineGaps,
  valueLineStatistics,
  yearOn,
  type DailyClose,
  type DayValue,
  type ValueLineTypeId,
} from './value-line';

/* ------------------------------------------------------------ base figures */

describe('each quarter’s base figures', () => {
  it('TTM EPS is the sum of the last four quarters’ diluted EPS; the first three quarters have none', () => {
    const quarters = quarterEnds(2020, 6).map((d, i) => quarter(d, { epsDiluted: 0.5 + i * 0.1 }));
    const bases = quarterBases(1, quarters);
    expect(bases.map((b) => b.base)).toEqual([null, null, null, 2.6, 3, 3.4]);
    expect(bases[0]!.missing).toBe(
      'Missing statements: TTM EPS needs four consecutive quarters to 2020-03-31',
    );
    expect(bases[3]!.fields).toEqual({ earnings_per_share: 2.6 });
  });

  it('revenue, EBITDA and free cash flow are four quarters’ sums over the latest diluted shares; book value the quarter’s own', () => {
    const quarters = quarterEnds(2021, 4).map((d, i) =>
      quarter(d, { dilutedShares: i === 3 ? 4_000_000 : 5_000_000 }),
    );
    expect(quarterBases(3, quarters)[3]!.base).toBe(10); // 40 M / 4 M
    expect(quarterBases(5, quarters)[3]!.base).toBe(2); // (12 M - 4 M) / 4 M
    expect(quarterBases(2, quarters)[0]!.base).toBe(8); // 40 M / 5 M, no TTM needed
    expect(quarterBases(4, quarters)[3]!.fields).toEqual({
      ebitda: 10,
      debt: 6,
      cash_and_cash_equivalents: 1,
      shares_outstanding: 4,
    });
  });

  it('a missing quarter breaks the TTM: the quarters that need it are gaps saying so', () => {
    const dates = quarterEnds(2020, 8).filter((d) => d !== '2020-12-31');
    const bases = quarterBases(
      1,
      dates.map((d) => quarter(d)),
    );
    expect(bases.map((b) => b.base)).toEqual([null, null, null, null, null, null, 4]);
    expect(bases[3]!.missing).toMatch(/four consecutive quarters to 2021-03-31/);
  });

  it('a quarter without the figure the model needs is a gap naming it', () => {
    const quarters = quarterEnds(2020, 4).map((d, i) =>
      quarter(d, { equity: i === 3 ? null : 40_000_000 }),
    );
    expect(quarterBases(2, quarters)[3]!.missing).toBe(
      'Missing statements: no equity or share count in the statements to 2020-12-31',
    );
  });
});

/* ------------------------------------------------------------ splits */

describe('a stock split inside the period', () => {
  // 4-for-1 on 2022-08-31: before it, 1.2 M shares earning 4.00 a share as reported.
  const split = { date: '2022-08-31', numerator: 4, denominator: 1 };
  const dates = quarterEnds(2021, 12);
  const restated = dates.map((d) => quarter(d, { epsDiluted: 1, dilutedShares: 4_800_000 }));
  const asReported = dates.map((d) =>
    d < split.date
      ? quarter(d, { epsDiluted: 4, dilutedShares: 1_200_000 })
      : quarter(d, { epsDiluted: 1, dilutedShares: 4_800_000 }),
  );

  it('restates statements reported before the split: shares x 4, EPS / 4', () => {
    const adjusted = splitAdjusted(asReported, [split]);
    expect(adjusted.map((q) => q.epsDiluted)).toEqual(restated.map((q) => q.epsDiluted));
    expect(adjusted.map((q) => q.dilutedShares)).toEqual(restated.map((q) => q.dilutedShares));
  });

  it('leaves statements the provider already restated alone', () => {
    expect(splitAdjusted(restated, [split])).toEqual(restated);
  });

  it('gives the same line either way, with no jump at the split', () => {
    for (const typeId of [1, 2, 3, 4, 5] as ValueLineTypeId[]) {
      const a = quarterBases(typeId, splitAdjusted(asReported, [split]));
      const b = quarterBases(typeId, splitAdjusted(restated, [split]));
      expect(a, `type ${typeId}`).toEqual(b);
    }
    const steps = valueLine(pe(), quarterBases(1, splitAdjusted(asReported, [split])), {
      latest: 'quarters',
    });
    expect(new Set(steps.filter((s) => s.value !== null).map((s) => s.value))).toEqual(
      new Set([60]),
    );
  });

  it('restates a reverse split (1-for-8) the same way', () => {
    const reverse = { date: '2021-08-01', numerator: 1, denominator: 8 };
    const reported = dates.map((d) =>
      d < reverse.date ? quarter(d, { epsDiluted: 0.125, dilutedShares: 40_000_000 }) : quarter(d),
    );
    expect(splitAdjusted(reported, [reverse]).map((q) => q.epsDiluted)).toEqual(dates.map(() => 1));
  });
});

/* ------------------------------------------------------------ the line */

describe('the value line', () => {
  const quarters = quarterEnds(2016, 40).map((d, i) => quarter(d, { epsDiluted: 1 + i * 0.02 }));
  const bases = quarterBases(1, quarters);

  it('holds each quarter’s TTM EPS x the multiple, with the investor’s growth over the hold', () => {
    const steps = valueLine(pe({ growth_ratein_eps: 10, holding_period: 2 }), bases, {
      latest: 'quarters',
    });
    const q = steps[3]!; // 2016-12-31: 1 + 1.02 + 1.04 + 1.06 = 4.12
    expect(q.quarter).toBe('2016-12-31');
    expect(q.from).toBe(known('2016-12-31'));
    expect(q.base).toBe(4.12);
    expect(q.value).toBe(74.778); // 4.12 x 1.21 x 15
  });

  it('ends, for the valuation panel, on the panel’s own intrinsic value', () => {
    const model = pe({ earnings_per_share: 5.37, growth_ratein_eps: 7.5, holding_period: 3 });
    const steps = valueLine(model, bases, { latest: 'model' });
    const panel = computeValuation(model);
    expect(panel.ok && currentValue(steps)?.value).toBe(
      panel.ok ? panel.intrinsicValuePerShare : null,
    );
    expect(currentValue(steps)!.from).toBe(known('2025-12-31'));
  });

  it('with the company’s median multiple, the current point uses that multiple', () => {
    const steps = valueLine(pe(), bases, { latest: 'model', multiple: 30 });
    expect(currentValue(steps)!.value).toBe(120); // 4 x 30
  });

  it('a saved pitch starts at its date with its own value, then each quarter made public after it', () => {
    const model = pe({ earnings_per_share: 4.5, forward_multiple: 20 });
    // The first quarter of 2025 was public on 1 May, before the pitch: the pitch had it.
    const steps = valueLine(model, bases, { latest: 'quarters', pitchDate: '2025-05-14' });
    expect(steps.map((s) => [s.from, s.source, s.quarter ?? null])).toEqual([
      ['2025-05-14', 'pitch', null],
      [known('2025-06-30'), 'quarter', '2025-06-30'],
      [known('2025-09-30'), 'quarter', '2025-09-30'],
      [known('2025-12-31'), 'quarter', '2025-12-31'],
    ]);
    expect(steps[0]!.value).toBe(90);
  });

  it('a loss-making year is a gap with its reason, never a zero', () => {
    const losses = quarterEnds(2019, 12).map((d) =>
      quarter(d, { epsDiluted: d.startsWith('2020') ? -0.8 : 1 }),
    );
    const steps = valueLine(pe(), quarterBases(1, losses), { latest: 'quarters' });
    // TTM EPS: 0.40 at 2020-06-30, then -1.40, -3.20, -1.40, and 0.40 again at 2021-06-30,
    // each from the day after its filing (31 days after the quarter's end).
    expect(steps.find((s) => s.from === known('2020-06-30'))!.value).toBe(6);
    const gap = steps.find((s) => s.from === known('2020-09-30'))!;
    expect(gap.value).toBeNull();
    expect(gap.reason).toBe('Not meaningful: negative earnings (TTM EPS -1.40)');
    expect(steps.find((s) => s.from === known('2020-12-31'))!.reason).toBe(
      'Not meaningful: negative earnings (TTM EPS -3.20)',
    );
    expect(steps.find((s) => s.from === known('2021-12-31'))!.value).toBe(60);
    const closes = weekdays('2019-12-31', '2022-01-31', () => 50);
    const days = pricesAgainstValue(steps, closes);
    expect(days.every((d) => d.value === null || d.value > 0)).toBe(true);
    const gaps = valueLineGaps(days);
    // Weekdays only: 31 October 2020 is a Saturday, 31 January 2021 a Sunday, 1 May a Saturday.
    expect(gaps.map((g) => [g.from, g.to, g.reason])).toEqual([
      [
        '2019-12-31',
        '2020-01-30',
        'Missing statements: TTM EPS needs four consecutive quarters to 2019-09-30',
      ],
      ['2020-11-02', '2021-01-29', 'Not meaningful: negative earnings (TTM EPS -1.40)'],
      ['2021-02-01', '2021-04-30', 'Not meaningful: negative earnings (TTM EPS -3.20)'],
      ['2021-05-03', '2021-07-30', 'Not meaningful: negative earnings (TTM EPS -1.40)'],
    ]);
    expect(valueLineStatistics(days).days).toBe(days.filter((d) => d.value !== null).length);
  });

  it('a recent listing with two years of statements: a value from its fourth quarter, a gap before', () => {
    const young = quarterEnds(2024, 8).map((d) => quarter(d));
    const steps = valueLine(pe(), quarterBases(1, young), { latest: 'quarters' });
    expect(steps.filter((s) => s.value !== null).map((s) => s.from)).toEqual(
      ['2024-12-31', '2025-03-31', '2025-06-30', '2025-09-30', '2025-12-31'].map(known),
    );
    const closes = weekdays('2023-12-01', '2026-03-10', () => 40);
    const days = pricesAgainstValue(steps, closes, { from: '2023-12-01' });
    expect(days[0]).toMatchObject({
      date: '2023-12-01',
      value: null,
      reason: 'Not meaningful: no statements for a value yet',
    });
    // The fourth quarter's figures count from the day after their filing, 31 January 2025.
    expect(days.find((d) => d.date === '2025-01-30')!.value).toBeNull();
    expect(days.find((d) => d.date === '2025-01-31')!.value).toBe(60);
  });

  it('EV/EBITDA: debt above the enterprise value is a gap saying why', () => {
    const indebted = quarterEnds(2022, 4).map((d) => quarter(d, { debt: 900_000_000 }));
    const model = modelInputOf(4, {
      ebitda: 10,
      ebitda_growth: 0,
      forward_multiple: 8,
      debt: 6,
      cash_and_cash_equivalents: 1,
      shares_outstanding: 5,
      market_price: 20,
      holding_period: 1,
    });
    const steps = valueLine(model, quarterBases(4, indebted), { latest: 'quarters' });
    expect(steps[3]!.reason).toBe(
      'Not meaningful: debt above the enterprise value leaves nothing for the shares',
    );
  });
});

/* ------------------------------------------------------------ properties */

const positive = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

const anyModel: fc.Arbitrary<ValuationModelInput> = fc.oneof(
  fc.record({
    valuation_type_id: fc.constant(1 as const),
    earnings_per_share: positive(0.01, 50),
    growth_ratein_eps: positive(-20, 40),
    forward_multiple: positive(1, 60),
    market_price: positive(1, 900),
    holding_period: positive(0.5, 10),
  }),
  fc.record({
    valuation_type_id: fc.constant(2 as const),
    book_value_per_share: positive(0.01, 200),
    growth_in_bookvalue: positive(-20, 40),
    forward_multiple: positive(0.2, 20),
    market_price: positive(1, 900),
    holding_period: positive(0.5, 10),
  }),
  fc.record({
    valuation_type_id: fc.constant(3 as const),
    revenue_per_share: positive(0.01, 300),
    revenue_per_share_growth_rate: positive(-20, 40),
    forward_multiple: positive(0.1, 20),
    market_price: positive(1, 900),
    holding_period: positive(0.5, 10),
  }),
  fc.record({
    valuation_type_id: fc.constant(4 as const),
    ebitda: positive(10, 90_000),
    ebitda_growth: positive(-20, 40),
    forward_multiple: positive(2, 30),
    debt: positive(0, 5_000),
    cash_and_cash_equivalents: positive(0, 5_000),
    shares_outstanding: positive(10, 20_000),
    market_price: positive(1, 900),
    holding_period: positive(0.5, 10),
  }),
  fc.record({
    valuation_type_id: fc.constant(5 as const),
    free_cash_flow_per_share: positive(0.01, 40),
    stage_one_growth: positive(-10, 30),
    stage_one_years: fc.integer({ min: 1, max: 20 }),
    terminal_growth: positive(0, 3),
    discount_rate: positive(6, 15),
    market_price: positive(1, 900),
    holding_period: positive(0.5, 10),
  }),
);

/** Ten years of quarters with random figures (losses and gaps included). */
const anyQuarters = fc
  .array(
    fc.record({
      eps: fc.oneof(positive(-2, 5), fc.constant(null)),
      revenue: positive(1e6, 1e10),
      ebitda: positive(-1e8, 5e9),
      shares: positive(1e6, 1e10),
      equity: positive(-1e9, 5e10),
      ocf: positive(-1e8, 5e9),
    }),
    { minLength: 4, maxLength: 40 },
  )
  .map((rows) =>
    rows.map((r, i) =>
      quarter(quarterEnds(2016, 40)[i]!, {
        epsDiluted: r.eps,
        revenue: r.revenue,
        ebitda: r.ebitda,
        dilutedShares: r.shares,
        equity: r.equity,
        operatingCashFlow: r.ocf,
      }),
    ),
  );

describe('properties', () => {
  it('the latest point of the line is computeValuation’s intrinsic value for the same inputs', () => {
    fc.assert(
      fc.property(anyModel, anyQuarters, (model, quarters) => {
        const bases = quarterBases(model.valuation_type_id, quarters);
        const last = currentValue(valueLine(model, bases, { latest: 'model' }))!;
        const direct = computeValuation(model);
        expect(last.value).toBe(direct.ok ? direct.intrinsicValuePerShare : null);
      }),
    );
  });

  it('every step with figures is computeValuation’s intrinsic value of the model with the quarter’s figures', () => {
    fc.assert(
      fc.property(anyModel, anyQuarters, (model, quarters) => {
        const bases = quarterBases(model.valuation_type_id, quarters);
        const steps = valueLine(model, bases, { latest: 'quarters' });
        steps.forEach((step) => {
          const fields = bases.find((b) => b.date === step.quarter)!.fields;
          if (!fields) return expect(step.value).toBeNull();
          const direct = computeValuation({ ...model, ...fields } as ValuationModelInput);
          // A step is the value alone: an IRR or premium too large to show (computeValuation's
          // "out-of-range" on another output) does not make it a gap.
          if (direct.ok) expect(step.value).toBe(direct.intrinsicValuePerShare);
          else if (direct.kind !== 'out-of-range' || direct.field === 'intrinsic_value_per_share')
            expect(step.value).toBeNull();
          if (step.value === null) expect(step.reason).toMatch(/^Not meaningful|^Missing/);
          else expect(step.value).toBeGreaterThan(0);
        });
      }),
    );
  });

  it('a multiple doubled doubles the line (P/E, P/B, P/S), to the cent', () => {
    const perShare = anyModel.filter((m) => m.valuation_type_id <= 3);
    fc.assert(
      fc.property(perShare, anyQuarters, positive(1, 40), (model, quarters, multiple) => {
        const bases = quarterBases(model.valuation_type_id, quarters);
        const once = valueLine(model, bases, { latest: 'model', multiple });
        const twice = valueLine(model, bases, { latest: 'model', multiple: multiple * 2 });
        once.forEach((step, i) => {
          const other = twice[i]!.value;
          if (step.value === null) return expect(other).toBeNull();
          expect(Math.abs(other! - 2 * step.value)).toBeLessThan(1e-9 * Math.max(1, other!));
        });
      }),
    );
  });

  it('EV/EBITDA: a multiple doubled doubles the enterprise value behind each step', () => {
    const evModel = anyModel.filter((m) => m.valuation_type_id === 4);
    fc.assert(
      fc.property(evModel, anyQuarters, (model, quarters) => {
        if (model.valuation_type_id !== 4) return;
        const bases = quarterBases(4, quarters);
        for (const q of bases) {
          if (!q.fields) continue;
          const at = (m: number) =>
            computeValuation({ ...model, ...q.fields, forward_multiple: m });
          const once = at(model.forward_multiple);
          const twice = at(model.forward_multiple * 2);
          if (!once.ok || !twice.ok) continue;
          expect(twice.enterpriseValue! / once.enterpriseValue!).toBeCloseTo(2, 9);
        }
      }),
    );
  });

  it('statistics: days below + days at or above = days with a value; every crossing is a close below after one at or above', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(positive(1, 100), fc.oneof(positive(1, 100), fc.constant(null))), {
          minLength: 1,
          maxLength: 400,
        }),
        (pairs) => {
          const days: DayValue[] = pairs.map(([price, value], i) => ({
            date: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
            price,
            value,
            reason: value === null ? 'gap' : null,
          }));
          const stats = valueLineStatistics(days);
          const valued = days.filter((d) => d.value !== null);
          expect(stats.days).toBe(valued.length);
          expect(stats.daysBelow).toBe(valued.filter((d) => d.price < d.value!).length);
          for (const c of stats.crossings) {
            const i = days.findIndex((d) => d.date === c.date);
            expect(days[i]!.price).toBeLessThan(days[i]!.value!);
            expect(days[i - 1]!.value).not.toBeNull();
            expect(days[i - 1]!.price).toBeGreaterThanOrEqual(days[i - 1]!.value!);
          }
        },
      ),
    );
  });
});

/* ------------------------------------------------------------ statistics */

describe('how the price sat against the line', () => {
  it('share of days below, median premium, and each crossing with its return a year on', () => {
    // A value of 100 throughout; closes 120, 90 (cross), 110, 80 (cross), then 135, 100, 150.
    const days: DayValue[] = [
      ['2020-01-02', 120],
      ['2020-01-03', 90],
      ['2020-01-06', 110],
      ['2020-01-07', 80],
      ['2020-12-31', 135],
      ['2021-01-04', 100],
      ['2021-01-08', 150],
    ].map(([date, price]) => ({
      date: date as string,
      price: price as number,
      value: 100,
      reason: null,
    }));
    const stats = valueLineStatistics(days);
    expect(stats.days).toBe(7);
    expect(stats.daysBelow).toBe(2);
    expect(stats.belowPercent).toBe(28.5714285714);
    // Premiums 20, -10, 10, -20, 35, 0, 50: sorted, the middle one is 10.
    expect(stats.medianPremiumPercent).toBe(10);
    expect(stats.crossings).toEqual([
      {
        date: '2020-01-03',
        price: 90,
        value: 100,
        // A year on is Sunday 2021-01-03: the last close before it.
        yearOnDate: '2020-12-31',
        yearOnPrice: 135,
        returnPercent: 50,
      },
      {
        date: '2020-01-07',
        price: 80,
        value: 100,
        yearOnDate: '2021-01-04',
        yearOnPrice: 100,
        returnPercent: 25,
      },
    ]);
    expect(stats.medianCrossingReturnPercent).toBe(37.5);
  });

  it('a crossing less than a year old has no return yet; a gap is not a crossing', () => {
    const days: DayValue[] = [
      { date: '2025-06-02', price: 110, value: 100, reason: null },
      { date: '2025-06-03', price: 90, value: null, reason: 'gap' },
      { date: '2025-06-04', price: 90, value: 100, reason: null },
      { date: '2025-06-05', price: 120, value: 100, reason: null },
      { date: '2025-06-06', price: 95, value: 100, reason: null },
    ];
    const stats = valueLineStatistics(days);
    expect(stats.crossings.map((c) => [c.date, c.returnPercent])).toEqual([['2025-06-06', null]]);
    expect(stats.medianCrossingReturnPercent).toBeNull();
  });

  it('a year on from 29 February is 28 February', () => {
    expect(yearOn('2024-02-29')).toBe('2025-02-28');
    expect(yearOn('2023-03-10')).toBe('2024-03-10');
  });
});

describe('multiples and the company view’s model', () => {
  it('the company’s ten-year median P/E from each quarter end’s close over its TTM EPS', () => {
    const quarters = quarterEnds(2023, 8).map((d) => quarter(d));
    const bases = quarterBases(1, quarters);
    // TTM EPS 4 from 2023-12-31; closes 40, 48, 60, 80, 100 at those quarter ends.
    const prices: Record<string, number> = {
      '2023-12-29': 40,
      '2024-03-28': 48,
      '2024-06-28': 60,
      '2024-09-30': 80,
      '2024-12-31': 100,
    };
    const closes = Object.entries(prices) as DailyClose[];
    expect(companyMedianMultiple(1, bases, closes)).toEqual({ median: 15, quarters: 5 });
    expect(companyMedianMultiple(5, bases, closes)).toEqual({ median: null, quarters: 0 });
  });

  it('the company view’s P/E model: the newest TTM EPS, no growth over one year, the multiple given', () => {
    const bases = quarterBases(
      1,
      quarterEnds(2024, 4).map((d) => quarter(d)),
    );
    const model = plainModel(1, bases, 55, 18, {
      stageOneYears: 10,
      terminalGrowth: 2.5,
      discountRate: 9,
    });
    expect(model).toEqual({
      valuation_type_id: 1,
      earnings_per_share: 4,
      growth_ratein_eps: 0,
      forward_multiple: 18,
      market_price: 55,
      holding_period: 1,
    });
    expect(
      plainModel(1, [], 55, 18, { stageOneYears: 10, terminalGrowth: 2.5, discountRate: 9 }),
    ).toBeNull();
  });
});
