import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { knownFrom, publicAt } from '../market/filings';
import { computeValuation, type ValuationModelInput } from './models';
import { DAY_MS, QUARTER_ENDS, pe, plusDays, quarter, weekdays } from './value-line.fixtures';
import {
  companyMedianAt,
  companyMultipleAsOf,
  currentValue,
  discountedSteps,
  pricesAgainstValue,
  quarterBases,
  quarterMultiples,
  valueLine,
  valueLineStatistics,
  yearOn,
  type DayValue,
  type QuarterFigures,
  type ValueLineTypeId,
} from './value-line';

/*
 * Figures known then (decisions 160, 161, 163, 164): every step of a value line holds from the
 * day its quarter's statements were public, the company's median is the one known that day,
 * each statistic has its base rate beside it, and an end-of-hold value is discounted to the day.
 * The properties recompute what they check from the raw quarters, independently of the line.
 */

const quarterEnd = (i: number) => `${2014 + Math.floor(i / 4)}-${QUARTER_ENDS[i % 4]}`;

/* ------------------------------------------------------------ when figures are public */

describe('the day a quarter’s figures count from', () => {
  const q = (filingDate: string | null, acceptedDate: string | null) =>
    knownFrom({ date: '2025-09-27', filingDate, acceptedDate });

  it('a filing accepted before the close counts for that day’s close; after it, from the next day', () => {
    // Tuesday 28 October 2025.
    expect(q('2025-10-28', '2025-10-28 06:01:36')).toBe('2025-10-28');
    expect(q('2025-10-28', '2025-10-28 15:59:59')).toBe('2025-10-28');
    expect(q('2025-10-28', '2025-10-28 16:00:00')).toBe('2025-10-29');
    expect(q('2025-10-28', '2025-10-28 16:26:03')).toBe('2025-10-29');
  });

  it('on a day without a session, or after an early close, from the next day', () => {
    expect(q('2025-11-01', '2025-11-01 09:00:00')).toBe('2025-11-02'); // a Saturday
    expect(q('2025-11-27', '2025-11-27 10:00:00')).toBe('2025-11-28'); // Thanksgiving
    // The day after Thanksgiving closes at 13:00.
    expect(q('2025-11-28', '2025-11-28 12:59:00')).toBe('2025-11-28');
    expect(q('2025-11-28', '2025-11-28 14:00:00')).toBe('2025-11-29');
  });

  it('without an acceptance time from the day after the filing; without a filing, 90 days after the period', () => {
    expect(q('2025-10-28', null)).toBe('2025-10-29');
    expect(q(null, null)).toBe('2025-12-26');
    // A filing dated before the period ended is an error: never before the period's end.
    expect(knownFrom({ date: '2025-09-27', filingDate: '2025-09-01' })).toBe('2025-09-28');
  });

  it('the instant it became public: the acceptance, in New York time', () => {
    expect(publicAt({ date: '2025-09-27', acceptedDate: '2025-10-28 16:26:03' })).toBe(
      Date.parse('2025-10-28T20:26:03Z'),
    );
    expect(publicAt({ date: '2025-12-27', acceptedDate: '2026-01-29 16:26:03' })).toBe(
      Date.parse('2026-01-29T21:26:03Z'),
    );
  });
});

describe('a line steps on the day a quarter was filed, not on its end', () => {
  // MSFT's case: a pitch made on 10 June; the quarter ending 30 June is filed on 29 August.
  const quarters = Array.from({ length: 12 }, (_, i) => {
    const date = `${2023 + Math.floor(i / 4)}-${QUARTER_ENDS[i % 4]}`;
    return quarter(date, {
      epsDiluted: date === '2025-06-30' ? 2 : 1,
      filingDate: date === '2025-06-30' ? '2025-08-29' : plusDays(date, 30),
      acceptedDate: date === '2025-06-30' ? '2025-08-29 16:10:00' : null,
    });
  });
  const bases = quarterBases(1, quarters);

  it('a pitch holds its own value until the quarter is public, the day after its filing after the close', () => {
    const steps = valueLine(pe({ forward_multiple: 20 }), bases, {
      latest: 'quarters',
      pitchDate: '2025-06-10',
    });
    expect(steps.map((s) => [s.from, s.source, s.value])).toEqual([
      ['2025-06-10', 'pitch', 80],
      ['2025-08-30', 'quarter', 100], // TTM EPS 1 + 1 + 1 + 2 = 5, x 20
      [plusDays('2025-09-30', 31), 'quarter', 100],
      [plusDays('2025-12-31', 31), 'quarter', 100],
    ]);
    const closes = weekdays('2025-06-10', '2026-03-09', () => 90);
    const days = pricesAgainstValue(steps, closes, { from: '2025-06-10' });
    expect(days.find((d) => d.date === '2025-08-29')!.value).toBe(80);
    expect(days.find((d) => d.date === '2025-09-01')!.value).toBe(100);
  });

  it('a quarter filed after a newer one never shows (it was out of date when public)', () => {
    const late = quarters.map((q) =>
      q.date === '2024-12-31' ? { ...q, filingDate: '2025-06-02', acceptedDate: null } : q,
    );
    const steps = valueLine(pe(), quarterBases(1, late), { latest: 'quarters' });
    expect(steps.some((s) => s.quarter === '2024-12-31')).toBe(false);
    // The quarter after it needs it for its TTM: it counts from the later filing too.
    expect(steps.find((s) => s.quarter === '2025-03-31')!.from).toBe('2025-06-03');
  });
});

