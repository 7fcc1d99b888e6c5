import { D, dec, toOutput, type Dec } from './decimal';
import { DCF_BOUNDS, dcfDecimal, dcfImpliedGrowth, dcfTerminalValue } from './dcf';
import {
  evEbitdaValues,
  growOverHold,
  MODELS,
  type DCFInput,
  type MultipleModelInput,
  type ValuationModelInput,
} from './models';
import { decimalOutcomes } from './outcomes';
import { VALUATION_BOUNDS } from './schemas';

/**
 * Sensitivity of a valuation to its two judgement calls (growth rate and forward multiple),
 * and the growth rate the market price implies. Every figure comes from `computeValuation`
 * (the one place the formulas live); this module only chooses the inputs. See
 * docs/decisions/091-sensitivity-and-scenarios.md.
 */

/** The IRR a cell is measured against when the user sets none (percent a year). */
export const DEFAULT_TARGET_IRR = 15;

/** Cells each side of the user's input: 2 gives a 5 x 5 grid. */
export const SENSITIVITY_STEPS_EACH_SIDE = 2;

/** The 1-2-2.5-5 series of round steps. */
const NICE_MANTISSAS = [1, 2, 2.5, 5] as const;

/**
 * The smallest round number (1, 2, 2.5 or 5 times a power of ten, from 0.01 up) at or
 * above `atLeast`. Steps are round so the grid's rows and columns read as plain figures.
 */
export function niceStep(atLeast: number | Dec): Dec {
  const target = dec(atLeast);
  let power = new D('0.01');
  for (;;) {
    for (const m of NICE_MANTISSAS) {
      const step = power.times(m);
      if (step.gte(target)) return step;
    }
    power = power.times(10);
  }
}

/** Growth step: a round step of at least 1 point and at least a fifth of the growth rate. */
export function growthStep(growthPercent: number): Dec {
  return niceStep(D.max(1, dec(growthPercent).abs().div(5)));
}

/** Multiple step: a round step of at least a tenth of the multiple (0.01 at the least). */
export function multipleStep(forwardMultiple: number): Dec {
  return niceStep(D.max('0.01', dec(forwardMultiple).abs().div(10)));
}

/** The input with another growth rate and forward multiple (every other assumption kept). */
export function withGrowthAndMultiple(
  input: MultipleModelInput,
  growthPercent: number,
  forwardMultiple: number,
): MultipleModelInput {
  const growthField = MODELS[input.valuation_type_id].growthField;
  return {
    ...input,
    [growthField]: growthPercent,
    forward_multiple: forwardMultiple,
  } as MultipleModelInput;
}

export function growthOf(input: ValuationModelInput): number {
  return (input as unknown as Record<string, number>)[MODELS[input.valuation_type_id].growthField]!;
}

export interface SensitivityCell {
  growthPercent: number;
  forwardMultiple: number;
  /** null when these assumptions give no valuation (growth below -100%, a multiple of 0 or less, a value of 0 or less). */
  irrPercent: number | null;
  intrinsicValuePerShare: number | null;
  /** IRR at or above the target (never for a cell without a valuation). */
  meetsTarget: boolean;
  /** The cell of the user's own growth rate and multiple. */
  current: boolean;
}

export interface SensitivityGrid {
  /** Growth rates of the rows, low to high (percent). */
  growthRates: number[];
  /** Forward multiples of the columns, low to high. */
  multiples: number[];
  /** rows[i][j]: growthRates[i] with multiples[j]. */
  rows: SensitivityCell[][];
  targetIrrPercent: number;
  growthStep: number;
  multipleStep: number;
}

/**
 * IRR and intrinsic value per share over growth x forward multiple, centred on the user's
 * inputs: 2 round steps each side (25 cells). Null when the input itself has no growth
 * rate or multiple that is a finite number, and for a DCF (its grid is `dcfSensitivityGrid`).
 */
