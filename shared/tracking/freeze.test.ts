import { describe, expect, it } from 'vitest';
import { freezeTrackingFigures } from './freeze';

describe('freezeTrackingFigures', () => {
  it('freezes margin of safety, expected gain, IRR and MOIC at the current price', () => {
    const result = freezeTrackingFigures({
      valuationId: 'val-1',
      currentPrice: 50,
      outputs: { intrinsicValuePerShare: 100, holdingPeriodYears: 5, endOfHoldValue: 4.2 },
    });
    expect(result).toEqual({
      ok: true,
      payload: {
        valuation_id: 'val-1',
        tracked_market_price: 50,
        tracked_premium: 50,
        tracked_cumulative_loss: 100,
        // (100 / 50)^(1/5) - 1 = 0.148698354997035...
        tracked_irr: 14.8698354997,
        tracked_moic: 2,
        tracked_intrinsic_value_per_share: 100,
        tracked_ebitda_at_endof_hold: 4.2,
        tracked_intrinsic_value_of_business: null,
        tracked_enterprise_value: null,
      },
    });
  });

  it('freezes a premium and an expected loss when the price is above intrinsic value', () => {
    const result = freezeTrackingFigures({
      valuationId: 'val-2',
      currentPrice: 120,
      outputs: {
        intrinsicValuePerShare: 100,
        holdingPeriodYears: 1,
        endOfHoldValue: 900,
        enterpriseValue: 9000,
        intrinsicValueOfBusiness: 8500,
      },
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.payload.tracked_premium).toBe(20);
    expect(result.payload.tracked_cumulative_loss).toBe(-16.6666666667);
    expect(result.payload.tracked_irr).toBe(-16.6666666667);
    expect(result.payload.tracked_moic).toBe(0.8333333333);
    expect(result.payload.tracked_enterprise_value).toBe(9000);
    expect(result.payload.tracked_intrinsic_value_of_business).toBe(8500);
    expect(result.payload.tracked_ebitda_at_endof_hold).toBe(900);
  });

  it('uses the price of the moment, not the price the valuation was made at', () => {
    const a = freezeTrackingFigures({
      valuationId: 'v',
      currentPrice: 80,
      outputs: { intrinsicValuePerShare: 100, holdingPeriodYears: 2 },
    });
    const b = freezeTrackingFigures({
      valuationId: 'v',
      currentPrice: 100,
      outputs: { intrinsicValuePerShare: 100, holdingPeriodYears: 2 },
    });
    expect(a.ok && a.payload.tracked_premium).toBe(20);
    expect(a.ok && a.payload.tracked_irr).toBe(11.803398875);
    expect(b.ok && b.payload.tracked_premium).toBe(0);
    expect(b.ok && b.payload.tracked_irr).toBe(0);
    expect(b.ok && b.payload.tracked_moic).toBe(1);
  });

  it('refuses to freeze without a positive price, intrinsic value or hold period', () => {
    const outputs = { intrinsicValuePerShare: 100, holdingPeriodYears: 3 };
    expect(freezeTrackingFigures({ valuationId: 'v', currentPrice: 0, outputs })).toMatchObject({
      ok: false,
      reason: 'no-market-price',
    });
    expect(
      freezeTrackingFigures({ valuationId: 'v', currentPrice: Number.NaN, outputs }),
    ).toMatchObject({ ok: false, reason: 'no-market-price' });
    expect(
      freezeTrackingFigures({
        valuationId: 'v',
        currentPrice: 10,
        outputs: { ...outputs, intrinsicValuePerShare: 0 },
      }),
    ).toMatchObject({ ok: false, reason: 'intrinsic-not-positive' });
    expect(
      freezeTrackingFigures({
        valuationId: 'v',
        currentPrice: 10,
        outputs: { ...outputs, holdingPeriodYears: 0 },
      }),
    ).toMatchObject({ ok: false, reason: 'hold-period-not-positive' });
  });

  it('stores a missing or non-finite optional figure as null', () => {
    const result = freezeTrackingFigures({
      valuationId: 'v',
      currentPrice: 10,
      outputs: {
        intrinsicValuePerShare: 12,
        holdingPeriodYears: 3,
        endOfHoldValue: Number.POSITIVE_INFINITY,
      },
    });
    expect(result.ok && result.payload.tracked_ebitda_at_endof_hold).toBeNull();
  });
});
