/**
 * `npm test`: every check and test the CI runs, with one closing line `N passed, N failed`
 * counting all of them. Static checks count as one test each.
 *
 *   npm test                 everything
 *   npm test -- unit web     only those vitest projects (static checks skipped)
 *   npm test -- instants     only the clock-tagged tests at each pinned instant
 *
 * Steps run two at a time (decision 155), longest chain first: the web build, then the
 * integration and e2e projects, which mostly wait on the local stack and the browser, beside the
 * CPU-bound checks and the unit and web projects, then the pinned instants. Each step's output
 * goes to `.test-out/logs/` and is printed when the step fails. The run ends with every step's
 * seconds and test counts and the ten slowest test files.
 */
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { CLOCK_INSTANTS, CLOCK_TAG } from './support/clock';
import type { RunSummary } from './support/run-reporter';

const root = join(import.meta.dirname, '..');
const outDir = join(root, '.test-out');
const logDir = join(outDir, 'logs');
const ALL_PROJECTS = ['unit', 'web', 'integration', 'e2e', 'instants'];
/** Steps running at once: one a core of CI's machine (TEST_SLOTS sets another). */
const SLOTS = Math.max(1, Number(process.env.TEST_SLOTS ?? 2));

const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const p of requested)
  if (!ALL_PROJECTS.includes(p)) {
    console.error(`Unknown project "${p}": one of ${ALL_PROJECTS.join(', ')}`);
    process.exit(2);
  }
const projects = requested.length > 0 ? requested : ALL_PROJECTS;
const runStatic = requested.length === 0;
// One step alone (`npm test -- unit`) prints as it goes; several are printed step by step.
const stream = !runStatic && projects.length === 1 && projects[0] !== 'instants';

const env: NodeJS.ProcessEnv = {
  ...process.env,
  // Vite's notice that the web config is not yet loadable by a future native config loader
  // (decision 146) would repeat in every vitest run; `npm start` still shows it if it changes.
  VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
};

interface Outcome {
  name: string;
  seconds: number;
  passed: number;
  failed: number;
  ok: boolean;
  /** What failed, for the closing list. */
  failures: string[];
  files: RunSummary['files'];
}

const outcomes: Outcome[] = [];

function slug(name: string): string {
  return name.replace(/[^\w.-]+/g, '-').replace(/^-|-$/g, '');
}

/** Runs a command with its output in `log` (or on the terminal when streaming): its exit code. */
function runCommand(
  cmd: string,
  args: string[],
  log: string,
  extraEnv: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...env, ...extraEnv },
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    if (!stream) {
      const out = createWriteStream(log);
      child.stdout?.pipe(out, { end: false });
      child.stderr?.pipe(out, { end: false });
      child.on('close', (code) => out.end(() => resolve(code ?? 1)));
    } else {
      child.on('close', (code) => resolve(code ?? 1));
    }
    child.on('error', () => resolve(1));
  });
}

/** The last `lines` lines of a log, indented, for a failure report. */
function logTail(log: string, lines: number): string {
  if (!existsSync(log)) return '';
  const all = readFileSync(log, 'utf8')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n');
  const shown = all.slice(-lines);
  return `${all.length > lines ? `    ... (${log})\n` : ''}${shown.map((l) => `    ${l}`).join('\n')}`;
}

function report(outcome: Outcome, detail = ''): void {
  outcomes.push(outcome);
  const mark = outcome.ok ? '✔' : '✘';
  const counts =
    outcome.passed + outcome.failed > 1 || outcome.files.length > 0
      ? `: ${outcome.passed} passed, ${outcome.failed} failed`
      : '';
  const text = `${mark} ${outcome.name}${counts} (${outcome.seconds.toFixed(1)} s)`;
  console.log(detail && !stream ? `${text}\n${detail}` : text);
}

