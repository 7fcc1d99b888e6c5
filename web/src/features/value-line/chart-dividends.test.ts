import { describe, expect, it } from 'vitest';
import type { DayValue } from '../../../../shared/valuation/value-line';
import { DIVIDENDS, lineOption } from './components/chart-option';

/*
 * The dividends paid per share drawn beneath the price (decision 187): bars at their ex-dates on
 * an axis and grid of their own, the two time axes over the same days, and each amount in the
 * tooltip, on the day's line and on the bar's; without dividends, one grid as before.
 */

const days: DayValue[] = [
  { date: '2026-03-02', price: 100, value: 90, reason: null },
  { date: '2026-03-03', price: 101, value: 90, reason: null },
  { date: '2026-03-04', price: 102, value: 90, reason: null },
  { date: '2026-03-05', price: 103, value: 90, reason: null },
];
const t = (day: string) => Date.parse(`${day}T00:00:00Z`);
type Series = { name: string; type: string; data: [number, number][]; xAxisIndex?: number };
type Tooltip = { formatter: (p: unknown) => string };

describe('the value line’s dividends beneath the price', () => {
  const paid = [
    { date: '2026-03-03', adjDividend: 0.52 },
    { date: '2026-03-05', adjDividend: 0.55 },
  ];
  const option = lineOption(days, [], (n, d) => n.toFixed(d), undefined, null, [], false, paid);

  it('are bars at their ex-dates in a grid of their own, its time axis over the price’s days', () => {
    const bars = (option.series as Series[]).find((s) => s.name === DIVIDENDS)!;
    expect(bars.type).toBe('bar');
    expect(bars.xAxisIndex).toBe(1);
    expect(bars.data).toEqual([
      [t('2026-03-03'), 0.52],
      [t('2026-03-05'), 0.55],
    ]);
    expect(Array.isArray(option.grid) && option.grid.length).toBe(2);
    const axes = option.xAxis as { min?: number; max?: number; gridIndex?: number }[];
    expect(axes).toHaveLength(2);
    for (const axis of axes)
      expect([axis.min, axis.max]).toEqual([t('2026-03-02'), t('2026-03-05')]);
    // The price's series stay on the first grid.
    const price = (option.series as Series[]).find((s) => s.name === 'Price')!;
    expect(price.xAxisIndex).toBeUndefined();
  });

  it('give each amount in the tooltip: on its ex-date’s line and on its bar', () => {
    const tooltip = option.tooltip as Tooltip;
    const onDay = tooltip.formatter([
      { seriesName: 'Price', dataIndex: 3, axisValue: t('2026-03-05') },
    ]);
    expect(onDay.split('<br/>')).toContain('Dividend 0.5500 a share (ex-dividend)');
    const plain = tooltip.formatter([
      { seriesName: 'Price', dataIndex: 0, axisValue: t('2026-03-02') },
    ]);
    expect(plain).not.toContain('Dividend');
    const onBar = tooltip.formatter([
      { seriesName: DIVIDENDS, dataIndex: 0, axisValue: t('2026-03-03') },
    ]);
    expect(onBar).toBe('Dividend 0.5200 a share, ex-dividend 2026-03-03');
  });

  it('leave one grid without dividends', () => {
    const bare = lineOption(days, [], String);
    expect(Array.isArray(bare.grid)).toBe(false);
    expect((bare.series as Series[]).some((s) => s.name === DIVIDENDS)).toBe(false);
  });
});
