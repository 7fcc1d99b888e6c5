import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeValuation, type ValuationComputation, type ValuationModelInput } from './models';
import { valuationInputSchema, VALUATION_BOUNDS as B } from './schemas';
import { checkValuation, toStoredOutputs } from './verify';

const real = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
const positiveUpTo = (max: number) =>
  fc.double({ min: Number.MIN_VALUE, max, noNaN: true, noDefaultInfinity: true });

const common = {
  stock_symbol: fc.constant('TEST'),
  forward_multiple: positiveUpTo(B.multipleMax),
  market_price: positiveUpTo(B.perShareMax),
  holding_period: positiveUpTo(B.holdPeriodMax),
};
const growth = real(B.growthMin, B.growthMax);

/** Inputs the schema accepts, across all four methodologies, edges included. */
const validInput = fc.oneof(
  fc.record({
    valuation_type_id: fc.constant(1 as const),
    ...common,
    earnings_per_share: positiveUpTo(B.perShareMax),
    growth_ratein_eps: growth,
  }),
  fc.record({
    valuation_type_id: fc.constant(2 as const),
    ...common,
    book_value_per_share: positiveUpTo(B.perShareMax),
    growth_in_bookvalue: growth,
  }),
  fc.record({
    valuation_type_id: fc.constant(3 as const),
    ...common,
    revenue_per_share: positiveUpTo(B.perShareMax),
    revenue_per_share_growth_rate: growth,
  }),
  fc.record({
    valuation_type_id: fc.constant(4 as const),
    ...common,
    ebitda: positiveUpTo(B.millionsMax),
    ebitda_growth: growth,
    debt: real(0, B.millionsMax),
    cash_and_cash_equivalents: real(0, B.millionsMax),
    shares_outstanding: positiveUpTo(B.millionsMax),
  }),
);

/** Any number a form could produce, valid or not. */
const anyNumber = fc.oneof(
  fc.double(),
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    -100,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
);
const anyInput = fc.oneof(
  fc.record({
    valuation_type_id: fc.constant(1 as const),
    earnings_per_share: anyNumber,
    growth_ratein_eps: anyNumber,
    forward_multiple: anyNumber,
    market_price: anyNumber,
    holding_period: anyNumber,
  }),
  fc.record({
    valuation_type_id: fc.constant(4 as const),
    ebitda: anyNumber,
    ebitda_growth: anyNumber,
    forward_multiple: anyNumber,
    debt: anyNumber,
    cash_and_cash_equivalents: anyNumber,
    shares_outstanding: anyNumber,
    market_price: anyNumber,
    holding_period: anyNumber,
  }),
);

function everyNumberFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (value && typeof value === 'object') return Object.values(value).every(everyNumberFinite);
  return true;
}

function shownCorrectly(c: ValuationComputation): boolean {
  if (!c.ok) return typeof c.message === 'string' && c.message.length > 0;
  return everyNumberFinite(c) && c.gauge >= 0 && c.gauge <= 100 && c.premiumPercent >= 0;
}

describe('computeValuation over generated inputs', () => {
  it('every schema-valid input gives finite figures or a message, never NaN or Infinity, and the same answer twice', () => {
    fc.assert(
      fc.property(validInput, (input) => {
        expect(valuationInputSchema.safeParse(input).success).toBe(true);
        const first = computeValuation(input);
        expect(shownCorrectly(first)).toBe(true);
        expect(computeValuation(structuredClone(input))).toEqual(first);
      }),
      { numRuns: 400 },
    );
  });

  it('any number a form could produce, NaN and Infinity included, gives finite figures or a message', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        expect(shownCorrectly(computeValuation(input as ValuationModelInput))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('the server check accepts the outputs the same math produced', () => {
    fc.assert(
      fc.property(validInput, (input) => {
        const c = computeValuation(input);
        if (!c.ok) return;
        expect(checkValuation({ ...input, ...toStoredOutputs(c) }).ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('for everyday assumptions the figures match the spec formulas evaluated in floating point', () => {
    const everyday = fc.record({
      valuation_type_id: fc.constant(1 as const),
      earnings_per_share: real(0.01, 1000),
      growth_ratein_eps: real(-50, 50),
      forward_multiple: real(1, 100),
      market_price: real(1, 1000),
      holding_period: real(0.25, 30),
    });
    const close = (actual: number, expected: number) =>
      Math.abs(actual - expected) <= Math.max(1e-9, Math.abs(expected) * 1e-9);
    fc.assert(
      fc.property(everyday, (input) => {
        const c = computeValuation(input);
        if (!c.ok) return;
        const eps =
          input.earnings_per_share * (1 + input.growth_ratein_eps / 100) ** input.holding_period;
        const intrinsic = eps * input.forward_multiple;
        const ratio = intrinsic / input.market_price;
        expect(close(c.endOfHoldValue, eps)).toBe(true);
        expect(close(c.intrinsicValuePerShare, intrinsic)).toBe(true);
        expect(close(c.premiumPercent, Math.abs(input.market_price / intrinsic - 1) * 100)).toBe(
          true,
        );
        expect(close(c.expectedGainPercent, (ratio - 1) * 100)).toBe(true);
        expect(close(c.irrPercent, (ratio ** (1 / input.holding_period) - 1) * 100)).toBe(true);
        expect(close(c.moic, ratio)).toBe(true);
        if (Math.abs(input.market_price - intrinsic) > intrinsic * 1e-12) {
          expect(c.priceAtOrBelowIntrinsic).toBe(input.market_price <= intrinsic);
        }
      }),
      { numRuns: 300 },
    );
  });
});
