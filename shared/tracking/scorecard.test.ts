import { describe, expect, it } from 'vitest';
import { dec } from '../valuation/decimal';
import {
  SCORECARD_REASONS,
  SCORECARD_STATUS,
  YEAR_MS,
  reportedFigures,
  scorePitch,
  scorecardSummary,
  type ReportedFigure,
  type ScorecardPitch,
  type ScorecardRow,
} from './scorecard';

// After the 2023 annual reports were public (the figures below are filed 40 days after their
// year, or at the latest 90 days after it when the report carries no filing date).
const TRACKED_AT = '2024-04-15T14:00:00.000Z';
const T0 = Date.parse(TRACKED_AT);
const DAY_MS = 24 * 60 * 60 * 1000;
const atDays = (days: number) => T0 + days * DAY_MS;
/** A figure public 40 days after its period's end (at midnight UTC). */
const fig = (periodEnd: string, value: number): ReportedFigure => ({
  periodEnd,
  value,
  publicAt: Date.parse(`${periodEnd}T00:00:00Z`) + 40 * DAY_MS,
});
/** The instant a report without a filing date counts from: 90 days after its period, New York midnight. */
const latestFiling = (periodEnd: string, offsetHours: 4 | 5) =>
  Date.parse(`${periodEnd}T00:00:00Z`) + 90 * DAY_MS + offsetHours * 3_600_000;

const pe: ScorecardPitch = {
  id: 'pe-1',
  stock_symbol: 'AAPL',
  stock_name: 'Apple Inc.',
  valuation_type_id: 1,
  tracked_market_price: 100,
  trackedAt: TRACKED_AT,
  forward_multiple: 25,
  holding_period: 4,
  earnings_per_share: 4.5,
  growth_ratein_eps: 10,
};

const peReports: ReportedFigure[] = [
  fig('2022-12-31', 4),
  fig('2023-12-31', 5),
  fig('2024-12-31', 6),
];

const evEbitda: ScorecardPitch = {
  id: 'ev-1',
  stock_symbol: 'MSFT',
  valuation_type_id: 4,
  tracked_market_price: 50,
  trackedAt: TRACKED_AT,
  forward_multiple: 12,
  holding_period: 2,
  ebitda: 50,
  ebitda_growth: 10,
  debt: 100,
  cash_and_cash_equivalents: 60,
  shares_outstanding: 10,
};

/** The parts add up to the realized (and expected) return exactly, as decimals. */
function expectExactSums(row: ScorecardRow) {
  expect(dec(row.fromGrowth!).plus(row.fromMultiple!).eq(row.realizedReturn!)).toBe(true);
  expect(dec(row.expectedFromGrowth!).plus(row.expectedFromMultiple!).eq(row.expectedReturn!)).toBe(
    true,
  );
}

