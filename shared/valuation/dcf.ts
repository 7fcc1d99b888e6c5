import { D, dec, toOutput, type Dec } from './decimal';

/**
 * Discounted cash flow, two stages (valuation type 5; docs/decisions/127-dcf-valuation-model.md).
 * All rates are percent a year; g, gT and r below are those percentages divided by 100.
 *
 * - FCF_t = FCF0 x (1 + g)^t for t = 1..N
 * - PV1 = sum over t = 1..N of FCF_t / (1 + r)^t
 * - TV = FCF_N x (1 + gT) / (r - gT); PVTV = TV / (1 + r)^N
 * - IV = PV1 + PVTV
 *
 * Every step is decimal (40 significant digits): the powers are whole, so each FCF_t and each
 * discount factor is an exact product, and only the divisions round (far below a cent).
 */

/** Defaults of the form (issue 23): 10 years of stage one, terminal growth 2.5 %, discount rate 9 %. */
export const DCF_DEFAULTS = {
  stageOneYears: 10,
  terminalGrowth: 2.5,
  discountRate: 9,
} as const;

/** Bounds of the DCF inputs (see schemas.ts for how they are enforced). */
export const DCF_BOUNDS = {
  stageOneYearsMin: 1,
  stageOneYearsMax: 20,
  /** Discount rate: above 0, at most 100 % a year. */
  discountRateMax: 100,
  /** Terminal growth: from -100 % (the flow stops) to below the discount rate. */
  terminalGrowthMin: -100,
  terminalGrowthMax: 100,
} as const;

/** The terminal value's share of intrinsic value above which the panel warns. */
export const TERMINAL_SHARE_WARNING_PERCENT = 75;

/** The range of stage-one growth the implied growth is searched in (percent a year). */
export const IMPLIED_GROWTH_RANGE = { min: -50, max: 100 } as const;

/** Width of the bracket (percentage points) at which the bisection stops. */
export const IMPLIED_GROWTH_TOLERANCE = 1e-9;

export const DCF_MESSAGES = {
  stageOneYears: 'Enter whole years from 1 to 20 for Stage One Years',
  discountNotAboveTerminal: (r: number | string, gT: number | string) =>
    `The discount rate (${r}%) must be above the terminal growth rate (${gT}%)`,
  discountRateNotPositive: 'Enter a discount rate above 0%',
  terminalShareWarning:
    'The terminal value is more than 75% of the intrinsic value: the result rests mostly on the years after stage one',
  impliedGrowthNotFound:
    'N/A: no stage-one growth from -50% to +100% a year gives a value equal to the price',
} as const;

export interface DcfDecimalFigures {
  /** FCF per share in the last year of stage one (FCF_N). */
  fcfFinalYear: Dec;
  pvStageOne: Dec;
  terminalValue: Dec;
  pvTerminalValue: Dec;
  intrinsic: Dec;
  /** (1 + r)^N. */
  discountFactorFinalYear: Dec;
}

/** TV = FCF_N x (1 + gT) / (r - gT), rates in percent. */
export function dcfTerminalValue(
  fcfFinalYear: Dec,
  terminalGrowthPercent: Dec,
  discountRatePercent: Dec,
): Dec {
  const gT = terminalGrowthPercent.div(100);
  const r = discountRatePercent.div(100);
  return fcfFinalYear.times(gT.plus(1)).div(r.minus(gT));
}

/**
 * The DCF figures in decimal. Callers guarantee N is a whole number of 1 or more and
 * r > gT > -100 % (so 1 + r > 0 and r - gT > 0).
 */
export function dcfDecimal(
  fcf0: Dec,
  growthPercent: Dec,
  years: number,
  terminalGrowthPercent: Dec,
  discountRatePercent: Dec,
): DcfDecimalFigures {
  const g = growthPercent.div(100);
  const r = discountRatePercent.div(100);
  const grow = g.plus(1);
  const discount = r.plus(1);
  let growthFactor = new D(1);
  let discountFactor = new D(1);
  let pvStageOne = new D(0);
  let fcf = fcf0;
  for (let t = 1; t <= years; t++) {
    growthFactor = growthFactor.times(grow);
    discountFactor = discountFactor.times(discount);
    fcf = fcf0.times(growthFactor);
    pvStageOne = pvStageOne.plus(fcf.div(discountFactor));
  }
  const terminalValue = dcfTerminalValue(fcf, terminalGrowthPercent, discountRatePercent);
  const pvTerminalValue = terminalValue.div(discountFactor);
  return {
    discountFactorFinalYear: discountFactor,
    fcfFinalYear: fcf,
    pvStageOne,
    terminalValue,
    pvTerminalValue,
    intrinsic: pvStageOne.plus(pvTerminalValue),
  };
}

/**
 * Intrinsic value alone, for the search of the implied growth: the same sum written with
 * q = (1 + g) / (1 + r), so one division per step of the search instead of N.
 * IV = FCF0 x (q + q^2 + ... + q^N + q^N x (1 + gT) / (r - gT)).
 */
function intrinsicFast(
  fcf0: Dec,
  growthPercent: Dec,
  years: number,
  terminalFactor: Dec,
  discount: Dec,
): Dec {
  const q = growthPercent.div(100).plus(1).div(discount);
  let power = new D(1);
  let sum = new D(0);
  for (let t = 1; t <= years; t++) {
    power = power.times(q);
    sum = sum.plus(power);
  }
  return fcf0.times(sum.plus(power.times(terminalFactor)));
}

