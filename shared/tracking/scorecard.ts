import { publicAt, type FilingDates } from '../market/filings';
import { D, dec, toOutput, type Dec } from '../valuation/decimal';
import { rowYear, type CashFlowRow, type IncomeRow, type RatiosRow } from '../valuation/prefill';

/**
 * The pitch scorecard (docs/decisions/092-pitch-scorecard.md): for a tracked pitch, the return
 * realized since tracking against the path the pitch expected (its metric growing at the
 * pitched rate while the multiple moves in a straight line to the forward multiple over the
 * hold), each split into the part due to the metric's growth and the part due to the multiple.
 *
 * - P0 = the cost per share (tracked_market_price), P1 = the current cached quote.
 * - m0 = the figure of the latest period whose report was public at the tracking instant
 *   (decision 160: its filing's acceptance, not its period end; the pitch's own metric input
 *   when there is none); m1 = the latest reported figure.
 * - price(M, m) = M x m (P/E, P/B, P/S); (M x m - debt + cash) / shares (EV/EBITDA, millions).
 * - M0 solves P0 = price(M0, m0): the multiple the market paid at tracking.
 * - Realized R = P1 / P0 - 1; from growth G = price(M0, m1) / P0 - 1; from multiple = R - G.
 * - Expected at t years (capped at the hold H): metric m0 x (1 + g)^t, multiple
 *   M0 + (forward - M0) x t / H, return price(multiple, metric) / P0 - 1, split the same way.
 * - vs plan = R - expected; within STATUS_TOLERANCE_PERCENT it is 'On plan'.
 *
 * Returns are in percent (12.5 means 12.5 %), rounded half up to 10 places; the multiple part
 * is the rounded realized minus the rounded growth part, so the two parts add up to the
 * realized figure exactly (as decimals). A figure that cannot be computed is null, with the
 * reason in `reasons`: never NaN or Infinity.
 */

export const SCORECARD_STATUS = {
  ahead: 'Ahead of plan',
  behind: 'Behind plan',
  onPlan: 'On plan',
} as const;
export type ScorecardStatus = (typeof SCORECARD_STATUS)[keyof typeof SCORECARD_STATUS];

/** |realized - expected| at or below this many percentage points is 'On plan'. */
export const STATUS_TOLERANCE_PERCENT = 1;

export const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

export const SCORECARD_REASONS = {
  noCost: 'No cost per share',
  noTrackedAt: 'No tracking date',
  noPrice: 'No current price',
  noReports: 'Reported figures are unavailable',
  baseNotPositive: 'The metric at tracking is not positive',
  multipleNotPositive: 'The multiple at tracking is not positive',
  latestNotPositive: 'The latest reported metric is not positive',
  growthBelowMinus100: 'The pitched growth rate is below -100%',
  badInputs: 'The pitch lacks a figure the scorecard needs',
} as const;

type Num = number | null | undefined;

/** The parts of a tracked pitch the scorecard reads (a stored valuation record has them all). */
export interface ScorecardPitch {
  id: string;
  stock_symbol: string;
  stock_name?: string | null;
  valuation_type_id: number;
  tracked_market_price: Num;
  trackedAt?: string | null;
  /** The multiples models' forward multiple (a DCF has none: see `forwardMultipleOf`). */
  forward_multiple?: Num;
  holding_period: Num;
  intrinsic_value_per_share?: Num;
  earnings_per_share?: Num;
  growth_ratein_eps?: Num;
  book_value_per_share?: Num;
  growth_in_bookvalue?: Num;
  revenue_per_share?: Num;
  revenue_per_share_growth_rate?: Num;
  ebitda?: Num;
  ebitda_growth?: Num;
  debt?: Num;
  cash_and_cash_equivalents?: Num;
  shares_outstanding?: Num;
  free_cash_flow_per_share?: Num;
  stage_one_growth?: Num;
}

/** A figure the provider reported for a period ending on `periodEnd` (YYYY-MM-DD), in the model's unit. */
export interface ReportedFigure {
  periodEnd: string;
  value: number;
  /** When its report became public (ms since the epoch: `publicAt`). */
  publicAt: number;
}

