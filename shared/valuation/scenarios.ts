import { D, dec, toOutput } from './decimal';
import { computeValuation, type ValuationComputation, type ValuationModelInput } from './models';
import { SCENARIO_CASES, SCENARIO_LABELS, type ScenarioCaseName, type Scenarios } from './schemas';
import { growthOf, withGrowthAndMultiple } from './sensitivity';

/**
 * Bear / base / bull: three sets of assumptions with probabilities. The base case is the
 * valuation's own input; bear and bull replace its growth rate and forward multiple (for a
 * DCF: its stage-one growth and discount rate). Each
 * case is valued by `computeValuation`; the weighted value is the probability-weighted sum
 * of the three intrinsic values per share (exact in decimal, rounded like every output).
 */

export interface ScenarioCaseInput {
  growth: number;
  forward_multiple: number;
  probability: number;
}

/** The second assumption bear and bull change: the forward multiple, or the DCF's discount rate (decision 127). */
export type ScenarioLever = 'forward_multiple' | 'discount_rate';

export function scenarioLever(typeId: number): ScenarioLever {
  return typeId === 5 ? 'discount_rate' : 'forward_multiple';
}

/** The lever's value in a valuation input (NaN when it has none). */
export function leverOf(input: ValuationModelInput): number {
  return input.valuation_type_id === 5 ? input.discount_rate : input.forward_multiple;
}

/** The model input of one case. */
export function scenarioInput(
  input: ValuationModelInput,
  scenarios: Scenarios,
  name: ScenarioCaseName,
): ValuationModelInput {
  if (name === 'base') return input;
  const c = scenarios[name] as {
    growth: number;
    forward_multiple?: number;
    discount_rate?: number;
  };
  if (input.valuation_type_id === 5)
    return { ...input, stage_one_growth: c.growth, discount_rate: c.discount_rate ?? Number.NaN };
  return withGrowthAndMultiple(input, c.growth, c.forward_multiple ?? Number.NaN);
}

export interface ScenarioCaseValue {
  name: ScenarioCaseName;
  label: string;
  growthPercent: number;
  /** The multiples models' forward multiple; null for a DCF. */
  forwardMultiple: number | null;
  /** The DCF's discount rate (percent); null for the multiples models. */
  discountRate: number | null;
  probability: number;
  computed: ValuationComputation;
}

export interface ScenarioValues {
  cases: ScenarioCaseValue[];
  /** sum of probability / 100 x intrinsic value per share; null when a case has no valuation. */
  weightedValue: number | null;
  /** (weighted value / price - 1) x 100; null with the weighted value. */
  weightedUpsidePercent: number | null;
}

/** The three cases valued, and the probability-weighted intrinsic value per share. */
export function scenarioValues(input: ValuationModelInput, scenarios: Scenarios): ScenarioValues {
  const cases = SCENARIO_CASES.map((name): ScenarioCaseValue => {
    const caseInput = scenarioInput(input, scenarios, name);
    return {
      name,
      label: SCENARIO_LABELS[name],
      growthPercent: growthOf(caseInput),
      forwardMultiple: caseInput.valuation_type_id === 5 ? null : caseInput.forward_multiple,
      discountRate: caseInput.valuation_type_id === 5 ? caseInput.discount_rate : null,
      probability: scenarios[name].probability,
      computed: computeValuation(caseInput),
    };
  });
  let weighted = new D(0);
  for (const c of cases) {
    if (!c.computed.ok) return { cases, weightedValue: null, weightedUpsidePercent: null };
    weighted = weighted.plus(dec(c.probability).times(c.computed.intrinsicValuePerShare).div(100));
  }
  const weightedValue = toOutput(weighted);
  const price = dec(input.market_price);
  const upside =
    weightedValue === null || !price.isFinite() || price.lte(0)
      ? null
      : toOutput(weighted.div(price).minus(1).times(100));
  return { cases, weightedValue, weightedUpsidePercent: upside };
}

/**
 * The first case without a valuation, as the server refuses it: "Bear case: Try another
 * model". Null when every case has one.
 */
export function scenarioProblem(
  input: ValuationModelInput,
  scenarios: Scenarios,
): { message: string; field: string } | null {
  for (const name of SCENARIO_CASES) {
    if (name === 'base') continue;
    const computed = computeValuation(scenarioInput(input, scenarios, name));
    if (!computed.ok)
      return {
        message: `${SCENARIO_LABELS[name]}: ${computed.message}`,
        field: `scenarios.${name}`,
      };
  }
  return null;
}