/** A static check: one test, passed when the command exits 0. */
async function check(name: string, cmd: string, args: string[]): Promise<boolean> {
  const started = Date.now();
  const log = join(logDir, `${slug(name)}.log`);
  if (stream) console.log(`\n▶ ${name}`);
  const status = await runCommand(cmd, args, log);
  const ok = status === 0;
  report(
    {
      name,
      seconds: (Date.now() - started) / 1000,
      passed: ok ? 1 : 0,
      failed: ok ? 0 : 1,
      ok,
      failures: ok ? [] : [`${name} (exit ${status}; ${log})`],
      files: [],
    },
    ok ? '' : logTail(log, 200),
  );
  return ok;
}

/** One vitest run (`args`: projects, files, filters), counted under `name`. */
async function vitestRun(
  name: string,
  args: string[],
  extraEnv: Record<string, string> = {},
  /** A run filtered by a tag: the tests it leaves out are reported skipped, and that is fine. */
  filtered = false,
): Promise<void> {
  const started = Date.now();
  const summaryFile = join(outDir, `vitest-${slug(name)}.json`);
  const log = join(logDir, `vitest-${slug(name)}.log`);
  rmSync(summaryFile, { force: true });
  if (stream) console.log(`\n▶ vitest ${args.join(' ')}`);
  const status = await runCommand(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=./tests/support/run-reporter.ts'],
    log,
    { ...extraEnv, VITEST_SUMMARY_FILE: summaryFile },
  );
  const seconds = (Date.now() - started) / 1000;
  let summary: RunSummary | undefined;
  try {
    summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as RunSummary;
  } catch {
    summary = undefined;
  }
  const failures: string[] = [];
  let failed = 0;
  if (!summary) {
    report(
      {
        name,
        seconds,
        passed: 0,
        failed: 1,
        ok: false,
        failures: [`${name}: no report (exit ${status}; ${log})`],
        files: [],
      },
      logTail(log, 80),
    );
    return;
  }
  failed += summary.failed;
  for (const f of summary.failures)
    failures.push(`${f.where}\n      ${f.message.replace(/\n/g, '\n      ')}`);
  if (summary.skipped > 0 && !filtered) {
    failed += summary.skipped;
    failures.push(`${name}: ${summary.skipped} skipped or todo tests (not allowed)`);
  }
  if (summary.passed + summary.failed === 0) {
    failed += 1;
    failures.push(`${name}: ran no test`);
  } else if (status !== 0 && summary.failed === 0) {
    // An error that fails the run without failing a test (decision 155 keeps it a failure).
    failed += 1;
    failures.push(
      `${name}: exited ${status} (suite or setup error)${summary.errors
        .map(
          (e) =>
            `\n    ${e.kind}${e.where ? ` in ${e.where}` : ''}: ${e.message}${e.stack ? `\n      ${e.stack.split('\n').slice(1).join('\n      ')}` : ''}`,
        )
        .join('')}`,
    );
  }
  const ok = failed === 0;
  report(
    { name, seconds, passed: summary.passed, failed, ok, failures, files: summary.files },
    ok ? '' : `${failures.map((f) => `    ✘ ${f}`).join('\n')}\n    (full output: ${log})`,
  );
}

/**
 * The clock-tagged tests (CLOCK_TAG) of the integration and e2e projects again with the
 * product's clock pinned at one instant of the calendar that has broken tests before (decision
 * 098). `reuse`: the web build made before is served again (the app's clock comes from
 * /config.json, not from the build).
 */
function instantRun(instant: (typeof CLOCK_INSTANTS)[number], files: string[], reuse: boolean) {
  const dir = slug(instant.name);
  return vitestRun(
    `at ${instant.name} (${instant.at})`,
    ['--project', 'integration', '--project', 'e2e', '--tags-filter', CLOCK_TAG, ...files],
    {
      MARKET_CLOCK: instant.at,
      SECURITY_FIGURES_DIR: join(outDir, 'security-at', dir),
      // Without the shared build, each run builds into its own folder.
      E2E_DIST_DIR: join(outDir, reuse ? 'web-dist' : `web-dist-${dir}`),
      ...(reuse ? { E2E_REUSE_BUILD: '1' } : {}),
    },
    true,
  );
}

