import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { COMPARE_COLOURS } from './colours';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface RebasedSeries {
  symbol: string;
  points: readonly { date: string; value: number }[];
}

/** The companies' prices rebased to 100 at the period's start, on one time axis. Loaded on demand. */
export default function CompareChart({
  series,
  label,
}: {
  series: readonly RebasedSeries[];
  label: string;
}) {
  const option = {
    animation: false,
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, left: 0, textStyle: { color: '#526173' } },
    tooltip: {
      trigger: 'axis' as const,
      valueFormatter: (v: unknown) => (typeof v === 'number' ? v.toFixed(1) : String(v)),
    },
    xAxis: { type: 'time' as const, axisLabel: { color: '#526173', hideOverlap: true } },
    yAxis: {
      type: 'value' as const,
      scale: true,
      axisLabel: { color: '#526173' },
      splitLine: { lineStyle: { color: '#e6ebf1' } },
    },
    series: series.map((s, i) => ({
      type: 'line' as const,
      name: s.symbol,
      data: s.points.map((p) => [p.date, p.value]),
      showSymbol: false,
      lineStyle: { width: 2, color: COMPARE_COLOURS[i % COMPARE_COLOURS.length] },
      itemStyle: { color: COMPARE_COLOURS[i % COMPARE_COLOURS.length] },
    })),
  };
  return (
    <div className="compare__chart" role="img" aria-label={label}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ height: 340, width: '100%' }}
      />
    </div>
  );
}
