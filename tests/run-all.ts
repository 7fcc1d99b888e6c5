/**
 * `npm test`: every check and test the CI runs, in order, with one closing line
 * `N passed, N failed` counting all of them. Static checks count as one test each.
 *
 *   npm test                 everything
 *   npm test -- unit web     only those vitest projects (static checks skipped)
 *   npm test -- instants     only the fault suites and a browser journey at each pinned instant
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CLOCK_INSTANTS, INSTANT_FILES } from './support/clock';

const root = join(import.meta.dirname, '..');
const outDir = join(root, '.test-out');
const ALL_PROJECTS = ['unit', 'web', 'integration', 'e2e', 'instants'];

const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const projects = requested.length > 0 ? requested : ALL_PROJECTS;
const runStatic = requested.length === 0;

let passed = 0;
let failed = 0;
const failures: string[] = [];

const env = { ...process.env };

function run(cmd: string, args: string[], extraEnv: Record<string, string> = {}): number {
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ...extraEnv },
  });
  return result.status ?? 1;
}

function check(name: string, cmd: string, args: string[]): void {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const status = run(cmd, args);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status === 0) {
    passed += 1;
    console.log(`✔ ${name} (${seconds} s)`);
  } else {
    failed += 1;
    failures.push(name);
    console.log(`✘ ${name} (${seconds} s)`);
  }
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
  numPendingTests?: number;
  numTodoTests?: number;
  success: boolean;
}

/** One vitest run (`args`: projects and files), its counts added to the totals under `project`. */
function vitestRun(project: string, args: string[], extraEnv: Record<string, string> = {}): void {
  const started = Date.now();
  const base = `vitest-${project.replace(/[^\w.-]+/g, '-')}`;
  const outputFile = join(outDir, `${base}.json`);
  const errorsFile = join(outDir, `${base}-errors.json`);
  rmSync(outputFile, { force: true });
  rmSync(errorsFile, { force: true });
  console.log(`\n▶ vitest ${args.join(' ')}`);
  const status = run(
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      '--reporter=./tests/support/errors-reporter.ts',
      `--outputFile.json=${outputFile}`,
    ],
    { ...extraEnv, VITEST_ERRORS_FILE: errorsFile },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let report: VitestJson | undefined;
  try {
    report = JSON.parse(readFileSync(outputFile, 'utf8')) as VitestJson;
  } catch {
    report = undefined;
  }
  if (!report) {
    failed += 1;
    failures.push(`vitest ${project} (no report: exit ${status})`);
    return;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (skipped > 0) {
    failed += skipped;
    failures.push(`vitest ${project}: ${skipped} skipped or todo tests (not allowed)`);
  }
  if (report.numTotalTests === 0) {
    failed += 1;
    failures.push(`vitest ${project}: ran no test`);
  } else if (status !== 0 && report.numFailedTests === 0) {
    failed += 1;
    failures.push(
      `vitest ${project}: exited ${status} (suite or setup error)${runErrors(errorsFile)}`,
    );
  } else if (report.numFailedTests > 0) {
    failures.push(`vitest ${project}: ${report.numFailedTests} failed`);
  }
  console.log(
    `● ${project}: ${report.numPassedTests} passed, ${report.numFailedTests} failed (${seconds} s)`,
  );
}

/** The errors that failed a run without failing a test (tests/support/errors-reporter.ts). */
function runErrors(file: string): string {
  let errors: { kind: string; where?: string; message: string; stack?: string }[];
  try {
    errors = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return '';
  }
  return errors
    .map((e) => {
      const stack = e.stack ? `\n      ${e.stack.split('\n').slice(1).join('\n      ')}` : '';
      return `\n    ${e.kind}${e.where ? ` in ${e.where}` : ''}: ${e.message}${stack}`;
    })
    .join('');
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

mkdirSync(outDir, { recursive: true });
const securityDir = join(outDir, 'security');
rmSync(securityDir, { recursive: true, force: true });
const began = Date.now();
if (runStatic) {
  check('typecheck (tsc --noEmit)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  check('lint (eslint, import boundaries)', 'npx', ['eslint', '.']);
  check('format (prettier --check)', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);
  // Bundles every handler with esbuild and runs cdk-nag's AwsSolutions checks, offline.
  check('cdk synth (cdk-nag AwsSolutions and Serverless)', 'npm', [
    'run',
    '--silent',
    'synth:infra',
  ]);
  // AWS's CloudFormation linter on every template of that synth, of the README's production
  // context and of the other options, for three regions (infra/lint/cfn-lint.ts).
  check('cfn-lint (us-east-1, eu-west-1, ap-southeast-2)', 'npm', ['run', '--silent', 'lint:cfn']);
}
for (const project of projects) {
  if (project !== 'instants') {
    vitestRun(project, ['--project', project]);
    continue;
  }
  // The fault suites and one browser journey again with the product's clock pinned at each
  // instant of the calendar that has broken tests before (decision 098). The web build of
  // the e2e project is reused when it ran just before.
  const reuse: Record<string, string> = projects.includes('e2e') ? { E2E_REUSE_BUILD: '1' } : {};
  for (const instant of CLOCK_INSTANTS) {
    vitestRun(
      `at ${instant.name} (${instant.at})`,
      ['--project', 'integration', '--project', 'e2e', ...INSTANT_FILES],
      {
        MARKET_CLOCK: instant.at,
        SECURITY_FIGURES_DIR: join(outDir, 'security-at', instant.name.replace(/\W+/g, '-')),
        ...reuse,
      },
    );
  }
}

printSecurityFigures(securityDir);
console.log(`\nTook ${((Date.now() - began) / 1000).toFixed(0)} s.`);
if (failures.length > 0) console.log(`Failures:\n  ${failures.join('\n  ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