/** The test files holding a clock-tagged test. */
function taggedFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (
        entry.name.endsWith('.test.ts') &&
        readFileSync(join(root, path), 'utf8').includes(`tags: [CLOCK_TAG]`)
      )
        found.push(path);
    }
  };
  walk('tests/integration');
  walk('tests/e2e');
  return found.sort();
}

/** The figures the security and fault suites recorded (tests/support/security-summary.ts). */
function printSecurityFigures(dir: string): void {
  if (!existsSync(dir)) return;
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  if (files.length === 0) return;
  console.log('\nSecurity and fault suites:');
  for (const file of files.sort()) {
    try {
      const { area, figures } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        area: string;
        figures: Record<string, number>;
      };
      const text = Object.entries(figures)
        .map(([name, value]) => `${name} ${value}`)
        .join(', ');
      console.log(`  ${area}: ${text}`);
    } catch {
      console.log(`  ${file}: unreadable`);
    }
  }
}

/** Every step's seconds and test counts, then the ten slowest test files. */
function printCosts(wallSeconds: number): void {
  const totalLabel = `All (wall clock, ${SLOTS} at a time)`;
  const shown = (name: string) => (name.length > 64 ? `${name.slice(0, 63)}…` : name);
  const width = Math.max(...outcomes.map((o) => shown(o.name).length), totalLabel.length);
  console.log(
    `\n${'Step'.padEnd(width)}  ${'Tests'.padStart(6)}  ${'Failed'.padStart(6)}  ${'Seconds'.padStart(8)}`,
  );
  for (const o of outcomes)
    console.log(
      `${shown(o.name).padEnd(width)}  ${String(o.passed + o.failed).padStart(6)}  ${String(o.failed).padStart(6)}  ${o.seconds.toFixed(1).padStart(8)}`,
    );
  const total = outcomes.reduce((n, o) => n + o.passed + o.failed, 0);
  const failedTotal = outcomes.reduce((n, o) => n + o.failed, 0);
  console.log(
    `${totalLabel.padEnd(width)}  ${String(total).padStart(6)}  ${String(failedTotal).padStart(6)}  ${wallSeconds.toFixed(1).padStart(8)}`,
  );
  const files = outcomes
    .filter((o) => !o.name.startsWith('at '))
    .flatMap((o) => o.files)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  if (files.length === 0) return;
  console.log('\nThe ten slowest test files:');
  for (const f of files)
    console.log(
      `  ${f.seconds.toFixed(1).padStart(6)} s  ${f.project.padEnd(11)}  ${f.file} (${f.tests} test${f.tests === 1 ? '' : 's'})`,
    );
}

mkdirSync(logDir, { recursive: true });
const securityDir = join(outDir, 'security');
rmSync(securityDir, { recursive: true, force: true });
rmSync(join(outDir, 'security-at'), { recursive: true, force: true });
const began = Date.now();

interface Step {
  name: string;
  /** Steps that must have ended first. */
  after?: string[];
  run: () => Promise<unknown>;
}

/** Runs the steps `SLOTS` at a time, each as soon as its `after` ended, in the order given. */
function schedule(steps: Step[]): Promise<void> {
  const names = new Set(steps.map((s) => s.name));
  const ended = new Set<string>();
  const started = new Set<string>();
  let running = 0;
  return new Promise((resolve) => {
    const next = () => {
      if (ended.size === steps.length) return resolve();
      for (const step of steps) {
        if (running >= SLOTS) return;
        if (started.has(step.name)) continue;
        if (!(step.after ?? []).every((d) => ended.has(d) || !names.has(d))) continue;
        started.add(step.name);
        running += 1;
        void step.run().finally(() => {
          running -= 1;
          ended.add(step.name);
          next();
        });
      }
    };
    next();
  });
}