export interface ScorecardRow {
  id: string;
  valuation_id: string;
  stock_symbol: string;
  stock_name: string | null;
  valuation_type_id: number;
  trackedAt: string | null;
  /** Years since tracking, capped at the hold period. */
  yearsTracked: number | null;
  holdingPeriod: number | null;
  costPerShare: number | null;
  currentPrice: number | null;
  baselineMetric: number | null;
  /** 'reported': the provider's figure at tracking; 'pitch': the pitch's own input. */
  baselineSource: 'reported' | 'pitch' | null;
  baselinePeriodEnd: string | null;
  latestMetric: number | null;
  latestPeriodEnd: string | null;
  reportedSinceTracking: boolean;
  multipleAtTracking: number | null;
  currentMultiple: number | null;
  expectedMetric: number | null;
  expectedMultiple: number | null;
  expectedPrice: number | null;
  /** Percent. */
  realizedReturn: number | null;
  fromGrowth: number | null;
  fromMultiple: number | null;
  expectedReturn: number | null;
  expectedFromGrowth: number | null;
  expectedFromMultiple: number | null;
  vsExpected: number | null;
  status: ScorecardStatus | null;
  reasons: string[];
}

export interface ScorecardSummary {
  /** Tracked pitches on the scorecard. */
  tracked: number;
  /** Pitches with every figure computable (realized, both parts, expected); the means cover these. */
  scored: number;
  meanRealizedReturn: number | null;
  meanExpectedReturn: number | null;
  meanFromGrowth: number | null;
  meanFromMultiple: number | null;
  ahead: number;
  behind: number;
  onPlan: number;
}

/* ------------------------------------------------------------ model parts */

interface ModelParts {
  metric: Num;
  growth: Num;
  /** EV/EBITDA only. */
  bridge: { debt: Dec; cash: Dec; shares: Dec } | null;
}

const usable = (n: Num): n is number => typeof n === 'number' && Number.isFinite(n);

function modelParts(pitch: ScorecardPitch): ModelParts | null {
  switch (pitch.valuation_type_id) {
    case 1:
      return { metric: pitch.earnings_per_share, growth: pitch.growth_ratein_eps, bridge: null };
    case 2:
      return {
        metric: pitch.book_value_per_share,
        growth: pitch.growth_in_bookvalue,
        bridge: null,
      };
    case 3:
      return {
        metric: pitch.revenue_per_share,
        growth: pitch.revenue_per_share_growth_rate,
        bridge: null,
      };
    case 4: {
      const { debt, cash_and_cash_equivalents: cash, shares_outstanding: shares } = pitch;
      if (!usable(debt) || !usable(cash) || !usable(shares) || shares <= 0) return null;
      return {
        metric: pitch.ebitda,
        growth: pitch.ebitda_growth,
        bridge: { debt: dec(debt), cash: dec(cash), shares: dec(shares) },
      };
    }
    case 5:
      return {
        metric: pitch.free_cash_flow_per_share,
        growth: pitch.stage_one_growth,
        bridge: null,
      };
    default:
      return null;
  }
}

/**
 * The multiple the pitch expects at the end of the hold. The multiples models state it; a DCF
 * (decision 127) implies it: the price it expects (its intrinsic value) over the FCF per share
 * it expects then, IV / (FCF0 x (1 + g)^hold), so the expected path ends at its intrinsic value
 * as the other models' paths end at theirs.
 */
export function forwardMultipleOf(pitch: ScorecardPitch): Dec | null {
  if (pitch.valuation_type_id !== 5)
    return usable(pitch.forward_multiple) ? dec(pitch.forward_multiple) : null;
  const { intrinsic_value_per_share: iv, free_cash_flow_per_share: fcf } = pitch;
  const g = pitch.stage_one_growth;
  const hold = pitch.holding_period;
  if (!usable(iv) || !usable(fcf) || !usable(g) || !usable(hold) || fcf <= 0 || g < -100)
    return null;
  const fcfAtHold = dec(fcf).times(dec(g).div(100).plus(1).pow(hold));
  return fcfAtHold.gt(0) ? dec(iv).div(fcfAtHold) : null;
}

