import { MARGIN_OF_SAFETY, PREMIUM } from '../../shared/tracking/figures';
import { freezeTrackingFigures, type TrackingPayload } from '../../shared/tracking/freeze';
import {
  PITCH_STATUS,
  VALUATION_API_MESSAGES,
  valuationRecordSchema,
  type PitchStatus,
  type SavedValuationResponse,
  type TrackedPitchRow,
  type ValuationOutput,
  type ValuationRecord,
} from '../../shared/schemas/valuation-api';
import { MODELS, type StoredOutputs, type ValuationPayload } from '../../shared/valuation';
import { BadRequestError } from '../lib/errors';
import { keys } from '../lib/keys';

/** Output fields of every model: a new save replaces all of them, so another model's never linger. */
const OUTPUT_FIELDS = [
  'earnings_per_share_at_endof_hold',
  'bookvalue_per_share_at_endof_hold',
  'revenue_per_share_at_endof_hold',
  'ebitda_at_endof_hold',
  'enterprise_value',
  'intrinsic_value_of_business',
  'fcf_at_end_of_stage_one',
  'pv_stage_one',
  'terminal_value',
  'pv_terminal_value',
  'terminal_value_share',
  'implied_growth',
] as const;

/** The recomputed outputs, and for a DCF the growth its price implies (null: N/A). */
export type ServerOutputs = StoredOutputs & { implied_growth?: number | null };

export interface NewRecordArgs {
  id: string;
  valuationOutputId: string;
  payload: ValuationPayload;
  /** Recomputed by the server with the shared math (they agree with the payload's). */
  outputs: ServerOutputs;
  quotePrice: number;
  stockName: string | null;
  pitchStatus: PitchStatus;
  now: string;
  /** A Re-Pitch keeps the history of the valuation it replaces. */
  previous?: ValuationRecord;
}

/** A valuation record from a checked payload: its own model's inputs, the recomputed outputs. */
export function buildRecord(args: NewRecordArgs): ValuationRecord {
  const { payload, outputs, previous } = args;
  const { pitch_status: _ignored, ...inputs } = payload as ValuationPayload & {
    pitch_status?: unknown;
  };
  const record: ValuationRecord = {
    ...(inputs as Omit<ValuationPayload, 'stock_name'>),
    ...Object.fromEntries(OUTPUT_FIELDS.map((f) => [f, null])),
    ...outputs,
    id: args.id,
    valuation_id: args.id,
    stock_symbol: payload.stock_symbol,
    stock_name: args.stockName,
    moats: payload.moats,
    comment: payload.comment,
    quote_price_at_save: args.quotePrice,
    pitch_status: args.pitchStatus,
    tracked_market_price:
      previous?.pitch_status === PITCH_STATUS.tracked
        ? previous.tracked_market_price
        : args.pitchStatus === PITCH_STATUS.pitched
          ? payload.market_price
          : null,
    valuation_output_id: args.valuationOutputId,
    ignored: false,
    bought_into: previous?.bought_into ?? [],
    createdAt: previous?.createdAt ?? args.now,
    updatedAt: args.now,
  };
  if (previous?.pitch_status === PITCH_STATUS.tracked && previous.tracked_market_price !== null) {
    // A tracked pitch keeps its cost per share; its tracked figures follow the new valuation.
    Object.assign(record, trackingFields(freezeAt(record, previous.tracked_market_price)), {
      trackedAt: previous.trackedAt ?? null,
    });
  }
  return valuationRecordSchema.parse(storable(record));
}

/**
 * DynamoDB numbers run from 1e-130 to about 1e126 in magnitude. The schemas bound the top;
 * a figure closer to 0 than 1e-100 (growth of 5e-324 %, say) is stored as 0: it changes no
 * output, which the shared math rounds to 10 decimal places.
 */
export const TINIEST_STORED = 1e-100;

function storable<T extends Record<string, unknown>>(record: T): T {
  const out: Record<string, unknown> = { ...record };
  for (const [field, value] of Object.entries(out)) {
    if (typeof value === 'number' && value !== 0 && Math.abs(value) < TINIEST_STORED)
      out[field] = 0;
    // Nested maps (the bear / base / bull scenarios) follow the same rule.
    else if (value !== null && typeof value === 'object' && !Array.isArray(value))
      out[field] = storable(value as Record<string, unknown>);
  }
  return out as T;
}

/** The tracked figures of a valuation at a price (the price at tracking, or the cost on later changes). */
export function freezeAt(
  record: ValuationRecord,
  price: number,
  intrinsic = record.intrinsic_value_per_share,
): TrackingPayload {
  const endOfHoldField = MODELS[record.valuation_type_id].endOfHoldField;
  const frozen = freezeTrackingFigures({
    valuationId: record.id,
    currentPrice: price,
    outputs: {
      intrinsicValuePerShare: intrinsic,
      holdingPeriodYears: record.holding_period,
      endOfHoldValue: record[endOfHoldField] ?? null,
      enterpriseValue: record.enterprise_value ?? null,
      intrinsicValueOfBusiness: record.intrinsic_value_of_business ?? null,
    },
  });
  if (!frozen.ok) throw new BadRequestError(frozen.message);
  return frozen.payload;
}