describe('scorePitch: realized return split into growth and multiple', () => {
  it('P/E: baseline is the figure of the latest period public by the tracking day, latest is the newest', () => {
    const row = scorePitch(pe, 132, peReports, atDays(730.5));
    expect(row.baselineMetric).toBe(5);
    expect(row.baselineSource).toBe('reported');
    expect(row.baselinePeriodEnd).toBe('2023-12-31');
    expect(row.latestMetric).toBe(6);
    expect(row.latestPeriodEnd).toBe('2024-12-31');
    expect(row.reportedSinceTracking).toBe(true);
    expect(row.multipleAtTracking).toBe(20);
    expect(row.currentMultiple).toBe(22);
    expect(row.realizedReturn).toBe(32);
    expect(row.fromGrowth).toBe(20);
    expect(row.fromMultiple).toBe(12);
    expectExactSums(row);
  });

  it('P/E expected path at t = 2 years (730.5 days): metric grown, multiple halfway to forward', () => {
    const row = scorePitch(pe, 132, peReports, atDays(730.5));
    expect(row.yearsTracked).toBe(2);
    expect(row.expectedMetric).toBe(6.05);
    expect(row.expectedMultiple).toBe(22.5);
    expect(row.expectedPrice).toBe(136.125);
    expect(row.expectedReturn).toBe(36.125);
    expect(row.expectedFromGrowth).toBe(21);
    expect(row.expectedFromMultiple).toBe(15.125);
    expect(row.vsExpected).toBe(-4.125);
    expect(row.status).toBe(SCORECARD_STATUS.behind);
    expect(row.reasons).toEqual([]);
  });

  it('expected path at t = 0 is the tracking price: no expected return', () => {
    const row = scorePitch(pe, 100, peReports, T0);
    expect(row.yearsTracked).toBe(0);
    expect(row.expectedMetric).toBe(5);
    expect(row.expectedMultiple).toBe(20);
    expect(row.expectedPrice).toBe(100);
    expect(row.expectedReturn).toBe(0);
    expect(row.expectedFromGrowth).toBe(0);
    expect(row.expectedFromMultiple).toBe(0);
    expect(row.realizedReturn).toBe(0);
    expect(row.status).toBe(SCORECARD_STATUS.onPlan);
  });

  it('expected path stops at the end of the hold period (10 years tracked, hold 4)', () => {
    const row = scorePitch(pe, 132, peReports, atDays(3652.5));
    expect(row.yearsTracked).toBe(4);
    expect(row.expectedMetric).toBe(7.3205);
    expect(row.expectedMultiple).toBe(25);
    expect(row.expectedPrice).toBe(183.0125);
    expect(row.expectedReturn).toBe(83.0125);
    expect(row.expectedFromGrowth).toBe(46.41);
    expect(row.expectedFromMultiple).toBe(36.6025);
    expectExactSums(row);
  });

  it('EV/EBITDA: prices go through debt, cash and shares (millions)', () => {
    const reports = reportedFigures(4, {
      annualIncome: [
        { date: '2024-09-30', ebitda: 60_000_000 },
        { date: '2023-09-30', ebitda: 54_000_000 },
      ],
    });
    expect(reports).toEqual([
      { periodEnd: '2023-09-30', value: 54, publicAt: latestFiling('2023-09-30', 5) },
      { periodEnd: '2024-09-30', value: 60, publicAt: latestFiling('2024-09-30', 5) },
    ]);
    const row = scorePitch(evEbitda, 62, reports, atDays(730.5));
    // EV at tracking = 50 x 10 + 100 - 60 = 540 = M0 x 54.
    expect(row.multipleAtTracking).toBe(10);
    expect(row.currentMultiple).toBe(11);
    expect(row.realizedReturn).toBe(24);
    // (10 x 60 - 100 + 60) / 10 = 56 a share.
    expect(row.fromGrowth).toBe(12);
    expect(row.fromMultiple).toBe(12);
    expect(row.yearsTracked).toBe(2);
    expect(row.expectedMetric).toBe(65.34);
    expect(row.expectedMultiple).toBe(12);
    expect(row.expectedPrice).toBe(74.408);
    expect(row.expectedReturn).toBe(48.816);
    expect(row.expectedFromGrowth).toBe(22.68);
    expect(row.expectedFromMultiple).toBe(26.136);
    expect(row.vsExpected).toBe(-24.816);
    expect(row.status).toBe(SCORECARD_STATUS.behind);
    expectExactSums(row);
  });

  it('P/B from the annual ratios, dated by the income statements’ filings: a fall of the multiple offsets growth', () => {
    const reports = reportedFigures(2, {
      annualRatios: [
        { date: '2023-12-31', bookValuePerShare: 10, revenuePerShare: 99 },
        { date: '2024-12-31', bookValuePerShare: 12, revenuePerShare: 99 },
      ],
      annualIncome: [
        { date: '2023-12-31', filingDate: '2024-02-09', acceptedDate: '2024-02-09 16:31:02' },
        { date: '2024-12-31', filingDate: '2025-02-07', acceptedDate: '2025-02-07 06:05:00' },
      ],
    });
    // New York time: 16:31:02 EST is 21:31:02 UTC.
    expect(reports.map((r) => r.publicAt)).toEqual([
      Date.parse('2024-02-09T21:31:02Z'),
      Date.parse('2025-02-07T11:05:00Z'),
    ]);
    const row = scorePitch(
      {
        id: 'pb-1',
        stock_symbol: 'JPM',
        valuation_type_id: 2,
        tracked_market_price: 30,
        trackedAt: TRACKED_AT,
        forward_multiple: 3,
        holding_period: 3,
        book_value_per_share: 9,
        growth_in_bookvalue: 5,
      },
      33,
      reports,
      atDays(365.25),
    );
    expect(row.multipleAtTracking).toBe(3);
    expect(row.realizedReturn).toBe(10);
    expect(row.fromGrowth).toBe(20);
    expect(row.fromMultiple).toBe(-10);
    // A year on the plan expected 10 x 1.05 at 3x: 31.50, +5%.
    expect(row.expectedReturn).toBe(5);
    expect(row.vsExpected).toBe(5);
    expect(row.status).toBe(SCORECARD_STATUS.ahead);
    expectExactSums(row);
  });

  it("P/S with no period before tracking: the pitch's own metric is the baseline; within 1 point is on plan", () => {
    const reports = reportedFigures(3, {
      annualRatios: [{ date: '2025-06-30', revenuePerShare: 25 }],
    });
    const row = scorePitch(
      {
        id: 'ps-1',
        stock_symbol: 'NVDA',
        valuation_type_id: 3,
        tracked_market_price: 40,
        trackedAt: TRACKED_AT,
        forward_multiple: 2,
        holding_period: 5,
        revenue_per_share: 20,
        revenue_per_share_growth_rate: 0,
      },
      40.4,
      reports,
      // The ratio carries no filing date: it counts from 90 days after its year (28 September).
      atDays(548),
    );
    expect(row.baselineSource).toBe('pitch');
    expect(row.baselinePeriodEnd).toBeNull();
    expect(row.baselineMetric).toBe(20);
    expect(row.reportedSinceTracking).toBe(true);
    expect(row.realizedReturn).toBe(1);
    expect(row.fromGrowth).toBe(25);
    expect(row.fromMultiple).toBe(-24);
    expect(row.expectedReturn).toBe(0);
    expect(row.vsExpected).toBe(1);
    expect(row.status).toBe(SCORECARD_STATUS.onPlan);
  });

  it('no report since tracking: the latest figure is the baseline, so the whole return is the multiple', () => {
    const row = scorePitch(pe, 110, peReports.slice(0, 2), atDays(100));
    expect(row.reportedSinceTracking).toBe(false);
    expect(row.latestMetric).toBe(5);
    expect(row.fromGrowth).toBe(0);
    expect(row.fromMultiple).toBe(10);
    expect(row.realizedReturn).toBe(10);
  });

  it('a fractional realized return still splits exactly', () => {
    const row = scorePitch(pe, 101.2345678901, peReports, atDays(400));
    expect(row.realizedReturn).toBe(1.2345678901);
    expect(row.fromGrowth).toBe(20);
    expectExactSums(row);
  });
});

