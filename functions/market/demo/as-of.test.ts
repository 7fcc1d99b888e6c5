import { describe, expect, it } from 'vitest';
import { demoStable } from './index';

type Bar = { date: string; close: number; volume: number };
type Dividend = { date: string; adjDividend: number; dividend: number };

const bars = (asOf: string) =>
  demoStable(
    'historical-price-eod/full',
    { symbol: 'NVDA', from: '2024-05-01', to: '2024-06-07' },
    new Date(asOf),
  ) as Bar[];
const dividends = (asOf: string) =>
  demoStable('dividends', { symbol: 'NVDA' }, new Date(asOf)) as Dividend[];

describe('the demo market as the provider serves it on its day', () => {
  it("before NVDA's 10-for-1 split, its prices are in the old shares: ten times today's, volumes a tenth", () => {
    const then = bars('2024-06-07T21:00:00Z');
    const now = bars('2026-03-10T15:00:00Z');
    expect(then.length).toBeGreaterThan(10);
    for (const bar of then) {
      const today = now.find((b) => b.date === bar.date)!;
      expect(bar.close).toBeCloseTo(today.close * 10, 4);
      expect(bar.volume).toBe(Math.round(today.volume / 10));
    }
    const quoteThen = (
      demoStable('quote', { symbol: 'NVDA' }, new Date('2024-06-07T21:00:00Z')) as {
        price: number;
      }[]
    )[0]!;
    expect(quoteThen.price).toBeCloseTo(then.find((b) => b.date === '2024-06-07')!.close, 4);
  });

  it('from the split day on, prices are in the new shares, and a dividend keeps what it paid a share on its day', () => {
    const onTheDay = bars('2024-06-10T13:00:00Z');
    const now = bars('2026-03-10T15:00:00Z');
    expect(onTheDay.map((b) => b.close)).toEqual(now.map((b) => b.close));
    const before = dividends('2024-05-28T15:00:00Z');
    const after = dividends('2026-03-10T15:00:00Z');
    const paid = after.find((d) => d.date < '2024-06-10')!;
    const then = before.find((d) => d.date === paid.date)!;
    // Split-adjusted on the day served; the amount paid a share stays what it was.
    expect(then.adjDividend).toBeCloseTo(paid.adjDividend * 10, 4);
    expect(then.dividend).toBe(paid.dividend);
    expect(paid.dividend).toBeCloseTo(paid.adjDividend * 10, 4);
    // A dividend after the split was paid on the new shares.
    const later = after.find((d) => d.date > '2024-06-10')!;
    expect(later.dividend).toBe(later.adjDividend);
  });

  it('a symbol with no split to come is served as generated', () => {
    const ko = (asOf: string) =>
      demoStable(
        'historical-price-eod/full',
        { symbol: 'KO', from: '2024-05-01', to: '2024-06-07' },
        new Date(asOf),
      ) as Bar[];
    expect(ko('2024-06-07T21:00:00Z').map((b) => b.close)).toEqual(
      ko('2026-03-10T15:00:00Z').map((b) => b.close),
    );
  });
});
