import type { DayValue } from '../../../../../shared/valuation/value-line';

/** Colours of the chart (the legend says what each is). */
export const LINE_COLOURS = {
  price: '#12355b',
  value: '#b7791f',
  above: 'rgba(211, 47, 47, 0.18)',
  below: 'rgba(27, 127, 90, 0.22)',
  gap: 'rgba(82, 97, 115, 0.10)',
} as const;

type Format = (value: number, decimals?: number) => string;

/**
 * The echarts option: the daily close and the value that held each day on one date axis; two
 * stacked areas over the lower of the two shade the gap, red where the price sat above the
 * value and green where below; days without a value are gaps in the line, shaded grey, and
 * the tooltip gives their reason.
 */
export function lineOption(
  days: readonly DayValue[],
  gaps: readonly { from: string; to: string; reason: string }[],
  format: Format,
) {
  const dates = days.map((d) => d.date);
  const base: (number | null)[] = [];
  const above: (number | null)[] = [];
  const below: (number | null)[] = [];
  for (const d of days) {
    if (d.value === null) {
      base.push(null);
      above.push(null);
      below.push(null);
      continue;
    }
    base.push(Math.min(d.price, d.value));
    above.push(d.price > d.value ? d.price - d.value : 0);
    below.push(d.price < d.value ? d.value - d.price : 0);
  }
  const area = (name: string, data: (number | null)[], colour: string) => ({
    type: 'line' as const,
    name,
    data,
    stack: 'gap',
    showSymbol: false,
    silent: true,
    lineStyle: { width: 0, opacity: 0 },
    itemStyle: { color: colour },
    areaStyle: { color: colour, opacity: 1 },
  });
  return {
    animation: false,
    grid: { left: 8, right: 12, top: 36, bottom: 8, containLabel: true },
    legend: {
      top: 0,
      left: 0,
      itemWidth: 16,
      itemHeight: 10,
      textStyle: { color: '#526173' },
      data: ['Price', 'Value', 'Price above value', 'Price below value'],
    },
    tooltip: {
      trigger: 'axis' as const,
      axisPointer: { type: 'line' as const },
      formatter: (params: unknown) => {
        const first = (Array.isArray(params) ? params[0] : params) as
          { dataIndex?: number } | undefined;
        const d = days[first?.dataIndex ?? -1];
        if (!d) return '';
        const lines = [d.date, `Price ${format(d.price, 2)}`];
        if (d.value === null) lines.push(d.reason ?? 'No value');
        else {
          const gap = (d.price / d.value - 1) * 100;
          lines.push(`Value ${format(d.value, 2)}`);
          lines.push(`${gap > 0 ? 'Premium' : 'Discount'} ${format(Math.abs(gap), 1)}%`);
        }
        return lines.join('<br/>');
      },
    },
    xAxis: {
      type: 'category' as const,
      data: dates,
      boundaryGap: false,
      axisLabel: { color: '#526173', hideOverlap: true, formatter: (v: string) => v.slice(0, 7) },
    },
    yAxis: {
      type: 'value' as const,
      scale: true,
      axisLabel: { color: '#526173' },
      splitLine: { lineStyle: { color: '#e6ebf1' } },
    },
    series: [
      { ...area('base', base, 'transparent'), areaStyle: { opacity: 0 } },
      area('Price above value', above, LINE_COLOURS.above),
      area('Price below value', below, LINE_COLOURS.below),
      {
        type: 'line' as const,
        name: 'Price',
        data: days.map((d) => d.price),
        showSymbol: false,
        lineStyle: { width: 1.5, color: LINE_COLOURS.price },
        itemStyle: { color: LINE_COLOURS.price },
      },
      {
        type: 'line' as const,
        name: 'Value',
        data: days.map((d) => d.value),
        showSymbol: false,
        connectNulls: false,
        lineStyle: { width: 2.5, color: LINE_COLOURS.value },
        itemStyle: { color: LINE_COLOURS.value },
        markArea: {
          silent: true,
          itemStyle: { color: LINE_COLOURS.gap },
          data: gaps.map((g) => [{ xAxis: g.from }, { xAxis: g.to }]),
        },
      },
    ],
  };
}
