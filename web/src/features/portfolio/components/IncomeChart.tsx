import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface IncomeBar {
  label: string;
  /** Dollars. */
  value: number;
}

/** Dividends received per month or year, as bars. Import lazily: echarts loads with the chart. */
export default function IncomeChart({
  label,
  bars,
}: {
  label: string;
  bars: readonly IncomeBar[];
}) {
  const format = (v: number) =>
    `$${v.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
  const option = {
    animation: false,
    grid: { left: 64, right: 12, top: 16, bottom: 32 },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => format(v) },
    xAxis: { type: 'category', data: bars.map((b) => b.label) },
    yAxis: { type: 'value', axisLabel: { formatter: format } },
    series: [
      {
        name: 'Dividends received',
        type: 'bar',
        data: bars.map((b) => b.value),
        itemStyle: { color: '#1b7f3b' },
      },
    ],
  };
  return (
    <div role="img" aria-label={label}>
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: 260 }} notMerge />
    </div>
  );
}
