import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';

echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface ClosingPoint {
  date: string;
  close: number;
}

export interface ClosingPriceChartProps {
  points: readonly ClosingPoint[];
  /** The chart's accessible name. */
  label: string;
  /** The series name in the tooltip. */
  seriesName?: string;
  /** Shades the area under the line. */
  area?: boolean;
  height?: number;
  className?: string;
}

/**
 * A closing-price line. Import it lazily (`lazy(() => import(...))`): the chart code is then
 * fetched only when a chart is shown, never with the first page.
 */
export default function ClosingPriceChart({
  points,
  label,
  seriesName = 'Close',
  area = false,
  height = 280,
  className,
}: ClosingPriceChartProps) {
  const option = {
    animation: false,
    grid: { left: 56, right: 16, top: 16, bottom: 32 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: points.map((p) => p.date), boundaryGap: false },
    yAxis: { type: 'value', scale: true },
    series: [
      {
        type: 'line',
        name: seriesName,
        data: points.map((p) => p.close),
        showSymbol: false,
        lineStyle: { width: 2, color: '#12355b' },
        ...(area ? { areaStyle: { opacity: 0.08, color: '#12355b' } } : {}),
      },
    ],
  };
  return (
    <div className={className} role="img" aria-label={label}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ height, width: '100%' }}
      />
    </div>
  );
}
