import { describe, expect, it } from 'vitest';
import type { ValuationModelInput } from './models';
import { scenarioProblem, scenarioValues } from './scenarios';
import { scenariosSchema, valuationPayloadSchema, type Scenarios } from './schemas';
import { checkValuation } from './verify';

const pe = {
  valuation_type_id: 1,
  earnings_per_share: 5,
  growth_ratein_eps: 10,
  forward_multiple: 20,
  market_price: 100,
  holding_period: 3,
} as const satisfies ValuationModelInput;

const scenarios: Scenarios = {
  bear: { growth: 0, forward_multiple: 15, probability: 25 },
  base: { probability: 50 },
  bull: { growth: 20, forward_multiple: 25, probability: 25 },
};

describe('bear / base / bull values', () => {
  it('values each case with its own growth and multiple and weights them by probability', () => {
    const v = scenarioValues(pe, scenarios);
    expect(v.cases.map((c) => c.name)).toEqual(['bear', 'base', 'bull']);
    expect(v.cases.map((c) => (c.computed.ok ? c.computed.intrinsicValuePerShare : null))).toEqual([
      75, 133.1, 216,
    ]);
    // 0.25 x 75 + 0.5 x 133.1 + 0.25 x 216 = 18.75 + 66.55 + 54
    expect(v.weightedValue).toBe(139.3);
    expect(v.weightedUpsidePercent).toBe(39.3);
  });

  it('weights exactly where floats drift: thirds of 0.1-cent values', () => {
    const v = scenarioValues(
      { ...pe, earnings_per_share: 0.1, growth_ratein_eps: 0, forward_multiple: 3 },
      {
        bear: { growth: 0, forward_multiple: 1, probability: 33.3 },
        base: { probability: 33.4 },
        bull: { growth: 0, forward_multiple: 2, probability: 33.3 },
      },
    );
    // 0.333 x 0.1 + 0.334 x 0.3 + 0.333 x 0.2 = 0.0333 + 0.1002 + 0.0666
    expect(v.weightedValue).toBe(0.2001);
  });

  it('has no weighted value when a case has no valuation, and names that case', () => {
    const bad = { ...scenarios, bear: { growth: -100, forward_multiple: 15, probability: 25 } };
    expect(scenarioValues(pe, bad).weightedValue).toBeNull();
    expect(scenarioProblem(pe, bad)).toEqual({
      message: 'Bear case: Try another model',
      field: 'scenarios.bear',
    });
    expect(scenarioProblem(pe, scenarios)).toBeNull();
  });
});

describe('scenarios schema', () => {
  it('accepts 25/50/25 and decimal probabilities that add up to exactly 100', () => {
    expect(scenariosSchema.safeParse(scenarios).success).toBe(true);
    const thirds = {
      bear: { ...scenarios.bear, probability: 33.3 },
      base: { probability: 33.4 },
      bull: { ...scenarios.bull, probability: 33.3 },
    };
    expect(scenariosSchema.safeParse(thirds).success).toBe(true);
  });

  it('refuses probabilities that do not add up to 100 with the sum in the message', () => {
    const r = scenariosSchema.safeParse({ ...scenarios, base: { probability: 40 } });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'The bear, base and bull probabilities must add up to 100% (they add up to 90%)',
    ]);
  });

  it("checks each case's inputs like the base ones", () => {
    const r = scenariosSchema.safeParse({
      bear: { growth: -101, forward_multiple: 0, probability: -5 },
      base: { probability: 80 },
      bull: { growth: 'fast', forward_multiple: 20, probability: 25 },
    });
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toMatchObject({
      'bear.growth': 'A growth rate cannot be below -100%',
      'bear.forward_multiple': 'Enter a bear case forward multiple above 0',
      'bear.probability': 'Bear case probability cannot be negative',
      'bull.growth': 'Enter a number for Bull case growth rate',
    });
  });

  it('keeps scenarios optional on a saved payload and refuses unknown case fields', () => {
    const payload = {
      ...pe,
      stock_symbol: 'AAPL',
      intrinsic_value_per_share: 133.1,
      premium: 24.8685199098,
      cumulative_loss: 33.1,
      irr: 10,
      moic: 1.331,
      earnings_per_share_at_endof_hold: 6.655,
    };
    expect(valuationPayloadSchema.parse(payload).scenarios).toBeUndefined();
    expect(valuationPayloadSchema.parse({ ...payload, scenarios }).scenarios).toEqual(scenarios);
    expect(
      valuationPayloadSchema.safeParse({
        ...payload,
        scenarios: { ...scenarios, bull: { ...scenarios.bull, hold: 9 } },
      }).success,
    ).toBe(false);
  });

  it('makes the server check refuse a case without a valuation', () => {
    const payload = {
      ...pe,
      intrinsic_value_per_share: 133.1,
      premium: 24.8685199098,
      cumulative_loss: 33.1,
      irr: 10,
      moic: 1.331,
      earnings_per_share_at_endof_hold: 6.655,
    };
    expect(checkValuation({ ...payload, scenarios }).ok).toBe(true);
    expect(
      checkValuation({
        ...payload,
        scenarios: { ...scenarios, bull: { growth: -100, forward_multiple: 5, probability: 25 } },
      }),
    ).toEqual({ ok: false, message: 'Bull case: Try another model', fields: ['scenarios.bull'] });
  });
});