export type DcfImpliedGrowth =
  | { ok: true; growthPercent: number }
  | { ok: false; reason: 'not-found' | 'not-computable'; message: string };

export interface DcfImpliedGrowthInput {
  free_cash_flow_per_share: number;
  stage_one_years: number;
  terminal_growth: number;
  discount_rate: number;
  market_price: number;
}

/**
 * The stage-one growth g (percent a year) at which IV = P, the other inputs fixed: IV rises
 * with g, so a bisection over -50 % .. +100 % finds it, to a bracket of 1e-9 percentage points.
 * N/A when IV at -50 % is already above P or IV at +100 % is still below it.
 */
export function dcfImpliedGrowth(input: DcfImpliedGrowthInput): DcfImpliedGrowth {
  const values = [
    input.free_cash_flow_per_share,
    input.stage_one_years,
    input.terminal_growth,
    input.discount_rate,
    input.market_price,
  ];
  const notComputable = (message: string): DcfImpliedGrowth => ({
    ok: false,
    reason: 'not-computable',
    message,
  });
  if (values.some((v) => typeof v !== 'number' || !Number.isFinite(v)))
    return notComputable(
      'Not meaningful: the assumptions give no valuation to compare with the price',
    );
  const fcf0 = dec(input.free_cash_flow_per_share);
  const price = dec(input.market_price);
  const years = input.stage_one_years;
  const gT = dec(input.terminal_growth);
  const r = dec(input.discount_rate);
  if (fcf0.lte(0)) return notComputable('Not meaningful: the base figure is not above 0');
  if (
    price.lte(0) ||
    !Number.isInteger(years) ||
    years < DCF_BOUNDS.stageOneYearsMin ||
    years > DCF_BOUNDS.stageOneYearsMax ||
    gT.lt(DCF_BOUNDS.terminalGrowthMin) ||
    r.lte(gT)
  )
    return notComputable(
      'Not meaningful: the assumptions give no valuation to compare with the price',
    );
  const discount = r.div(100).plus(1);
  const terminalFactor = gT.div(100).plus(1).div(r.minus(gT).div(100));
  const at = (g: Dec) => intrinsicFast(fcf0, g, years, terminalFactor, discount);
  let lo = new D(IMPLIED_GROWTH_RANGE.min);
  let hi = new D(IMPLIED_GROWTH_RANGE.max);
  const atLo = at(lo);
  const atHi = at(hi);
  if (atLo.gt(price) || atHi.lt(price))
    return { ok: false, reason: 'not-found', message: DCF_MESSAGES.impliedGrowthNotFound };
  if (atLo.eq(price)) return { ok: true, growthPercent: IMPLIED_GROWTH_RANGE.min };
  if (atHi.eq(price)) return { ok: true, growthPercent: IMPLIED_GROWTH_RANGE.max };
  // A float search first narrows the bracket; the decimal bisection then only has to confirm
  // it (both ends checked in decimal) and halve it about 11 times instead of 37. A float
  // estimate that misses is simply not used.
  const guess = floatImpliedGrowth(input);
  if (guess !== null) {
    const near = [new D(guess).minus(FLOAT_BRACKET), new D(guess).plus(FLOAT_BRACKET)] as const;
    if (near[0].gt(lo) && near[1].lt(hi) && at(near[0]).lte(price) && at(near[1]).gte(price)) {
      lo = near[0];
      hi = near[1];
    }
  }
  while (hi.minus(lo).gt(IMPLIED_GROWTH_TOLERANCE)) {
    const mid = lo.plus(hi).div(2);
    const value = at(mid);
    if (value.eq(price)) {
      lo = mid;
      hi = mid;
      break;
    }
    if (value.lt(price)) lo = mid;
    else hi = mid;
  }
  const growth = toOutput(lo.plus(hi).div(2));
  return growth === null
    ? { ok: false, reason: 'not-found', message: DCF_MESSAGES.impliedGrowthNotFound }
    : { ok: true, growthPercent: growth };
}

/** Half-width (percentage points) of the bracket the float estimate gives the decimal search. */
const FLOAT_BRACKET = 1e-6;

/** The same bisection in floating point (60 halvings): an estimate only, confirmed in decimal. */
function floatImpliedGrowth(input: DcfImpliedGrowthInput): number | null {
  const { free_cash_flow_per_share: fcf0, stage_one_years: years, market_price: price } = input;
  const r = input.discount_rate / 100;
  const gT = input.terminal_growth / 100;
  const terminal = (1 + gT) / (r - gT);
  const value = (gPercent: number) => {
    const q = (1 + gPercent / 100) / (1 + r);
    let power = 1;
    let sum = 0;
    for (let t = 1; t <= years; t++) {
      power *= q;
      sum += power;
    }
    return fcf0 * (sum + power * terminal);
  };
  let lo: number = IMPLIED_GROWTH_RANGE.min;
  let hi: number = IMPLIED_GROWTH_RANGE.max;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (value(mid) < price) lo = mid;
    else hi = mid;
  }
  const g = (lo + hi) / 2;
  return Number.isFinite(g) ? g : null;
}
