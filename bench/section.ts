/**
 * Runs one bench section in this process (started by bench/index.ts) and appends its figures,
 * one JSON line each, to BENCH_FIGURES_FILE. Each section starts and stops what it needs.
 */
import { appendFileSync } from 'node:fs';
import { type Figure, runInterruptCleanups } from './lib';

const name = process.argv[2] ?? '';
const file = process.env.BENCH_FIGURES_FILE;
const report = (figure: Figure) => {
  const mark = figure.ok === undefined ? '' : figure.ok ? ' (ok)' : ' (MISS)';
  console.log(
    `  > ${figure.name}: ${figure.value}${figure.target ? ` target ${figure.target}` : ''}${mark}`,
  );
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
};

const modules: Record<string, () => Promise<{ run(report: (f: Figure) => void): Promise<void> }>> =
  {
    cost: () => import('./cost'),
    quota: () => import('./quota'),
    revocation: () => import('./revocation'),
    screener: () => import('./screener'),
    coldstart: () => import('./coldstart'),
    api: () => import('./api'),
    web: () => import('./web'),
    lighthouse: () => import('./lighthouse'),
    interaction: () => import('./interaction'),
    'edge-cache': () => import('./edge-cache'),
    'nav-history': () => import('./nav-history'),
    import: () => import('./import'),
    charts: () => import('./charts'),
  };

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void runInterruptCleanups().finally(() => process.exit(130));
  });

const load = modules[name];
if (!load) {
  console.error(`Unknown bench section: ${name}`);
  process.exit(2);
}
try {
  await (await load()).run(report);
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
