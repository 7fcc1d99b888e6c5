import * as z from 'zod/mini';
import '../schemas/zod-messages';
import { storedText } from '../schemas/text';
import { stockSymbol } from '../schemas/common';
import { D } from './decimal';
import { MODELS } from './models';
import { VALUATION_MESSAGES } from './outcomes';
import { DCF_BOUNDS, DCF_MESSAGES } from './dcf';

/**
 * Bounds of the valuation inputs. Each keeps the number meaningful and finite:
 * - hold period: above 0 (IRR = (intrinsic / price)^(1 / hold) - 1 has no value at 0;
 *   fractions of a year are allowed) and at most 100 years (beyond any investment horizon);
 * - growth rates (percent a year): from -100 (the whole base is lost; below it the base
 *   turns negative and a fractional power has no real value) to 10,000 (a hundredfold a
 *   year: generous, but refuses typos such as 1e308);
 * - forward multiples: above 0 (a zero or negative multiple gives no positive value) up to 10,000;
 * - per-share figures and market price: above 0, at most 1e9 (a billion per share);
 * - EBITDA, debt, cash (millions) up to 1e9 (a quadrillion dollars); shares outstanding
 *   (millions) above 0, at most 1e9.
 * Inputs inside these bounds can still give figures too large to show (for example
 * 10,000% growth for 100 years); computeValuation answers those with a message.
 */
export const VALUATION_BOUNDS = {
  holdPeriodMax: 100,
  growthMin: -100,
  growthMax: 10_000,
  multipleMax: 10_000,
  perShareMax: 1e9,
  millionsMax: 1e9,
  commentMax: 2000,
  stockNameMax: 200,
} as const;

export const MOATS = [
  'Brand(s)',
  'Patents',
  'Licenses',
  'Trade Secret(s)',
  'High Switching Costs',
  'Network Effects',
  'Cost Advantages',
] as const;
export type Moat = (typeof MOATS)[number];

/**
 * A whole bound with thousands separators ("1,000,000,000"), as `toLocaleString('en-US')`
 * writes it, without loading the ICU data at module load (a function's cold start).
 */
const fmt = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function number(label: string) {
  return z.number({ error: `Enter a number for ${label}` });
}

function positive(label: string, max: number, minMessage = `Enter ${label} above 0`) {
  return number(label).check(
    z.gt(0, minMessage),
    z.lte(max, `${label} can be at most ${fmt(max)}`),
  );
}

function nonNegative(label: string, max: number) {
  return number(label).check(
    z.gte(0, `${label} cannot be negative`),
    z.lte(max, `${label} can be at most ${fmt(max)}`),
  );
}

function growth(label: string) {
  return number(label).check(
    z.gte(VALUATION_BOUNDS.growthMin, VALUATION_MESSAGES.growthBelowMinus100),
    z.lte(
      VALUATION_BOUNDS.growthMax,
      `${label} can be at most ${fmt(VALUATION_BOUNDS.growthMax)}%`,
    ),
  );
}

function base(label: string, max: number) {
  return positive(label, max, VALUATION_MESSAGES.baseNotPositive);
}

export const moatSchema = z.enum(MOATS, { error: 'Choose moats from the list' });

/* Bear / base / bull (docs/decisions/091): the base case is the valuation's own inputs; bear and
 * bull carry their own growth rate and forward multiple; each case has a probability (percent)
 * and the three add up to exactly 100. */
export const SCENARIO_CASES = ['bear', 'base', 'bull'] as const;
export type ScenarioCaseName = (typeof SCENARIO_CASES)[number];
export const SCENARIO_LABELS: Record<ScenarioCaseName, string> = {
  bear: 'Bear case',
  base: 'Base case',
  bull: 'Bull case',
};
export const DEFAULT_SCENARIO_PROBABILITIES: Record<ScenarioCaseName, number> = {
  bear: 25,
  base: 50,
  bull: 25,
};
export const SCENARIO_MESSAGES = {
  probabilitiesSum: (sum: string) =>
    `The bear, base and bull probabilities must add up to 100% (they add up to ${sum}%)`,
} as const;

