import { describe, expect, it } from 'vitest';
import {
  computeValuation,
  type ValuationComputation,
  type ValuationModelInput,
  type ValuationResult,
} from './models';

function ok(computation: ValuationComputation): ValuationResult {
  if (!computation.ok) throw new Error(`expected a valuation, got: ${computation.message}`);
  return computation;
}

const pe = (
  over: Partial<
    Omit<Extract<ValuationModelInput, { valuation_type_id: 1 }>, 'valuation_type_id'>
  > = {},
) =>
  ({
    valuation_type_id: 1,
    earnings_per_share: 5,
    growth_ratein_eps: 10,
    forward_multiple: 20,
    market_price: 100,
    holding_period: 3,
    ...over,
  }) as const;

const evInput = (
  over: Partial<
    Omit<Extract<ValuationModelInput, { valuation_type_id: 4 }>, 'valuation_type_id'>
  > = {},
) =>
  ({
    valuation_type_id: 4,
    ebitda: 1000,
    ebitda_growth: 5,
    forward_multiple: 10,
    debt: 2000,
    cash_and_cash_equivalents: 500,
    shares_outstanding: 100,
    market_price: 80,
    holding_period: 2,
    ...over,
  }) as const;

describe('P/E valuation', () => {
  it('grows EPS 5 at 10% for 3 years, times 20, against a price of 100: a margin of safety', () => {
    const r = ok(computeValuation(pe()));
    expect(r.endOfHoldValue).toBe(6.655);
    expect(r.intrinsicValuePerShare).toBe(133.1);
    expect(r.priceAtOrBelowIntrinsic).toBe(true);
    expect(r.premiumPercent).toBe(24.8685199098);
    expect(r.expectedGainPercent).toBe(33.1);
    expect(r.irrPercent).toBe(10);
    expect(r.moic).toBe(1.331);
    expect(r.labels).toEqual({
      margin: 'Margin Of Safety',
      gain: 'Expected Gain',
      holdPeriod: 'years',
    });
    expect(r.moods).toEqual({
      band: 2,
      marketMood: 'sad',
      userMood: 'happy',
      marketImage: 'S2',
      userImage: 'H2',
    });
    expect(r.gauge).toBe(24.8685199098);
    expect(r.enterpriseValue).toBeNull();
    expect(r.intrinsicValueOfBusiness).toBeNull();
  });

  it('takes a fractional hold period of 2.5 years (fractional power, IRR over 2.5 years)', () => {
    const r = ok(
      computeValuation(
        pe({
          earnings_per_share: 4,
          growth_ratein_eps: 8,
          forward_multiple: 15,
          market_price: 50,
          holding_period: 2.5,
        }),
      ),
    );
    expect(r.endOfHoldValue).toBe(4.8486337487);
    expect(r.intrinsicValuePerShare).toBe(72.7295062301);
    expect(r.premiumPercent).toBe(31.2521112933);
    expect(r.expectedGainPercent).toBe(45.4590124603);
    expect(r.irrPercent).toBe(16.1706057487);
    expect(r.moic).toBe(1.4545901246);
    expect(r.moods.band).toBe(3);
  });

  it('annualises a half-year hold: 21% growth over half a year is 10%, and 10% in half a year is an IRR of 21%', () => {
    const r = ok(
      computeValuation(
        pe({
          earnings_per_share: 10,
          growth_ratein_eps: 21,
          forward_multiple: 10,
          market_price: 100,
          holding_period: 0.5,
        }),
      ),
    );
    expect(r.endOfHoldValue).toBe(11);
    expect(r.intrinsicValuePerShare).toBe(110);
    expect(r.expectedGainPercent).toBe(10);
    expect(r.irrPercent).toBe(21);
    expect(r.labels.holdPeriod).toBe('year');
  });

  it('computes in decimal: EPS 0.1 x 3 is exactly 0.3, so a price of 0.3 sits exactly at intrinsic value', () => {
    const r = ok(
      computeValuation(
        pe({
          earnings_per_share: 0.1,
          growth_ratein_eps: 0,
          forward_multiple: 3,
          market_price: 0.3,
          holding_period: 1,
        }),
      ),
    );
    expect(r.intrinsicValuePerShare).toBe(0.3);
    expect(r.priceAtOrBelowIntrinsic).toBe(true);
    expect(r.premiumPercent).toBe(0);
    expect(r.moic).toBe(1);
    expect(r.labels.margin).toBe('Margin Of Safety');
  });

  it('puts a price of 90 against 100 exactly on the 10% band edge (band 2), where float division would give 9.999...', () => {
    const r = ok(
      computeValuation(
        pe({
          earnings_per_share: 10,
          growth_ratein_eps: 0,
          forward_multiple: 10,
          market_price: 90,
          holding_period: 1,
        }),
      ),
    );
    expect(r.premiumPercent).toBe(10);
    expect(r.moods.band).toBe(2);
  });

  it('a growth rate of -100% leaves nothing: Try another model', () => {
    const r = computeValuation(pe({ growth_ratein_eps: -100 }));
    expect(r).toMatchObject({
      ok: false,
      kind: 'intrinsic-not-positive',
      message: 'Try another model',
      modal: true,
    });
  });
});

