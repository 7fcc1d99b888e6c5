import {
  MARKET_PRICE_TOLERANCE,
  PITCH_STATUS,
  VALUATION_API_MESSAGES,
  type PitchStatus,
  type ValuationRecord,
} from '../../shared/schemas/valuation-api';
import {
  checkValuation,
  computeValuation,
  dcfImpliedGrowth,
  MODELS,
  toStoredOutputs,
  valuationPayloadSchema,
  type ValuationPayload,
} from '../../shared/valuation';
import { BadRequestError, ConflictError } from '../lib/errors';
import { currentQuote, type CurrentQuote } from './quotes';
import { buildRecord, type ServerOutputs, type StoredValuation } from './records';
import { addShareVersion } from '../sharing/store';
import { createValuation, getValuation, replaceValuation, type ValuationStore } from './store';
import { nowIso } from '../lib/clock';
import { keyedId } from '../lib/idempotency';

/**
 * Saving valuations (spec/001 section 2, "Pitch / Re-Pitch"; docs/decisions/040). The server
 * recomputes every output from the inputs with the shared math and refuses a payload whose
 * outputs disagree; the market price the outputs were computed at must lie within
 * MARKET_PRICE_TOLERANCE of the server's cached quote.
 */

function checked(payload: ValuationPayload): ServerOutputs {
  const check = checkValuation(payload);
  if (!check.ok) {
    const details = Object.fromEntries(check.fields.map((f) => [f, check.message]));
    throw new BadRequestError(check.message, Object.keys(details).length ? details : undefined);
  }
  if (payload.valuation_type_id !== 5) return check.outputs;
  // The growth the price implies is the server's own figure (a client's is not trusted or needed).
  const implied = dcfImpliedGrowth(payload);
  return { ...check.outputs, implied_growth: implied.ok ? implied.growthPercent : null };
}

function assertNearQuote(price: number, quote: CurrentQuote): void {
  const drift = Math.abs(price - quote.price) / quote.price;
  if (drift > MARKET_PRICE_TOLERANCE) {
    const message = `The market price of ${quote.symbol} is now ${quote.price.toFixed(2)}: refresh the valuation and save it again`;
    throw new BadRequestError(message, { market_price: message });
  }
}

/** A new valuation (addValuation, addPitch with a payload). */
export async function saveNewValuation(
  store: ValuationStore,
  userId: string,
  payload: ValuationPayload,
  pitchStatus: PitchStatus,
): Promise<ValuationRecord> {
  const outputs = checked(payload);
  const quote = await currentQuote(payload.stock_symbol);
  assertNearQuote(payload.market_price, quote);
  const record = buildRecord({
    id: keyedId('valuation'),
    valuationOutputId: keyedId('valuation-output'),
    payload,
    outputs,
    quotePrice: quote.price,
    // The market's name, never the request's: public pages show it (decision 142).
    stockName: quote.name,
    pitchStatus,
    now: nowIso(),
  });
  await createValuation(store, userId, record);
  return record;
}

/** Status after a Re-Pitch: a saved valuation becomes pitched; pitched and tracked stay. */
function repitchStatus(previous: ValuationRecord): PitchStatus {
  return previous.pitch_status === PITCH_STATUS.saved
    ? PITCH_STATUS.pitched
    : previous.pitch_status;
}

async function replace(
  store: ValuationStore,
  userId: string,
  stored: StoredValuation,
  payload: ValuationPayload,
  quote: CurrentQuote,
): Promise<ValuationRecord> {
  const outputs = checked(payload);
  const previous = stored.record;
  const record = buildRecord({
    id: previous.id,
    valuationOutputId: keyedId('valuation-output'),
    payload,
    outputs,
    quotePrice: quote.price,
    stockName: quote.name,
    pitchStatus: repitchStatus(previous),
    now: nowIso(),
    previous,
  });
  if (!(await replaceValuation(store, userId, record, stored.version)))
    throw new ConflictError(VALUATION_API_MESSAGES.changedMeanwhile);
  // A shared pitch's page gains this Re-Pitch as a new version (decision 128).
  await addShareVersion(store, userId, record);
  return record;
}

/** Re-Pitch with new assumptions and outputs (updateValuation with a payload). */
export async function repitchValuation(
  store: ValuationStore,
  userId: string,
  id: string,
  payload: ValuationPayload,
): Promise<ValuationRecord> {
  const stored = await getValuation(store, userId, id);
  if (payload.stock_symbol !== stored.record.stock_symbol) {
    throw new BadRequestError(VALUATION_API_MESSAGES.symbolFixed, {
      stock_symbol: VALUATION_API_MESSAGES.symbolFixed,
    });
  }
  checked(payload);
  const quote = await currentQuote(payload.stock_symbol);
  assertNearQuote(payload.market_price, quote);
  return replace(store, userId, stored, payload, quote);
}

/** The stored assumptions as a payload, at another market price, with outputs recomputed. */
export function payloadAtPrice(record: ValuationRecord, price: number): ValuationPayload {
  const model = MODELS[record.valuation_type_id];
  const inputs: Record<string, unknown> = {
    valuation_type_id: record.valuation_type_id,
    stock_symbol: record.stock_symbol,
    ...(record.stock_name ? { stock_name: record.stock_name } : {}),
    moats: record.moats,
    comment: record.comment,
    ...(record.scenarios ? { scenarios: record.scenarios } : {}),
  };
  for (const field of Object.keys(model.fieldLabels))
    inputs[field] = record[field as keyof ValuationRecord];
  inputs.market_price = price;
  const computed = computeValuation(inputs as never);
  if (!computed.ok) throw new BadRequestError(computed.message);
  return valuationPayloadSchema.parse({ ...inputs, ...toStoredOutputs(computed) });
}

/** Re-Pitch of the stored assumptions at the current market price (updateValuation with the id alone). */
export async function repitchAtCurrentPrice(
  store: ValuationStore,
  userId: string,
  id: string,
): Promise<ValuationRecord> {
  const stored = await getValuation(store, userId, id);
  const quote = await currentQuote(stored.record.stock_symbol);
  return replace(store, userId, stored, payloadAtPrice(stored.record, quote.price), quote);
}

/** addPitch with `{valuation_id}`: pitches a valuation saved earlier (and un-ignores it). */
export async function pitchSaved(
  store: ValuationStore,
  userId: string,
  id: string,
): Promise<ValuationRecord> {
  const stored = await getValuation(store, userId, id);
  const previous = stored.record;
  if (previous.pitch_status !== PITCH_STATUS.saved && !previous.ignored) return previous;
  const record: ValuationRecord = {
    ...previous,
    pitch_status:
      previous.pitch_status === PITCH_STATUS.tracked ? PITCH_STATUS.tracked : PITCH_STATUS.pitched,
    tracked_market_price:
      previous.pitch_status === PITCH_STATUS.saved
        ? previous.market_price
        : previous.tracked_market_price,
    ignored: false,
    updatedAt: nowIso(),
  };
  if (!(await replaceValuation(store, userId, record, stored.version)))
    throw new ConflictError(VALUATION_API_MESSAGES.changedMeanwhile);
  return record;
}