function probability(label: string) {
  return number(`${label} probability`).check(
    z.gte(0, `${label} probability cannot be negative`),
    z.lte(100, `${label} probability can be at most 100%`),
  );
}

/** The second assumption a bear or bull case changes besides growth: the forward multiple, or the DCF's discount rate. */
function multipleLever(label: string) {
  return positive(
    `${label} forward multiple`,
    VALUATION_BOUNDS.multipleMax,
    `Enter a ${label.toLowerCase()} forward multiple above 0`,
  );
}

function discountLever(label: string) {
  return positive(
    `${label} discount rate`,
    DCF_BOUNDS.discountRateMax,
    `Enter a ${label.toLowerCase()} discount rate above 0%`,
  );
}

function scenarioCase(name: 'bear' | 'bull') {
  const label = SCENARIO_LABELS[name];
  return z.strictObject(
    {
      growth: growth(`${label} growth rate`),
      forward_multiple: multipleLever(label),
      probability: probability(label),
    },
    { error: `Enter the ${label.toLowerCase()}: growth rate, forward multiple and probability` },
  );
}

function dcfScenarioCase(name: 'bear' | 'bull') {
  const label = SCENARIO_LABELS[name];
  return z.strictObject(
    {
      growth: growth(`${label} stage one growth rate`),
      discount_rate: discountLever(label),
      probability: probability(label),
    },
    {
      error: `Enter the ${label.toLowerCase()}: stage one growth rate, discount rate and probability`,
    },
  );
}

const probabilitiesAddUp = z.superRefine(
  (
    s: {
      bear: { probability: number };
      base: { probability: number };
      bull: { probability: number };
    },
    ctx,
  ) => {
    const sum = new D(s.bear.probability).plus(s.base.probability).plus(s.bull.probability);
    if (!sum.eq(100))
      ctx.addIssue({
        code: 'custom',
        message: SCENARIO_MESSAGES.probabilitiesSum(sum.toString()),
        path: ['probability'],
      });
  },
);

const baseCase = z.strictObject(
  { probability: probability(SCENARIO_LABELS.base) },
  { error: 'Enter the base case probability' },
);

/** Bear / base / bull of the multiples models: bear and bull change growth and forward multiple. */
export const scenariosSchema = z
  .strictObject(
    { bear: scenarioCase('bear'), base: baseCase, bull: scenarioCase('bull') },
    { error: 'Scenarios are a bear, a base and a bull case' },
  )
  .check(probabilitiesAddUp);
export type MultipleScenarios = z.infer<typeof scenariosSchema>;

/** Bear / base / bull of the DCF: bear and bull change the stage-one growth and the discount rate. */
export const dcfScenariosSchema = z
  .strictObject(
    { bear: dcfScenarioCase('bear'), base: baseCase, bull: dcfScenarioCase('bull') },
    { error: 'Scenarios are a bear, a base and a bull case' },
  )
  .check(probabilitiesAddUp);
export type DcfScenarios = z.infer<typeof dcfScenariosSchema>;

/** Either kind; which one a valuation carries follows its valuation_type_id. */
export type Scenarios = MultipleScenarios | DcfScenarios;

const identity = {
  stock_symbol: stockSymbol,
  /**
   * Accepted and not stored: the server keeps the market data's name of the symbol, since
   * public pages show it (docs/decisions/142).
   */
  stock_name: z.optional(
    storedText({
      label: 'The stock name',
      max: VALUATION_BOUNDS.stockNameMax,
      min: 0,
      tooLongMessage: `Keep the stock name to ${VALUATION_BOUNDS.stockNameMax} characters or fewer`,
    }),
  ),
  market_price: positive(
    'Market Price',
    VALUATION_BOUNDS.perShareMax,
    VALUATION_MESSAGES.priceNotPositive,
  ),
  holding_period: positive(
    'Hold Period',
    VALUATION_BOUNDS.holdPeriodMax,
    VALUATION_MESSAGES.holdPeriodNotPositive,
  ),
  moats: z._default(
    z.array(moatSchema).check(
      z.maxLength(MOATS.length),
      z.refine((list) => new Set(list).size === list.length, 'Each moat can be chosen once'),
    ),
    [],
  ),
  comment: z._default(
    storedText({
      label: 'The comment',
      max: VALUATION_BOUNDS.commentMax,
      min: 0,
      multiline: true,
      tooLongMessage: `Keep the comment to ${fmt(VALUATION_BOUNDS.commentMax)} characters or fewer`,
    }),
    '',
  ),
};

