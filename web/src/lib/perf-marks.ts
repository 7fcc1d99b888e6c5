/**
 * User Timing measures of what the bench times in the browser (bench/charts.ts): a measure
 * starts when its data are ready and ends when the chart has drawn them. Only the first end
 * after a start counts, so a redraw for a hover is not measured.
 */
const started = new Map<string, number>();

/** Starts a measure (`keep`: unless one is already under way, which then goes on). */
export function startMeasure(name: string, options: { keep?: boolean } = {}): void {
  if (typeof performance === 'undefined') return;
  if (options.keep && started.has(name)) return;
  started.set(name, performance.now());
}

export function endMeasure(name: string): void {
  const start = started.get(name);
  if (start === undefined || typeof performance === 'undefined') return;
  started.delete(name);
  performance.measure(name, { start, end: performance.now() });
}

/** Runs `work` and records how long it took as its own measure (a part of a larger one). */
export function timed<T>(name: string, work: () => T): T {
  if (typeof performance === 'undefined') return work();
  const start = performance.now();
  const out = work();
  performance.measure(name, { start, end: performance.now() });
  return out;
}
