/**
 * What every bench section shares: the figures it reports (one table at the end of
 * `npm run bench`), percentiles, and the environment of a process that runs the functions.
 */
export interface Figure {
  section: string;
  name: string;
  value: string;
  /** The budget, as text ("<= 150 kB"); empty when the figure is for information. */
  target: string;
  /** true: meets the target; false: misses it; undefined: no target. */
  ok?: boolean;
}

export type Report = (figure: Figure) => void;

export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!;
}

export const median = (xs: readonly number[]) => percentile(xs, 0.5);

export const ms = (v: number, digits = 1) => `${v.toFixed(digits)} ms`;
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** A figure against a ceiling (value must be at most / below `limit`). */
export function atMost(
  section: string,
  name: string,
  value: number,
  limit: number,
  format: (v: number) => string,
  strict = false,
): Figure {
  return {
    section,
    name,
    value: format(value),
    target: `${strict ? '<' : '<='} ${format(limit)}`,
    ok: strict ? value < limit : value <= limit,
  };
}

/** A figure against a floor. */
export function atLeast(
  section: string,
  name: string,
  value: number,
  limit: number,
  format: (v: number) => string,
): Figure {
  return { section, name, value: format(value), target: `>= ${format(limit)}`, ok: value >= limit };
}

export function info(section: string, name: string, value: string): Figure {
  return { section, name, value, target: '' };
}

/** The figures as one plain-text table. */
export function table(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [
    f.section,
    f.name,
    f.value,
    f.target,
    f.ok === undefined ? '' : f.ok ? 'ok' : 'MISS',
  ]);
  const head = ['section', 'figure', 'value', 'target', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

/** Seconds each load test runs (BENCH_SECONDS shortens it). */
export function benchSeconds(fallback: number): number {
  const v = Number(process.env.BENCH_SECONDS);
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const cleanups = new Set<() => unknown>();

/** Registers what to undo if the section is interrupted (SIGINT/SIGTERM); returns the unregister. */
export function onInterrupt(fn: () => unknown): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** Runs the registered clean-ups (newest first). */
export async function runInterruptCleanups(): Promise<void> {
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn);
    await Promise.resolve()
      .then(fn)
      .catch(() => undefined);
  }
}
