import Decimal from 'decimal.js';

/**
 * Tracking a pitch freezes its figures at the current market price (spec/001 section 3,
 * "Tracking payload"). The valuation outputs that do not depend on the price (intrinsic value
 * per share, the end-of-hold figure, enterprise value, equity value of the business, hold
 * period) come in as numbers from the valuation; the figures that do depend on the price are
 * recomputed here at the price of the moment, with the spec's formulas:
 *
 * - tracked_premium = |price / intrinsic - 1| x 100 (margin of safety or premium, in percent)
 * - tracked_cumulative_loss = (intrinsic / price - 1) x 100 (expected cumulative gain, negative
 *   for a loss, in percent)
 * - tracked_irr = ((intrinsic / price)^(1 / hold) - 1) x 100 (per year, in percent)
 * - tracked_moic = intrinsic / price
 *
 * Figures are rounded half up to 10 decimal places. The end-of-hold figure is the one of the
 * pitch's methodology (EPS for P/E, book value per share for P/B, revenue per share for P/S,
 * EBITDA for EV/EBITDA); it is stored in tracked_ebitda_at_endof_hold, as the spec names it.
 */

export interface ValuationOutputsForTracking {
  intrinsicValuePerShare: number;
  holdingPeriodYears: number;
  endOfHoldValue?: number | null;
  enterpriseValue?: number | null;
  intrinsicValueOfBusiness?: number | null;
}

export interface TrackingPayload {
  valuation_id: string;
  tracked_market_price: number;
  tracked_premium: number;
  tracked_cumulative_loss: number;
  tracked_irr: number;
  tracked_moic: number;
  tracked_intrinsic_value_per_share: number;
  tracked_ebitda_at_endof_hold: number | null;
  tracked_intrinsic_value_of_business: number | null;
  tracked_enterprise_value: number | null;
}

export type TrackingFreezeResult =
  | { ok: true; payload: TrackingPayload }
  | {
      ok: false;
      reason: 'no-market-price' | 'intrinsic-not-positive' | 'hold-period-not-positive';
      message: string;
    };

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const PLACES = 10;

function out(value: Decimal): number {
  const n = value.toDecimalPlaces(PLACES, Decimal.ROUND_HALF_UP).toNumber();
  return n === 0 ? 0 : n;
}

function optionalFinite(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function freezeTrackingFigures(input: {
  valuationId: string;
  currentPrice: number;
  outputs: ValuationOutputsForTracking;
}): TrackingFreezeResult {
  const { currentPrice, outputs } = input;
  if (!Number.isFinite(currentPrice) || currentPrice <= 0) {
    return {
      ok: false,
      reason: 'no-market-price',
      message: 'There is no market price for this stock right now',
    };
  }
  const intrinsicValue = outputs.intrinsicValuePerShare;
  if (!Number.isFinite(intrinsicValue) || intrinsicValue <= 0) {
    return {
      ok: false,
      reason: 'intrinsic-not-positive',
      message: 'Only a pitch with a positive intrinsic value can be tracked',
    };
  }
  const hold = outputs.holdingPeriodYears;
  if (!Number.isFinite(hold) || hold <= 0) {
    return {
      ok: false,
      reason: 'hold-period-not-positive',
      message: 'The hold period must be positive',
    };
  }

  const price = new D(currentPrice);
  const intrinsic = new D(intrinsicValue);
  const moic = intrinsic.div(price);

  return {
    ok: true,
    payload: {
      valuation_id: input.valuationId,
      tracked_market_price: currentPrice,
      tracked_premium: out(price.div(intrinsic).minus(1).abs().times(100)),
      tracked_cumulative_loss: out(moic.minus(1).times(100)),
      tracked_irr: out(moic.pow(new D(1).div(hold)).minus(1).times(100)),
      tracked_moic: out(moic),
      tracked_intrinsic_value_per_share: intrinsicValue,
      tracked_ebitda_at_endof_hold: optionalFinite(outputs.endOfHoldValue),
      tracked_intrinsic_value_of_business: optionalFinite(outputs.intrinsicValueOfBusiness),
      tracked_enterprise_value: optionalFinite(outputs.enterpriseValue),
    },
  };
}
