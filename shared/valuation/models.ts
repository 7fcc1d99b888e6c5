import type { ValuationTypeId } from '../domain/valuation-types';
import { D, dec, toOutput, type Dec } from './decimal';
import { DCF_BOUNDS, DCF_MESSAGES, dcfDecimal, TERMINAL_SHARE_WARNING_PERCENT } from './dcf';
import {
  characterMoods,
  decimalOutcomes,
  gaugeValue,
  holdPeriodSuffix,
  outcomeLabels,
  VALUATION_MESSAGES,
  type CharacterMoods,
  type GainLabel,
  type MarginLabel,
} from './outcomes';

/* ------------------------------------------------------------------ inputs */

interface PriceAndHold {
  market_price: number;
  /** Years; fractional allowed. */
  holding_period: number;
}

interface CommonInput extends PriceAndHold {
  forward_multiple: number;
}

export interface PEInput extends CommonInput {
  valuation_type_id: 1;
  earnings_per_share: number;
  /** Percent per year. */
  growth_ratein_eps: number;
}

export interface PBInput extends CommonInput {
  valuation_type_id: 2;
  book_value_per_share: number;
  growth_in_bookvalue: number;
}

export interface PSInput extends CommonInput {
  valuation_type_id: 3;
  revenue_per_share: number;
  revenue_per_share_growth_rate: number;
}

/** EBITDA, debt, cash and shares are in millions, as the form shows them. */
export interface EVEBITDAInput extends CommonInput {
  valuation_type_id: 4;
  ebitda: number;
  ebitda_growth: number;
  debt: number;
  cash_and_cash_equivalents: number;
  shares_outstanding: number;
}

/**
 * Two-stage discounted cash flow (issue 23, decision 127): free cash flow per share grows at
 * the stage-one rate for N whole years, then at the terminal rate for ever, discounted at r.
 * Rates in percent a year.
 */
export interface DCFInput extends PriceAndHold {
  valuation_type_id: 5;
  free_cash_flow_per_share: number;
  stage_one_growth: number;
  /** Whole years, 1 to 20. */
  stage_one_years: number;
  terminal_growth: number;
  discount_rate: number;
}

/** The four multiples models (they share a forward multiple). */
export type MultipleModelInput = PEInput | PBInput | PSInput | EVEBITDAInput;

/** The figures a valuation is computed from (the saved payload carries more: symbol, moats, comment). */
export type ValuationModelInput = MultipleModelInput | DCFInput;

/* ------------------------------------------------------------ model table */

export interface ModelDefinition {
  id: ValuationTypeId;
  name: 'P/E' | 'P/B' | 'P/S' | 'EV/EBITDA' | 'DCF';
  /** Field holding the base figure that is grown over the hold period. */
  baseField: string;
  growthField: string;
  /** Stored name of the base figure at end of hold. */
  endOfHoldField: string;
  /** The form's label for each input field. */
  fieldLabels: Record<string, string>;
  endOfHoldLabel: string;
}

const COMMON_LABELS = {
  market_price: 'Market Price',
  holding_period: 'Hold Period',
};

