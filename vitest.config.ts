import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    tags: [
      {
        name: 'clock',
        description:
          'Behaviour depends on the product clock: npm test runs it again at each pinned instant (tests/support/clock.ts).',
      },
    ],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'infra/**/*.test.ts',
            'functions/market/demo/**/*.test.ts',
            'functions/lib/clock.test.ts',
          ],
          exclude: ['infra/local/**', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['tests/support/fast-check.ts'],
          // Vitest's default on a 2-core machine is one worker (the cores less one): CPU-bound
          // files use both (decision 155).
          maxWorkers: 2,
          // A bound for a machine busy with other work, not a speed target (those are benches).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            'tests/integration/**/*.test.ts',
            'functions/**/*.test.ts',
            'infra/local/**/*.test.ts',
          ],
          // The demo data set's tests and the clock's are pure: they run in the unit project.
          exclude: [
            'functions/market/demo/**',
            'functions/lib/clock.test.ts',
            'node_modules/**',
            // Files npm test runs in a step of their own (tests/run-all.ts, ALONE).
            ...(process.env.INTEGRATION_EXCLUDE?.split(',').filter(Boolean) ?? []),
          ],
          environment: 'node',
          // One local stack (emulators + API server) for the whole project, shared by its files.
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/stack-env.ts', 'tests/support/fast-check.ts'],
          // Bounds for a machine busy with other work (a file alone takes a fraction of them).
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // How long one awaited condition may take on a busy machine (a bound, not a target).
          expect: { poll: { timeout: 15_000, interval: 50 } },
          // The files mostly wait on the stack's answers: three at a time keep both cores busy
          // (decision 155). Every file makes its own users and data.
          maxWorkers: 3,
          // Projects with their own worker counts run one group after another in a shared run
          // (the pinned instants run integration, then e2e).
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The built web app served like CloudFront, in front of one in-memory local stack.
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          setupFiles: ['tests/support/stack-env.ts'],
          // Two files at a time, each with its own Chromium, against the one stack: a page mostly
          // waits on the API and the network (decision 155).
          maxWorkers: 2,
          sequence: { groupOrder: 3 },
          // No retry: a journey that fails once is a failure to fix, not to hide.
          retry: 0,
          // How long one awaited condition may take on a machine busy with other work (a bound,
          // not a speed target); Playwright's own waits get the same (tests/e2e/support/browser.ts).
          expect: { poll: { timeout: 45_000, interval: 100 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          maxWorkers: 2,
          // A bound for a machine busy with other work, not a speed target.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
