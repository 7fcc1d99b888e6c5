import type { ClosingPriceChartProps } from '../components/ClosingPriceChart';

/**
 * Stands in for `components/ClosingPriceChart` (echarts cannot draw in jsdom): it shows the
 * closes it was given. Use with
 * `vi.mock('<path>/components/ClosingPriceChart', () => import('<path>/test/chart-mock'))`.
 */
export default function ChartMock({ points, label }: ClosingPriceChartProps) {
  return (
    <div
      data-testid="chart"
      aria-label={label}
      data-closes={points.map((p) => p.close).join(',')}
    />
  );
}
