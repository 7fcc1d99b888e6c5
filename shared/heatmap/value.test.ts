import { describe, expect, it } from 'vitest';
import { computeRow, NO_FUNDAMENTALS, type Listing } from '../screener/compute';
import { heatmapCompany } from './data';
import { medianValueOn, premiumPercent } from './value';
import { CLOSES, DAY, PRICE, QUARTERS } from './value.fixture';

/*
 * The map's discount (decision 195) against arithmetic done here by hand: the TTM EPS of the
 * quarters public on the day, the company's P/E at each quarter end (close over TTM EPS), their
 * median, the value (TTM EPS x median) and the price's premium to it.
 */

describe('the value at the company’s ten-year median P/E', () => {
  it('is TTM EPS times the median of the P/Es public on the day, as worked by hand', () => {
    // TTM EPS at each quarter end with four quarters: 4, 4.5, 5, 6, 7.
    const ttm = [4, 4.5, 5, 6, 7];
    const closes = [40, 54, 75, 66, 91];
    const pes = closes.map((c, i) => c / ttm[i]!).sort((a, b) => a - b);
    const median = pes[Math.floor(pes.length / 2)]!;
    expect(median).toBe(12);
    const value = 7 * median;
    const got = medianValueOn(QUARTERS, [], CLOSES, DAY);
    expect(got).toEqual({ value, multiple: median, gap: null });
    // The premium, by plain arithmetic: a price of 100 against a value of 84.
    const premium = Math.round((PRICE / value - 1) * 100 * 100) / 100;
    expect(premiumPercent(PRICE, got.value)).toBe(premium);
    expect(premium).toBeCloseTo(19.05, 10);
  });

  it('names a loss and too little history as such, with no value', () => {
    const loss = QUARTERS.map((q, i) => (i >= 5 ? { ...q, epsDiluted: -3 } : q));
    expect(medianValueOn(loss, [], CLOSES, DAY)).toEqual({
      value: null,
      multiple: null,
      gap: 'loss',
    });
    // Five quarters public: two TTM figures, fewer than four P/Es to take a median of.
    expect(medianValueOn(QUARTERS, [], CLOSES, '2024-05-10')).toEqual({
      value: null,
      multiple: null,
      gap: 'history',
    });
    expect(medianValueOn([], [], CLOSES, DAY).gap).toBe('history');
  });

  it('gives the map the premium of the price it shows against the stored value', () => {
    const listing: Listing = {
      symbol: 'ACME',
      company: 'Acme Corp',
      sector: 'Industrials',
      industry: 'Machinery',
      exchange: 'NYSE',
      price: 63,
      change: 1,
      volume: 1,
      marketCap: 5e9,
    };
    const fundamentals = {
      ...NO_FUNDAMENTALS,
      medianValue: 84,
      medianPe: 12,
      medianValueGap: null,
    };
    const company = heatmapCompany(computeRow(listing, fundamentals), fundamentals)!;
    // 63 against 84: 25% below.
    expect(company).toMatchObject({ price: 63, value: 84, multiple: 12, premium: -25, gap: null });
    const none = heatmapCompany(computeRow(listing, NO_FUNDAMENTALS), {
      ...NO_FUNDAMENTALS,
      medianValueGap: 'loss',
    })!;
    expect(none).toMatchObject({ value: null, premium: null, gap: 'loss' });
    expect(premiumPercent(0, 84)).toBeNull();
    expect(premiumPercent(63, null)).toBeNull();
  });
});