/** Price per share implied by multiple M on metric m. */
function priceOf(parts: ModelParts, multiple: Dec, metric: Dec): Dec {
  const value = multiple.times(metric);
  if (!parts.bridge) return value;
  return value.minus(parts.bridge.debt).plus(parts.bridge.cash).div(parts.bridge.shares);
}

/** The multiple M that solves price(M, m) = price. */
function multipleOf(parts: ModelParts, price: Dec, metric: Dec): Dec {
  if (!parts.bridge) return price.div(metric);
  return price
    .times(parts.bridge.shares)
    .plus(parts.bridge.debt)
    .minus(parts.bridge.cash)
    .div(metric);
}

/* ------------------------------------------------------------ reported figures */

const DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * The figures the provider reported for a methodology, from the annual income statements
 * (P/E: epsDiluted; EV/EBITDA: ebitda, converted to millions) and the annual ratios (P/B:
 * bookValuePerShare; P/S: revenuePerShare), oldest first, each with the instant its report
 * became public: the statement's own filing, or for a ratio (which carries no filing date)
 * the income statement's of the same period. Rows without a period end date or a finite
 * figure are left out.
 */
export function reportedFigures(
  typeId: number,
  data: {
    annualIncome?: readonly IncomeRow[];
    annualRatios?: readonly RatiosRow[];
    annualCashFlow?: readonly CashFlowRow[];
  },
): ReportedFigure[] {
  const filings = new Map<string, number>();
  const filing = (r: { date?: string | null } & Omit<FilingDates, 'date'>) => {
    if (typeof r.date !== 'string' || !DAY.test(r.date)) return;
    const day = r.date.slice(0, 10);
    const at = publicAt({ ...r, date: day });
    filings.set(day, Math.max(filings.get(day) ?? at, at));
  };
  for (const r of data.annualIncome ?? []) filing(r);
  if (typeId === 5) for (const r of data.annualCashFlow ?? []) filing(r);
  const pick = (): { date?: string | null; value: Num }[] => {
    switch (typeId) {
      case 1:
        return (data.annualIncome ?? []).map((r) => ({ date: r.date, value: r.epsDiluted }));
      case 2:
        return (data.annualRatios ?? []).map((r) => ({ date: r.date, value: r.bookValuePerShare }));
      case 3:
        return (data.annualRatios ?? []).map((r) => ({ date: r.date, value: r.revenuePerShare }));
      case 4:
        return (data.annualIncome ?? []).map((r) => ({
          date: r.date,
          value: usable(r.ebitda) ? dec(r.ebitda).div(1_000_000).toNumber() : null,
        }));
      case 5: {
        // FCF per share: operating cash flow minus the size of capex, over that year's diluted shares.
        const shares = new Map<number, number>();
        for (const r of data.annualIncome ?? []) {
          const y = rowYear(r);
          if (y !== null && usable(r.weightedAverageShsOutDil) && r.weightedAverageShsOutDil > 0)
            shares.set(y, r.weightedAverageShsOutDil);
        }
        return (data.annualCashFlow ?? []).map((r) => {
          const y = rowYear(r);
          const n = y === null ? undefined : shares.get(y);
          const ok = usable(r.operatingCashFlow) && usable(r.capitalExpenditure) && n !== undefined;
          return {
            date: r.date,
            value: ok
              ? dec(r.operatingCashFlow!).minus(dec(r.capitalExpenditure!).abs()).div(n).toNumber()
              : null,
          };
        });
      }
      default:
        return [];
    }
  };
  return pick()
    .filter(
      (r): r is { date: string; value: number } =>
        typeof r.date === 'string' && DAY.test(r.date) && usable(r.value),
    )
    .map((r) => {
      const periodEnd = r.date.slice(0, 10);
      return {
        periodEnd,
        value: r.value,
        publicAt: filings.get(periodEnd) ?? publicAt({ date: periodEnd }),
      };
    })
    .sort((a, b) => (a.periodEnd < b.periodEnd ? -1 : a.periodEnd > b.periodEnd ? 1 : 0));
}

/* ------------------------------------------------------------ one pitch */

const HUNDRED = new D(100);
const pct = (ratio: Dec): Dec => ratio.times(HUNDRED);

