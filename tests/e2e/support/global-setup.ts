import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { JOBS } from '../../../infra/jobs';
import { scheduledEvent } from '../../../infra/local/scheduler';
import { REPO_ROOT } from '../../../infra/local/stack';
import { recordSecurityFigures } from '../../support/security-summary';
import { acquireTestStack, TEST_CODE } from '../../support/test-stack';
import { startSiteServer } from './site-server';

declare module 'vitest' {
  export interface ProvidedContext {
    site: { baseUrl: string; headers: Record<string, string> };
    /** Folder where each browser test file writes its CSP violation counts. */
    cspReportDir: string;
  }
}

/**
 * Browser tests run against the built web app, served the way CloudFront serves it, in
 * front of the same local stack as the integration tests (in memory, random ports).
 */
export default async function setup(project: TestProject) {
  // E2E_DIST_DIR lets two runs on one machine build into their own folders.
  const distDir = process.env.E2E_DIST_DIR ?? join(REPO_ROOT, '.test-out', 'web-dist');
  // E2E_REUSE_BUILD=1: the build of a run just before is served again (npm test's runs at
  // pinned instants); the app's clock comes from /config.json, not from the build.
  if (process.env.E2E_REUSE_BUILD !== '1' || !existsSync(join(distDir, 'index.html'))) {
    const { build } = await import('vite');
    // The production build, as deployed: vitest runs with NODE_ENV=test, which would make
    // Vite bundle React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        configFile: join(REPO_ROOT, 'web', 'vite.config.ts'),
        mode: 'production',
        logLevel: 'warn',
        build: { outDir: distDir, emptyOutDir: true },
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  }

  // Handlers log refusals at INFO; tests keep warnings and errors (STACK_LOG=1 shows all).
  process.env.LOG_LEVEL ??= process.env.STACK_LOG === '1' ? 'INFO' : 'WARN';
  // Every browser session is 127.0.0.1: per-client limits (decision 122) are raised, as for integration.
  process.env.CLIENT_LIMIT_PER_MINUTE ??= '100000';
  const { stack, release } = await acquireTestStack();
  // The stack as users find it in AWS: the screener snapshot job has run (the screener, the
  // market map, Compare and the value line's sector medians read its snapshot). Once, here,
  // rather than in each file that needs it. A run filtered by a tag (the pinned instants' clock
  // tests) reads none of those screens.
  if (!project.globalConfig.tagsFilter?.length) await runSnapshotJob(stack.env.AWS_REGION);
  const site = await startSiteServer({
    distDir,
    apiUrl: stack.urls.api,
    profileImagesUrl: `${stack.urls.s3}/${stack.profileBucket}`,
    // Locally the API answers photos with presigned URLs of the S3 emulator.
    imagesOrigin: stack.urls.s3,
    config: {
      region: stack.env.AWS_REGION,
      userPoolId: stack.userPoolId,
      userPoolClientId: stack.userPoolClientId,
      cognitoEndpoint: stack.urls.cognitoProxy,
      authFlowType: 'USER_PASSWORD_AUTH',
      apiBaseUrl: '',
      ...(stack.env.MARKET_CLOCK ? { marketClock: stack.env.MARKET_CLOCK } : {}),
      ...(stack.env.SUPPORT_EMAIL ? { supportEmail: stack.env.SUPPORT_EMAIL } : {}),
    },
  });

  const { stop: _stop, ...info } = stack;
  project.provide('stack', { ...info, cognitoCode: TEST_CODE });
  project.provide('site', { baseUrl: site.url, headers: site.headers });
  const cspReportDir = `${distDir.replace(/[\\/]+$/, '')}-csp`;
  rmSync(cspReportDir, { recursive: true, force: true });
  mkdirSync(cspReportDir, { recursive: true });
  project.provide('cspReportDir', cspReportDir);
  return async () => {
    await site.stop();
    await release();
    recordBrowserCspFigures(cspReportDir);
  };
}

/** Sums the per-file counts of tests/e2e/support/browser.ts into the security summary. */
function recordBrowserCspFigures(dir: string): void {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  if (files.length === 0) return;
  const total = { files: files.length, tests: 0, pages: 0, violations: 0, provokedViolations: 0 };
  for (const file of files) {
    const counts = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Partial<typeof total>;
    total.tests += counts.tests ?? 0;
    total.pages += counts.pages ?? 0;
    total.violations += counts.violations ?? 0;
    total.provokedViolations += counts.provokedViolations ?? 0;
  }
  recordSecurityFigures('headers-browser', {
    testFilesUnderCsp: total.files,
    testsUnderCsp: total.tests,
    browserPagesUnderCsp: total.pages,
    cspViolationsInJourneys: total.violations,
    cspViolationsProvokedOnPurpose: total.provokedViolations,
  });
}

/** The screener snapshot job's handler, once, as its schedule would invoke it. */
async function runSnapshotJob(region = 'us-east-1'): Promise<void> {
  const job = JOBS.find((j) => j.id === 'refreshScreenerSnapshot');
  if (!job) throw new Error('infra/jobs.ts has no refreshScreenerSnapshot job');
  const { handler } = await import('../../../functions/jobs/refreshScreenerSnapshot');
  await handler(scheduledEvent(job, region));
}
