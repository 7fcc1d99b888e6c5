import { LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkPointComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';

echarts.use([
  LineChart,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkPointComponent,
  TooltipComponent,
  CanvasRenderer,
]);

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
  /** Deposits (up) and withdrawals, pinned on the first line at their day. */
  markers?: readonly FlowMarker[];
  /** The largest drawdown, shaded from peak to trough and, lighter, from trough to recovery. */
  drawdown?: DrawdownBand | null;
}

export interface DrawdownBand {
  /** The peak's day, or the series' first day when the peak is the period's start value. */
  peak: string;
  trough: string;
  /** null: not recovered; shaded to the last day. */
  recovery: string | null;
  /** E.g. "Largest drawdown -12.30%". */
  label: string;
}

export interface FlowMarker {
  date: string;
  /** E.g. "Deposit $5,000.00". */
  label: string;
  up: boolean;
}

/** NAV against the benchmark (or both rebased to 100). Import lazily: echarts loads with the chart only. */
export default function PerformanceChart({
  label,
  dates,
  series,
  unit,
  markers = [],
  drawdown = null,
}: PerformanceChartProps) {
  const indexOf = new Map(dates.map((d, i) => [d, i]));
  const format = (v: number) =>
    unit === 'usd' ? `$${v.toLocaleString('en-US', { maximumFractionDigits: 0 })}` : v.toFixed(2);
  const option = {
    animation: false,
    grid: { left: 72, right: 16, top: 32, bottom: 32 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => format(v) },
    xAxis: { type: 'category', data: dates },
    yAxis: { type: 'value', scale: true, axisLabel: { formatter: format } },
    series: series.map((s, i) => ({
      name: s.name,
      type: 'line',
      showSymbol: false,
      data: s.values,
      ...(i === 0 && drawdown && indexOf.has(drawdown.peak) && indexOf.has(drawdown.trough)
        ? {
            markArea: {
              silent: false,
              label: { show: false },
              tooltip: { formatter: (p: { name: string }) => p.name },
              data: [
                [
                  {
                    name: `${drawdown.label}: ${drawdown.peak} to ${drawdown.trough}`,
                    xAxis: drawdown.peak,
                    itemStyle: { color: 'rgba(180, 35, 24, 0.14)' },
                  },
                  { xAxis: drawdown.trough },
                ],
                [
                  {
                    name: drawdown.recovery
                      ? `Recovered on ${drawdown.recovery}`
                      : 'Not recovered yet',
                    xAxis: drawdown.trough,
                    itemStyle: { color: 'rgba(180, 35, 24, 0.05)' },
                  },
                  { xAxis: drawdown.recovery ?? dates[dates.length - 1] },
                ],
              ],
            },
          }
        : {}),
      ...(i === 0 && markers.length > 0
        ? {
            markPoint: {
              symbol: 'pin',
              symbolSize: 30,
              label: { formatter: (p: { data: { up: boolean } }) => (p.data.up ? '+' : '−') },
              tooltip: { formatter: (p: { name: string }) => p.name },
              data: markers
                .filter((m) => indexOf.has(m.date))
                .map((m) => ({
                  name: `${m.date}: ${m.label}`,
                  coord: [m.date, s.values[indexOf.get(m.date)!]],
                  up: m.up,
                  itemStyle: { color: m.up ? '#1b7f3b' : '#b3261e' },
                })),
            },
          }
        : {}),
    })),
  };
  const described = drawdown
    ? `${label}. ${drawdown.label} from ${drawdown.peak} to ${drawdown.trough}, ${drawdown.recovery ? `recovered on ${drawdown.recovery}` : 'not recovered yet'}`
    : label;
  return (
    <div role="img" aria-label={described}>
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: 300 }} notMerge />
    </div>
  );
}
