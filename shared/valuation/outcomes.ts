import { D, type Dec } from './decimal';

/** The product's wording for the valuation panels (spec/001 sections 2 and 5). */
export const VALUATION_MESSAGES = {
  /** The base figure (EPS, book value per share, revenue per share, EBITDA) is zero or below. */
  baseNotPositive: 'Enter positive number or try another model',
  /** The base figure is positive but the intrinsic value per share is not. */
  tryAnotherModel: 'Try another model',
  holdPeriodNotPositive: 'Enter a hold period above 0 years',
  priceNotPositive: 'A market price above 0 is needed to compare with intrinsic value',
  sharesNotPositive: 'Enter shares outstanding above 0',
  growthBelowMinus100: 'A growth rate cannot be below -100%',
} as const;

export const OUTCOME_LABELS = {
  marginOfSafety: 'Margin Of Safety',
  premium: 'Premium',
  expectedGain: 'Expected Gain',
  expectedLoss: 'Expected Loss',
} as const;

export type MarginLabel = typeof OUTCOME_LABELS.marginOfSafety | typeof OUTCOME_LABELS.premium;
export type GainLabel = typeof OUTCOME_LABELS.expectedGain | typeof OUTCOME_LABELS.expectedLoss;

/** Hold period suffix: 'year' when 1 or less, 'years' above 1 (spec/001 section 5). */
export function holdPeriodSuffix(holdingPeriod: number): 'year' | 'years' {
  return holdingPeriod <= 1 ? 'year' : 'years';
}

/** Labels by side: at or below intrinsic value the investor has a margin of safety and an expected gain. */
export function outcomeLabels(priceAtOrBelowIntrinsic: boolean): {
  margin: MarginLabel;
  gain: GainLabel;
} {
  return priceAtOrBelowIntrinsic
    ? { margin: OUTCOME_LABELS.marginOfSafety, gain: OUTCOME_LABELS.expectedGain }
    : { margin: OUTCOME_LABELS.premium, gain: OUTCOME_LABELS.expectedLoss };
}

/** Lower edges (percent) of premium bands 2, 3 and 4: bands are [0,10), [10,25), [25,35), [35,inf). */
export const PREMIUM_BAND_EDGES = [10, 25, 35] as const;
export type PremiumBand = 1 | 2 | 3 | 4;

export function premiumBand(premiumPercent: number): PremiumBand {
  if (premiumPercent >= 35) return 4;
  if (premiumPercent >= 25) return 3;
  if (premiumPercent >= 10) return 2;
  return 1;
}

export type Mood = 'happy' | 'sad';
export interface CharacterMoods {
  band: PremiumBand;
  marketMood: Mood;
  userMood: Mood;
  /** Image names: H1-H4 (happy) and S1-S4 (sad), numbered by band. */
  marketImage: `${'H' | 'S'}${PremiumBand}`;
  userImage: `${'H' | 'S'}${PremiumBand}`;
}

/**
 * Mr. Market and the user's avatar. The band follows the premium (margin of safety);
 * whoever holds the better side is happy: when price is at or below intrinsic value the
 * user is happy and Mr. Market sad; when price is above intrinsic value they swap.
 */
export function characterMoods(
  premiumPercent: number,
  priceAtOrBelowIntrinsic: boolean,
): CharacterMoods {
  const band = premiumBand(premiumPercent);
  const userMood: Mood = priceAtOrBelowIntrinsic ? 'happy' : 'sad';
  const marketMood: Mood = priceAtOrBelowIntrinsic ? 'sad' : 'happy';
  const image = (mood: Mood) => `${mood === 'happy' ? 'H' : 'S'}${band}` as const;
  return { band, marketMood, userMood, marketImage: image(marketMood), userImage: image(userMood) };
}

export const GAUGE = { max: 100, segments: 10 } as const;

/** Gauge reading: the margin of safety (clamped to 0..100) when price is at or below intrinsic value, otherwise 0. */
export function gaugeValue(premiumPercent: number, priceAtOrBelowIntrinsic: boolean): number {
  if (!priceAtOrBelowIntrinsic || !(premiumPercent > 0)) return 0;
  return Math.min(premiumPercent, GAUGE.max);
}

/** Outcomes in full decimal precision. */
export interface DecimalOutcomes {
  priceAtOrBelowIntrinsic: boolean;
  /** |price / intrinsic - 1| x 100 */
  premiumPercent: Dec;
  /** (intrinsic / price - 1) x 100; negative is an expected loss. */
  expectedGainPercent: Dec;
  /** ((intrinsic / price)^(1 / hold) - 1) x 100 */
  irrPercent: Dec;
  /** intrinsic / price */
  moic: Dec;
}

/**
 * Margin of safety or premium, expected gain or loss, IRR and MOIC (spec/001 section 9).
 * Callers guarantee price > 0, intrinsic > 0 and hold > 0 (computeValuation checks first).
 */
export function decimalOutcomes(price: Dec, intrinsic: Dec, holdingPeriod: Dec): DecimalOutcomes {
  const moic = intrinsic.div(price);
  const hundred = new D(100);
  return {
    priceAtOrBelowIntrinsic: price.lte(intrinsic),
    premiumPercent: price.div(intrinsic).minus(1).abs().times(hundred),
    expectedGainPercent: moic.minus(1).times(hundred),
    irrPercent: moic.pow(new D(1).div(holdingPeriod)).minus(1).times(hundred),
    moic,
  };
}
