import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startStack } from '../../../infra/local/stack';
import { TEST_CODE } from '../../support/global-setup';
import { startSiteServer } from './site-server';

declare module 'vitest' {
  export interface ProvidedContext {
    site: { baseUrl: string };
  }
}

/**
 * Browser tests run against the built web app, served the way CloudFront serves it, in
 * front of the same local stack as the integration tests (in memory, random ports).
 */
export default async function setup(project: TestProject) {
  // E2E_DIST_DIR lets two runs on one machine build into their own folders.
  const distDir = process.env.E2E_DIST_DIR ?? join(REPO_ROOT, '.test-out', 'web-dist');
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

  // Handlers log refusals at INFO; tests keep warnings and errors (STACK_LOG=1 shows all).
  process.env.LOG_LEVEL ??= process.env.STACK_LOG === '1' ? 'INFO' : 'WARN';
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
  const site = await startSiteServer({
    distDir,
    apiUrl: stack.urls.api,
    profileImagesUrl: `${stack.urls.s3}/${stack.profileBucket}`,
    config: {
      region: stack.env.AWS_REGION,
      userPoolId: stack.userPoolId,
      userPoolClientId: stack.userPoolClientId,
      cognitoEndpoint: stack.urls.cognitoProxy,
      authFlowType: 'USER_PASSWORD_AUTH',
      apiBaseUrl: '',
      ...(stack.env.SUPPORT_EMAIL ? { supportEmail: stack.env.SUPPORT_EMAIL } : {}),
    },
  });

  const { stop, ...info } = stack;
  project.provide('stack', { ...info, cognitoCode: TEST_CODE });
  project.provide('site', { baseUrl: site.url });
  return async () => {
    await site.stop();
    await stop();
  };
}