/* ------------------------------------------------------------ the company's median then */

describe('the company’s ten-year median, as known on each day', () => {
  // TTM EPS 4 throughout; closes 40 for three years, then 120: P/E 10, then 30.
  const quarters = Array.from({ length: 40 }, (_, i) => quarter(quarterEnd(i)));
  const bases = quarterBases(1, quarters);
  const closes = weekdays('2014-01-01', '2024-03-08', (_, i) => (i < 783 ? 40 : 120));

  it('is exact, over the quarters public by then, and needs four of them', () => {
    const multiples = quarterMultiples(1, bases, closes);
    expect(multiples[0]).toMatchObject({ date: '2014-12-31', from: '2015-01-31', multiple: 10 });
    expect(companyMedianAt(multiples, '2015-07-31')).toEqual({ median: null, quarters: 3 });
    expect(companyMedianAt(multiples, '2015-10-31')).toEqual({ median: 10, quarters: 4 });
    // Today: 9 quarters at 10 (2014-12 to 2016-12) and 28 at 30, a median of 30.
    expect(multiples.filter((m) => m.multiple === 10).length).toBe(9);
    expect(companyMedianAt(multiples)).toEqual({ median: 30, quarters: 37 });
  });

  it('the line takes the median known at each step: 10 before the rise, never today’s 30', () => {
    const steps = valueLine(pe(), bases, {
      latest: 'quarters',
      multiple: companyMultipleAsOf(1, bases, closes),
    });
    // Before the first quarter at 30 was public (1 May 2017), every known multiple was 10.
    const early = steps.filter((s) => s.from < '2017-05-01' && s.value !== null);
    expect(early.length).toBe(6);
    expect(new Set(early.map((s) => s.value))).toEqual(new Set([40]));
    expect(steps.find((s) => s.quarter === '2015-06-30')!.reason).toBe(
      'Not meaningful: fewer than 4 quarters of the company’s own P/E known by then',
    );
    expect(steps.find((s) => s.quarter === '2015-09-30')!.value).toBe(40);
    expect(currentValue(steps)!.value).toBe(120);
  });

  it('an even count’s median is the exact mean of the two middle multiples, not rounded to 2 places', () => {
    const multiples = [1, 2, 3, 4].map((k) => ({
      date: quarterEnd(k),
      from: plusDays(quarterEnd(k), 31),
      multiple: 12.3456789 + k,
    }));
    expect(companyMedianAt(multiples).median).toBe(14.8456789);
  });
});

/* ------------------------------------------------------------ properties */

const positive = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

/**
 * Forty quarters with realistic, varying filing lags (23 to 64 days; an annual report later)
 * and acceptance times before, during and after the session, some amended months later.
 */
const anyFiledQuarters = fc
  .array(
    fc.record({
      eps: fc.oneof(positive(-1, 5), fc.constant(null)),
      revenue: positive(1e6, 1e10),
      equity: positive(-1e8, 5e10),
      shares: positive(1e6, 1e9),
      lag: fc.integer({ min: 23, max: 44 }),
      time: fc.constantFrom(null, '07:05:11', '12:30:00', '15:59:59', '16:00:00', '17:45:02'),
      amended: fc.integer({ min: 0, max: 30 }),
    }),
    { minLength: 8, maxLength: 40 },
  )
  .map((rows) =>
    rows.map((r, i) => {
      const date = quarterEnd(i);
      const lag = r.lag + (i % 4 === 3 ? 20 : 0) + (r.amended === 0 ? 150 : 0);
      const filingDate = plusDays(date, lag);
      return quarter(date, {
        epsDiluted: r.eps,
        revenue: r.revenue,
        equity: r.equity,
        dilutedShares: r.shares,
        filingDate,
        acceptedDate: r.time === null ? null : `${filingDate} ${r.time}`,
      });
    }),
  );