export function sensitivityGrid(
  input: ValuationModelInput,
  targetIrrPercent: number = DEFAULT_TARGET_IRR,
): SensitivityGrid | null {
  if (input.valuation_type_id === 5) return null;
  const growth = growthOf(input);
  const multiple = input.forward_multiple;
  if (!Number.isFinite(growth) || !Number.isFinite(multiple) || !Number.isFinite(targetIrrPercent))
    return null;
  const gStep = growthStep(growth);
  const mStep = multipleStep(multiple);
  const n = SENSITIVITY_STEPS_EACH_SIDE;
  const offsets = Array.from({ length: 2 * n + 1 }, (_, i) => i - n);
  const growthRates = offsets.map((k) => dec(growth).plus(gStep.times(k)).toNumber());
  const multiples = offsets.map((k) => dec(multiple).plus(mStep.times(k)).toNumber());
  const target = dec(targetIrrPercent);
  const model = MODELS[input.valuation_type_id];
  const record = input as unknown as Record<string, number>;
  // A grid needs the figures every cell shares: finite, with base, price, hold (and shares) above 0.
  const shared = Object.keys(model.fieldLabels).filter((f) => f !== model.growthField);
  if (shared.some((f) => typeof record[f] !== 'number' || !Number.isFinite(record[f]))) return null;
  const base = dec(record[model.baseField]!);
  const hold = dec(input.holding_period);
  const price = dec(input.market_price);
  if (base.lte(0) || hold.lte(0) || price.lte(0)) return null;
  if (input.valuation_type_id === 4 && !(input.shares_outstanding > 0)) return null;
  // One power per row (the end-of-hold figure depends on growth only) and one per cell (the
  // IRR): the same functions computeValuation uses, without recomputing the row's growth 5 times.
  const endOfHoldByRow: Dec[] = [];
  const rows = growthRates.map((g, i) =>
    multiples.map((m, j): SensitivityCell => {
      const current = offsets[i] === 0 && offsets[j] === 0;
      const empty: SensitivityCell = {
        growthPercent: g,
        forwardMultiple: m,
        irrPercent: null,
        intrinsicValuePerShare: null,
        meetsTarget: false,
        current,
      };
      if (
        g < VALUATION_BOUNDS.growthMin ||
        g > VALUATION_BOUNDS.growthMax ||
        m <= 0 ||
        m > VALUATION_BOUNDS.multipleMax
      )
        return empty;
      const endOfHold = (endOfHoldByRow[i] ??= growOverHold(base, dec(g), hold));
      const intrinsic =
        input.valuation_type_id === 4
          ? evEbitdaValues(
              endOfHold,
              dec(m),
              dec(input.debt),
              dec(input.cash_and_cash_equivalents),
              dec(input.shares_outstanding),
            ).intrinsicValuePerShare
          : endOfHold.times(m);
      if (!intrinsic.isFinite() || intrinsic.lte(0)) return empty;
      const irr = toOutput(decimalOutcomes(price, intrinsic, hold).irrPercent);
      const value = toOutput(intrinsic);
      if (irr === null || value === null) return empty;
      return {
        ...empty,
        irrPercent: irr,
        intrinsicValuePerShare: value,
        meetsTarget: dec(irr).gte(target),
      };
    }),
  );
  return {
    growthRates,
    multiples,
    rows,
    targetIrrPercent,
    growthStep: gStep.toNumber(),
    multipleStep: mStep.toNumber(),
  };
}

/**
 * The same grid measured against another target IRR, without recomputing a cell (the
 * target only decides which cells are highlighted), so changing the target costs nothing.
 */
export function withTargetIrr(grid: SensitivityGrid, targetIrrPercent: number): SensitivityGrid {
  if (!Number.isFinite(targetIrrPercent) || targetIrrPercent === grid.targetIrrPercent) return grid;
  const target = dec(targetIrrPercent);
  return {
    ...grid,
    targetIrrPercent,
    rows: grid.rows.map((row) =>
      row.map((cell) => ({
        ...cell,
        meetsTarget: cell.irrPercent !== null && dec(cell.irrPercent).gte(target),
      })),
    ),
  };
}

/* ------------------------------------------------------------ implied growth */

export type ImpliedGrowth =
  { ok: true; growthPercent: number } | { ok: false; reason: 'not-meaningful'; message: string };

export const IMPLIED_GROWTH_MESSAGES = {
  notComputable: 'Not meaningful: the assumptions give no valuation to compare with the price',
  baseNotPositive: 'Not meaningful: the base figure is not above 0',
  cashCoversPrice:
    'Not meaningful: net cash per share covers the price, so any growth rate justifies it',
  outOfRange: 'Not meaningful: the price implies growth beyond the range a valuation takes',
} as const;

