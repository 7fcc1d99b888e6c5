export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      {label}
    </p>
  );
}