export const MODELS = {
  1: {
    id: 1,
    name: 'P/E',
    baseField: 'earnings_per_share',
    growthField: 'growth_ratein_eps',
    endOfHoldField: 'earnings_per_share_at_endof_hold',
    fieldLabels: {
      earnings_per_share: 'Earnings Per Share',
      growth_ratein_eps: 'Growth Rate In EPS',
      forward_multiple: 'Forward P/E Multiple',
      ...COMMON_LABELS,
    },
    endOfHoldLabel: 'EPS At End Of Hold',
  },
  2: {
    id: 2,
    name: 'P/B',
    baseField: 'book_value_per_share',
    growthField: 'growth_in_bookvalue',
    endOfHoldField: 'bookvalue_per_share_at_endof_hold',
    fieldLabels: {
      book_value_per_share: 'Book Value Per Share',
      growth_in_bookvalue: 'Growth In Book Value',
      forward_multiple: 'Forward P/B Multiple',
      ...COMMON_LABELS,
    },
    endOfHoldLabel: 'Book Value Per Share At End Of Hold',
  },
  3: {
    id: 3,
    name: 'P/S',
    baseField: 'revenue_per_share',
    growthField: 'revenue_per_share_growth_rate',
    endOfHoldField: 'revenue_per_share_at_endof_hold',
    fieldLabels: {
      revenue_per_share: 'Revenue Per Share',
      revenue_per_share_growth_rate: 'Revenue Per Share Growth Rate',
      forward_multiple: 'Forward P/S Multiple',
      ...COMMON_LABELS,
    },
    endOfHoldLabel: 'Revenue Per Share At End Of Hold',
  },
  4: {
    id: 4,
    name: 'EV/EBITDA',
    baseField: 'ebitda',
    growthField: 'ebitda_growth',
    endOfHoldField: 'ebitda_at_endof_hold',
    fieldLabels: {
      ebitda: 'EBITDA',
      ebitda_growth: 'EBITDA Growth Rate (%)',
      forward_multiple: 'Forward EV/EBITDA Multiple',
      debt: 'Debt',
      cash_and_cash_equivalents: 'Cash And Cash Equivalents',
      shares_outstanding: 'Shares Outstanding',
      ...COMMON_LABELS,
    },
    endOfHoldLabel: 'EBITDA At End Of Hold',
  },
  5: {
    id: 5,
    name: 'DCF',
    baseField: 'free_cash_flow_per_share',
    growthField: 'stage_one_growth',
    /** FCF per share in the last year of stage one (FCF_N). */
    endOfHoldField: 'fcf_at_end_of_stage_one',
    fieldLabels: {
      free_cash_flow_per_share: 'Free Cash Flow Per Share',
      stage_one_growth: 'Stage One Growth Rate',
      stage_one_years: 'Stage One Years',
      terminal_growth: 'Terminal Growth Rate',
      discount_rate: 'Discount Rate',
      ...COMMON_LABELS,
    },
    endOfHoldLabel: 'FCF Per Share At End Of Stage One',
  },
} as const satisfies Record<ValuationTypeId, ModelDefinition>;

/* ------------------------------------------------------------ the math */

/** (1 + growth / 100)^hold: what every base figure is grown by over the hold. */
export function growthFactor(growthPercent: Dec, holdingPeriod: Dec): Dec {
  return new D(1).plus(growthPercent.div(100)).pow(holdingPeriod);
}

/** base x (1 + growth / 100)^hold (spec/001 section 9, every model). */
export function growOverHold(base: Dec, growthPercent: Dec, holdingPeriod: Dec): Dec {
  return base.times(growthFactor(growthPercent, holdingPeriod));
}

/** EV/EBITDA: enterprise value = EBITDA at end of hold x multiple; equity = EV - debt + cash; per share = equity / shares. */
export function evEbitdaValues(
  ebitdaAtEndOfHold: Dec,
  forwardMultiple: Dec,
  debt: Dec,
  cash: Dec,
  sharesOutstanding: Dec,
): { enterpriseValue: Dec; intrinsicValueOfBusiness: Dec; intrinsicValuePerShare: Dec } {
  const enterpriseValue = ebitdaAtEndOfHold.times(forwardMultiple);
  const intrinsicValueOfBusiness = enterpriseValue.minus(debt).plus(cash);
  return {
    enterpriseValue,
    intrinsicValueOfBusiness,
    intrinsicValuePerShare: intrinsicValueOfBusiness.div(sharesOutstanding),
  };
}

/* ------------------------------------------------------------ results */

export interface ValuationResult {
  ok: true;
  valuationTypeId: ValuationTypeId;
  /** EPS, book value per share, revenue per share or EBITDA (millions) at end of hold. */
  endOfHoldValue: number;
  /** EV/EBITDA only (millions); null for the per-share models. */
  enterpriseValue: number | null;
  /** EV/EBITDA only: equity value (millions); null for the per-share models. */
  intrinsicValueOfBusiness: number | null;
  intrinsicValuePerShare: number;
  /** price <= intrinsic value per share, compared exactly. */
  priceAtOrBelowIntrinsic: boolean;
  /** Margin of safety or premium, percent: |price / intrinsic - 1| x 100. */
  premiumPercent: number;
  /** Expected cumulative gain (positive) or loss (negative), percent: (intrinsic / price - 1) x 100. */
  expectedGainPercent: number;
  /** Annualised return, percent: ((intrinsic / price)^(1 / hold) - 1) x 100. */
  irrPercent: number;
  /** intrinsic / price, as a multiple (shown with an 'x'). */
  moic: number;
  labels: { margin: MarginLabel; gain: GainLabel; holdPeriod: 'year' | 'years' };
  moods: CharacterMoods;
  /** 0..100: the margin of safety when price <= intrinsic, else 0. */
  gauge: number;
  /** DCF only (null for the multiples models): the two parts of the value and the terminal value's weight. */
  dcf: DcfOutputs | null;
}