const WEB_BUILD = 'web build (vite build, served to the browser tests)';
const needsBuild = !stream && (projects.includes('e2e') || projects.includes('instants'));
const steps: Step[] = [];
// The longest chain first: the build the browser tests serve, then the projects on the stack.
if (needsBuild)
  steps.push({
    name: WEB_BUILD,
    run: () =>
      check(WEB_BUILD, 'npx', [
        'vite',
        'build',
        '--config',
        'web/vite.config.ts',
        '--mode',
        'production',
        '--outDir',
        join(outDir, 'web-dist'),
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ]),
  });
/**
 * Integration files run on their own stack after the others (decision 155). Beside them, another
 * file's run of the real fill job (it reads every user's open orders) made the one-truth property
 * test find a portfolio's views and ledger a trade apart; and the provider-fault suite gives its
 * calls 300 ms (to find a hung provider quickly), which a good answer misses on a machine that is
 * also running the other files.
 */
const ALONE = [
  'tests/integration/portfolio-one-truth.test.ts',
  'tests/integration/faults/market-provider-faults.test.ts',
];
for (const project of ['integration', 'e2e'])
  if (projects.includes(project))
    steps.push({
      name: project,
      after: project === 'e2e' ? [WEB_BUILD] : [],
      run: () =>
        vitestRun(project, ['--project', project], {
          ...(needsBuild ? { E2E_REUSE_BUILD: '1' } : {}),
          ...(project === 'integration' ? { INTEGRATION_EXCLUDE: ALONE.join(',') } : {}),
        }),
    });
if (projects.includes('integration'))
  steps.push({
    name: 'integration, alone',
    after: ['integration'],
    run: () => vitestRun('integration, alone', ['--project', 'integration', ...ALONE]),
  });
if (runStatic) {
  steps.push(
    {
      name: 'typecheck',
      run: () =>
        check('typecheck (tsc --noEmit)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
    },
    { name: 'lint', run: () => check('lint (eslint, import boundaries)', 'npx', ['eslint', '.']) },
    {
      name: 'format',
      run: () =>
        check('format (prettier --check)', 'npx', [
          'prettier',
          '--check',
          '--log-level',
          'warn',
          '.',
        ]),
    },
    // Bundles every handler (one esbuild run) and runs cdk-nag's AwsSolutions and Serverless
    // checks, offline.
    {
      name: 'synth',
      run: () =>
        check('cdk synth (cdk-nag AwsSolutions and Serverless)', 'npm', [
          'run',
          '--silent',
          'synth:infra',
        ]),
    },
    // AWS's CloudFormation linter on every template of that synth, of the README's production
    // context and of the other options, for three regions (infra/lint/cfn-lint.ts).
    {
      name: 'cfn-lint',
      after: ['synth'],
      run: () =>
        check('cfn-lint (us-east-1, eu-west-1, ap-southeast-2)', 'npm', [
          'run',
          '--silent',
          'lint:cfn',
        ]),
    },
  );
}
for (const project of ['unit', 'web'])
  if (projects.includes(project))
    steps.push({ name: project, run: () => vitestRun(project, ['--project', project]) });
if (projects.includes('instants')) {
  const files = taggedFiles();
  for (const instant of CLOCK_INSTANTS)
    steps.push({
      name: instant.at,
      after: [WEB_BUILD],
      run: () => instantRun(instant, files, needsBuild),
    });
}

await schedule(steps);

const wall = (Date.now() - began) / 1000;
printSecurityFigures(securityDir);
printCosts(wall);
const failures = outcomes.flatMap((o) => o.failures);
if (failures.length > 0) console.log(`\nFailures:\n  ${failures.join('\n  ')}`);
const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
