/**
 * A vitest reporter for `npm test` (tests/run-all.ts). It writes one summary of the run to the
 * file named by VITEST_SUMMARY_FILE: the test counts, each test file's time (import, setup,
 * hooks and tests), the failed tests with their first error lines, and the errors that fail a
 * run without failing a test (an unhandled error or rejection, a file that could not load), so
 * the closing summary can name them and the slowest files.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

export interface RunError {
  kind: 'unhandled' | 'file';
  where?: string;
  message: string;
  stack?: string;
}

export interface RunSummary {
  passed: number;
  failed: number;
  /** Skipped or todo tests: not allowed, counted as failures by run-all. */
  skipped: number;
  files: { project: string; file: string; seconds: number; tests: number }[];
  failures: { where: string; message: string }[];
  errors: RunError[];
}

function describe(error: SerializedError | unknown): { message: string; stack?: string } {
  const e = error as { name?: string; message?: string; stack?: string };
  const message = [e?.name, e?.message].filter(Boolean).join(': ') || String(error);
  // The first frames are enough to find the code; the summary stays short.
  const stack = e?.stack?.split('\n').slice(0, 8).join('\n');
  return { message, stack };
}

/** The line of the test file that failed (a poll and a plain check print the same message). */
function failedAt(error: SerializedError): string[] {
  const frames = (error as { stacks?: { file: string; line: number; column: number }[] }).stacks;
  const frame = frames?.find((f) => f.file.includes('.test.')) ?? frames?.[0];
  return frame ? [`at ${relative(process.cwd(), frame.file)}:${frame.line}:${frame.column}`] : [];
}

export default class RunReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    const file = process.env.VITEST_SUMMARY_FILE;
    if (!file) return;
    const summary: RunSummary = {
      passed: 0,
      failed: 0,
      skipped: 0,
      files: [],
      failures: [],
      errors: [],
    };
    for (const error of unhandledErrors) {
      const meta = error as { VITEST_TEST_PATH?: string; VITEST_TEST_NAME?: string };
      const where = [meta.VITEST_TEST_PATH, meta.VITEST_TEST_NAME].filter(Boolean).join(' > ');
      summary.errors.push({ kind: 'unhandled', ...(where ? { where } : {}), ...describe(error) });
    }
    for (const module of testModules) {
      const path = relative(process.cwd(), module.moduleId);
      for (const error of module.errors()) {
        summary.errors.push({ kind: 'file', where: path, ...describe(error) });
      }
      let tests = 0;
      for (const test of module.children.allTests()) {
        tests += 1;
        const state = test.result().state;
        if (state === 'passed') summary.passed += 1;
        else if (state === 'failed') {
          summary.failed += 1;
          const first = test.result().errors?.[0];
          summary.failures.push({
            where: `${path} > ${test.fullName}`,
            message: first
              ? [...describe(first).message.split('\n').slice(0, 6), ...failedAt(first)].join('\n')
              : '',
          });
        } else summary.skipped += 1;
      }
      const d = module.diagnostic();
      const ms =
        d.environmentSetupDuration +
        d.prepareDuration +
        d.collectDuration +
        d.setupDuration +
        d.duration;
      summary.files.push({
        project: module.project.name,
        file: path,
        seconds: Math.round(ms / 100) / 10,
        tests,
      });
    }
    writeFileSync(file, JSON.stringify(summary, null, 2));
  }
}
