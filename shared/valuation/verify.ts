import { dec } from './decimal';
import { computeValuation, MODELS, type ValuationModelInput, type ValuationResult } from './models';
import { scenarioProblem } from './scenarios';
import type { Scenarios } from './schemas';

/**
 * The outputs as a saved valuation stores them (spec/001 section 3). Units: per-share
 * figures in the stock's currency; EBITDA, enterprise value and business value in
 * millions; premium, cumulative_loss (signed: negative is a loss) and irr in percent;
 * moic as a multiple.
 */
export interface StoredOutputs {
  earnings_per_share_at_endof_hold?: number;
  bookvalue_per_share_at_endof_hold?: number;
  revenue_per_share_at_endof_hold?: number;
  ebitda_at_endof_hold?: number;
  enterprise_value?: number;
  intrinsic_value_of_business?: number;
  /** DCF (per share; the share in percent). */
  fcf_at_end_of_stage_one?: number;
  pv_stage_one?: number;
  terminal_value?: number;
  pv_terminal_value?: number;
  terminal_value_share?: number;
  intrinsic_value_per_share: number;
  premium: number;
  cumulative_loss: number;
  irr: number;
  moic: number;
}

/** The stored fields of a result: only those of its model (the end-of-hold field by model; EV fields for EV/EBITDA). */
export function toStoredOutputs(result: ValuationResult): StoredOutputs {
  const endOfHoldField = MODELS[result.valuationTypeId].endOfHoldField;
  const outputs: StoredOutputs = {
    [endOfHoldField]: result.endOfHoldValue,
    intrinsic_value_per_share: result.intrinsicValuePerShare,
    premium: result.premiumPercent,
    cumulative_loss: result.expectedGainPercent,
    irr: result.irrPercent,
    moic: result.moic,
  };
  if (result.enterpriseValue !== null) outputs.enterprise_value = result.enterpriseValue;
  if (result.intrinsicValueOfBusiness !== null)
    outputs.intrinsic_value_of_business = result.intrinsicValueOfBusiness;
  if (result.dcf) {
    outputs.pv_stage_one = result.dcf.pvStageOne;
    outputs.terminal_value = result.dcf.terminalValue;
    outputs.pv_terminal_value = result.dcf.pvTerminalValue;
    outputs.terminal_value_share = result.dcf.terminalValueSharePercent;
  }
  return outputs;
}

/**
 * Tolerance of the agreement check. Prices and percentages are shown with 2 decimals, so
 * a stored figure agrees when it lies within half a unit of that last shown digit (0.005)
 * of the recomputed one, or within one part in a billion of it for large figures (a JS
 * number carries about 16 significant digits). A client that sends full precision
 * agrees, and so does one that sends figures already rounded to the shown 2 decimals;
 * a client that computed with a different formula or different inputs does not.
 */
export const OUTPUT_TOLERANCE = { absolute: 0.005, relative: 1e-9 } as const;

function agrees(stored: unknown, recomputed: number): boolean {
  if (typeof stored !== 'number' || !Number.isFinite(stored)) return false;
  const expected = dec(recomputed);
  const diff = dec(stored).minus(expected).abs();
  const allowed = expected.abs().times(OUTPUT_TOLERANCE.relative);
  return diff.lte(OUTPUT_TOLERANCE.absolute) || diff.lte(allowed);
}

/**
 * Names of the recomputed outputs that the stored ones do not match within
 * OUTPUT_TOLERANCE (missing or non-numeric stored figures do not match). Compared in
 * decimal, so the check itself has no float drift. Fields only in `stored` are ignored.
 */
export function outputMismatches(
  stored: Partial<Record<keyof StoredOutputs, unknown>>,
  recomputed: StoredOutputs,
): string[] {
  const mismatches: string[] = [];
  for (const [field, value] of Object.entries(recomputed) as [
    keyof StoredOutputs,
    number | undefined,
  ][]) {
    if (value === undefined) continue;
    if (!agrees(stored[field], value)) mismatches.push(field);
  }
  return mismatches;
}

export function outputsAgree(
  stored: Partial<Record<keyof StoredOutputs, unknown>>,
  recomputed: StoredOutputs,
): boolean {
  return outputMismatches(stored, recomputed).length === 0;
}

export type ValuationCheck =
  | { ok: true; result: ValuationResult; outputs: StoredOutputs }
  | { ok: false; message: string; fields: string[] };

/**
 * What the server does with a saved valuation: recompute from the inputs with the same
 * math, refuse it when the inputs give no valuation (the problem's message), when a bear or
 * bull case gives none ("Bear case: ..."), or when the stored outputs disagree, and otherwise hand back the recomputed outputs to store.
 */
export function checkValuation(
  payload: ValuationModelInput &
    Partial<Record<keyof StoredOutputs, unknown>> & { scenarios?: Scenarios | undefined },
): ValuationCheck {
  const computed = computeValuation(payload);
  if (!computed.ok)
    return { ok: false, message: computed.message, fields: computed.field ? [computed.field] : [] };
  if (payload.scenarios) {
    const problem = scenarioProblem(payload, payload.scenarios);
    if (problem) return { ok: false, message: problem.message, fields: [problem.field] };
  }
  const outputs = toStoredOutputs(computed);
  const fields = outputMismatches(payload, outputs);
  if (fields.length > 0) {
    return {
      ok: false,
      message: `The valuation figures do not match its assumptions: ${fields.join(', ')}`,
      fields,
    };
  }
  return { ok: true, result: computed, outputs };
}