describe('P/B valuation', () => {
  it('price 40 above an intrinsic value of 33.075: premium, expected loss, swapped moods, gauge at 0', () => {
    const r = ok(
      computeValuation({
        valuation_type_id: 2,
        book_value_per_share: 20,
        growth_in_bookvalue: 5,
        forward_multiple: 1.5,
        market_price: 40,
        holding_period: 2,
      }),
    );
    expect(r.endOfHoldValue).toBe(22.05);
    expect(r.intrinsicValuePerShare).toBe(33.075);
    expect(r.priceAtOrBelowIntrinsic).toBe(false);
    expect(r.premiumPercent).toBe(20.9372637944);
    expect(r.expectedGainPercent).toBe(-17.3125);
    expect(r.irrPercent).toBe(-9.0673326026);
    expect(r.moic).toBe(0.826875);
    expect(r.labels).toEqual({ margin: 'Premium', gain: 'Expected Loss', holdPeriod: 'years' });
    expect(r.moods).toEqual({
      band: 2,
      marketMood: 'happy',
      userMood: 'sad',
      marketImage: 'H2',
      userImage: 'S2',
    });
    expect(r.gauge).toBe(0);
  });
});

describe('P/S valuation', () => {
  it('price equal to intrinsic value: margin of safety 0, gain 0, IRR 0, MOIC 1, band 1', () => {
    const r = ok(
      computeValuation({
        valuation_type_id: 3,
        revenue_per_share: 10,
        revenue_per_share_growth_rate: 0,
        forward_multiple: 3,
        market_price: 30,
        holding_period: 1,
      }),
    );
    expect(r.endOfHoldValue).toBe(10);
    expect(r.intrinsicValuePerShare).toBe(30);
    expect(r.premiumPercent).toBe(0);
    expect(r.expectedGainPercent).toBe(0);
    expect(r.irrPercent).toBe(0);
    expect(r.moic).toBe(1);
    expect(r.labels).toEqual({
      margin: 'Margin Of Safety',
      gain: 'Expected Gain',
      holdPeriod: 'year',
    });
    expect(r.moods).toEqual({
      band: 1,
      marketMood: 'sad',
      userMood: 'happy',
      marketImage: 'S1',
      userImage: 'H1',
    });
    expect(r.gauge).toBe(0);
  });
});

describe('EV/EBITDA valuation', () => {
  it('EBITDA 1,000m at 5% for 2 years x 10, less debt 2,000m plus cash 500m, over 100m shares', () => {
    const r = ok(computeValuation(evInput()));
    expect(r.endOfHoldValue).toBe(1102.5);
    expect(r.enterpriseValue).toBe(11025);
    expect(r.intrinsicValueOfBusiness).toBe(9525);
    expect(r.intrinsicValuePerShare).toBe(95.25);
    expect(r.premiumPercent).toBe(16.0104986877);
    expect(r.expectedGainPercent).toBe(19.0625);
    expect(r.irrPercent).toBe(9.115764214);
    expect(r.moic).toBe(1.190625);
  });

  it('debt larger than enterprise value plus cash gives a negative equity value: Try another model', () => {
    const r = computeValuation(evInput({ debt: 20_000 }));
    expect(r).toEqual({
      ok: false,
      kind: 'intrinsic-not-positive',
      message: 'Try another model',
      modal: true,
      field: 'intrinsic_value_per_share',
    });
  });

  it('zero shares outstanding cannot divide the equity value', () => {
    const r = computeValuation(evInput({ shares_outstanding: 0 }));
    expect(r).toMatchObject({
      ok: false,
      kind: 'shares-not-positive',
      message: 'Enter shares outstanding above 0',
    });
  });
});

