import { describe, expect, it } from 'vitest';
import type { Forecast } from '../../../../shared/valuation/forecast';
import type { DayValue } from '../../../../shared/valuation/value-line';
import { lineOption } from './components/chart-option';

/*
 * The value line's chart with analysts' estimates (decision 186): dashed from the line's last
 * value on the forecast's first day to each drawn fiscal year, never before that day, with the
 * lowest to highest estimate as a band; without estimates, no forecast series.
 */

const days: DayValue[] = [
  { date: '2026-03-05', price: 100, value: 90, reason: null },
  { date: '2026-03-06', price: 101, value: 90, reason: null },
] as DayValue[];
const t = (day: string) => Date.parse(`${day}T00:00:00Z`);
const range = (avg: number, low: number, high: number) => ({ avg, low, high, analysts: 12 });
const forecast: Forecast = {
  from: '2026-03-08',
  met: { years: 4, met: 3 },
  years: [
    // Ended before the consensus was read: listed, not drawn.
    { date: '2025-12-31', eps: range(5, 4, 6), value: 75, low: 60, high: 90, drawn: false },
    { date: '2026-12-31', eps: range(6, 5, 7), value: 90, low: 75, high: 105, drawn: true },
    { date: '2027-12-31', eps: range(7, 5.5, 8), value: 105, low: 82.5, high: 120, drawn: true },
  ],
};
type Series = { name: string; data: [number, number | null][]; lineStyle?: { type?: string } };
const named = (option: ReturnType<typeof lineOption>, name: string) =>
  (option.series as Series[]).find((s) => s.name === name);

describe('the value line’s chart with estimates', () => {
  it('draws the estimates dashed from the forecast’s first day to each drawn year, the range as a band', () => {
    const option = lineOption(days, [], String, undefined, {
      forecast,
      start: 90,
      multiple: '15.00x',
    });
    const estimate = named(option, 'Estimate')!;
    expect(estimate.lineStyle?.type).toBe('dashed');
    expect(estimate.data).toEqual([
      [t('2026-03-08'), 90],
      [t('2026-12-31'), 90],
      [t('2027-12-31'), 105],
    ]);
    // Nothing of the estimates on a day before the consensus was read.
    expect(Math.min(...estimate.data.map(([x]) => x))).toBe(t(forecast.from));
    const band = named(option, 'Estimate range')!;
    expect(band.data).toEqual([
      [t('2026-03-08'), 0],
      [t('2026-12-31'), 30],
      [t('2027-12-31'), 37.5],
    ]);
    expect(named(option, 'range base')!.data[2]).toEqual([t('2027-12-31'), 82.5]);
  });

  it('draws no forecast without estimates or without a drawn year', () => {
    expect(named(lineOption(days, [], String), 'Estimate')).toBeUndefined();
    const none = { ...forecast, years: forecast.years.slice(0, 1) };
    expect(
      named(
        lineOption(days, [], String, undefined, { forecast: none, start: 90, multiple: '15x' }),
        'Estimate',
      ),
    ).toBeUndefined();
  });
});
