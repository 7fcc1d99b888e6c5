/**
 * A vitest reporter for `npm test` (tests/run-all.ts): it writes the errors that fail a run
 * without failing a test (an unhandled error or rejection, a test file that could not load)
 * to the file named by VITEST_ERRORS_FILE, so the closing summary can name them.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

interface RunError {
  kind: 'unhandled' | 'file';
  where?: string;
  message: string;
  stack?: string;
}

function describe(error: SerializedError | unknown): { message: string; stack?: string } {
  const e = error as { name?: string; message?: string; stack?: string };
  const message = [e?.name, e?.message].filter(Boolean).join(': ') || String(error);
  // The first frames are enough to find the code; the summary stays short.
  const stack = e?.stack?.split('\n').slice(0, 8).join('\n');
  return { message, stack };
}

export default class ErrorsReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    const file = process.env.VITEST_ERRORS_FILE;
    if (!file) return;
    const errors: RunError[] = [];
    for (const error of unhandledErrors) {
      const meta = error as { VITEST_TEST_PATH?: string; VITEST_TEST_NAME?: string };
      const where = [meta.VITEST_TEST_PATH, meta.VITEST_TEST_NAME].filter(Boolean).join(' > ');
      errors.push({ kind: 'unhandled', ...(where ? { where } : {}), ...describe(error) });
    }
    for (const module of testModules) {
      for (const error of module.errors()) {
        errors.push({ kind: 'file', where: module.moduleId, ...describe(error) });
      }
    }
    writeFileSync(file, JSON.stringify(errors, null, 2));
  }
}
