import type { TestProject } from 'vitest/node';
import type { StackInfo } from '../../infra/local/stack';
import { acquireTestStack, TEST_CODE } from './test-stack';

export { TEST_CODE };

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo & { cognitoCode: string };
  }
}

/**
 * One local stack for the integration project (tests/support/test-stack.ts). Test files get
 * its URLs and the functions' environment with `inject('stack')`.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  // Handlers log refusals at INFO; tests keep warnings and errors (STACK_LOG=1 shows all).
  process.env.LOG_LEVEL ??= process.env.STACK_LOG === '1' ? 'INFO' : 'WARN';
  // Tests write far faster than a person: the per-user write limit (decision 080) is raised
  // here; tests/integration/security/limits.test.ts checks it with a low one.
  process.env.WRITE_LIMIT_PER_MINUTE ??= '1000';
  // Every test client is 127.0.0.1: per-client limits (decision 122) are raised the same way;
  // tests/integration/security/client-limits.test.ts checks them with their real values.
  process.env.CLIENT_LIMIT_PER_MINUTE ??= '100000';
  const { stack, release } = await acquireTestStack();
  if (process.env.STACK_LOG === '1') console.log(`local stack ready in ${Date.now() - started} ms`);
  const { stop: _stop, ...info } = stack;
  project.provide('stack', { ...info, cognitoCode: TEST_CODE });
  return release;
}
