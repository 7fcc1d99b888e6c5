import type { ChartKind } from '../../../../../shared/company/catalogue';
import { BAR_COLOURS, axisValueLabel, type Series } from '../../../../../shared/company/series';

const LINE_COLOUR = '#12355b';
const AREA_COLOUR = 'rgba(18, 53, 91, 0.14)';
const SCATTER_COLOUR = '#1b7f5a';

/**
 * The echarts option of a catalogue chart: categories are the points' labels, values formatted
 * M/B/T (or price, ratio, percent) on the axis, bars green or red by sign, the axis at 0 for
 * clamped multiples, and each point's tooltip with its exact value and date.
 */
export function chartOption(series: Series, kind: ChartKind) {
  const { points, format } = series;
  const labels = points.map((p) => p.label);
  const data = points.map((p) => {
    if (kind !== 'bar' || p.sign === null) return p.value;
    return { value: p.value, itemStyle: { color: BAR_COLOURS[p.sign] } };
  });
  const seriesOption =
    kind === 'bar'
      ? { type: 'bar' as const, data, barMaxWidth: 28 }
      : kind === 'area'
        ? {
            type: 'line' as const,
            data,
            showSymbol: false,
            lineStyle: { color: LINE_COLOUR, width: 2 },
            itemStyle: { color: LINE_COLOUR },
            areaStyle: { color: AREA_COLOUR },
          }
        : { type: 'scatter' as const, data, symbolSize: 9, itemStyle: { color: SCATTER_COLOUR } };

  return {
    animation: false,
    grid: { left: 12, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis' as const,
      axisPointer: { type: kind === 'bar' ? ('shadow' as const) : ('line' as const) },
      formatter: (params: unknown) => {
        const first = (Array.isArray(params) ? params[0] : params) as
          { dataIndex?: number } | undefined;
        return points[first?.dataIndex ?? -1]?.tooltip ?? '';
      },
    },
    xAxis: {
      type: 'category' as const,
      data: labels,
      boundaryGap: kind !== 'area',
      axisLabel: {
        // A label where it changes ("Dec 2025" once, not on every December day); overlaps hidden.
        interval: (index: number, value: string) => index === 0 || labels[index - 1] !== value,
        hideOverlap: true,
        color: '#526173',
      },
      axisTick: { alignWithLabel: true },
    },
    yAxis: {
      type: 'value' as const,
      scale: series.axisMin === null && kind !== 'bar',
      ...(series.axisMin !== null ? { min: series.axisMin } : {}),
      axisLabel: {
        color: '#526173',
        formatter: (value: number) => axisValueLabel(value, format),
      },
      splitLine: { lineStyle: { color: '#e6ebf1' } },
    },
    series: [seriesOption],
  };
}
