import { describe, expect, it } from 'vitest';
import {
  conditionMet,
  describeAlert,
  evaluateAlert,
  toCents,
  triggerLevel,
  type AlertCondition,
  type AlertSide,
} from './rules';

const intrinsicBelow: AlertCondition = {
  kind: 'intrinsic',
  direction: 'below',
  thresholdCents: 15_000,
  marginPct: 0,
};
const margin20: AlertCondition = {
  kind: 'margin',
  direction: 'below',
  thresholdCents: 15_000,
  marginPct: 20,
};
const sellAt: AlertCondition = {
  kind: 'price',
  direction: 'above',
  thresholdCents: 21_050,
  marginPct: 0,
};

/** Runs a price path through a rule, as the quote job does minute after minute. */
function run(condition: AlertCondition, prices: number[]) {
  let side: AlertSide = 'clear';
  const fired: number[] = [];
  for (const price of prices) {
    const next = evaluateAlert(condition, side, toCents(price));
    if (next.fire) fired.push(price);
    side = next.side;
  }
  return { fired, side };
}

describe('toCents', () => {
  it('rounds to whole cents without float drift', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(187.43)).toBe(18_743);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(99.994)).toBe(9_999);
  });
  it('refuses a price that is not a number', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('conditionMet', () => {
  it('intrinsic below: met at exactly the intrinsic value, not one cent above', () => {
    expect(conditionMet(intrinsicBelow, 15_000)).toBe(true);
    expect(conditionMet(intrinsicBelow, 15_001)).toBe(false);
  });
  it('intrinsic above: met at the intrinsic value and over it', () => {
    const above = { ...intrinsicBelow, direction: 'above' as const };
    expect(conditionMet(above, 15_000)).toBe(true);
    expect(conditionMet(above, 14_999)).toBe(false);
  });
  it('margin of safety 20 % of $150.00: met at $120.00, not at $120.01', () => {
    expect(conditionMet(margin20, 12_000)).toBe(true);
    expect(conditionMet(margin20, 12_001)).toBe(false);
  });
  it('margin of safety 33 % of $100.01 is $67.0067: $67.00 meets it, $67.01 does not', () => {
    const m: AlertCondition = {
      kind: 'margin',
      direction: 'below',
      thresholdCents: 10_001,
      marginPct: 33,
    };
    expect(conditionMet(m, 6_700)).toBe(true);
    expect(conditionMet(m, 6_701)).toBe(false);
  });
  it('sell price: met when the price rises to or past it', () => {
    expect(conditionMet(sellAt, 21_049)).toBe(false);
    expect(conditionMet(sellAt, 21_050)).toBe(true);
  });
});

describe('evaluateAlert: one email per crossing', () => {
  it('fires once when the price falls through the intrinsic value and stays there', () => {
    expect(run(intrinsicBelow, [160, 155, 149.99, 148, 140, 150])).toEqual({
      fired: [149.99],
      side: 'hit',
    });
  });
  it('re-arms when the price crosses back and fires again on the next crossing', () => {
    expect(run(intrinsicBelow, [151, 149, 150.01, 152, 150, 149])).toEqual({
      fired: [149, 150],
      side: 'hit',
    });
  });
  it('fires at the first evaluation when the condition already holds (a new rule is armed)', () => {
    expect(evaluateAlert(margin20, 'clear', 11_000)).toEqual({ side: 'hit', fire: true });
  });
  it('stays quiet and keeps its side while a fired rule remains crossed', () => {
    expect(evaluateAlert(margin20, 'hit', 11_000)).toEqual({ side: 'hit', fire: false });
  });
  it('a rise past a sell price fires once, a dip re-arms it without firing', () => {
    expect(run(sellAt, [200, 210.5, 215, 209, 211])).toEqual({ fired: [210.5, 211], side: 'hit' });
  });
});

describe('triggerLevel and describeAlert', () => {
  it('gives the price that fires the rule', () => {
    expect(triggerLevel(margin20)).toBe(120);
    expect(triggerLevel(sellAt)).toBe(210.5);
    expect(triggerLevel({ ...margin20, thresholdCents: 10_001, marginPct: 33 })).toBe(67.0067);
  });
  it('says what the rule watches for', () => {
    expect(describeAlert('AAPL', intrinsicBelow)).toBe(
      'AAPL at or below your intrinsic value of $150.00',
    );
    expect(describeAlert('AAPL', margin20)).toBe(
      'AAPL with a 20% margin of safety to your intrinsic value of $150.00',
    );
    expect(describeAlert('AAPL', { ...margin20, marginPct: 8 })).toBe(
      'AAPL with an 8% margin of safety to your intrinsic value of $150.00',
    );
    expect(describeAlert('MSFT', { ...sellAt, thresholdCents: 123_456_789 })).toBe(
      'MSFT at or above $1,234,567.89',
    );
    expect(describeAlert('MSFT', { ...sellAt, direction: 'below' })).toBe(
      'MSFT at or below $210.50',
    );
  });
});
