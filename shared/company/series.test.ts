import { describe, expect, it } from 'vitest';
import { catalogueItem, type CatalogueItem } from './catalogue';
import { pricePeriod } from './periods';
import { axisValueLabel, BAR_COLOURS, buildSeries, readNumber } from './series';

const item = (id: string): CatalogueItem => {
  const found = catalogueItem(id);
  if (!found) throw new Error(`missing ${id}`);
  return found;
};

describe('buildSeries', () => {
  // Provider order: newest first.
  const netIncome = [
    { date: '2024-09-28', period: 'Q4', calendarYear: '2024', netIncome: 14_736_000_000 },
    { date: '2024-06-29', period: 'Q3', calendarYear: '2024', netIncome: -2_100_000_000 },
    { date: '2024-03-30', period: 'Q2', calendarYear: '2024', netIncome: 23_636_000_000 },
  ];

  it('orders points oldest to newest and labels them with period and year', () => {
    const series = buildSeries(item('net-income-quarterly'), netIncome);
    expect(series.points.map((p) => p.label)).toEqual(['Q2 2024', 'Q3 2024', 'Q4 2024']);
    expect(series.points.map((p) => p.value)).toEqual([
      23_636_000_000, -2_100_000_000, 14_736_000_000,
    ]);
  });

  it('colours bars by sign', () => {
    const series = buildSeries(item('net-income-quarterly'), netIncome);
    expect(series.points.map((p) => p.sign)).toEqual(['positive', 'negative', 'positive']);
    expect(BAR_COLOURS).toEqual({ positive: '#16a34a', negative: '#dc2626' });
  });

  it('writes tooltips with the exact value and date', () => {
    const series = buildSeries(item('net-income-quarterly'), netIncome);
    expect(series.points[1]?.tooltip).toBe('Net Income: -2,100,000,000 on 2024-06-29');
    expect(series.axisMin).toBeNull();
  });

  it('shows a negative P/E as 0, starts the axis at 0 and still tells the real value', () => {
    const rows = [
      { date: '2023-12-31', calendarYear: '2023', period: 'FY', priceEarningsRatio: -12.345 },
      { date: '2024-12-31', calendarYear: '2024', period: 'FY', priceEarningsRatio: 18.2 },
    ];
    const series = buildSeries(item('pe-annual'), rows);
    expect(series.axisMin).toBe(0);
    expect(series.points.map((p) => [p.label, p.value, p.raw, p.clamped])).toEqual([
      ['FY 2023', 0, -12.345, true],
      ['FY 2024', 18.2, 18.2, false],
    ]);
    expect(series.points[0]?.tooltip).toBe('P/E: -12.35 on 2023-12-31 (negative, shown as 0)');
  });

  it('keeps a negative EV/EBITDA, which the spec does not clamp', () => {
    const series = buildSeries(item('ev-ebitda-quarterly'), [
      { date: '2024-06-30', enterpriseValueMultiple: -4 },
    ]);
    expect(series.points[0]).toMatchObject({ value: -4, clamped: false, label: 'Q2 2024' });
    expect(series.axisMin).toBeNull();
  });

  it('leaves a gap for a missing value', () => {
    const series = buildSeries(item('revenue-annual'), [
      { date: '2024-12-31', calendarYear: '2024', revenue: null },
    ]);
    expect(series.points[0]).toMatchObject({
      value: null,
      raw: null,
      sign: null,
      tooltip: 'Revenue: N/A on 2024-12-31',
    });
  });

  it('formats margins as percents of the provider fractions', () => {
    const series = buildSeries(item('gross-margin-quarterly'), [
      { date: '2024-06-29', period: 'Q3', calendarYear: '2024', grossProfitMargin: 0.46258 },
    ]);
    expect(series.points[0]?.tooltip).toBe('Gross Margin: 46.26% on 2024-06-29');
  });

  it('labels price bars with the period date format and times the tooltip', () => {
    const bars = [
      { date: '2025-03-19 09:40:00', close: 212.5 },
      { date: '2025-03-19 09:35:00', close: 1212.499 },
    ];
    const series = buildSeries(item('price'), bars, { dateFormat: pricePeriod('1D').dateFormat });
    expect(series.points.map((p) => p.label)).toEqual(['09:35', '09:40']);
    expect(series.points[0]?.tooltip).toBe('Price Chart: 1,212.50 on 2025-03-19 09:35:00');
  });

  it('refuses a panel item', () => {
    expect(() => buildSeries(item('news'), [])).toThrow(/panel/);
  });
});

describe('readNumber and axis labels', () => {
  it('reads numbers and numeric text and nothing else', () => {
    expect(readNumber(1.5)).toBe(1.5);
    expect(readNumber('2.25')).toBe(2.25);
    expect(readNumber('')).toBeNull();
    expect(readNumber('abc')).toBeNull();
    expect(readNumber(Number.NaN)).toBeNull();
    expect(readNumber(undefined)).toBeNull();
  });

  it('labels money axes in M/B/T and percent axes from fractions', () => {
    expect(axisValueLabel(1_500_000_000, 'S')).toBe('1.50B');
    expect(axisValueLabel(0.25, 'P')).toBe('25.00%');
  });
});
