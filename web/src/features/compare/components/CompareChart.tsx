import { LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
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
  MarkPointComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export interface RebasedSeries {
  symbol: string;
  colour: string;
  /** The first close of a company listed within the period (its line starts there, marked); else null. */
  from: string | null;
  points: readonly { date: string; value: number }[];
}

/** The companies' returns, 100 at the period's start, on one time axis. Loaded on demand. */
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
    series: series.map((s) => ({
      type: 'line' as const,
      name: s.from ? `${s.symbol} (from ${s.from})` : s.symbol,
      data: s.points.map((p) => [p.date, p.value]),
      showSymbol: false,
      lineStyle: { width: 2, color: s.colour },
      itemStyle: { color: s.colour },
      // A later listing's first close: where its line starts, at 100.
      ...(s.from && s.points[0]
        ? {
            markPoint: {
              symbol: 'circle',
              symbolSize: 10,
              label: { show: false },
              data: [{ name: `${s.symbol} listed`, coord: [s.points[0].date, s.points[0].value] }],
            },
          }
        : {}),
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
