import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DCF_MESSAGES, dcfImpliedGrowth } from './dcf';
import { computeValuation, type DCFInput, type ValuationResult } from './models';
import { dcfInputSchema } from './schemas';
import { dcfSensitivityGrid, impliedGrowth } from './sensitivity';
import { scenarioValues } from './scenarios';
import { checkValuation, toStoredOutputs } from './verify';
import { VALUATION_MESSAGES } from './outcomes';

const dcf = (over: Partial<Omit<DCFInput, 'valuation_type_id'>> = {}): DCFInput => ({
  valuation_type_id: 5,
  free_cash_flow_per_share: 1,
  stage_one_growth: 10,
  stage_one_years: 2,
  terminal_growth: 2,
  discount_rate: 10,
  market_price: 10,
  holding_period: 1,
  ...over,
});

function ok(input: DCFInput): ValuationResult {
  const computed = computeValuation(input);
  if (!computed.ok) throw new Error(`expected a valuation, got: ${computed.message}`);
  return computed;
}

describe('DCF valuation (type 5), cases worked by hand', () => {
  it('FCF 1 growing 10% for 2 years, terminal 2%, discounted at 10%: IV 14.75 against a price of 10', () => {
    // FCF1 = 1 x 1.1 = 1.1; FCF2 = 1 x 1.1^2 = 1.21
    // PV1 = 1.1 / 1.1 + 1.21 / 1.1^2 = 1 + 1 = 2
    // TV = 1.21 x 1.02 / (0.10 - 0.02) = 1.2342 / 0.08 = 15.4275; PVTV = 15.4275 / 1.21 = 12.75
    // IV = 2 + 12.75 = 14.75; TV share = 12.75 / 14.75 = 86.4406779661 % (above 75 %: warning)
    // margin of safety = |10 / 14.75 - 1| = 32.2033898305 %; gain = 14.75 / 10 - 1 = 47.5 %
    // IRR over 1 year = 47.5 %; MOIC = 1.475
    const r = ok(dcf());
    expect(r.endOfHoldValue).toBe(1.21);
    expect(r.dcf).toEqual({
      pvStageOne: 2,
      terminalValue: 15.4275,
      pvTerminalValue: 12.75,
      terminalValueSharePercent: 86.4406779661,
      terminalValueWarning: true,
    });
    expect(r.intrinsicValuePerShare).toBe(14.75);
    expect(r.labels.margin).toBe('Margin Of Safety');
    expect(r.premiumPercent).toBe(32.2033898305);
    expect(r.expectedGainPercent).toBe(47.5);
    expect(r.irrPercent).toBe(47.5);
    expect(r.moic).toBe(1.475);
    expect(toStoredOutputs(r)).toEqual({
      fcf_at_end_of_stage_one: 1.21,
      intrinsic_value_per_share: 14.75,
      premium: 32.2033898305,
      cumulative_loss: 47.5,
      irr: 47.5,
      moic: 1.475,
      pv_stage_one: 2,
      terminal_value: 15.4275,
      pv_terminal_value: 12.75,
      terminal_value_share: 86.4406779661,
    });
  });

  it('one year of stage one: FCF 2 at 5%, terminal 3%, rate 8% gives exactly 42, priced at 50 a premium', () => {
    // FCF1 = 2 x 1.05 = 2.1; PV1 = 2.1 / 1.08 = 1.9444444444...
    // TV = 2.1 x 1.03 / 0.05 = 43.26; PVTV = 43.26 / 1.08 = 40.0555555555...
    // IV = (2.1 + 43.26) / 1.08 = 45.36 / 1.08 = 42
    // premium = |50 / 42 - 1| = 19.0476190476 %; loss = 42 / 50 - 1 = -16 %
    // IRR over 2 years = (0.84)^(1/2) - 1 = 0.9165151390 - 1 = -8.3484861009 %; MOIC 0.84
    const r = ok(
      dcf({
        free_cash_flow_per_share: 2,
        stage_one_growth: 5,
        stage_one_years: 1,
        terminal_growth: 3,
        discount_rate: 8,
        market_price: 50,
        holding_period: 2,
      }),
    );
    expect(r.dcf?.pvStageOne).toBe(1.9444444444);
    expect(r.dcf?.terminalValue).toBe(43.26);
    expect(r.dcf?.pvTerminalValue).toBe(40.0555555556);
    expect(r.intrinsicValuePerShare).toBe(42);
    expect(r.labels.margin).toBe('Premium');
    expect(r.labels.gain).toBe('Expected Loss');
    expect(r.premiumPercent).toBe(19.0476190476);
    expect(r.expectedGainPercent).toBe(-16);
    expect(r.irrPercent).toBe(-8.3484861009);
    expect(r.moic).toBe(0.84);
  });

  it('the defaults (10 years, 2.5% terminal, 9% rate) on FCF 5 growing 8%: IV 119.45 to the cent', () => {
    // FCF10 = 5 x 1.08^10 = 10.7946249864
    // PV1 = sum of 5 x 1.08^t / 1.09^t, t = 1..10 = 47.5452449324
    // TV = 10.7946249864 x 1.025 / 0.065 = 170.2229324773; PVTV = TV / 1.09^10 = 71.9040062599
    // IV = 119.4492511922; TV share 60.196280464 % (no warning)
    const r = ok(
      dcf({
        free_cash_flow_per_share: 5,
        stage_one_growth: 8,
        stage_one_years: 10,
        terminal_growth: 2.5,
        discount_rate: 9,
        market_price: 100,
        holding_period: 5,
      }),
    );
    expect(r.endOfHoldValue).toBe(10.7946249864);
    expect(r.dcf?.pvStageOne).toBe(47.5452449324);
    expect(r.dcf?.terminalValue).toBe(170.2229324773);
    expect(r.dcf?.pvTerminalValue).toBe(71.9040062599);
    expect(r.intrinsicValuePerShare).toBe(119.4492511922);
    expect(r.dcf?.terminalValueSharePercent).toBe(60.196280464);
    expect(r.dcf?.terminalValueWarning).toBe(false);
    expect(r.premiumPercent).toBe(16.2824387747);
    expect(r.expectedGainPercent).toBe(19.4492511922);
    expect(r.irrPercent).toBe(3.618353325);
    expect(r.moic).toBe(1.1944925119);
  });
});

