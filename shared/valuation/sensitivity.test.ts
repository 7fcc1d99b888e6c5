import { describe, expect, it } from 'vitest';
import {
  computeValuation,
  type MultipleModelInput,
  type ValuationModelInput,
  type ValuationResult,
} from './models';
import {
  DEFAULT_TARGET_IRR,
  growthStep,
  IMPLIED_GROWTH_MESSAGES,
  impliedGrowth,
  multipleStep,
  niceStep,
  sensitivityGrid,
  withGrowthAndMultiple,
  withTargetIrr,
} from './sensitivity';

const pe = {
  valuation_type_id: 1,
  earnings_per_share: 5,
  growth_ratein_eps: 10,
  forward_multiple: 20,
  market_price: 100,
  holding_period: 3,
} as const satisfies ValuationModelInput;

const ev = {
  valuation_type_id: 4,
  ebitda: 1000,
  ebitda_growth: 5,
  forward_multiple: 10,
  debt: 2000,
  cash_and_cash_equivalents: 500,
  shares_outstanding: 100,
  market_price: 80,
  holding_period: 2,
} as const satisfies ValuationModelInput;

function ok(input: ValuationModelInput): ValuationResult {
  const c = computeValuation(input);
  if (!c.ok) throw new Error(c.message);
  return c;
}

describe('grid steps', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(0.3).toNumber()).toBe(0.5);
    expect(niceStep(1).toNumber()).toBe(1);
    expect(niceStep(2.1).toNumber()).toBe(2.5);
    expect(niceStep(6).toNumber()).toBe(10);
    expect(niceStep(0.003).toNumber()).toBe(0.01);
  });

  it('steps growth by at least 1 point and a fifth of the rate, multiples by a tenth', () => {
    expect(growthStep(10).toNumber()).toBe(2);
    expect(growthStep(2).toNumber()).toBe(1);
    expect(growthStep(-30).toNumber()).toBe(10);
    expect(multipleStep(20).toNumber()).toBe(2);
    expect(multipleStep(15).toNumber()).toBe(2);
    expect(multipleStep(3).toNumber()).toBe(0.5);
  });
});

describe('sensitivity grid', () => {
  it('centres a 5 x 5 grid of IRR on EPS growth 10% and P/E 20, marking that cell', () => {
    const grid = sensitivityGrid(pe, 15)!;
    expect(grid.growthRates).toEqual([6, 8, 10, 12, 14]);
    expect(grid.multiples).toEqual([16, 18, 20, 22, 24]);
    expect(grid.rows.map((r) => r.map((c) => c.irrPercent))).toEqual([
      [-1.5983167274, 2.3418747682, 6, 9.4216922384, 12.6418083334],
      [0.258318806, 4.2728535374, 8, 11.4862524693, 14.7671254717],
      [2.1149543395, 6.2038323066, 10, 13.5508127002, 16.8924426101],
      [3.9715898729, 8.1348110758, 12, 15.6153729311, 19.0177597485],
      [5.8282254064, 10.065789845, 14, 17.679933162, 21.1430768868],
    ]);
    const current = grid.rows.flat().filter((c) => c.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ growthPercent: 10, forwardMultiple: 20, irrPercent: 10 });
    expect(current[0]!.intrinsicValuePerShare).toBe(133.1);
  });

  it('highlights exactly the cells whose IRR reaches the target, the target included', () => {
    const grid = sensitivityGrid(pe, 12)!;
    const meets = grid.rows.map((r) => r.map((c) => c.meetsTarget));
    expect(meets).toEqual([
      [false, false, false, false, true],
      [false, false, false, false, true],
      [false, false, false, true, true],
      [false, false, true, true, true],
      [false, false, true, true, true],
    ]);
    // 12% growth at 20x is exactly 12%: at the target counts.
    expect(grid.rows[3]![2]!.irrPercent).toBe(12);
  });

  it('re-marks a grid for another target exactly as a grid computed at that target', () => {
    const at15 = sensitivityGrid(pe, 15)!;
    expect(withTargetIrr(at15, 12)).toEqual(sensitivityGrid(pe, 12));
    expect(withTargetIrr(at15, 15)).toBe(at15);
  });

  it('defaults the target IRR to 15%', () => {
    expect(sensitivityGrid(pe)!.targetIrrPercent).toBe(DEFAULT_TARGET_IRR);
    expect(DEFAULT_TARGET_IRR).toBe(15);
  });

  it('agrees cell by cell with computeValuation of the same assumptions (EV/EBITDA)', () => {
    const grid = sensitivityGrid(ev, 10)!;
    expect(grid.growthRates).toEqual([3, 4, 5, 6, 7]);
    expect(grid.multiples).toEqual([8, 9, 10, 11, 12]);
    for (const cell of grid.rows.flat()) {
      const r = ok(withGrowthAndMultiple(ev, cell.growthPercent, cell.forwardMultiple));
      expect(cell.irrPercent).toBe(r.irrPercent);
      expect(cell.intrinsicValuePerShare).toBe(r.intrinsicValuePerShare);
    }
    expect(grid.rows[2]![2]).toMatchObject({ current: true, intrinsicValuePerShare: 95.25 });
  });

  it('leaves cells empty where the assumptions give no value (growth below -100%, debt above the business)', () => {
    const grid = sensitivityGrid({ ...pe, growth_ratein_eps: -95 })!;
    expect(grid.growthRates).toEqual([-135, -115, -95, -75, -55]);
    expect(grid.rows[0]!.every((c) => c.irrPercent === null && !c.meetsTarget)).toBe(true);
    expect(grid.rows[2]![2]!.irrPercent).not.toBeNull();

    const indebted = sensitivityGrid({ ...ev, debt: 10_200 })!;
    // EV 8 x 1102.5 = 8820 < debt - cash = 9700: no equity value.
    expect(indebted.rows[2]![0]!.intrinsicValuePerShare).toBeNull();
    expect(indebted.rows[2]![4]!.intrinsicValuePerShare).toBe(35.3);
  });

  it('gives no grid without a base figure above 0 or a number for the multiple', () => {
    expect(sensitivityGrid({ ...pe, earnings_per_share: -1 })).toBeNull();
    expect(sensitivityGrid({ ...pe, forward_multiple: Number.NaN })).toBeNull();
    expect(sensitivityGrid({ ...pe, market_price: 0 })).toBeNull();
  });
});

