import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { PricePoint } from '../api/price-history';

echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** A closing-price line. Loaded on demand: the chart code is fetched only when a card opens. */
export default function PriceChart({
  points,
  label,
}: {
  points: readonly PricePoint[];
  label: string;
}) {
  const option = {
    animation: false,
    grid: { left: 56, right: 16, top: 16, bottom: 32 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: points.map((p) => p.date), boundaryGap: false },
    yAxis: { type: 'value', scale: true },
    series: [
      {
        type: 'line',
        name: 'Price',
        data: points.map((p) => p.close),
        showSymbol: false,
        lineStyle: { width: 2, color: '#12355b' },
        areaStyle: { opacity: 0.08, color: '#12355b' },
      },
    ],
  };
  return (
    <div className="watchlist-chart" role="img" aria-label={label}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ height: 260, width: '100%' }}
      />
    </div>
  );
}