/** The DCF's own outputs (per share). */
export interface DcfOutputs {
  /** PV of stage one: the sum of FCF_t / (1 + r)^t. */
  pvStageOne: number;
  /** TV = FCF_N x (1 + gT) / (r - gT), at the end of stage one. */
  terminalValue: number;
  /** TV / (1 + r)^N. */
  pvTerminalValue: number;
  /** PVTV / IV x 100. */
  terminalValueSharePercent: number;
  /** The share is above TERMINAL_SHARE_WARNING_PERCENT (75 %). */
  terminalValueWarning: boolean;
}

export type ValuationProblemKind =
  | 'unknown-model'
  | 'not-a-number'
  | 'base-not-positive'
  | 'hold-period-not-positive'
  | 'growth-below-minus-100'
  | 'price-not-positive'
  | 'shares-not-positive'
  | 'intrinsic-not-positive'
  | 'out-of-range'
  | 'stage-one-years'
  | 'discount-rate-not-positive'
  | 'terminal-growth-below-minus-100'
  | 'discount-not-above-terminal';

export interface ValuationProblem {
  ok: false;
  kind: ValuationProblemKind;
  /** The sentence to show instead of any figure. */
  message: string;
  /** true: the panel shows it in the try-another-model modal (spec/001 section 2). */
  modal: boolean;
  /** The input field (or output) the problem is about, when there is one. */
  field?: string;
}

export type ValuationComputation = ValuationResult | ValuationProblem;

function problem(
  kind: ValuationProblemKind,
  message: string,
  modal: boolean,
  field?: string,
): ValuationProblem {
  return field === undefined
    ? { ok: false, kind, message, modal }
    : { ok: false, kind, message, modal, field };
}

/** The numeric fields of an input, in form order, with their values. */
function numericFields(input: ValuationModelInput): [string, number][] {
  const labels = MODELS[input.valuation_type_id].fieldLabels;
  const record = input as unknown as Record<string, unknown>;
  return Object.keys(labels).map((field) => [field, record[field] as number]);
}

/**
 * The checks of computeValuation before any figure (spec/001 section 9), in its order: every
 * field a finite number; the base figure above 0; hold above 0; growth not below -100%; price
 * above 0; for a DCF whole stage-one years, a positive discount rate above the terminal growth.
 * Null when the input passes.
 */
export function checkValuationInput(input: ValuationModelInput): ValuationProblem | null {
  const model = MODELS[input.valuation_type_id] as ModelDefinition | undefined;
  if (!model)
    return problem('unknown-model', 'Choose a valuation methodology', false, 'valuation_type_id');

  for (const [field, value] of numericFields(input)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return problem(
        'not-a-number',
        `Enter a number for ${model.fieldLabels[field]}`,
        false,
        field,
      );
    }
  }
  const record = input as unknown as Record<string, number>;
  const base = dec(record[model.baseField]!);
  const growth = dec(record[model.growthField]!);
  const hold = dec(input.holding_period);
  const price = dec(input.market_price);

  if (base.lte(0))
    return problem('base-not-positive', VALUATION_MESSAGES.baseNotPositive, true, model.baseField);
  if (hold.lte(0)) {
    return problem(
      'hold-period-not-positive',
      VALUATION_MESSAGES.holdPeriodNotPositive,
      false,
      'holding_period',
    );
  }
  if (growth.lt(-100)) {
    return problem(
      'growth-below-minus-100',
      VALUATION_MESSAGES.growthBelowMinus100,
      false,
      model.growthField,
    );
  }
  if (price.lte(0))
    return problem(
      'price-not-positive',
      VALUATION_MESSAGES.priceNotPositive,
      false,
      'market_price',
    );
  if (input.valuation_type_id === 5) {
    const years = input.stage_one_years;
    if (
      !Number.isInteger(years) ||
      years < DCF_BOUNDS.stageOneYearsMin ||
      years > DCF_BOUNDS.stageOneYearsMax
    )
      return problem('stage-one-years', DCF_MESSAGES.stageOneYears, false, 'stage_one_years');
    const r = dec(input.discount_rate);
    const gT = dec(input.terminal_growth);
    if (r.lte(0))
      return problem(
        'discount-rate-not-positive',
        DCF_MESSAGES.discountRateNotPositive,
        false,
        'discount_rate',
      );
    if (gT.lt(DCF_BOUNDS.terminalGrowthMin))
      return problem(
        'terminal-growth-below-minus-100',
        VALUATION_MESSAGES.growthBelowMinus100,
        false,
        'terminal_growth',
      );
    if (r.lte(gT))
      return problem(
        'discount-not-above-terminal',
        DCF_MESSAGES.discountNotAboveTerminal(input.discount_rate, input.terminal_growth),
        false,
        'discount_rate',
      );
  }
  if (input.valuation_type_id === 4 && dec(input.shares_outstanding).lte(0))
    return problem(
      'shares-not-positive',
      VALUATION_MESSAGES.sharesNotPositive,
      false,
      'shares_outstanding',
    );
  return null;
}