/** Output of a decimal, or null (and the reason) when it cannot be shown. */
function out(value: Dec | null): number | null {
  return value === null ? null : toOutput(value);
}

/**
 * The scorecard row of one tracked pitch.
 * @param price the current quote (null when there is none)
 * @param reported the provider's figures for the pitch's metric (`reportedFigures`), or null
 *   when they could not be read
 * @param now the moment the scorecard is computed for (ms since the epoch)
 */
export function scorePitch(
  pitch: ScorecardPitch,
  price: Num,
  reported: readonly ReportedFigure[] | null,
  now: number,
): ScorecardRow {
  const reasons: string[] = [];
  const why = (reason: string) => {
    if (!reasons.includes(reason)) reasons.push(reason);
  };
  const row: ScorecardRow = {
    id: pitch.id,
    valuation_id: pitch.id,
    stock_symbol: pitch.stock_symbol,
    stock_name: pitch.stock_name ?? null,
    valuation_type_id: pitch.valuation_type_id,
    trackedAt: pitch.trackedAt ?? null,
    yearsTracked: null,
    holdingPeriod: usable(pitch.holding_period) ? pitch.holding_period : null,
    costPerShare: null,
    currentPrice: usable(price) && price > 0 ? price : null,
    baselineMetric: null,
    baselineSource: null,
    baselinePeriodEnd: null,
    latestMetric: null,
    latestPeriodEnd: null,
    reportedSinceTracking: false,
    multipleAtTracking: null,
    currentMultiple: null,
    expectedMetric: null,
    expectedMultiple: null,
    expectedPrice: null,
    realizedReturn: null,
    fromGrowth: null,
    fromMultiple: null,
    expectedReturn: null,
    expectedFromGrowth: null,
    expectedFromMultiple: null,
    vsExpected: null,
    status: null,
    reasons,
  };

  const cost = pitch.tracked_market_price;
  if (!usable(cost) || cost <= 0) {
    why(SCORECARD_REASONS.noCost);
    return row;
  }
  row.costPerShare = cost;
  const p0 = dec(cost);
  const p1 = row.currentPrice === null ? null : dec(row.currentPrice);
  if (p1 === null) why(SCORECARD_REASONS.noPrice);
  const realized = p1 === null ? null : p1.div(p0).minus(1);
  row.realizedReturn = realized === null ? null : out(pct(realized));

  const trackedMs = typeof pitch.trackedAt === 'string' ? Date.parse(pitch.trackedAt) : NaN;
  const parts = modelParts(pitch);
  const hold =
    usable(pitch.holding_period) && pitch.holding_period > 0 ? pitch.holding_period : null;
  if (!Number.isFinite(trackedMs)) {
    why(SCORECARD_REASONS.noTrackedAt);
    return row;
  }
  const forward = forwardMultipleOf(pitch);
  if (!parts || hold === null || forward === null) {
    why(SCORECARD_REASONS.badInputs);
    return row;
  }

  // Baseline and latest reported figures: each only once its report was public (decision 160).
  const figures = (reported ?? []).filter((f) => f.publicAt <= now);
  if (reported === null) why(SCORECARD_REASONS.noReports);
  const atTracking = [...figures].reverse().find((f) => f.publicAt <= trackedMs) ?? null;
  const latest = figures.length > 0 ? figures[figures.length - 1]! : null;
  let m0: Dec | null = null;
  if (atTracking) {
    m0 = dec(atTracking.value);
    row.baselineSource = 'reported';
    row.baselinePeriodEnd = atTracking.periodEnd;
  } else if (usable(parts.metric)) {
    m0 = dec(parts.metric);
    row.baselineSource = 'pitch';
  }
  row.baselineMetric = out(m0);
  if (latest) {
    row.latestMetric = latest.value;
    row.latestPeriodEnd = latest.periodEnd;
    row.reportedSinceTracking = latest.publicAt > trackedMs;
  } else if (reported !== null) {
    why(SCORECARD_REASONS.noReports);
  }

  if (m0 === null) {
    why(SCORECARD_REASONS.badInputs);
    return row;
  }
  if (m0.lte(0)) {
    why(SCORECARD_REASONS.baseNotPositive);
    return row;
  }
  const m0Multiple = multipleOf(parts, p0, m0);
  if (m0Multiple.lte(0)) {
    why(SCORECARD_REASONS.multipleNotPositive);
    return row;
  }
  row.multipleAtTracking = out(m0Multiple);

  // Realized split.
  if (latest && realized !== null) {
    const m1 = dec(latest.value);
    if (m1.lte(0)) {
      why(SCORECARD_REASONS.latestNotPositive);
    } else {
      row.currentMultiple = out(multipleOf(parts, p1!, m1));
      const growth = out(pct(priceOf(parts, m0Multiple, m1).div(p0).minus(1)));
      if (growth !== null && row.realizedReturn !== null) {
        row.fromGrowth = growth;
        row.fromMultiple = toOutput(dec(row.realizedReturn).minus(growth));
      }
    }
  }

  // Expected path to date.
  const g = usable(parts.growth) ? dec(parts.growth).div(HUNDRED) : null;
  if (g === null) {
    why(SCORECARD_REASONS.badInputs);
    return row;
  }
  const onePlusG = g.plus(1);
  if (onePlusG.lt(0)) {
    why(SCORECARD_REASONS.growthBelowMinus100);
    return row;
  }
  const elapsed = Math.max(0, now - trackedMs);
  const tDec = D.min(dec(elapsed).div(YEAR_MS), dec(hold));
  row.yearsTracked = out(tDec);
  const expectedMetric = m0.times(onePlusG.pow(tDec));
  const expectedMultiple = m0Multiple.plus(forward.minus(m0Multiple).times(tDec).div(hold));
  const expectedPrice = priceOf(parts, expectedMultiple, expectedMetric);
  row.expectedMetric = out(expectedMetric);
  row.expectedMultiple = out(expectedMultiple);
  row.expectedPrice = out(expectedPrice);
  const expected = out(pct(expectedPrice.div(p0).minus(1)));
  const expectedGrowth = out(pct(priceOf(parts, m0Multiple, expectedMetric).div(p0).minus(1)));
  if (expected === null || expectedGrowth === null) {
    why(SCORECARD_REASONS.badInputs);
    return row;
  }
  row.expectedReturn = expected;
  row.expectedFromGrowth = expectedGrowth;
  row.expectedFromMultiple = toOutput(dec(expected).minus(expectedGrowth));

  if (row.realizedReturn !== null) {
    const vs = dec(row.realizedReturn).minus(expected);
    row.vsExpected = toOutput(vs);
    row.status = vs.abs().lte(STATUS_TOLERANCE_PERCENT)
      ? SCORECARD_STATUS.onPlan
      : vs.gt(0)
        ? SCORECARD_STATUS.ahead
        : SCORECARD_STATUS.behind;
  }
  return row;
}

