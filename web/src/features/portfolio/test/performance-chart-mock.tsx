import type { PerformanceChartProps } from '../components/PerformanceChart';

/** Stands in for the performance chart in jsdom (echarts cannot draw there): it prints its series. */
export default function PerformanceChartMock({
  label,
  series,
  markers,
  drawdown,
}: PerformanceChartProps) {
  return (
    <div data-testid="performance-chart" aria-label={label}>
      {series.map((s) => `${s.name}: ${s.values.join(',')}`).join(' | ')}
      {markers?.length
        ? ` | markers: ${markers.map((m) => `${m.date} ${m.label}`).join(', ')}`
        : ''}
      {drawdown
        ? ` | drawdown: ${drawdown.peak} to ${drawdown.trough}, recovery ${drawdown.recovery ?? 'none'}`
        : ''}
    </div>
  );
}
