import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { ChartKind } from '../../../../../shared/company/catalogue';
import type { Series } from '../../../../../shared/company/series';
import { chartOption } from './chart-option';

echarts.use([LineChart, BarChart, ScatterChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** One catalogue chart. Loaded on demand: the chart code is fetched only when a chart is shown. */
export default function MetricChart({
  series,
  kind,
  label,
}: {
  series: Series;
  kind: ChartKind;
  label: string;
}) {
  return (
    <div className="metric-chart" role="img" aria-label={label}>
      <ReactEChartsCore
        echarts={echarts}
        option={chartOption(series, kind)}
        notMerge
        style={{ height: 360, width: '100%' }}
      />
    </div>
  );
}