function notMeaningful(message: string): ImpliedGrowth {
  return { ok: false, reason: 'not-meaningful', message };
}

/**
 * The growth rate at which the intrinsic value per share equals the market price, at the
 * input's forward multiple and hold period. Every model is base x (1 + g)^hold followed by
 * a map that is linear in the end-of-hold figure, so the equation has a closed form:
 * - per-share models: price = E x multiple, so E = price / multiple;
 * - EV/EBITDA: price x shares = E x multiple - debt + cash, so E = (price x shares + debt - cash) / multiple;
 * then g = ((E / base)^(1 / hold) - 1) x 100. Not meaningful when the base figure is not
 * above 0, when net cash alone covers the price (E would be 0 or below), or when g lies
 * outside the growth bounds (-100 % .. 10,000 %).
 */
export function impliedGrowth(input: ValuationModelInput): ImpliedGrowth {
  if (input.valuation_type_id === 5) {
    const found = dcfImpliedGrowth(input);
    return found.ok ? found : notMeaningful(found.message);
  }
  const model = MODELS[input.valuation_type_id];
  const record = input as unknown as Record<string, number>;
  const values = Object.keys(model.fieldLabels)
    .filter((f) => f !== model.growthField)
    .map((f) => record[f]);
  if (values.some((v) => typeof v !== 'number' || !Number.isFinite(v)))
    return notMeaningful(IMPLIED_GROWTH_MESSAGES.notComputable);
  const base = dec(record[model.baseField]!);
  const price = dec(input.market_price);
  const multiple = dec(input.forward_multiple);
  const hold = dec(input.holding_period);
  if (base.lte(0)) return notMeaningful(IMPLIED_GROWTH_MESSAGES.baseNotPositive);
  if (price.lte(0) || multiple.lte(0) || hold.lte(0))
    return notMeaningful(IMPLIED_GROWTH_MESSAGES.notComputable);
  let endOfHold: Dec;
  if (input.valuation_type_id === 4) {
    const shares = dec(input.shares_outstanding);
    if (shares.lte(0)) return notMeaningful(IMPLIED_GROWTH_MESSAGES.notComputable);
    const equity = price.times(shares);
    endOfHold = equity.plus(dec(input.debt)).minus(dec(input.cash_and_cash_equivalents));
    if (endOfHold.lte(0)) return notMeaningful(IMPLIED_GROWTH_MESSAGES.cashCoversPrice);
    endOfHold = endOfHold.div(multiple);
  } else {
    endOfHold = price.div(multiple);
  }
  const growth = endOfHold.div(base).pow(new D(1).div(hold)).minus(1).times(100);
  const n = toOutput(growth);
  if (n === null || growth.lt(VALUATION_BOUNDS.growthMin) || growth.gt(VALUATION_BOUNDS.growthMax))
    return notMeaningful(IMPLIED_GROWTH_MESSAGES.outOfRange);
  return { ok: true, growthPercent: n };
}

/* ------------------------------------------------------------ DCF grid */

export interface DcfSensitivityCell {
  discountRatePercent: number;
  terminalGrowthPercent: number;
  /** null when these rates give no valuation (a discount rate at or below the terminal growth). */
  intrinsicValuePerShare: number | null;
  irrPercent: number | null;
  meetsTarget: boolean;
  current: boolean;
}

export interface DcfSensitivityGrid {
  /** Discount rates of the rows, low to high (percent). */
  discountRates: number[];
  /** Terminal growth rates of the columns, low to high (percent). */
  terminalGrowthRates: number[];
  /** rows[i][j]: discountRates[i] with terminalGrowthRates[j]. */
  rows: DcfSensitivityCell[][];
  targetIrrPercent: number;
  discountStep: number;
  terminalStep: number;
}

/** Discount-rate step: a round step of at least half a point and a tenth of the rate. */
export function discountStep(discountRatePercent: number): Dec {
  return niceStep(D.max('0.5', dec(discountRatePercent).abs().div(10)));
}

/** Terminal-growth step: a round step of at least a quarter point and a fifth of the rate. */
export function terminalStep(terminalGrowthPercent: number): Dec {
  return niceStep(D.max('0.25', dec(terminalGrowthPercent).abs().div(5)));
}