/** A checked input's figures in decimal, before rounding. */
export interface IntrinsicFigures {
  ok: true;
  endOfHold: Dec;
  intrinsic: Dec;
  enterpriseValue: Dec | null;
  businessValue: Dec | null;
  dcf: { pv1: Dec; tv: Dec; pvtv: Dec; share: Dec } | null;
}

/**
 * The intrinsic value of an input that passed checkValuationInput, by the model's formula
 * (computeValuation's, and the value line's: decision 150), or the problem of a value that is
 * not finite or not above 0. `factor` is (1 + growth / 100)^hold when the caller has it already
 * (the same for every quarter of a value line): the same product as growOverHold's.
 */
export function intrinsicFigures(
  input: ValuationModelInput,
  factor?: Dec,
): IntrinsicFigures | ValuationProblem {
  const model = MODELS[input.valuation_type_id];
  const record = input as unknown as Record<string, number>;
  const base = dec(record[model.baseField]!);
  const growth = dec(record[model.growthField]!);
  const hold = dec(input.holding_period);
  let endOfHold: Dec;
  let intrinsic: Dec;
  let enterpriseValue: Dec | null = null;
  let businessValue: Dec | null = null;
  let dcf: IntrinsicFigures['dcf'] = null;
  if (input.valuation_type_id === 5) {
    const figures = dcfDecimal(
      base,
      growth,
      input.stage_one_years,
      dec(input.terminal_growth),
      dec(input.discount_rate),
    );
    endOfHold = figures.fcfFinalYear;
    intrinsic = figures.intrinsic;
    dcf = {
      pv1: figures.pvStageOne,
      tv: figures.terminalValue,
      pvtv: figures.pvTerminalValue,
      share: intrinsic.gt(0) ? figures.pvTerminalValue.div(intrinsic).times(100) : new D(0),
    };
  } else {
    const multiple = dec(input.forward_multiple);
    endOfHold = base.times(factor ?? growthFactor(growth, hold));
    if (input.valuation_type_id === 4) {
      const ev = evEbitdaValues(
        endOfHold,
        multiple,
        dec(input.debt),
        dec(input.cash_and_cash_equivalents),
        dec(input.shares_outstanding),
      );
      enterpriseValue = ev.enterpriseValue;
      businessValue = ev.intrinsicValueOfBusiness;
      intrinsic = ev.intrinsicValuePerShare;
    } else {
      intrinsic = endOfHold.times(multiple);
    }
  }

  if (!intrinsic.isFinite())
    return tooLarge('intrinsic_value_per_share', 'Intrinsic Value Per Share');
  if (intrinsic.lte(0))
    return problem(
      'intrinsic-not-positive',
      VALUATION_MESSAGES.tryAnotherModel,
      true,
      'intrinsic_value_per_share',
    );
  return { ok: true, endOfHold, intrinsic, enterpriseValue, businessValue, dcf };
}

