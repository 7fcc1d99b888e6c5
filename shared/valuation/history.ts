import { D, dec, toOutput } from './decimal';

/** The windows of the growth and average-multiple hints (spec/001 section 9). */
export const HISTORY_WINDOWS = [3, 5, 7, 10] as const;
export type HistoryWindow = (typeof HISTORY_WINDOWS)[number];

/** One entry of a yearly series; `year` is the fiscal year, null when unknown. */
export interface YearValue {
  year: number | null;
  value: number | null | undefined;
}

/** A figure for one window; null is shown as 'N/A'. */
export interface WindowFigure {
  window: HistoryWindow;
  value: number | null;
}

export const NOT_AVAILABLE = 'N/A';

function usable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Compound annual growth rate, percent, between the latest entry and the entry `n`
 * entries earlier: series newest first, latest at index 0, the earlier one at index n,
 * so a window of n spans n yearly steps and the rate is (latest / earlier)^(1/n) - 1
 * (10-year growth needs 11 annual entries, as the panels fetch).
 * N/A (null) when the earlier value is missing, negative or zero (no rate from a zero
 * start), or when the latest value is missing or negative (no real rate from a change of
 * sign); a latest value of zero gives -100%.
 */
export function growthRate(seriesNewestFirst: readonly YearValue[], n: number): number | null {
  const latest = seriesNewestFirst[0]?.value;
  const earlier = seriesNewestFirst[n]?.value;
  if (!usable(latest) || !usable(earlier) || earlier <= 0 || latest < 0) return null;
  const ratio = dec(latest).div(dec(earlier));
  const rate = ratio.pow(new D(1).div(n)).minus(1).times(100);
  return toOutput(rate);
}

export function historicalGrowth(seriesNewestFirst: readonly YearValue[]): WindowFigure[] {
  return HISTORY_WINDOWS.map((window) => ({
    window,
    value: growthRate(seriesNewestFirst, window),
  }));
}

/**
 * Mean of the latest `n` entries (indexes 0..n-1). N/A (null) when there are fewer than
 * n entries, any of them is missing or negative, their years are not consecutive
 * (each one year before the previous), or their sum is not positive.
 */
export function averageMultiple(seriesNewestFirst: readonly YearValue[], n: number): number | null {
  const window = seriesNewestFirst.slice(0, n);
  if (window.length < n || n <= 0) return null;
  let sum = new D(0);
  for (let i = 0; i < window.length; i += 1) {
    const entry = window[i]!;
    if (!usable(entry.value) || entry.value < 0) return null;
    if (i > 0) {
      const newer = window[i - 1]!.year;
      if (newer === null || entry.year === null || newer - entry.year !== 1) return null;
    }
    sum = sum.plus(dec(entry.value));
  }
  if (sum.lte(0)) return null;
  return toOutput(sum.div(n));
}

export function averageMultiples(seriesNewestFirst: readonly YearValue[]): WindowFigure[] {
  return HISTORY_WINDOWS.map((window) => ({
    window,
    value: averageMultiple(seriesNewestFirst, window),
  }));
}

/** The first window with a figure, shortest first (the most recent trend), or null. */
export function firstAvailable(figures: readonly WindowFigure[]): WindowFigure | null {
  return figures.find((f) => f.value !== null) ?? null;
}
