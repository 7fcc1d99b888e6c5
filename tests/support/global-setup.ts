import type { TestProject } from 'vitest/node';
import { startStack, type StackInfo } from '../../infra/local/stack';

/** Codes of cognito-local's confirmation and reset messages during tests. */
export const TEST_CODE = '123456';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo & { cognitoCode: string };
  }
}

/**
 * One local stack for the integration project: DynamoDB Local in memory, cognito-local,
 * SES and S3 in a temp folder, the API server; free random ports, no web, no jobs.
 * Test files get its URLs and the functions' environment with `inject('stack')`.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  // Handlers log refusals at INFO; tests keep warnings and errors (STACK_LOG=1 shows all).
  process.env.LOG_LEVEL ??= process.env.STACK_LOG === '1' ? 'INFO' : 'WARN';
  // Tests write far faster than a person: the per-user write limit (decision 080) is raised
  // here; tests/integration/security/limits.test.ts checks it with a low one.
  process.env.WRITE_LIMIT_PER_MINUTE ??= '1000';
  const stack = await startStack({
    persistent: false,
    web: false,
    jobs: false,
    ports: 'random',
    inheritEnv: false,
    cognitoCode: TEST_CODE,
    log: (source, line) => {
      if (process.env.STACK_LOG === '1') console.log(`[${source}] ${line}`);
    },
  });
  if (process.env.STACK_LOG === '1') console.log(`local stack ready in ${Date.now() - started} ms`);
  const { stop, ...info } = stack;
  project.provide('stack', { ...info, cognitoCode: TEST_CODE });
  return async () => {
    await stop();
  };
}
