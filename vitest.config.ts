import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          exclude: ['functions/market/demo/**', 'functions/lib/clock.test.ts', 'node_modules/**'],
          environment: 'node',
          // One local stack (emulators + API server) for the whole project, shared by its files.
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/stack-env.ts', 'tests/support/fast-check.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
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
          fileParallelism: false,
          // No retry: a journey that fails once is a failure to fix, not to hide.
          retry: 0,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