describe('scorePitch: figures that cannot be computed are null with a reason', () => {
  const noNaN = (row: ScorecardRow) => {
    for (const value of Object.values(row))
      if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
  };

  it('a non-positive metric at tracking leaves the multiple, the split and the plan null', () => {
    const row = scorePitch(pe, 120, [fig('2023-12-31', -2)], atDays(365.25));
    expect(row.realizedReturn).toBe(20);
    expect(row.multipleAtTracking).toBeNull();
    expect(row.fromGrowth).toBeNull();
    expect(row.expectedReturn).toBeNull();
    expect(row.status).toBeNull();
    expect(row.reasons).toContain(SCORECARD_REASONS.baseNotPositive);
    noNaN(row);
  });

  it('a non-positive latest figure leaves only the split null', () => {
    const row = scorePitch(
      pe,
      120,
      [...peReports.slice(0, 2), fig('2024-12-31', 0)],
      atDays(365.25),
    );
    expect(row.fromGrowth).toBeNull();
    expect(row.fromMultiple).toBeNull();
    expect(row.expectedReturn).not.toBeNull();
    expect(row.reasons).toEqual([SCORECARD_REASONS.latestNotPositive]);
  });

  it('no current price: no realized return and no status, the plan is still shown', () => {
    const row = scorePitch(pe, null, peReports, atDays(730.5));
    expect(row.realizedReturn).toBeNull();
    expect(row.fromGrowth).toBeNull();
    expect(row.expectedReturn).toBe(36.125);
    expect(row.vsExpected).toBeNull();
    expect(row.status).toBeNull();
    expect(row.reasons).toEqual([SCORECARD_REASONS.noPrice]);
  });

  it('unavailable reported figures: the pitch metric is the baseline and the split is null', () => {
    const row = scorePitch(pe, 99, null, atDays(730.5));
    expect(row.baselineSource).toBe('pitch');
    expect(row.multipleAtTracking).toBe(22.2222222222);
    expect(row.fromGrowth).toBeNull();
    expect(row.realizedReturn).toBe(-1);
    expect(row.expectedReturn).not.toBeNull();
    expect(row.reasons).toEqual([SCORECARD_REASONS.noReports]);
    noNaN(row);
  });

  it('no cost per share or no tracking date: nothing is scored', () => {
    const noCost = scorePitch({ ...pe, tracked_market_price: 0 }, 120, peReports, atDays(1));
    expect(noCost.realizedReturn).toBeNull();
    expect(noCost.reasons).toEqual([SCORECARD_REASONS.noCost]);
    const noDate = scorePitch({ ...pe, trackedAt: null }, 120, peReports, atDays(1));
    expect(noDate.realizedReturn).toBe(20);
    expect(noDate.expectedReturn).toBeNull();
    expect(noDate.reasons).toEqual([SCORECARD_REASONS.noTrackedAt]);
  });

  it('EV/EBITDA whose cash exceeds the value at tracking has no positive multiple', () => {
    const row = scorePitch(
      { ...evEbitda, cash_and_cash_equivalents: 1_000 },
      62,
      [fig('2023-09-30', 54)],
      atDays(10),
    );
    expect(row.multipleAtTracking).toBeNull();
    expect(row.reasons).toEqual([SCORECARD_REASONS.multipleNotPositive]);
    noNaN(row);
  });

  it('reportedFigures leaves out rows without a date or a finite figure', () => {
    expect(
      reportedFigures(1, {
        annualIncome: [
          { date: '2024-12-31', epsDiluted: null },
          { epsDiluted: 3 },
          { date: '2023-12-31', epsDiluted: 2.5 },
        ],
      }),
    ).toEqual([{ periodEnd: '2023-12-31', value: 2.5, publicAt: latestFiling('2023-12-31', 4) }]);
  });

  it('a year is 365.25 days', () => {
    expect(YEAR_MS).toBe(31_557_600_000);
  });
});