/**
 * Computes a valuation exactly as spec/001 section 9 states, in decimal arithmetic, and
 * returns every figure rounded half up to 10 decimal places. Never returns NaN or
 * Infinity: any input that cannot give a finite, meaningful figure gives a problem with
 * the message to show. Checks, in order: every field is a finite number; the base figure
 * is above 0 (modal 'Enter positive number or try another model'); hold period above 0
 * (IRR divides by it); growth not below -100%; market price above 0; shares above 0
 * (EV/EBITDA); intrinsic value per share above 0 (modal 'Try another model': a negative
 * one per spec, and zero because no premium or IRR exists against a zero value); every
 * output below 1e15 in magnitude.
 */
export function computeValuation(input: ValuationModelInput): ValuationComputation {
  const checked = checkValuationInput(input);
  if (checked) return checked;
  const figures = intrinsicFigures(input);
  if (!figures.ok) return figures;
  const model = MODELS[input.valuation_type_id] as ModelDefinition;
  const { endOfHold, intrinsic, enterpriseValue, businessValue, dcf } = figures;
  const hold = dec(input.holding_period);
  const price = dec(input.market_price);

  const outcomes = decimalOutcomes(price, intrinsic, hold);
  const sideLabels = outcomeLabels(outcomes.priceAtOrBelowIntrinsic);
  const exposed: [string, string, Dec | null][] = [
    [model.endOfHoldField, model.endOfHoldLabel, endOfHold],
    ['enterprise_value', 'Enterprise Value', enterpriseValue],
    ['intrinsic_value_of_business', 'Intrinsic Value Of Business', businessValue],
    ['intrinsic_value_per_share', 'Intrinsic Value Per Share', intrinsic],
    ['premium', sideLabels.margin, outcomes.premiumPercent],
    ['cumulative_loss', sideLabels.gain, outcomes.expectedGainPercent],
    ['irr', 'IRR', outcomes.irrPercent],
    ['moic', 'MOIC', outcomes.moic],
    ['pv_stage_one', 'PV Of Stage One', dcf?.pv1 ?? null],
    ['terminal_value', 'Terminal Value', dcf?.tv ?? null],
    ['pv_terminal_value', 'PV Of Terminal Value', dcf?.pvtv ?? null],
    ['terminal_value_share', 'Terminal Value Share', dcf?.share ?? null],
  ];
  const numbers: (number | null)[] = [];
  for (const [field, label, value] of exposed) {
    if (value === null) {
      numbers.push(null);
      continue;
    }
    const n = toOutput(value);
    if (n === null) return tooLarge(field, label);
    numbers.push(n);
  }
  const [
    endOfHoldValue,
    ev,
    business,
    perShare,
    premiumPercent,
    expectedGainPercent,
    irrPercent,
    moic,
    pvStageOne,
    terminalValue,
    pvTerminalValue,
    terminalValueSharePercent,
  ] = numbers as [
    number,
    number | null,
    number | null,
    number,
    number,
    number,
    number,
    number,
    number | null,
    number | null,
    number | null,
    number | null,
  ];
  const atOrBelow = outcomes.priceAtOrBelowIntrinsic;
  return {
    ok: true,
    valuationTypeId: model.id,
    endOfHoldValue,
    enterpriseValue: ev,
    intrinsicValueOfBusiness: business,
    intrinsicValuePerShare: perShare,
    priceAtOrBelowIntrinsic: atOrBelow,
    premiumPercent,
    expectedGainPercent,
    irrPercent,
    moic,
    labels: { ...sideLabels, holdPeriod: holdPeriodSuffix(input.holding_period) },
    moods: characterMoods(premiumPercent, atOrBelow),
    gauge: gaugeValue(premiumPercent, atOrBelow),
    dcf:
      dcf === null
        ? null
        : {
            pvStageOne: pvStageOne!,
            terminalValue: terminalValue!,
            pvTerminalValue: pvTerminalValue!,
            terminalValueSharePercent: terminalValueSharePercent!,
            terminalValueWarning: dcf.share.gt(TERMINAL_SHARE_WARNING_PERCENT),
          },
  };
}

function tooLarge(field: string, label: string): ValuationProblem {
  return problem(
    'out-of-range',
    `${label} is too large to show; check the assumptions`,
    false,
    field,
  );
}
