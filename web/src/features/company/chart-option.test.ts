import { describe, expect, it } from 'vitest';
import { catalogueItem } from '../../../../shared/company/catalogue';
import { BAR_COLOURS, buildSeries } from '../../../../shared/company/series';
import { chartOption } from './components/chart-option';

const rows = [
  {
    date: '2023-12-30',
    period: 'Q4',
    calendarYear: '2023',
    netIncome: -2_500_000,
    priceEarningsRatio: -8,
  },
  {
    date: '2024-03-30',
    period: 'Q1',
    calendarYear: '2024',
    netIncome: 1_250_000_000,
    priceEarningsRatio: 21.5,
  },
];

describe('chart option', () => {
  it('colours bars green and red by sign, labels the axis in M/B/T and tooltips the exact value and date', () => {
    const option = chartOption(buildSeries(catalogueItem('net-income-quarterly')!, rows), 'bar');
    const [series] = option.series;
    expect(series!.type).toBe('bar');
    expect(series!.data).toEqual([
      { value: -2_500_000, itemStyle: { color: BAR_COLOURS.negative } },
      { value: 1_250_000_000, itemStyle: { color: BAR_COLOURS.positive } },
    ]);
    expect(option.xAxis.data).toEqual(['Q4 2023', 'Q1 2024']);
    expect(option.yAxis.axisLabel.formatter(1_250_000_000)).toBe('1.25B');
    expect(option.tooltip.formatter([{ dataIndex: 0 }])).toBe(
      'Net Income: -2,500,000 on 2023-12-30',
    );
  });

  it('a clamped multiple plots its negative as 0 on an axis from 0', () => {
    const option = chartOption(buildSeries(catalogueItem('pe-quarterly')!, rows), 'scatter');
    expect(option.series[0]!.type).toBe('scatter');
    expect(option.series[0]!.data).toEqual([0, 21.5]);
    expect(option.yAxis).toMatchObject({ min: 0, scale: false });
    expect(option.tooltip.formatter([{ dataIndex: 0 }])).toContain('(negative, shown as 0)');
  });

  it('the price area labels each month once', () => {
    const days = ['2024-11-28', '2024-11-29', '2024-12-02', '2024-12-03'].map((date) => ({
      date,
      close: 100,
    }));
    const option = chartOption(
      buildSeries(catalogueItem('price')!, days, { dateFormat: 'monthYear' }),
      'area',
    );
    expect(option.series[0]!.type).toBe('line');
    expect(option.yAxis.scale).toBe(true);
    const shown = option.xAxis.data.filter((label, i) => option.xAxis.axisLabel.interval(i, label));
    expect(shown).toEqual(['Nov 2024', 'Dec 2024']);
  });
});