export function trackingFields(p: TrackingPayload) {
  return {
    tracked_market_price: p.tracked_market_price,
    tracked_premium: p.tracked_premium,
    tracked_cumulative_loss: p.tracked_cumulative_loss,
    tracked_irr: p.tracked_irr,
    tracked_moic: p.tracked_moic,
    tracked_intrinsic_value_per_share: p.tracked_intrinsic_value_per_share,
    tracked_ebitda_at_endof_hold: p.tracked_ebitda_at_endof_hold,
    tracked_intrinsic_value_of_business: p.tracked_intrinsic_value_of_business,
    tracked_enterprise_value: p.tracked_enterprise_value,
  };
}

/** The stored item: the record under the user's partition, with a version for conditional writes. */
export function toItem(
  userId: string,
  record: ValuationRecord,
  version: number,
): Record<string, unknown> {
  const { bought_into, ...rest } = record;
  return {
    ...keys.valuation(userId, record.id),
    type: 'Valuation',
    ...rest,
    // A string set (ADD keeps it unique); DynamoDB stores no empty set, so absent means none.
    ...(bought_into.length > 0 ? { bought_into: new Set(bought_into) } : {}),
    version,
  };
}

export interface StoredValuation {
  record: ValuationRecord;
  version: number;
}

export function fromItem(item: Record<string, unknown>): StoredValuation {
  const { pk: _pk, sk: _sk, type: _type, version, bought_into, ...rest } = item;
  const bought =
    bought_into instanceof Set
      ? [...(bought_into as Set<string>)].sort()
      : Array.isArray(bought_into)
        ? bought_into
        : [];
  const record = valuationRecordSchema.parse({
    ...rest,
    bought_into: bought,
    ignored: rest.ignored === true,
  });
  return { record, version: typeof version === 'number' ? version : 0 };
}

/** The outputs of a valuation as getValuationOutput and the saves answer them. */
export function outputOf(record: ValuationRecord): ValuationOutput {
  return {
    valuation_output_id: record.valuation_output_id,
    valuation_id: record.id,
    valuation_type_id: record.valuation_type_id,
    stock_symbol: record.stock_symbol,
    market_price: record.market_price,
    holding_period: record.holding_period,
    intrinsic_value_per_share: record.intrinsic_value_per_share,
    premium: record.premium,
    margin_of_safety: record.premium,
    margin_label:
      record.market_price <= record.intrinsic_value_per_share ? MARGIN_OF_SAFETY : PREMIUM,
    cumulative_loss: record.cumulative_loss,
    cumulative_gain_or_loss: record.cumulative_loss,
    irr: record.irr,
    moic: record.moic,
    ...Object.fromEntries(
      OUTPUT_FIELDS.filter((f) => typeof record[f] === 'number').map((f) => [f, record[f]]),
    ),
  };
}

/** A row of My Tracked Pitches. */
export function trackedRowOf(record: ValuationRecord): TrackedPitchRow {
  return {
    id: record.id,
    valuation_id: record.id,
    stock_symbol: record.stock_symbol,
    stock_name: record.stock_name,
    valuation_type_id: record.valuation_type_id,
    tracked_market_price: record.tracked_market_price ?? record.market_price,
    market_price: record.market_price,
    intrinsic_value_per_share:
      record.tracked_intrinsic_value_per_share ?? record.intrinsic_value_per_share,
    holding_period: record.holding_period,
    tracked_premium: record.tracked_premium ?? null,
    tracked_cumulative_loss: record.tracked_cumulative_loss ?? null,
    tracked_irr: record.tracked_irr ?? null,
    tracked_moic: record.tracked_moic ?? null,
    tracked_intrinsic_value_per_share: record.tracked_intrinsic_value_per_share ?? null,
    tracked_ebitda_at_endof_hold: record.tracked_ebitda_at_endof_hold ?? null,
    tracked_intrinsic_value_of_business: record.tracked_intrinsic_value_of_business ?? null,
    tracked_enterprise_value: record.tracked_enterprise_value ?? null,
    trackedAt: record.trackedAt ?? null,
  };
}

/** The answer of addValuation and addPitch for a new valuation (stored with its write: decision 121). */
export function savedValuationResponse(record: ValuationRecord): SavedValuationResponse {
  return {
    message: VALUATION_API_MESSAGES.pitchAdded,
    data: record,
    valuation_output: [outputOf(record)],
  };
}
