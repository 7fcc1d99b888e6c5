import { describe, expect, it } from 'vitest';
import { computeValuation, type ValuationModelInput } from './models';
import { checkValuation, outputMismatches, outputsAgree, toStoredOutputs } from './verify';

const ps = {
  valuation_type_id: 3,
  revenue_per_share: 12,
  revenue_per_share_growth_rate: 7,
  forward_multiple: 4,
  market_price: 45,
  holding_period: 3,
} as const satisfies ValuationModelInput;

/**
 * Outputs for `ps` as the screen shows them (2 decimals): 12 x 1.07^3 = 14.700516; x 4 =
 * 58.802064; margin 23.472...%; gain 30.671...%; IRR 9.326...%; MOIC 1.3067...
 */
const psOutputs = {
  revenue_per_share_at_endof_hold: 14.7,
  intrinsic_value_per_share: 58.8,
  premium: 23.47,
  cumulative_loss: 30.67,
  irr: 9.33,
  moic: 1.31,
};

describe('stored outputs', () => {
  it('carry the end-of-hold field of the model and, for EV/EBITDA only, enterprise and business value', () => {
    const r = computeValuation(ps);
    if (!r.ok) throw new Error(r.message);
    expect(Object.keys(toStoredOutputs(r)).sort()).toEqual(
      [
        'cumulative_loss',
        'intrinsic_value_per_share',
        'irr',
        'moic',
        'premium',
        'revenue_per_share_at_endof_hold',
      ].sort(),
    );
    const ev = computeValuation({
      valuation_type_id: 4,
      ebitda: 1000,
      ebitda_growth: 5,
      forward_multiple: 10,
      debt: 2000,
      cash_and_cash_equivalents: 500,
      shares_outstanding: 100,
      market_price: 80,
      holding_period: 2,
    });
    if (!ev.ok) throw new Error(ev.message);
    expect(toStoredOutputs(ev)).toMatchObject({
      ebitda_at_endof_hold: 1102.5,
      enterprise_value: 11025,
      intrinsic_value_of_business: 9525,
    });
  });
});

describe('the server check of a saved valuation', () => {
  it('accepts outputs rounded to the 2 decimals the screen shows', () => {
    const check = checkValuation({ ...ps, ...psOutputs });
    expect(check.ok).toBe(true);
  });

  it('accepts the full-precision outputs of the same math and hands back the recomputed figures', () => {
    const r = computeValuation(ps);
    if (!r.ok) throw new Error(r.message);
    const check = checkValuation({ ...ps, ...toStoredOutputs(r) });
    expect(check).toMatchObject({ ok: true, outputs: { intrinsic_value_per_share: 58.802064 } });
  });

  it('refuses an intrinsic value off by one cent', () => {
    const check = checkValuation({ ...ps, ...psOutputs, intrinsic_value_per_share: 58.812064 });
    expect(check).toEqual({
      ok: false,
      message: 'The valuation figures do not match its assumptions: intrinsic_value_per_share',
      fields: ['intrinsic_value_per_share'],
    });
  });

  it('refuses an IRR computed as simple rather than compound growth', () => {
    const check = checkValuation({ ...ps, ...psOutputs, irr: 30.67 / 3 });
    expect(check).toMatchObject({ ok: false, fields: ['irr'] });
  });

  it('refuses a payload with an output missing or not a number', () => {
    const { moic: _moic, ...withoutMoic } = psOutputs;
    expect(checkValuation({ ...ps, ...withoutMoic })).toMatchObject({
      ok: false,
      fields: ['moic'],
    });
    expect(checkValuation({ ...ps, ...psOutputs, premium: Number.NaN })).toMatchObject({
      ok: false,
      fields: ['premium'],
    });
  });

  it('refuses assumptions that give no valuation, with the message the screen shows', () => {
    expect(checkValuation({ ...ps, revenue_per_share: 0, ...psOutputs })).toEqual({
      ok: false,
      message: 'Enter positive number or try another model',
      fields: ['revenue_per_share'],
    });
  });
});

describe('agreement tolerance', () => {
  const recomputed = {
    intrinsic_value_per_share: 100,
    premium: 10,
    cumulative_loss: 11.1111111111,
    irr: 11.1111111111,
    moic: 1.1111111111,
  };

  it('half a unit of the last shown decimal (0.005) agrees; more does not', () => {
    expect(outputsAgree({ ...recomputed, premium: 10.005 }, recomputed)).toBe(true);
    expect(outputsAgree({ ...recomputed, premium: 10.0051 }, recomputed)).toBe(false);
  });

  it('large figures agree within one part in a billion', () => {
    const big = { ...recomputed, intrinsic_value_per_share: 123_456_789_012 };
    expect(outputsAgree({ ...big, intrinsic_value_per_share: 123_456_789_100 }, big)).toBe(true);
    expect(outputsAgree({ ...big, intrinsic_value_per_share: 123_456_800_000 }, big)).toBe(false);
  });

  it('lists every field that disagrees', () => {
    expect(outputMismatches({ ...recomputed, moic: 2, irr: 0 }, recomputed)).toEqual([
      'irr',
      'moic',
    ]);
  });
});