describe('DCF rules', () => {
  it('FCF at or below zero gives the seed message in the modal', () => {
    for (const fcf of [0, -1.5]) {
      const r = computeValuation(dcf({ free_cash_flow_per_share: fcf }));
      expect(r).toMatchObject({
        ok: false,
        kind: 'base-not-positive',
        modal: true,
        message: VALUATION_MESSAGES.baseNotPositive,
        field: 'free_cash_flow_per_share',
      });
    }
  });

  it('a discount rate at or below terminal growth names both', () => {
    for (const [r, gT] of [
      [3, 3],
      [2, 4],
    ] as const) {
      const c = computeValuation(dcf({ discount_rate: r, terminal_growth: gT }));
      expect(c).toMatchObject({
        ok: false,
        kind: 'discount-not-above-terminal',
        field: 'discount_rate',
        message: `The discount rate (${r}%) must be above the terminal growth rate (${gT}%)`,
      });
    }
    expect(DCF_MESSAGES.discountNotAboveTerminal(3, 3)).toContain('terminal growth rate (3%)');
  });

  it('stage-one years are whole, 1 to 20', () => {
    for (const years of [0, 21, 2.5, -1])
      expect(computeValuation(dcf({ stage_one_years: years }))).toMatchObject({
        ok: false,
        kind: 'stage-one-years',
        message: DCF_MESSAGES.stageOneYears,
      });
    expect(computeValuation(dcf({ stage_one_years: 20 })).ok).toBe(true);
  });

  it('never gives NaN or Infinity, whatever the numbers', () => {
    const anyNumber = fc.oneof(
      fc.double(),
      fc.constantFrom(0, -0, 1, -100, 100, Number.NaN, Infinity, -Infinity, 1e308, 5e-324),
      fc.integer({ min: -5, max: 30 }),
    );
    fc.assert(
      fc.property(
        anyNumber,
        anyNumber,
        anyNumber,
        anyNumber,
        anyNumber,
        anyNumber,
        anyNumber,
        (f, g, n, gT, r, p, h) => {
          const input = dcf({
            free_cash_flow_per_share: f,
            stage_one_growth: g,
            stage_one_years: n,
            terminal_growth: gT,
            discount_rate: r,
            market_price: p,
            holding_period: h,
          });
          const c = computeValuation(input);
          if (c.ok) {
            const figures = [
              c.intrinsicValuePerShare,
              c.premiumPercent,
              c.expectedGainPercent,
              c.irrPercent,
              c.moic,
              c.endOfHoldValue,
              ...Object.values(c.dcf ?? {}).filter((v) => typeof v === 'number'),
            ];
            for (const v of figures) expect(Number.isFinite(v)).toBe(true);
          } else {
            expect(c.message.length).toBeGreaterThan(0);
          }
          const implied = impliedGrowth(input);
          if (implied.ok) expect(Number.isFinite(implied.growthPercent)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the schema refuses r at or below gT and fractional years, with sentences', () => {
    const payload = { ...dcf(), stock_symbol: 'TEST' };
    const messages = (v: unknown) => {
      const parsed = dcfInputSchema.safeParse(v);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(messages(payload)).toEqual([]);
    expect(messages({ ...payload, discount_rate: 2 })).toEqual([
      'The discount rate (2%) must be above the terminal growth rate (2%)',
    ]);
    expect(messages({ ...payload, stage_one_years: 2.5 })).toEqual([DCF_MESSAGES.stageOneYears]);
    expect(messages({ ...payload, free_cash_flow_per_share: 0 })).toEqual([
      VALUATION_MESSAGES.baseNotPositive,
    ]);
  });
});

describe('DCF implied growth (reverse DCF)', () => {
  it('one year of stage one: IV = 40 x (1 + g), so a price of 50 implies 25% and 42 implies 5%', () => {
    // IV = 2 (1 + g) / 1.08 + 2 (1 + g) x 1.03 / 0.05 / 1.08 = 2 (1 + g) x 21.6 / 1.08 = 40 (1 + g)
    const base = dcf({
      free_cash_flow_per_share: 2,
      stage_one_years: 1,
      terminal_growth: 3,
      discount_rate: 8,
    });
    const at50 = dcfImpliedGrowth({ ...base, market_price: 50 });
    expect(at50.ok && Math.abs(at50.growthPercent - 25)).toBeLessThan(1e-8);
    const at42 = dcfImpliedGrowth({ ...base, market_price: 42 });
    expect(at42.ok && Math.abs(at42.growthPercent - 5)).toBeLessThan(1e-8);
  });

  it('is N/A when no growth from -50% to +100% reaches the price', () => {
    // At -50%: IV = 40 x 0.5 = 20 > 15; at +100%: IV = 80 < 90.
    const base = dcf({
      free_cash_flow_per_share: 2,
      stage_one_years: 1,
      terminal_growth: 3,
      discount_rate: 8,
    });
    expect(dcfImpliedGrowth({ ...base, market_price: 15 })).toEqual({
      ok: false,
      reason: 'not-found',
      message: DCF_MESSAGES.impliedGrowthNotFound,
    });
    expect(dcfImpliedGrowth({ ...base, market_price: 90 }).ok).toBe(false);
    expect(dcfImpliedGrowth({ ...base, market_price: 20 })).toEqual({
      ok: true,
      growthPercent: -50,
    });
  });
});

/* ------------------------------------------------------------ properties */

const realIn = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
const reasonable = fc
  .record({
    free_cash_flow_per_share: realIn(0.01, 500),
    stage_one_growth: realIn(-40, 60),
    stage_one_years: fc.integer({ min: 1, max: 20 }),
    terminal_growth: realIn(-5, 5),
    spread: realIn(0.5, 15),
    market_price: realIn(0.5, 5000),
    holding_period: realIn(0.5, 30),
  })
  .map(({ spread, ...v }): DCFInput => ({
    valuation_type_id: 5,
    ...v,
    discount_rate: v.terminal_growth + spread,
  }));

describe('DCF properties', () => {
  // Inputs whose figures are too large to show (an IRR over a quadrillion percent) have no value
  // to compare: those runs are skipped (the message is checked by the NaN/Infinity property).
  const iv = (input: DCFInput) => {
    const c = computeValuation(input);
    return c.ok ? c.intrinsicValuePerShare : null;
  };

  it('IV rises with stage-one growth and terminal growth, and falls with the discount rate', () => {
    fc.assert(
      fc.property(reasonable, realIn(0.1, 10), (input, step) => {
        if (input.discount_rate <= 0.2 || input.discount_rate > 100) return;
        const at = iv(input);
        const higherG = iv({ ...input, stage_one_growth: input.stage_one_growth + step });
        const gT = Math.min(input.terminal_growth + step, input.discount_rate - 0.1);
        const higherGT = gT > input.terminal_growth ? iv({ ...input, terminal_growth: gT }) : null;
        const higherR = iv({ ...input, discount_rate: input.discount_rate + step });
        if (at === null) return;
        if (higherG !== null) expect(higherG).toBeGreaterThan(at);
        if (higherGT !== null) expect(higherGT).toBeGreaterThan(at);
        if (higherR !== null) expect(higherR).toBeLessThan(at);
      }),
      { numRuns: 200 },
    );
  });

  it('the implied growth put back in gives the price within a cent', () => {
    fc.assert(
      fc.property(reasonable, (input) => {
        if (input.discount_rate <= 0 || input.discount_rate > 100) return;
        const implied = dcfImpliedGrowth(input);
        if (!implied.ok) return;
        const back = iv({ ...input, stage_one_growth: implied.growthPercent });
        expect(back).not.toBeNull();
        expect(Math.abs(back! - input.market_price)).toBeLessThan(0.01);
      }),
      { numRuns: 200 },
    );
  });

  it('the server check agrees with the outputs the screen computed, and refuses changed ones', () => {
    fc.assert(
      fc.property(reasonable, (input) => {
        if (input.discount_rate <= 0 || input.discount_rate > 100) return;
        const c = computeValuation(input);
        if (!c.ok) return;
        const r = c;
        const outputs = toStoredOutputs(r);
        expect(checkValuation({ ...input, ...outputs }).ok).toBe(true);
        const wrong = { ...outputs, pv_terminal_value: (outputs.pv_terminal_value ?? 0) + 1 };
        expect(checkValuation({ ...input, ...wrong }).ok).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});

describe('DCF grid and scenarios', () => {
  it('rows are discount rates, columns terminal growth; the centre cell is the valuation itself', () => {
    const input = dcf({
      free_cash_flow_per_share: 5,
      stage_one_growth: 8,
      stage_one_years: 10,
      terminal_growth: 2.5,
      discount_rate: 9,
      market_price: 100,
      holding_period: 5,
    });
    const grid = dcfSensitivityGrid(input)!;
    expect(grid.discountRates).toEqual([7, 8, 9, 10, 11]);
    expect(grid.terminalGrowthRates).toEqual([1.5, 2, 2.5, 3, 3.5]);
    const centre = grid.rows[2]![2]!;
    expect(centre.current).toBe(true);
    expect(centre.intrinsicValuePerShare).toBe(119.4492511922);
    expect(centre.irrPercent).toBe(3.618353325);
    // Every cell equals computeValuation at its rates.
    for (const row of grid.rows)
      for (const cell of row) {
        const c = computeValuation({
          ...input,
          discount_rate: cell.discountRatePercent,
          terminal_growth: cell.terminalGrowthPercent,
        });
        expect(cell.intrinsicValuePerShare).toBe(c.ok ? c.intrinsicValuePerShare : null);
      }
    // IV falls down a column and rises along a row.
    expect(grid.rows[0]![2]!.intrinsicValuePerShare!).toBeGreaterThan(
      centre.intrinsicValuePerShare!,
    );
    expect(grid.rows[2]![4]!.intrinsicValuePerShare!).toBeGreaterThan(
      centre.intrinsicValuePerShare!,
    );
  });

  it('a cell whose rate is not above terminal growth has no value', () => {
    const grid = dcfSensitivityGrid(dcf({ discount_rate: 3, terminal_growth: 2 }))!;
    // rates 2, 2.5, 3, 3.5, 4 (step 0.5) by terminal growth 1.5 .. 2.5 (step 0.25)
    expect(grid.rows[0]![2]!.intrinsicValuePerShare).toBeNull();
    expect(grid.rows[4]![0]!.intrinsicValuePerShare).not.toBeNull();
  });

  it('bear and bull change stage-one growth and discount rate; the weighted value is exact', () => {
    const input = dcf();
    const values = scenarioValues(input, {
      bear: { growth: 0, discount_rate: 12, probability: 25 },
      base: { probability: 50 },
      bull: { growth: 10, discount_rate: 8, probability: 25 },
    });
    // bear: FCF 1 flat, r 12%: PV1 = 1/1.12 + 1/1.12^2; TV = 1.02/0.10 = 10.2; PVTV = 10.2/1.2544
    //       IV = 0.8928571429 + 0.7971938776 + 8.1313775510 = 9.8214285714
    const bear = values.cases[0]!;
    expect(bear.discountRate).toBe(12);
    expect(bear.forwardMultiple).toBeNull();
    expect(bear.computed.ok && bear.computed.intrinsicValuePerShare).toBe(9.8214285714);
    expect(values.cases[1]!.computed.ok && values.cases[1]!.computed.intrinsicValuePerShare).toBe(
      14.75,
    );
    const bull = values.cases[2]!;
    const bullIv = bull.computed.ok ? bull.computed.intrinsicValuePerShare : NaN;
    expect(values.weightedValue).toBeCloseTo(0.25 * 9.8214285714 + 0.5 * 14.75 + 0.25 * bullIv, 9);
  });
});
