import { describe, expect, it } from 'vitest';
import { D } from './decimal';
import {
  characterMoods,
  decimalOutcomes,
  gaugeValue,
  holdPeriodSuffix,
  outcomeLabels,
  premiumBand,
} from './outcomes';

describe('premium bands 0-10, 10-25, 25-35, 35+', () => {
  it.each([
    [0, 1],
    [9.9999999999, 1],
    [10, 2],
    [24.99, 2],
    [25, 3],
    [34.9999, 3],
    [35, 4],
    [250, 4],
  ] as const)('premium %s%% is band %s', (premium, band) => {
    expect(premiumBand(premium)).toBe(band);
  });
});

describe('Mr. Market and the user swap happy and sad images by side', () => {
  it('price at or below intrinsic value: the user is happy (H), Mr. Market sad (S)', () => {
    expect(characterMoods(30, true)).toEqual({
      band: 3,
      marketMood: 'sad',
      userMood: 'happy',
      marketImage: 'S3',
      userImage: 'H3',
    });
  });

  it('price above intrinsic value: Mr. Market is happy, the user sad', () => {
    expect(characterMoods(40, false)).toEqual({
      band: 4,
      marketMood: 'happy',
      userMood: 'sad',
      marketImage: 'H4',
      userImage: 'S4',
    });
  });
});

describe('labels by side', () => {
  it('at or below intrinsic value: Margin Of Safety and Expected Gain', () => {
    expect(outcomeLabels(true)).toEqual({ margin: 'Margin Of Safety', gain: 'Expected Gain' });
  });
  it('above intrinsic value: Premium and Expected Loss', () => {
    expect(outcomeLabels(false)).toEqual({ margin: 'Premium', gain: 'Expected Loss' });
  });
});

describe('gauge', () => {
  it('shows the margin of safety when price is at or below intrinsic value', () => {
    expect(gaugeValue(42.5, true)).toBe(42.5);
  });
  it('shows 0 when price is above intrinsic value, whatever the premium', () => {
    expect(gaugeValue(42.5, false)).toBe(0);
  });
  it('never passes its maximum of 100', () => {
    expect(gaugeValue(150, true)).toBe(100);
  });
});

describe('hold period suffix', () => {
  it.each([
    [0.5, 'year'],
    [1, 'year'],
    [1.01, 'years'],
    [3, 'years'],
  ] as const)('%s -> %s', (hold, suffix) => {
    expect(holdPeriodSuffix(hold)).toBe(suffix);
  });
});

describe('decimal outcomes', () => {
  it('price 50, intrinsic 200 over 2 years: margin 75%, gain 300%, IRR 100%, MOIC 4', () => {
    const o = decimalOutcomes(new D(50), new D(200), new D(2));
    expect(o.priceAtOrBelowIntrinsic).toBe(true);
    expect(o.premiumPercent.toString()).toBe('75');
    expect(o.expectedGainPercent.toString()).toBe('300');
    expect(o.irrPercent.toString()).toBe('100');
    expect(o.moic.toString()).toBe('4');
  });

  it('price 150, intrinsic 100 over 1 year: premium 50%, loss 33.33...%, IRR equals the loss', () => {
    const o = decimalOutcomes(new D(150), new D(100), new D(1));
    expect(o.priceAtOrBelowIntrinsic).toBe(false);
    expect(o.premiumPercent.toString()).toBe('50');
    expect(o.expectedGainPercent.toDecimalPlaces(10).toString()).toBe('-33.3333333333');
    expect(o.irrPercent.eq(o.expectedGainPercent)).toBe(true);
  });
});