const common = { scenarios: z.optional(scenariosSchema), ...identity };

function multiple(label: string) {
  return positive(label, VALUATION_BOUNDS.multipleMax, 'Enter a forward multiple above 0');
}

const l1 = MODELS[1].fieldLabels;
const l2 = MODELS[2].fieldLabels;
const l3 = MODELS[3].fieldLabels;
const l4 = MODELS[4].fieldLabels;
const l5 = MODELS[5].fieldLabels;

export const peInputSchema = z.object({
  valuation_type_id: z.literal(1),
  ...common,
  earnings_per_share: base(l1.earnings_per_share, VALUATION_BOUNDS.perShareMax),
  growth_ratein_eps: growth(l1.growth_ratein_eps),
  forward_multiple: multiple(l1.forward_multiple),
});

export const pbInputSchema = z.object({
  valuation_type_id: z.literal(2),
  ...common,
  book_value_per_share: base(l2.book_value_per_share, VALUATION_BOUNDS.perShareMax),
  growth_in_bookvalue: growth(l2.growth_in_bookvalue),
  forward_multiple: multiple(l2.forward_multiple),
});

export const psInputSchema = z.object({
  valuation_type_id: z.literal(3),
  ...common,
  revenue_per_share: base(l3.revenue_per_share, VALUATION_BOUNDS.perShareMax),
  revenue_per_share_growth_rate: growth(l3.revenue_per_share_growth_rate),
  forward_multiple: multiple(l3.forward_multiple),
});

export const evEbitdaInputSchema = z.object({
  valuation_type_id: z.literal(4),
  ...common,
  ebitda: base(l4.ebitda, VALUATION_BOUNDS.millionsMax),
  ebitda_growth: growth(l4.ebitda_growth),
  forward_multiple: multiple(l4.forward_multiple),
  debt: nonNegative(l4.debt, VALUATION_BOUNDS.millionsMax),
  cash_and_cash_equivalents: nonNegative(
    l4.cash_and_cash_equivalents,
    VALUATION_BOUNDS.millionsMax,
  ),
  shares_outstanding: positive(
    l4.shares_outstanding,
    VALUATION_BOUNDS.millionsMax,
    VALUATION_MESSAGES.sharesNotPositive,
  ),
});

/**
 * DCF (issue 23, decision 127): FCF per share above 0; stage-one growth as the other growth
 * rates; whole stage-one years 1 to 20; discount rate above 0 up to 100 % and above the
 * terminal growth rate; terminal growth from -100 % up to 100 %.
 */
export const dcfInputSchema = z
  .object({
    valuation_type_id: z.literal(5),
    scenarios: z.optional(dcfScenariosSchema),
    ...identity,
    free_cash_flow_per_share: base(l5.free_cash_flow_per_share, VALUATION_BOUNDS.perShareMax),
    stage_one_growth: growth(l5.stage_one_growth),
    stage_one_years: number(l5.stage_one_years).check(
      z.int(DCF_MESSAGES.stageOneYears),
      z.gte(DCF_BOUNDS.stageOneYearsMin, DCF_MESSAGES.stageOneYears),
      z.lte(DCF_BOUNDS.stageOneYearsMax, DCF_MESSAGES.stageOneYears),
    ),
    terminal_growth: number(l5.terminal_growth).check(
      z.gte(DCF_BOUNDS.terminalGrowthMin, VALUATION_MESSAGES.growthBelowMinus100),
      z.lte(
        DCF_BOUNDS.terminalGrowthMax,
        `${l5.terminal_growth} can be at most ${DCF_BOUNDS.terminalGrowthMax}%`,
      ),
    ),
    discount_rate: positive(
      l5.discount_rate,
      DCF_BOUNDS.discountRateMax,
      DCF_MESSAGES.discountRateNotPositive,
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!new D(v.discount_rate).gt(v.terminal_growth))
        ctx.addIssue({
          code: 'custom',
          message: DCF_MESSAGES.discountNotAboveTerminal(v.discount_rate, v.terminal_growth),
          path: ['discount_rate'],
          input: v.discount_rate,
        });
    }),
  );

