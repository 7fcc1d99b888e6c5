import { describe, expect, it } from 'vitest';
import {
  averageMultiple,
  averageMultiples,
  growthRate,
  historicalGrowth,
  type YearValue,
} from './history';

/** Newest first, one entry per year ending at 2024. */
function yearly(values: (number | null)[]): YearValue[] {
  return values.map((value, i) => ({ year: 2024 - i, value }));
}

describe('historical growth: compound annual rate between the latest value and the one n entries earlier', () => {
  it('133.1 now against 100 three entries earlier is 10% a year', () => {
    expect(growthRate(yearly([133.1, 120, 110, 100]), 3)).toBe(10);
  });

  it('5-entry window: 161.051 against 100 five entries earlier is 10% a year', () => {
    expect(growthRate(yearly([161.051, 1, 1, 1, 1, 100]), 5)).toBe(10);
  });

  it('7-entry window: 80 against 50 is 6.9448800053% a year', () => {
    expect(growthRate(yearly([80, 1, 1, 1, 1, 1, 1, 50]), 7)).toBe(6.9448800053);
  });

  it('10-entry window needs 11 entries: 2.5 against 1.25 is 7.1773462536% a year', () => {
    const eleven = yearly([2.5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.25]);
    expect(growthRate(eleven, 10)).toBe(7.1773462536);
    expect(growthRate(eleven.slice(0, 10), 10)).toBeNull();
  });

  it('a decline is a negative rate: 72.9 against 100 three entries earlier is -10%', () => {
    expect(growthRate(yearly([72.9, 0, 0, 100]), 3)).toBe(-10);
  });

  it('N/A when the earlier value is negative', () => {
    expect(growthRate(yearly([5, 1, 1, -2]), 3)).toBeNull();
  });

  it('N/A when the earlier value is zero (no rate from a zero start)', () => {
    expect(growthRate(yearly([5, 1, 1, 0]), 3)).toBeNull();
  });

  it('N/A when the earlier value is missing', () => {
    expect(growthRate(yearly([5, 1, 1, null]), 3)).toBeNull();
    expect(growthRate(yearly([5, 1]), 3)).toBeNull();
  });

  it('N/A when the latest value is negative (a change of sign has no rate)', () => {
    expect(growthRate(yearly([-8, 1, 1, 1]), 3)).toBeNull();
  });

  it('a latest value of zero is -100%', () => {
    expect(growthRate(yearly([0, 1, 1, 4]), 3)).toBe(-100);
  });

  it('lists the four windows, N/A where the history is too short', () => {
    expect(historicalGrowth(yearly([161.051, 146.41, 133.1, 121, 110, 100]))).toEqual([
      { window: 3, value: 10 },
      { window: 5, value: 10 },
      { window: 7, value: null },
      { window: 10, value: null },
    ]);
  });
});

describe('average historical multiples over the latest n entries', () => {
  it('mean of 10, 20, 30 over consecutive years is 20', () => {
    expect(averageMultiple(yearly([10, 20, 30, 99]), 3)).toBe(20);
  });

  it('averages in decimal: 0.1, 0.2, 0.3 is exactly 0.2', () => {
    expect(averageMultiple(yearly([0.1, 0.2, 0.3]), 3)).toBe(0.2);
  });

  it('N/A when any value in the window is negative', () => {
    expect(averageMultiple(yearly([10, -1, 30]), 3)).toBeNull();
  });

  it('a negative value outside the window does not matter', () => {
    expect(averageMultiple(yearly([10, 20, 30, -5]), 3)).toBe(20);
  });

  it('N/A when the years are not consecutive', () => {
    const gap: YearValue[] = [
      { year: 2024, value: 10 },
      { year: 2023, value: 20 },
      { year: 2021, value: 30 },
    ];
    expect(averageMultiple(gap, 3)).toBeNull();
  });

  it('N/A when a year is unknown', () => {
    expect(
      averageMultiple(
        [
          { year: 2024, value: 10 },
          { year: null, value: 20 },
          { year: 2022, value: 30 },
        ],
        3,
      ),
    ).toBeNull();
  });

  it('N/A when the sum is not positive (all zeros)', () => {
    expect(averageMultiple(yearly([0, 0, 0]), 3)).toBeNull();
  });

  it('N/A when a value is missing or there are fewer entries than the window', () => {
    expect(averageMultiple(yearly([10, null, 30]), 3)).toBeNull();
    expect(averageMultiple(yearly([10, 20]), 3)).toBeNull();
  });

  it('lists the four windows', () => {
    expect(averageMultiples(yearly([12, 14, 16, 18, 20, 22, 24]))).toEqual([
      { window: 3, value: 14 },
      { window: 5, value: 16 },
      { window: 7, value: 18 },
      { window: 10, value: null },
    ]);
  });
});
