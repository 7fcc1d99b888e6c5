import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface LineSeries {
  name: string;
  values: readonly (number | null)[];
}

export interface PerformanceChartProps {
  label: string;
  dates: readonly string[];
  series: readonly LineSeries[];
  /** Formats the axis and tooltip values. */
  unit: 'usd' | 'index';
}

/** NAV against the benchmark (or both rebased to 100). Import lazily: echarts loads with the chart only. */
export default function PerformanceChart({ label, dates, series, unit }: PerformanceChartProps) {
  const format = (v: number) =>
    unit === 'usd' ? `$${v.toLocaleString('en-US', { maximumFractionDigits: 0 })}` : v.toFixed(2);
  const option = {
    animation: false,
    grid: { left: 72, right: 16, top: 32, bottom: 32 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => format(v) },
    xAxis: { type: 'category', data: dates },
    yAxis: { type: 'value', scale: true, axisLabel: { formatter: format } },
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      showSymbol: false,
      data: s.values,
    })),
  };
  return (
    <div role="img" aria-label={label}>
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: 300 }} notMerge />
    </div>
  );
}