describe('scorePitch: a figure counts from the day it was public, never its period end', () => {
  it('a pitch tracked between a year’s end and its report has the year before as baseline', () => {
    const figures = reportedFigures(1, {
      annualIncome: [
        {
          date: '2022-12-31',
          epsDiluted: 4,
          filingDate: '2023-02-03',
          acceptedDate: '2023-02-03 07:00:00',
        },
        {
          date: '2023-12-31',
          epsDiluted: 5,
          filingDate: '2024-02-02',
          acceptedDate: '2024-02-02 16:45:10',
        },
      ],
    });
    const trackedAt = (iso: string) =>
      scorePitch({ ...pe, trackedAt: iso }, 110, figures, Date.parse('2024-06-01T00:00:00Z'));
    // Tracked on 15 January 2024: the 2023 report was not out; the 2022 one was.
    const january = trackedAt('2024-01-15T15:00:00.000Z');
    expect(january.baselinePeriodEnd).toBe('2022-12-31');
    expect(january.multipleAtTracking).toBe(25); // 100 / 4
    expect(january.reportedSinceTracking).toBe(true);
    // The filing day itself: at 16:00 New York time the report accepted at 16:45 was not yet.
    expect(trackedAt('2024-02-02T21:00:00.000Z').baselinePeriodEnd).toBe('2022-12-31');
    const after = trackedAt('2024-02-02T21:46:00.000Z');
    expect(after.baselinePeriodEnd).toBe('2023-12-31');
    expect(after.reportedSinceTracking).toBe(false);
  });

  it('a report not yet public at the moment scored is not the latest figure', () => {
    const row = scorePitch(pe, 132, peReports, Date.parse('2025-01-20T00:00:00Z'));
    expect(row.latestPeriodEnd).toBe('2023-12-31');
    expect(row.reportedSinceTracking).toBe(false);
  });
});

describe('scorecardSummary', () => {
  it('averages the fully scored pitches and counts them ahead, behind and on plan', () => {
    const rows = [
      scorePitch(pe, 132, peReports, atDays(730.5)), // 32 = 20 + 12, expected 36.125, behind
      scorePitch(pe, 110, peReports.slice(0, 2), T0), // 10 = 0 + 10, expected 0, ahead
      scorePitch(pe, null, peReports, T0), // not scored
    ];
    const summary = scorecardSummary(rows);
    expect(summary).toEqual({
      tracked: 3,
      scored: 2,
      meanRealizedReturn: 21,
      meanExpectedReturn: 18.0625,
      meanFromGrowth: 10,
      meanFromMultiple: 11,
      ahead: 1,
      behind: 1,
      onPlan: 0,
    });
  });

  it('an empty scorecard has no means', () => {
    expect(scorecardSummary([])).toMatchObject({ tracked: 0, scored: 0, meanRealizedReturn: null });
  });
});