describe('implied growth', () => {
  it('solves EPS 2 at 10x over 2 years against a price of 24.2 to exactly 10%', () => {
    const input = {
      ...pe,
      earnings_per_share: 2,
      forward_multiple: 10,
      market_price: 24.2,
      holding_period: 2,
    };
    expect(impliedGrowth(input)).toEqual({ ok: true, growthPercent: 10 });
    expect(ok({ ...input, growth_ratein_eps: 10 }).intrinsicValuePerShare).toBe(24.2);
  });

  it('is the user growth when the price equals the intrinsic value, and 0% when price = base x multiple', () => {
    expect(impliedGrowth({ ...pe, market_price: 133.1 })).toEqual({ ok: true, growthPercent: 10 });
    expect(impliedGrowth(pe)).toEqual({ ok: true, growthPercent: 0 });
  });

  it('solves EV/EBITDA with debt and cash, and plugging it back reproduces the price', () => {
    const solved = impliedGrowth(ev);
    expect(solved).toEqual({ ok: true, growthPercent: -2.5320565519 });
    if (!solved.ok) return;
    const back = ok({ ...ev, ebitda_growth: solved.growthPercent });
    expect(back.intrinsicValuePerShare).toBe(80);
    expect(back.irrPercent).toBe(0);
  });

  it('plugged back over fractional holds and every per-share model, reproduces the price to 8 decimals', () => {
    const cases: MultipleModelInput[] = [
      { ...pe, market_price: 87.35, holding_period: 3.5 },
      {
        valuation_type_id: 2,
        book_value_per_share: 12.4,
        growth_in_bookvalue: 0,
        forward_multiple: 1.7,
        market_price: 41.09,
        holding_period: 7,
      },
      {
        valuation_type_id: 3,
        revenue_per_share: 30,
        revenue_per_share_growth_rate: 0,
        forward_multiple: 2,
        market_price: 45,
        holding_period: 0.5,
      },
    ];
    for (const input of cases) {
      const solved = impliedGrowth(input);
      if (!solved.ok) throw new Error(solved.message);
      const back = ok(withGrowthAndMultiple(input, solved.growthPercent, input.forward_multiple));
      expect(Math.abs(back.intrinsicValuePerShare - input.market_price)).toBeLessThan(1e-8);
    }
    // P/S: end figure 45 / 2 = 22.5 against 30 in half a year: 0.75^2 - 1 = -43.75%.
    expect(impliedGrowth(cases[2]!)).toEqual({ ok: true, growthPercent: -43.75 });
  });

  it('is not meaningful with negative earnings, net cash above the price, or growth beyond the bounds', () => {
    expect(impliedGrowth({ ...pe, earnings_per_share: -2 })).toEqual({
      ok: false,
      reason: 'not-meaningful',
      message: IMPLIED_GROWTH_MESSAGES.baseNotPositive,
    });
    expect(impliedGrowth({ ...ev, cash_and_cash_equivalents: 20_000 })).toMatchObject({
      ok: false,
      message: IMPLIED_GROWTH_MESSAGES.cashCoversPrice,
    });
    expect(
      impliedGrowth({ ...pe, earnings_per_share: 0.01, market_price: 1e9, holding_period: 0.1 }),
    ).toMatchObject({ ok: false, message: IMPLIED_GROWTH_MESSAGES.outOfRange });
    expect(impliedGrowth({ ...pe, holding_period: Number.NaN })).toMatchObject({
      ok: false,
      message: IMPLIED_GROWTH_MESSAGES.notComputable,
    });
  });
});
