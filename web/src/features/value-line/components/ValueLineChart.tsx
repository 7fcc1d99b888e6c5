import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import { formatNumber } from '../../../../../shared/format/money';
import type { DayValue, ValueStep } from '../../../../../shared/valuation/value-line';
import { endMeasure } from '../../../lib/perf-marks';
import type { ExtraLine } from '../model';
import { lineOption, type ChartDividend, type ChartForecast } from './chart-option';

const NONE: readonly ExtraLine[] = [];

echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  MarkAreaComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export interface ValueLineChartProps {
  days: readonly DayValue[];
  gaps: readonly { from: string; to: string; reason: string }[];
  /** The line's steps and each quarter's filing date: the tooltip says where a value comes from. */
  steps?: readonly ValueStep[];
  filed?: ReadonlyMap<string, string>;
  label: string;
  /** Analysts' estimates drawn after the last close (decision 186). */
  forecast?: ChartForecast | null;
  /** Lines at other multiples drawn beside the value (decision 188). */
  extras?: readonly ExtraLine[];
  /** A log price scale (decision 189). */
  log?: boolean;
  /** Dividends paid per share over the span: bars beneath the price (decision 187). */
  dividends?: readonly ChartDividend[];
  /** The User Timing measure this draw ends (bench/charts.ts). */
  measure?: string;
  height?: number;
}

const NO_STEPS: readonly ValueStep[] = [];
const NO_DIVIDENDS: readonly ChartDividend[] = [];
const NO_FILINGS: ReadonlyMap<string, string> = new Map();

/** Price against the value line, the gap between them shaded. Loaded on demand. */
export default function ValueLineChart({
  days,
  gaps,
  steps = NO_STEPS,
  filed = NO_FILINGS,
  label,
  forecast = null,
  extras = NONE,
  log = false,
  dividends = NO_DIVIDENDS,
  measure,
  height = dividends.length > 0 ? 410 : 340,
}: ValueLineChartProps) {
  const option = useMemo(
    () => lineOption(days, gaps, formatNumber, { steps, filed }, forecast, extras, log, dividends),
    [days, gaps, steps, filed, forecast, extras, log, dividends],
  );
  // setOption draws at once: the first draw ends before the events are bound, so the chart's
  // being ready ends that measure; `finished` ends those of later draws.
  const onEvents = useMemo(() => ({ finished: () => measure && endMeasure(measure) }), [measure]);
  const onReady = () => measure && endMeasure(measure);
  return (
    <div className="value-line__chart" role="img" aria-label={label}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        lazyUpdate={false}
        onEvents={onEvents}
        onChartReady={onReady}
        style={{ height, width: '100%' }}
      />
    </div>
  );
}
