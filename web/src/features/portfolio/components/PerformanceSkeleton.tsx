/** Grey blocks shaped like the figures, chart and tables while the performance loads. */
export function PerformanceSkeleton() {
  return (
    <div className="skeleton-group" role="status" aria-label="Loading performance…">
      <span className="visually-hidden">Loading performance…</span>
      <div className="skeleton-row">
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className="skeleton skeleton--figure" />
        ))}
      </div>
      <span className="skeleton skeleton--chart" />
      <div className="skeleton-row">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <span key={i} className="skeleton skeleton--figure skeleton--small" />
        ))}
      </div>
      {[0, 1, 2, 3].map((i) => (
        <span key={i} className="skeleton skeleton--line" />
      ))}
    </div>
  );
}

/** The chart's place while its code loads, the same height as the chart. */
export function ChartSkeleton({ label }: { label: string }) {
  return (
    <div className="skeleton skeleton--chart" role="status" aria-label={label}>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
