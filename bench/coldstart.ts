/**
 * Bench section `coldstart`: every Lambda handler bundled as infra/constructs/house-function.ts
 * bundles it (esbuild: minified ESM for node24, the AWS SDK v3 clients it uses included, with
 * environment credentials), its size,
 * and its module initialisation time (import of the bundle) in a fresh Node process, median
 * of three runs. Only the initialisation time has a target: it is what a user waits for on a
 * cold start. Sizes are printed for information (a bundle includes the SDK clients it uses,
 * decision 095, so most are larger than they would be with the runtime's SDK, and no faster
 * to start for it).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../infra/local/stack';
import { buildHandlerEnv } from '../infra/local/env';
import { appHandlers, buildHandlerBundles } from '../infra/constructs/bundles';
import { type Report, atMost, info, kb, median, ms, onInterrupt } from './lib';

const INIT_LIMIT_MS = 150;
const RUNS = 3;

export async function run(report: Report): Promise<void> {
  const handlers = appHandlers();
  // Inside the repository, like the CDK's bundling folder (nothing is resolved from it at run time).
  const out = mkdtempSync(join(REPO_ROOT, '.bench-coldstart-'));
  onInterrupt(() => rmSync(out, { recursive: true, force: true }));
  try {
    // The bundles the CDK app deploys, built the same way (infra/constructs/bundles.ts).
    buildHandlerBundles(handlers, out);
    const env = {
      ...process.env,
      ...buildHandlerEnv(
        {
          dynamodb: 'http://127.0.0.1:9',
          cognito: 'http://127.0.0.1:9',
          ses: 'http://127.0.0.1:9',
          s3: 'http://127.0.0.1:9',
          userPoolId: 'us-east-1_bench',
          userPoolClientId: 'bench',
          siteUrl: 'https://example.com',
        },
        {},
      ),
      NODE_NO_WARNINGS: '1',
      LOG_LEVEL: 'ERROR',
    };
    const rows: { handler: string; bytes: number; initMs: number }[] = [];
    for (const handler of handlers) {
      const file = join(out, handler, 'index.mjs');
      const bytes = statSync(file).size;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
        const output = execFileSync(
          process.execPath,
          // As NODE_OPTIONS of every deployed function (infra/constructs/house-function.ts).
          ['--input-type=module', '--enable-source-maps', '-e', script],
          { env, encoding: 'utf8', timeout: 30_000 },
        );
        times.push(Number(output.trim().split('\n').at(-1)));
      }
      rows.push({ handler, bytes, initMs: median(times) });
      console.log(
        `  ${handler.padEnd(32)} ${kb(bytes).padStart(9)} init ${ms(median(times)).padStart(9)}`,
      );
    }
    const biggest = rows.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const slowest = rows.reduce((a, b) => (b.initMs > a.initMs ? b : a));
    report(info('coldstart', 'handlers bundled', String(rows.length)));
    report(info('coldstart', `largest bundle (${biggest.handler})`, kb(biggest.bytes)));
    report(info('coldstart', 'median bundle size', kb(median(rows.map((r) => r.bytes)))));
    report(
      atMost(
        'coldstart',
        `slowest init (${slowest.handler})`,
        slowest.initMs,
        INIT_LIMIT_MS,
        ms,
        true,
      ),
    );
    report(info('coldstart', 'median init', ms(median(rows.map((r) => r.initMs)))));
    for (const r of rows.filter((r) => r.initMs >= INIT_LIMIT_MS))
      report({
        section: 'coldstart',
        name: `slow init: ${r.handler}`,
        value: `init ${ms(r.initMs)} (${kb(r.bytes)})`,
        target: `< ${ms(INIT_LIMIT_MS)}`,
        ok: false,
      });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