/** Whether a quarter was public for a day's close, worked out from its raw dates. */
function publicFor(q: QuarterFigures, day: string): boolean {
  const time = q.acceptedDate?.slice(11) ?? null;
  // Without a time, or at or after 16:00, the filing day's close came first.
  return time !== null && time < '16:00:00' ? q.filingDate! <= day : q.filingDate! < day;
}

describe('properties: no point of a line uses a figure filed after the point’s day', () => {
  const closes = weekdays('2014-01-01', '2024-12-31', (_, i) => 20 + ((i * 7919) % 97));

  it('every day’s value comes from quarters all public by that day, and is the model’s value for them', () => {
    fc.assert(
      fc.property(
        anyFiledQuarters,
        fc.constantFrom<ValueLineTypeId>(1, 2, 3),
        fc.boolean(),
        (quarters, typeId, companyMedian) => {
          const model = {
            valuation_type_id: typeId,
            earnings_per_share: 2,
            book_value_per_share: 10,
            revenue_per_share: 8,
            growth_ratein_eps: 5,
            growth_in_bookvalue: 5,
            revenue_per_share_growth_rate: 5,
            forward_multiple: 12,
            market_price: 40,
            holding_period: 2,
          } as unknown as ValuationModelInput;
          const bases = quarterBases(typeId, quarters);
          const multiple = companyMedian ? companyMultipleAsOf(typeId, bases, closes) : undefined;
          const steps = valueLine(model, bases, {
            latest: 'quarters',
            ...(multiple ? { multiple } : {}),
          });
          const days = pricesAgainstValue(steps, closes, { from: '2014-01-01', years: 11 });
          const windowOf = (i: number) =>
            typeId === 2 ? [quarters[i]!] : quarters.slice(i - 3, i + 1);
          // Every day: the quarter (and for a TTM figure the three before it) was public by it.
          const read = steps.map((step) =>
            windowOf(quarters.findIndex((q) => q.date === step.quarter)),
          );
          let k = -1;
          for (const day of days) {
            while (k + 1 < steps.length && steps[k + 1]!.from <= day.date) k++;
            if (k < 0 || steps[k]!.value === null) continue;
            for (const q of read[k]!)
              if (!publicFor(q, day.date)) expect.fail(`${q.date} used on ${day.date}`);
          }
          // Every step: the model's value for its quarter's figures, at the multiple known then.
          const multiples = quarterMultiples(typeId, bases, closes);
          for (const step of steps) {
            if (step.value === null) continue;
            const i = quarters.findIndex((q) => q.date === step.quarter);
            if (companyMedian) {
              // Public by then: each quarter read for the multiple's figure (knownFrom's own
              // rules are tested above).
              const known = multiples.filter((m) =>
                windowOf(quarters.findIndex((q) => q.date === m.date)).every(
                  (q) => knownFrom(q) <= step.from,
                ),
              );
              const newest = known.reduce((a, m) => (m.date > a ? m.date : a), '');
              const within = known
                .filter((m) => m.date > `${Number(newest.slice(0, 4)) - 10}${newest.slice(4)}`)
                .map((m) => m.multiple)
                .sort((a, b) => a - b);
              const mid = Math.floor(within.length / 2);
              const median =
                within.length % 2 ? within[mid]! : (within[mid - 1]! + within[mid]!) / 2;
              expect(within.length).toBeGreaterThanOrEqual(4);
              expect(step.multiple).toBeCloseTo(median, 9);
            }
            const direct = computeValuation({
              ...model,
              ...bases[i]!.fields!,
              ...(step.multiple != null ? { forward_multiple: step.multiple } : {}),
            } as ValuationModelInput);
            if (direct.ok) expect(step.value).toBe(direct.intrinsicValuePerShare);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);
});

/* ------------------------------------------------------------ base rates */

describe('each statistic beside its base rate', () => {
  it('the median return a year on from any day, from days below, and the differences', () => {
    // Value 100 throughout. Closes: 120, 90 (crossing), 110, 80 (crossing), then a year on.
    const days: DayValue[] = [
      ['2020-01-02', 120],
      ['2020-01-03', 90],
      ['2020-01-06', 110],
      ['2020-01-07', 80],
      ['2020-12-31', 135],
      ['2021-01-04', 100],
      ['2021-01-06', 99],
      ['2021-01-08', 150],
    ].map(([date, price]) => ({
      date: date as string,
      price: price as number,
      value: 100,
      reason: null,
    }));
    const stats = valueLineStatistics(days);
    // A year on: 120 -> 135 (2020-12-31, the last close by Saturday 2 January), 90 -> 135,
    // 110 -> 99 (6 January), 80 -> 150 (7 January is after the last close: 6 January's 99).
    // Returns +12.5, +50, -10, +23.75: the base rate is the mean of the middle two, 18.125.
    expect(stats.baseRate).toEqual({ medianReturnPercent: 18.125, days: 4 });
    // Days below: 90 (+50) and 80 (+23.75).
    expect(stats.belowReturn).toEqual({ medianReturnPercent: 36.875, days: 2 });
    // 99 on 6 January 2021 crosses too, with no year after it yet.
    expect(stats.crossings.map((c) => c.returnPercent)).toEqual([50, 23.75, null]);
    expect(stats.medianCrossingReturnPercent).toBe(36.875);
    expect(stats.crossingVsBasePoints).toBe(18.75);
    expect(stats.belowVsBasePoints).toBe(18.75);
  });

  it('matches a recomputation from the days for any prices and values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(positive(1, 100), fc.oneof(positive(1, 100), fc.constant(null))), {
          minLength: 1,
          maxLength: 900,
        }),
        (pairs) => {
          const days: DayValue[] = pairs.map(([price, value], i) => ({
            date: new Date(Date.UTC(2020, 0, 1) + i * DAY_MS).toISOString().slice(0, 10),
            price,
            value,
            reason: value === null ? 'gap' : null,
          }));
          const last = days[days.length - 1]!.date;
          const returns = (pick: (d: DayValue) => boolean) =>
            days
              .filter((d) => d.value !== null && pick(d) && yearOn(d.date) <= last)
              .map((d) => {
                const later = days.filter((x) => x.date <= yearOn(d.date)).at(-1)!;
                return (later.price / d.price - 1) * 100;
              })
              .sort((a, b) => a - b);
          const median = (xs: number[]) =>
            xs.length === 0
              ? null
              : xs.length % 2
                ? xs[(xs.length - 1) / 2]!
                : (xs[xs.length / 2 - 1]! + xs[xs.length / 2]!) / 2;
          const stats = valueLineStatistics(days);
          const base = returns(() => true);
          const below = returns((d) => d.price < d.value!);
          expect(stats.baseRate.days).toBe(base.length);
          expect(stats.belowReturn.days).toBe(below.length);
          const close = (a: number | null, b: number | null) =>
            a === null || b === null
              ? expect(a).toBe(b)
              : expect(Math.abs(a - b)).toBeLessThan(1e-8 * Math.max(1, Math.abs(b)));
          close(stats.baseRate.medianReturnPercent, median(base));
          close(stats.belowReturn.medianReturnPercent, median(below));
        },
      ),
      { numRuns: 80 },
    );
  });
});

