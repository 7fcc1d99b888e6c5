import * as z from 'zod/mini';
import './zod-messages';
import { MARGIN_OF_SAFETY, PREMIUM } from '../tracking/figures';
import { SCORECARD_STATUS } from '../tracking/scorecard';
import { trackedUpdatePayload } from '../tracking/schemas';
import { inputErrorMap } from './errors';
import {
  dcfPayloadSchema,
  dcfScenariosSchema,
  evEbitdaPayloadSchema,
  moatSchema,
  pbPayloadSchema,
  pePayloadSchema,
  psPayloadSchema,
  scenariosSchema,
  valuationPayloadSchema,
} from '../valuation/schemas';
import { emptyRequest, idString, stockSymbol } from './common';
import { investBy, orderSizingFields, requireSizingField } from '../portfolio/schemas';

/**
 * Requests and responses of the valuation, pitch and tracking routes (spec/001 sections 3, 7
 * and 8). The routes live in `shared/routes/valuation.ts`; the web client and the handlers
 * both type their side with these schemas. Decisions: docs/decisions/040-valuations-and-pitches.md.
 */

/* ---------------------------------------------------------------- constants */

/**
 * pitch_status of a saved valuation:
 * - 0 saved (kept for later, not pitched),
 * - 1 pitched (listed in My Pitches; tracked_market_price is the market price at save),
 * - 2 tracked (listed in My Tracked Pitches; the tracked figures are frozen at tracking).
 */
export const PITCH_STATUS = { saved: 0, pitched: 1, tracked: 2 } as const;
export type PitchStatus = (typeof PITCH_STATUS)[keyof typeof PITCH_STATUS];

/** The product's toasts for these routes (spec/001 section 8, spelling corrected). */
export const VALUATION_API_MESSAGES = {
  pitchAdded: 'Stock Pitch Successful!',
  pitchUpdated: 'Pitch Updated Successfully!',
  trackingLimit: 'Tracking Limit Reached!',
  pitchDeleted: 'Pitch Deleted Successfully!',
  bought: 'Pitch Added successfully!',
  ignored: 'Valuation Ignored Successfully',
  notFound: 'Request not found',
  alreadyTracked: 'This pitch is already tracked',
  notTracked: 'This pitch is not tracked',
  changedMeanwhile: 'This pitch changed in the meantime, please reload it and try again',
  symbolFixed: 'A pitch keeps its stock: pitch another stock as a new pitch',
  noMarketPrice: 'There is no market price for this stock right now',
} as const;

/**
 * How far the market price a client saves may lie from the server's current quote (a
 * fraction: 0.05 = 5 %). The panel shows a price refreshed every 30 s; a save whose price
 * is further from the quote than this is refused with a message to refresh.
 */
export const MARKET_PRICE_TOLERANCE = 0.05;

/* ------------------------------------------------------------------ helpers */

/**
 * Runs `schema` on the object and reports its issues at their own paths, so a request
 * that takes one of two forms still answers with field messages (a zod union answers
 * "Invalid input" without saying which field is wrong).
 */
function parseInto<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  ctx: z.core.ParsePayload,
): z.output<S> | typeof z.NEVER {
  const parsed = schema.safeParse(value, { error: inputErrorMap });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    ctx.issues.push({
      code: 'custom',
      message: issue.message,
      path: issue.path,
      input: ctx.value,
    });
  return z.NEVER;
}

const saveStatus = z.optional(
  z.union([z.literal(PITCH_STATUS.saved), z.literal(PITCH_STATUS.pitched)], {
    error: 'pitch_status is 0 (saved) or 1 (pitched) when saving',
  }),
);

/* ------------------------------------------------------------------ requests */

/**
 * POST /api/addValuation: a new valuation (assumptions + the outputs the panel showed), and
 * optionally pitch_status 0 (saved for later) or 1 (pitched, the default). Any id in the
 * body is ignored: the server names new valuations.
 */
export const addValuationRequest = z.discriminatedUnion(
  'valuation_type_id',
  [
    z.extend(pePayloadSchema, { pitch_status: saveStatus }),
    z.extend(pbPayloadSchema, { pitch_status: saveStatus }),
    z.extend(psPayloadSchema, { pitch_status: saveStatus }),
    z.extend(evEbitdaPayloadSchema, { pitch_status: saveStatus }),
    z.extend(dcfPayloadSchema, { pitch_status: saveStatus }),
  ],
  { error: 'Choose a valuation methodology (1 P/E, 2 P/B, 3 P/S, 4 EV/EBITDA, 5 DCF)' },
);
export type AddValuationRequest = z.infer<typeof addValuationRequest>;

