/**
 * `npm run bench [-- section ...]`: runs the bench sections (all by default), each in a fresh
 * Node process with its own local stack on random ports, and ends with one table of figures
 * against their budgets. Sections: cost, quota, screener, coldstart, api, web, lighthouse, interaction, edge-cache, nav-history,
 * import, charts.
 * `BENCH_SECONDS` shortens the API load tests (20 s each by default).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Figure, table } from './lib';

export const SECTIONS = [
  'cost',
  'quota',
  'revocation',
  'screener',
  'coldstart',
  'api',
  'web',
  'lighthouse',
  'interaction',
  'edge-cache',
  'nav-history',
  'import',
  'charts',
] as const;

const asked = process.argv.slice(2).filter((a) => a !== '--');
const unknown = asked.filter((a) => !(SECTIONS as readonly string[]).includes(a));
if (unknown.length) {
  console.error(
    `Unknown bench section(s): ${unknown.join(', ')}. Sections: ${SECTIONS.join(', ')}`,
  );
  process.exit(2);
}
const sections = asked.length ? SECTIONS.filter((s) => asked.includes(s)) : [...SECTIONS];

const here = fileURLToPath(new URL('.', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'mr-market-bench-figures-'));
const figures: Figure[] = [];
const failed: string[] = [];
let child: ReturnType<typeof spawn> | undefined;
const forward = (signal: NodeJS.Signals) => {
  // The section cleans up (stack, temporary folders) before it exits.
  const done = () => {
    rmSync(out, { recursive: true, force: true });
    process.exit(130);
  };
  if (child && child.exitCode === null) {
    child.once('exit', done);
    child.kill(signal);
  } else done();
};
process.on('SIGINT', forward);
process.on('SIGTERM', forward);

const started = Date.now();
try {
  for (const section of sections) {
    const file = join(out, `${section}.jsonl`);
    console.log(`\n=== bench ${section} ===`);
    const t = Date.now();
    const code = await new Promise<number>((resolve) => {
      child = spawn(process.execPath, ['--import', 'tsx', join(here, 'section.ts'), section], {
        stdio: 'inherit',
        env: { ...process.env, BENCH_FIGURES_FILE: file },
      });
      child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    });
    child = undefined;
    let lines: string[] = [];
    try {
      lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    } catch {
      // The section wrote no figure.
    }
    figures.push(...lines.map((l) => JSON.parse(l) as Figure));
    if (code !== 0) failed.push(section);
    console.log(
      `=== ${section}: ${((Date.now() - t) / 1000).toFixed(0)} s${code ? ', FAILED' : ''}`,
    );
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

console.log(`\nBench figures (${((Date.now() - started) / 1000).toFixed(0)} s in all)\n`);
console.log(table(figures));
const misses = figures.filter((f) => f.ok === false).length;
console.log(
  `\n${figures.length} figures, ${misses} miss their target${failed.length ? `; sections that failed: ${failed.join(', ')}` : ''}`,
);
process.exit(failed.length ? 1 : 0);