/* ------------------------------------------------------------ summary */

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return toOutput(values.reduce((sum, v) => sum.plus(v), new D(0)).div(values.length));
}

/**
 * The summary across the scorecard: the means cover the pitches with every figure computable,
 * so that mean growth + mean multiple = mean realized (up to the last rounded place).
 */
export function scorecardSummary(rows: readonly ScorecardRow[]): ScorecardSummary {
  const scored = rows.filter(
    (r) =>
      r.realizedReturn !== null &&
      r.fromGrowth !== null &&
      r.fromMultiple !== null &&
      r.expectedReturn !== null &&
      r.status !== null,
  );
  const of = (pick: (r: ScorecardRow) => number | null) => mean(scored.map((r) => pick(r)!));
  return {
    tracked: rows.length,
    scored: scored.length,
    meanRealizedReturn: of((r) => r.realizedReturn),
    meanExpectedReturn: of((r) => r.expectedReturn),
    meanFromGrowth: of((r) => r.fromGrowth),
    meanFromMultiple: of((r) => r.fromMultiple),
    ahead: scored.filter((r) => r.status === SCORECARD_STATUS.ahead).length,
    behind: scored.filter((r) => r.status === SCORECARD_STATUS.behind).length,
    onPlan: scored.filter((r) => r.status === SCORECARD_STATUS.onPlan).length,
  };
}