describe('the try-another-model conditions', () => {
  const bases = [
    {
      valuation_type_id: 1,
      earnings_per_share: 0,
      growth_ratein_eps: 5,
      forward_multiple: 10,
      market_price: 10,
      holding_period: 1,
    },
    {
      valuation_type_id: 2,
      book_value_per_share: -3,
      growth_in_bookvalue: 5,
      forward_multiple: 10,
      market_price: 10,
      holding_period: 1,
    },
    {
      valuation_type_id: 3,
      revenue_per_share: 0,
      revenue_per_share_growth_rate: 5,
      forward_multiple: 10,
      market_price: 10,
      holding_period: 1,
    },
    { ...evInput(), ebitda: -50 },
  ] as const satisfies readonly ValuationModelInput[];

  for (const input of bases) {
    it(`model ${input.valuation_type_id}: a base figure of zero or below asks for a positive number`, () => {
      expect(computeValuation(input)).toMatchObject({
        ok: false,
        kind: 'base-not-positive',
        message: 'Enter positive number or try another model',
        modal: true,
      });
    });
  }

  it('a negative forward multiple gives a negative intrinsic value: Try another model', () => {
    expect(computeValuation(pe({ forward_multiple: -5 }))).toMatchObject({
      message: 'Try another model',
      modal: true,
    });
  });

  it('a zero forward multiple gives an intrinsic value of 0, against which no premium exists: Try another model', () => {
    expect(computeValuation(pe({ forward_multiple: 0 }))).toMatchObject({
      message: 'Try another model',
      modal: true,
    });
  });
});

describe('inputs that cannot give a figure get a clear message, never NaN or Infinity', () => {
  it('hold period 0: IRR would divide by zero', () => {
    expect(computeValuation(pe({ holding_period: 0 }))).toEqual({
      ok: false,
      kind: 'hold-period-not-positive',
      message: 'Enter a hold period above 0 years',
      modal: false,
      field: 'holding_period',
    });
  });

  it('negative hold period', () => {
    expect(computeValuation(pe({ holding_period: -1 }))).toMatchObject({
      kind: 'hold-period-not-positive',
    });
  });

  it('market price 0: nothing to compare intrinsic value with', () => {
    expect(computeValuation(pe({ market_price: 0 }))).toMatchObject({
      kind: 'price-not-positive',
      message: 'A market price above 0 is needed to compare with intrinsic value',
      field: 'market_price',
    });
  });

  it('growth below -100% would turn the base negative', () => {
    expect(computeValuation(pe({ growth_ratein_eps: -150, holding_period: 0.5 }))).toMatchObject({
      kind: 'growth-below-minus-100',
      message: 'A growth rate cannot be below -100%',
    });
  });

  it('an empty field parsed as NaN names the field', () => {
    expect(computeValuation(pe({ growth_ratein_eps: Number.NaN }))).toMatchObject({
      kind: 'not-a-number',
      message: 'Enter a number for Growth Rate In EPS',
      field: 'growth_ratein_eps',
    });
  });

  it('Infinity in an EV/EBITDA field names the field', () => {
    expect(
      computeValuation(evInput({ cash_and_cash_equivalents: Number.POSITIVE_INFINITY })),
    ).toMatchObject({
      kind: 'not-a-number',
      message: 'Enter a number for Cash And Cash Equivalents',
    });
  });

  it('an EPS of 1e300 gives figures too large to show', () => {
    expect(computeValuation(pe({ earnings_per_share: 1e300 }))).toMatchObject({
      ok: false,
      kind: 'out-of-range',
      message: 'EPS At End Of Hold is too large to show; check the assumptions',
    });
  });

  it('10,000% growth for 100 years overflows far beyond a JS number, and still gives the message', () => {
    expect(
      computeValuation({
        valuation_type_id: 3,
        revenue_per_share: 1e9,
        revenue_per_share_growth_rate: 10_000,
        forward_multiple: 10_000,
        market_price: 0.01,
        holding_period: 100,
      }),
    ).toMatchObject({ ok: false, kind: 'out-of-range', field: 'revenue_per_share_at_endof_hold' });
  });

  it('doubling in a thousandth of a year annualises to an IRR too large to show', () => {
    const r = computeValuation(
      pe({
        earnings_per_share: 10,
        growth_ratein_eps: 0,
        forward_multiple: 20,
        market_price: 100,
        holding_period: 0.001,
      }),
    );
    expect(r).toMatchObject({
      ok: false,
      kind: 'out-of-range',
      field: 'irr',
      message: 'IRR is too large to show; check the assumptions',
    });
  });

  it('a tiny intrinsic value against a large price gives a premium too large to show', () => {
    const r = computeValuation(
      pe({
        earnings_per_share: 1e-9,
        growth_ratein_eps: 0,
        forward_multiple: 0.0001,
        market_price: 1e6,
        holding_period: 1,
      }),
    );
    expect(r).toMatchObject({
      ok: false,
      kind: 'out-of-range',
      field: 'premium',
      message: 'Premium is too large to show; check the assumptions',
    });
  });
});

describe('hold period suffix in the result', () => {
  it.each([
    [0.25, 'year'],
    [1, 'year'],
    [1.5, 'years'],
    [10, 'years'],
  ] as const)('hold %s shows "%s"', (holding_period, suffix) => {
    expect(ok(computeValuation(pe({ holding_period }))).labels.holdPeriod).toBe(suffix);
  });
});