/* ------------------------------------------------------------ like with like */

describe('an end-of-hold value discounted to the day', () => {
  it('a year’s hold at 10%: 110 at the end is 100 on the day; the end-of-hold value is kept', () => {
    const steps = valueLine(pe({ growth_ratein_eps: 10, forward_multiple: 25 }), [], {
      latest: 'model',
      today: '2025-01-02',
    });
    expect(currentValue(steps)!.value).toBe(110);
    const discounted = discountedSteps(steps, 1, 10);
    expect(discounted[0]).toMatchObject({ value: 100, endOfHold: 110 });
    expect(discountedSteps(steps, 3, 0)[0]!.value).toBe(110);
  });

  it('a 9.5%-a-year, one-year pitch at the market’s multiple is not "100% of days below the line" once discounted', () => {
    // EPS 5 at 20x today: the price. Grown 9.5% over the hold, the value at its end is 109.50.
    const model = pe({ earnings_per_share: 5, growth_ratein_eps: 9.5, forward_multiple: 20 });
    const steps = valueLine(model, [], { latest: 'quarters', pitchDate: '2025-01-02' });
    const closes = weekdays('2025-01-02', '2025-12-31', (_, i) => 100 + ((i * 37) % 13) - 6);
    const endOfHold = valueLineStatistics(pricesAgainstValue(steps, closes));
    expect(endOfHold.belowPercent).toBe(100);
    const onTheDay = valueLineStatistics(pricesAgainstValue(discountedSteps(steps, 1, 9), closes));
    expect(onTheDay.belowPercent).toBeLessThan(80);
    expect(onTheDay.belowPercent).toBeGreaterThan(20);
  });
});