/** A valuation id as the routes take it (the server's random ids; never a user's). */
export const valuationId = z
  .string({ error: 'A valuation id is required' })
  .check(
    z.trim(),
    z.minLength(1, 'A valuation id is required'),
    z.maxLength(64, 'That valuation id is too long'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'That valuation id is not valid'),
  );

const valuationIdOnly = z.strictObject({ valuation_id: valuationId });

/**
 * POST /api/addPitch: either a valuation payload (saved as a new pitch, pitch_status 1) or
 * `{valuation_id}` alone (pitches a valuation saved earlier, and un-ignores it).
 */
export const addPitchRequest = z.pipe(
  z.looseObject({}),
  z.transform((value, ctx) => {
    if ('valuation_type_id' in value) {
      const payload = parseInto(valuationPayloadSchema, value, ctx);
      return { kind: 'new' as const, payload: payload as z.output<typeof valuationPayloadSchema> };
    }
    const { valuation_id } = parseInto(valuationIdOnly, value, ctx) as { valuation_id: string };
    return { kind: 'existing' as const, valuation_id };
  }),
);
export type AddPitchRequest = z.output<typeof addPitchRequest>;

/**
 * POST /api/updateValuation (Re-Pitch): `{valuation_id, ...valuation payload}` replaces the
 * assumptions and outputs (same checks as a new save; the stock stays the same), or
 * `{valuation_id}` alone re-pitches the stored assumptions at the current market price.
 */
export const updateValuationRequest = z.pipe(
  z.looseObject({ valuation_id: valuationId }),
  z.transform((value, ctx) => {
    const rest = Object.keys(value).filter((k) => k !== 'valuation_id' && k !== 'id');
    if (rest.length === 0) return { kind: 'refresh' as const, valuation_id: value.valuation_id };
    const payload = parseInto(valuationPayloadSchema, value, ctx) as z.output<
      typeof valuationPayloadSchema
    >;
    return { kind: 'payload' as const, valuation_id: value.valuation_id, payload };
  }),
);
export type UpdateValuationRequest = z.output<typeof updateValuationRequest>;

/** editValuation, getValuationOutput, deletePitch, ignoreValuation, update-pitch. */
export const valuationIdRequest = valuationIdOnly;
export type ValuationIdRequest = z.infer<typeof valuationIdRequest>;

/**
 * POST /api/update-pitch (Track). The spec's client sends the tracking payload fields with
 * the id; the server freezes them itself at its own quote, so only the id is read and the
 * other tracking fields are accepted and ignored (unknown fields are refused).
 */
const trackingField = z.optional(z.unknown());
export const trackPitchRequest = z.pipe(
  z.strictObject({
    valuation_id: valuationId,
    tracked_market_price: trackingField,
    tracked_premium: trackingField,
    tracked_cumulative_loss: trackingField,
    tracked_irr: trackingField,
    tracked_moic: trackingField,
    tracked_intrinsic_value_per_share: trackingField,
    tracked_ebitda_at_endof_hold: trackingField,
    tracked_intrinsic_value_of_business: trackingField,
    tracked_enterprise_value: trackingField,
    earnings_per_share_at_endof_hold: trackingField,
  }),
  z.transform(({ valuation_id }) => ({ valuation_id })),
);
export type TrackPitchRequest = z.output<typeof trackPitchRequest>;

/** POST /api/buyPitch (spec/001 section 3, "Buy payload"). */
/**
 * POST /api/buyPitch: the pitch, the portfolio and how much. Without `invest_by` it buys
 * PITCH_BUY_DEFAULT_POSITION_PCT % of the portfolio's value (the dialog says so).
 */
export const buyPitchRequest = z
  .strictObject({
    stock_symbol: stockSymbol,
    portfolio_id: idString,
    valuation_type_id: z
      .number({ error: 'Choose a valuation methodology' })
      .check(z.int(), z.gte(1), z.lte(5)),
    valuation_id: valuationId,
    valuation_output_id: z.optional(idString),
    invest_by: z.optional(investBy),
    ...orderSizingFields,
  })
  .check(z.superRefine((order, ctx) => requireSizingField(order, ctx)));
