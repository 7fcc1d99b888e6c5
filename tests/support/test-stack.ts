import { startStack, type Stack } from '../../infra/local/stack';
import { testMarketClock } from './clock';

/** Codes of cognito-local's confirmation and reset messages during tests. */
export const TEST_CODE = '123456';

interface Shared {
  stack: Promise<Stack>;
  users: number;
}

// On globalThis: each project's global setup may load its own copy of this module.
const registry = globalThis as typeof globalThis & { __mrMarketTestStack?: Shared };

/**
 * The local stack of the integration and e2e projects: DynamoDB Local in memory, cognito-local,
 * SES and S3 in a temp folder, the API server; free random ports, no web, no jobs; the clock
 * pinned (tests/support/clock.ts). A stack sets the functions' environment of the process it
 * runs in, so when one vitest run holds both projects (npm test's runs at pinned instants),
 * their global setups share one stack instead of starting two that overwrite each other's.
 */
export async function acquireTestStack(): Promise<{ stack: Stack; release(): Promise<void> }> {
  const shared = (registry.__mrMarketTestStack ??= {
    stack: startStack({
      persistent: false,
      web: false,
      jobs: false,
      ports: 'random',
      inheritEnv: false,
      cognitoCode: TEST_CODE,
      marketClock: testMarketClock(),
      log: (source, line) => {
        if (process.env.STACK_LOG === '1') console.log(`[${source}] ${line}`);
      },
    }),
    users: 0,
  });
  shared.users += 1;
  const stack = await shared.stack;
  let released = false;
  return {
    stack,
    release: async () => {
      if (released) return;
      released = true;
      shared.users -= 1;
      if (shared.users > 0) return;
      delete registry.__mrMarketTestStack;
      await stack.stop();
    },
  };
}