/**
 * The DCF's grid (issue 23): intrinsic value per share and IRR by discount rate (rows) and
 * terminal growth (columns), 2 round steps each side of the user's rates (25 cells). The
 * stage-one part depends on the row only, so it is summed once per row. Null when a figure
 * every cell shares (FCF0, growth, years, price, hold) is missing or gives no valuation.
 */
export function dcfSensitivityGrid(
  input: DCFInput,
  targetIrrPercent: number = DEFAULT_TARGET_IRR,
): DcfSensitivityGrid | null {
  const values = [
    input.free_cash_flow_per_share,
    input.stage_one_growth,
    input.stage_one_years,
    input.terminal_growth,
    input.discount_rate,
    input.market_price,
    input.holding_period,
    targetIrrPercent,
  ];
  if (values.some((v) => typeof v !== 'number' || !Number.isFinite(v))) return null;
  const years = input.stage_one_years;
  if (
    !Number.isInteger(years) ||
    years < DCF_BOUNDS.stageOneYearsMin ||
    years > DCF_BOUNDS.stageOneYearsMax
  )
    return null;
  const fcf0 = dec(input.free_cash_flow_per_share);
  const growth = dec(input.stage_one_growth);
  const price = dec(input.market_price);
  const hold = dec(input.holding_period);
  if (fcf0.lte(0) || price.lte(0) || hold.lte(0) || growth.lt(-100)) return null;
  const rStep = discountStep(input.discount_rate);
  const tStep = terminalStep(input.terminal_growth);
  const n = SENSITIVITY_STEPS_EACH_SIDE;
  const offsets = Array.from({ length: 2 * n + 1 }, (_, i) => i - n);
  const discountRates = offsets.map((k) =>
    dec(input.discount_rate).plus(rStep.times(k)).toNumber(),
  );
  const terminalGrowthRates = offsets.map((k) =>
    dec(input.terminal_growth).plus(tStep.times(k)).toNumber(),
  );
  const target = dec(targetIrrPercent);
  const rows = discountRates.map((r, i) => {
    const rDec = dec(r);
    const rowUsable = rDec.gt(0) && rDec.lte(DCF_BOUNDS.discountRateMax);
    // Stage one and the discount factor of year N depend on r only: once per row.
    let stage: ReturnType<typeof dcfDecimal> | null = null;
    return terminalGrowthRates.map((gT, j): DcfSensitivityCell => {
      const current = offsets[i] === 0 && offsets[j] === 0;
      const empty: DcfSensitivityCell = {
        discountRatePercent: r,
        terminalGrowthPercent: gT,
        intrinsicValuePerShare: null,
        irrPercent: null,
        meetsTarget: false,
        current,
      };
      const gTDec = dec(gT);
      if (!rowUsable || gTDec.lt(DCF_BOUNDS.terminalGrowthMin) || rDec.lte(gTDec)) return empty;
      stage ??= dcfDecimal(fcf0, growth, years, gTDec, rDec);
      const tv = dcfTerminalValue(stage.fcfFinalYear, gTDec, rDec);
      const intrinsic = stage.pvStageOne.plus(tv.div(stage.discountFactorFinalYear));
      if (!intrinsic.isFinite() || intrinsic.lte(0)) return empty;
      const value = toOutput(intrinsic);
      const irr = toOutput(decimalOutcomes(price, intrinsic, hold).irrPercent);
      if (value === null || irr === null) return empty;
      return {
        ...empty,
        intrinsicValuePerShare: value,
        irrPercent: irr,
        meetsTarget: dec(irr).gte(target),
      };
    });
  });
  return {
    discountRates,
    terminalGrowthRates,
    rows,
    targetIrrPercent,
    discountStep: rStep.toNumber(),
    terminalStep: tStep.toNumber(),
  };
}

/** The DCF grid against another target IRR, without recomputing a cell. */
export function withDcfTargetIrr(
  grid: DcfSensitivityGrid,
  targetIrrPercent: number,
): DcfSensitivityGrid {
  if (!Number.isFinite(targetIrrPercent) || targetIrrPercent === grid.targetIrrPercent) return grid;
  const target = dec(targetIrrPercent);
  return {
    ...grid,
    targetIrrPercent,
    rows: grid.rows.map((row) =>
      row.map((cell) => ({
        ...cell,
        meetsTarget: cell.irrPercent !== null && dec(cell.irrPercent).gte(target),
      })),
    ),
  };
}