export type BuyPitchRequest = z.infer<typeof buyPitchRequest>;

/**
 * POST /api/trackedPitches: an empty body lists the tracked pitches; `{valuation_id,
 * intrinsic_value_per_share}` (the tracked update payload) changes one row's intrinsic value.
 */
export const trackedPitchesRequest = z.pipe(
  z.looseObject({}),
  z.transform((value, ctx) => {
    if (Object.keys(value).length === 0) return { kind: 'list' as const };
    const update = parseInto(trackedUpdatePayload, value, ctx) as z.output<
      typeof trackedUpdatePayload
    >;
    return { kind: 'update' as const, ...update };
  }),
);
export type TrackedPitchesRequest = z.output<typeof trackedPitchesRequest>;

/** POST /api/updateTrackedPitch: the tracked update alone. */
export const updateTrackedPitchRequest = trackedUpdatePayload;

/* ----------------------------------------------------------------- records */

const num = z.number();
const optionalNum = z.optional(z.nullable(z.number()));

/**
 * A saved valuation as the routes answer it (spec/001 section 3, "Valuation / pitch"):
 * every field of the entity, the per-model inputs and outputs of its methodology, and the
 * tracked figures once it is tracked. `id` and `valuation_id` are the same value.
 */
export const valuationRecordSchema = z.object({
  id: z.string(),
  valuation_id: z.string(),
  valuation_type_id: z.union([
    z.literal(1),
    z.literal(2),
    z.literal(3),
    z.literal(4),
    z.literal(5),
  ]),
  stock_symbol: z.string(),
  stock_name: z.nullable(z.string()),
  /** The market price the outputs were computed at (the price at save). */
  market_price: num,
  /** The server's quote when the valuation was saved (audit of market_price). */
  quote_price_at_save: optionalNum,
  /** Pitched: the price at save; tracked: the price at tracking (the cost per share). */
  tracked_market_price: z.nullable(z.number()),
  holding_period: num,
  /** Every multiples model (1 to 4); a DCF has none. */
  forward_multiple: optionalNum,
  // P/E
  earnings_per_share: optionalNum,
  growth_ratein_eps: optionalNum,
  earnings_per_share_at_endof_hold: optionalNum,
  // P/B
  book_value_per_share: optionalNum,
  growth_in_bookvalue: optionalNum,
  bookvalue_per_share_at_endof_hold: optionalNum,
  // P/S
  revenue_per_share: optionalNum,
  revenue_per_share_growth_rate: optionalNum,
  revenue_per_share_at_endof_hold: optionalNum,
  // EV/EBITDA (millions)
  ebitda: optionalNum,
  ebitda_growth: optionalNum,
  debt: optionalNum,
  cash_and_cash_equivalents: optionalNum,
  shares_outstanding: optionalNum,
  ebitda_at_endof_hold: optionalNum,
  enterprise_value: optionalNum,
  intrinsic_value_of_business: optionalNum,
  // DCF (per share; rates in percent; decision 127)
  free_cash_flow_per_share: optionalNum,
  stage_one_growth: optionalNum,
  stage_one_years: optionalNum,
  terminal_growth: optionalNum,
  discount_rate: optionalNum,
  fcf_at_end_of_stage_one: optionalNum,
  pv_stage_one: optionalNum,
  terminal_value: optionalNum,
  pv_terminal_value: optionalNum,
  terminal_value_share: optionalNum,
  /** The stage-one growth at which the value equals the price at save; null is N/A. */
  implied_growth: optionalNum,
  // outputs
  intrinsic_value_per_share: num,
  premium: num,
  cumulative_loss: num,
  irr: num,
  moic: num,
  moats: z.array(moatSchema),
  comment: z.string(),
  /** Bear / base / bull (docs/decisions/091); absent on valuations saved without them. */
  scenarios: z.optional(z.nullable(z.union([scenariosSchema, dcfScenariosSchema]))),
  pitch_status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Names the current set of outputs; a new one on every save. */
  valuation_output_id: z.string(),
  ignored: z.boolean(),
  /** Portfolios the user chose to buy this pitch into (Buy). */
  bought_into: z.array(z.string()),
  // Tracking (spec/001 section 3, "Tracking payload"), present once tracked.
  tracked_premium: optionalNum,
  tracked_cumulative_loss: optionalNum,
  tracked_irr: optionalNum,
  tracked_moic: optionalNum,
  /** Editable on My Tracked Pitches (the tracked update); starts as the valuation's intrinsic value. */
  tracked_intrinsic_value_per_share: optionalNum,
  /** When it was last changed there (a shared pitch's page dates the edit: decision 143). */
  tracked_intrinsic_edited_at: z.optional(z.nullable(z.string())),
  tracked_ebitda_at_endof_hold: optionalNum,
  tracked_intrinsic_value_of_business: optionalNum,
  tracked_enterprise_value: optionalNum,
  trackedAt: z.optional(z.nullable(z.string())),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ValuationRecord = z.infer<typeof valuationRecordSchema>;

/** The outputs of a saved valuation (spec/001 section 3, "Valuation result"). */
export const valuationOutputSchema = z.object({
  valuation_output_id: z.string(),
  valuation_id: z.string(),
  valuation_type_id: z.number(),
  stock_symbol: z.string(),
  market_price: num,
  holding_period: num,
  intrinsic_value_per_share: num,
  /** |price / intrinsic - 1| x 100, under the label below. */
  premium: num,
  margin_of_safety: num,
  margin_label: z.enum([MARGIN_OF_SAFETY, PREMIUM]),
  /** (intrinsic / price - 1) x 100; negative is a loss. */
  cumulative_loss: num,
  cumulative_gain_or_loss: num,
  irr: num,
  moic: num,
  earnings_per_share_at_endof_hold: optionalNum,
  bookvalue_per_share_at_endof_hold: optionalNum,
  revenue_per_share_at_endof_hold: optionalNum,
  ebitda_at_endof_hold: optionalNum,
  enterprise_value: optionalNum,
  intrinsic_value_of_business: optionalNum,
  fcf_at_end_of_stage_one: optionalNum,
  pv_stage_one: optionalNum,
  terminal_value: optionalNum,
  pv_terminal_value: optionalNum,
  terminal_value_share: optionalNum,
  implied_growth: optionalNum,
});
export type ValuationOutput = z.infer<typeof valuationOutputSchema>;

/** A quote from the server's cache (spec/001 section 3, "Live quote"). */
export const liveQuoteSchema = z.object({
  symbol: z.string(),
  price: num,
  asOf: z.string(),
  stale: z.boolean(),
});
export type LiveQuoteRecord = z.infer<typeof liveQuoteSchema>;

/**
 * A row of My Tracked Pitches (spec/001 section 3, "Tracked pitch record") plus the frozen
 * tracking figures; `intrinsic_value_per_share` is the row's (editable) tracked intrinsic value.
 */
export const trackedPitchRecordSchema = z.object({
  id: z.string(),
  valuation_id: z.string(),
  stock_symbol: z.string(),
  stock_name: z.nullable(z.string()),
  valuation_type_id: z.number(),
  tracked_market_price: num,
  market_price: num,
  intrinsic_value_per_share: num,
  holding_period: num,
  tracked_premium: optionalNum,
  tracked_cumulative_loss: optionalNum,
  tracked_irr: optionalNum,
  tracked_moic: optionalNum,
  tracked_intrinsic_value_per_share: optionalNum,
  tracked_ebitda_at_endof_hold: optionalNum,
  tracked_intrinsic_value_of_business: optionalNum,
  tracked_enterprise_value: optionalNum,
  trackedAt: z.optional(z.nullable(z.string())),
});
export type TrackedPitchRow = z.infer<typeof trackedPitchRecordSchema>;

/* ---------------------------------------------------------------- responses */

/** addValuation, addPitch, updateValuation: the stored valuation and its outputs. */
export const savedValuationResponse = z.object({
  message: z.string(),
  data: valuationRecordSchema,
  valuation_output: z.array(valuationOutputSchema),
});
export type SavedValuationResponse = z.infer<typeof savedValuationResponse>;

/** editValuation, ignoreValuation, buyPitch, update-pitch, tracked update. */
export const valuationResponse = z.object({
  message: z.optional(z.string()),
  data: valuationRecordSchema,
});
export type ValuationResponse = z.infer<typeof valuationResponse>;

export const valuationOutputResponse = z.object({ data: valuationOutputSchema });

/** myValuation: the user's pitches that are not ignored, newest first, with cached quotes. */
export const myValuationResponse = z.object({
  data: z.array(valuationRecordSchema),
  quotes: z.array(liveQuoteSchema),
});
export type MyValuationResponse = z.infer<typeof myValuationResponse>;

/** trackedPitches (list): the rows, newest tracked first, and the cached quote of each symbol. */
export const trackedPitchesResponse = z.object({
  data: z.array(trackedPitchRecordSchema),
  quotes: z.array(liveQuoteSchema),
  limit: z.number(),
});
export type TrackedPitchesResponse = z.infer<typeof trackedPitchesResponse>;

export const deletePitchResponse = z.object({ message: z.string(), valuation_id: z.string() });

/* ---------------------------------------------------------------- vs peers */

/** POST /api/getSectorMedians: the stock whose sector's median multiples are wanted (decision 127). */
export const sectorMediansRequest = z.strictObject({ stock_symbol: stockSymbol });
export type SectorMediansRequest = z.infer<typeof sectorMediansRequest>;

const peerMedian = z.object({ median: z.nullable(z.number()), companies: z.number() });

/** The sector's medians from the screener snapshot; `sector` null when the stock is not in it. */
export const sectorMediansResponse = z.object({
  data: z.object({
    stock_symbol: z.string(),
    sector: z.nullable(z.string()),
    sectorCompanies: z.number(),
    medians: z.object({
      pe: peerMedian,
      pb: peerMedian,
      ps: peerMedian,
      evEbitda: peerMedian,
      fcfYield: peerMedian,
    }),
    asOf: z.string(),
  }),
});
export type SectorMediansResponse = z.infer<typeof sectorMediansResponse>;

/* ---------------------------------------------------------------- pitch scorecard */

/** pitchScorecard takes no input (docs/decisions/092-pitch-scorecard.md). */
export const pitchScorecardRequest = emptyRequest;
export type PitchScorecardRequest = z.infer<typeof pitchScorecardRequest>;

const nullableNum = z.nullable(z.number());

/** One tracked pitch on the scorecard (`ScorecardRow` of shared/tracking/scorecard.ts); returns in percent. */
export const scorecardRowSchema = z.object({
  id: z.string(),
  valuation_id: z.string(),
  stock_symbol: z.string(),
  stock_name: z.nullable(z.string()),
  valuation_type_id: z.number(),
  trackedAt: z.nullable(z.string()),
  yearsTracked: nullableNum,
  holdingPeriod: nullableNum,
  costPerShare: nullableNum,
  currentPrice: nullableNum,
  baselineMetric: nullableNum,
  baselineSource: z.nullable(z.enum(['reported', 'pitch'])),
  baselinePeriodEnd: z.nullable(z.string()),
  latestMetric: nullableNum,
  latestPeriodEnd: z.nullable(z.string()),
  reportedSinceTracking: z.boolean(),
  multipleAtTracking: nullableNum,
  currentMultiple: nullableNum,
  expectedMetric: nullableNum,
  expectedMultiple: nullableNum,
  expectedPrice: nullableNum,
  realizedReturn: nullableNum,
  fromGrowth: nullableNum,
  fromMultiple: nullableNum,
  expectedReturn: nullableNum,
  expectedFromGrowth: nullableNum,
  expectedFromMultiple: nullableNum,
  vsExpected: nullableNum,
  status: z.nullable(
    z.enum([SCORECARD_STATUS.ahead, SCORECARD_STATUS.behind, SCORECARD_STATUS.onPlan]),
  ),
  reasons: z.array(z.string()),
});
export type ScorecardRowRecord = z.infer<typeof scorecardRowSchema>;

export const scorecardSummarySchema = z.object({
  tracked: z.number(),
  scored: z.number(),
  meanRealizedReturn: nullableNum,
  meanExpectedReturn: nullableNum,
  meanFromGrowth: nullableNum,
  meanFromMultiple: nullableNum,
  ahead: z.number(),
  behind: z.number(),
  onPlan: z.number(),
});

/** pitchScorecard: a row per tracked pitch (newest tracked first), the summary, and when it was computed. */
export const pitchScorecardResponse = z.object({
  data: z.array(scorecardRowSchema),
  summary: scorecardSummarySchema,
  asOf: z.string(),
});
export type PitchScorecardResponse = z.infer<typeof pitchScorecardResponse>;
