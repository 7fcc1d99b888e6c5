import { PieChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';

echarts.use([PieChart, TooltipComponent, CanvasRenderer]);

export interface Slice {
  name: string;
  value: number;
}

/** A donut of allocation slices (values in dollars). */
export default function AllocationDonut({
  label,
  slices,
}: {
  label: string;
  slices: readonly Slice[];
}) {
  const option = {
    animation: false,
    tooltip: { trigger: 'item', formatter: '{b}: {d}%' },
    series: [{ type: 'pie', radius: ['45%', '75%'], data: slices }],
  };
  return (
    <div role="img" aria-label={label}>
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: 260 }} notMerge />
    </div>
  );
}