const METHODOLOGY_CHOICE =
  'Choose a valuation methodology (1 P/E, 2 P/B, 3 P/S, 4 EV/EBITDA, 5 DCF)';

/** The assumptions of a valuation, by methodology (valuation_type_id 1 P/E, 2 P/B, 3 P/S, 4 EV/EBITDA, 5 DCF). */
export const valuationInputSchema = z.discriminatedUnion(
  'valuation_type_id',
  [peInputSchema, pbInputSchema, psInputSchema, evEbitdaInputSchema, dcfInputSchema],
  { error: METHODOLOGY_CHOICE },
);
export type ValuationInput = z.infer<typeof valuationInputSchema>;

/* Outputs as a client sends them with a save; the server recomputes and compares (see checkValuation). */
const output = (label: string) => z.number({ error: `${label} must be a number` });
const commonOutputs = {
  intrinsic_value_per_share: output('Intrinsic value per share'),
  premium: output('Margin of safety or premium'),
  cumulative_loss: output('Expected gain or loss'),
  irr: output('IRR'),
  moic: output('MOIC'),
};

export const peOutputsSchema = z.object({
  ...commonOutputs,
  earnings_per_share_at_endof_hold: output('EPS at end of hold'),
});
export const pbOutputsSchema = z.object({
  ...commonOutputs,
  bookvalue_per_share_at_endof_hold: output('Book value per share at end of hold'),
});
export const psOutputsSchema = z.object({
  ...commonOutputs,
  revenue_per_share_at_endof_hold: output('Revenue per share at end of hold'),
});
export const evEbitdaOutputsSchema = z.object({
  ...commonOutputs,
  ebitda_at_endof_hold: output('EBITDA at end of hold'),
  enterprise_value: output('Enterprise value'),
  intrinsic_value_of_business: output('Intrinsic value of business'),
});
/** DCF outputs a client sends; the implied growth is the server's own (it is not sent back to it). */
export const dcfOutputsSchema = z.object({
  ...commonOutputs,
  fcf_at_end_of_stage_one: output('FCF per share at end of stage one'),
  pv_stage_one: output('PV of stage one'),
  terminal_value: output('Terminal value'),
  pv_terminal_value: output('PV of terminal value'),
  terminal_value_share: output('Terminal value share'),
  implied_growth: z.optional(z.nullable(output('Implied growth'))),
});

export const pePayloadSchema = z.extend(peInputSchema, peOutputsSchema.shape);
export const pbPayloadSchema = z.extend(pbInputSchema, pbOutputsSchema.shape);
export const psPayloadSchema = z.extend(psInputSchema, psOutputsSchema.shape);
export const evEbitdaPayloadSchema = z.extend(evEbitdaInputSchema, evEbitdaOutputsSchema.shape);
export const dcfPayloadSchema = z.extend(dcfInputSchema, dcfOutputsSchema.shape);

/** A valuation as saved: assumptions plus the outputs the screen showed. */
export const valuationPayloadSchema = z.discriminatedUnion(
  'valuation_type_id',
  [pePayloadSchema, pbPayloadSchema, psPayloadSchema, evEbitdaPayloadSchema, dcfPayloadSchema],
  { error: METHODOLOGY_CHOICE },
);
export type ValuationPayload = z.infer<typeof valuationPayloadSchema>;
