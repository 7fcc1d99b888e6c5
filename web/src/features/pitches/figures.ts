import { valuationTypeName } from '../../../../shared/domain/valuation-types';
import type { ValuationRecord } from '../../../../shared/schemas/valuation-api';
import {
  computeValuation,
  MODELS,
  outcomeLabels,
  type ValuationModelInput,
} from '../../../../shared/valuation';

/** The pitches whose stock name or symbol contains the search text (case-insensitive). */
export function filterPitches<P extends Pick<ValuationRecord, 'stock_name' | 'stock_symbol'>>(
  pitches: readonly P[],
  search: string,
): P[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...pitches];
  return pitches.filter(
    (p) =>
      p.stock_symbol.toLowerCase().includes(needle) ||
      (p.stock_name ?? '').toLowerCase().includes(needle),
  );
}

/** "P/E Valuation", "EV/EBITDA Valuation". */
export function methodologyTitle(typeId: number): string {
  return `${valuationTypeName(typeId) ?? 'Unknown'} Valuation`;
}

/** The list's name column: the stock name, or the symbol when there is none. */
export const pitchName = (p: Pick<ValuationRecord, 'stock_name' | 'stock_symbol'>) =>
  p.stock_name?.trim() || p.stock_symbol;

export interface PitchFigures {
  /** The live quote when there is one, else the price the pitch was computed at. */
  marketPrice: number;
  live: boolean;
  intrinsicValuePerShare: number;
  marginLabel: 'Margin Of Safety' | 'Premium';
  marginPercent: number;
  gainLabel: 'Expected Gain' | 'Expected Loss';
  /** Percent, signed: negative is a loss. */
  expectedGainPercent: number;
  irrPercent: number;
  moic: number;
  holdingPeriod: number;
}

/** The model's inputs from a saved valuation, at another market price. */
function inputsAt(record: ValuationRecord, price: number): ValuationModelInput {
  const model = MODELS[record.valuation_type_id];
  const input: Record<string, unknown> = {
    valuation_type_id: record.valuation_type_id,
    market_price: price,
  };
  const source = record as unknown as Record<string, unknown>;
  for (const field of Object.keys(model.fieldLabels)) {
    if (field !== 'market_price') input[field] = source[field];
  }
  return input as unknown as ValuationModelInput;
}

/**
 * A pitch's figures at the live price (recomputed with the shared valuation math), or as
 * saved when there is no live quote or the recomputation has no answer.
 */
export function pitchFigures(record: ValuationRecord, livePrice?: number | null): PitchFigures {
  if (
    livePrice !== undefined &&
    livePrice !== null &&
    Number.isFinite(livePrice) &&
    livePrice > 0
  ) {
    const result = computeValuation(inputsAt(record, livePrice));
    if (result.ok) {
      return {
        marketPrice: livePrice,
        live: true,
        intrinsicValuePerShare: result.intrinsicValuePerShare,
        marginLabel: result.labels.margin,
        marginPercent: result.premiumPercent,
        gainLabel: result.labels.gain,
        expectedGainPercent: result.expectedGainPercent,
        irrPercent: result.irrPercent,
        moic: result.moic,
        holdingPeriod: record.holding_period,
      };
    }
  }
  const labels = outcomeLabels(record.market_price <= record.intrinsic_value_per_share);
  return {
    marketPrice: record.market_price,
    live: false,
    intrinsicValuePerShare: record.intrinsic_value_per_share,
    marginLabel: labels.margin,
    marginPercent: record.premium,
    gainLabel: labels.gain,
    expectedGainPercent: record.cumulative_loss,
    irrPercent: record.irr,
    moic: record.moic,
    holdingPeriod: record.holding_period,
  };
}
