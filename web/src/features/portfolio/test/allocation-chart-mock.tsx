import type { Slice } from '../components/AllocationChart';

/** Stands in for the allocation donut in jsdom: it prints its slices. */
export default function AllocationChartMock({
  label,
  slices,
}: {
  label: string;
  slices: readonly Slice[];
}) {
  return (
    <div data-testid="allocation" aria-label={label}>
      {slices.map((s) => `${s.name}=${s.value}`).join(',')}
    </div>
  );
}
