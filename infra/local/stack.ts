import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_TABLE_NAME } from '../table-design';
import { startApiServer } from './api-server';
import { startLambdaEndpoint } from './lambda';
import { ensureUserPool, startCognito } from './cognito';
import { ensureTable, startDynamo } from './dynamodb';
import { instantSchema } from '../../functions/lib/config';
import { applyEnv, buildHandlerEnv, LOCAL_PROFILE_BUCKET, LOCAL_REGION, userEndpoint } from './env';
import { assertPortFree, freePort } from './process';
import { ensureBucket, startS3 } from './s3';
import { startScheduler } from './scheduler';
import { startSes } from './ses';
import { startWeb } from './web';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const LOCAL_DIR = join(REPO_ROOT, '.local');

export interface StackPorts {
  app: number;
  api: number;
  cognito: number;
  cognitoProxy: number;
  lambda: number;
  ses: number;
  s3: number;
  dynamodb: number;
}

/** Ports of `npm start`, each overridable by its variable. */
export const DEFAULT_PORTS: Record<keyof StackPorts, { port: number; env: string }> = {
  app: { port: 5173, env: 'LOCAL_APP_PORT' },
  api: { port: 3001, env: 'LOCAL_API_PORT' },
  cognito: { port: 9229, env: 'LOCAL_COGNITO_PORT' },
  cognitoProxy: { port: 9230, env: 'LOCAL_COGNITO_PROXY_PORT' },
  lambda: { port: 9231, env: 'LOCAL_LAMBDA_PORT' },
  ses: { port: 8005, env: 'LOCAL_SES_PORT' },
  s3: { port: 4569, env: 'LOCAL_S3_PORT' },
  dynamodb: { port: 8000, env: 'LOCAL_DYNAMODB_PORT' },
};

export interface StackOptions {
  /** true: data under `.local/` (or `dataDir`) survives restarts. false: in memory / a temp folder (tests). */
  persistent: boolean;
  /** Folder of the persistent data instead of `.local/` (`LOCAL_DATA_DIR` for `npm start`). */
  dataDir?: string;
  web: boolean;
  jobs: boolean;
  /** Fixed ports (`npm start`) or free random ones (tests). */
  ports: 'fixed' | 'random';
  /** Honour AWS_ENDPOINT_URL_* and other values already in the environment (e.g. LocalStack). */
  inheritEnv?: boolean;
  /** Fixes cognito-local's confirmation codes (tests). */
  cognitoCode?: string;
  /** Delay of the first scheduled job runs. */
  firstJobRunAfterMs?: number;
  /**
   * Pins the product's clock at this instant (MARKET_CLOCK, functions/lib/clock.ts): the demo
   * market holds still there and the web app's "today" follows. Tests always pin it; with
   * `inheritEnv`, MARKET_CLOCK from the environment does the same.
   */
  marketClock?: string;
  log?: (source: string, line: string) => void;
}

export interface StackUrls {
  app?: string;
  api: string;
  mail: string;
  s3: string;
  dynamodb: string;
  cognito: string;
  cognitoProxy: string;
}

export interface StackInfo {
  urls: StackUrls;
  /** The functions' environment (also applied to this process). */
  env: Record<string, string>;
  userPoolId: string;
  userPoolClientId: string;
  tableName: string;
  profileBucket: string;
  /** Services the user pointed elsewhere with AWS_ENDPOINT_URL_* (no emulator started). */
  external: string[];
}

export interface Stack extends StackInfo {
  stop(): Promise<void>;
  /** The DynamoDB Local this stack started (absent with an external endpoint): stop it and start it again. */
  dynamodb?: { stop(): Promise<void>; restart(): Promise<void> };
}

async function resolvePorts(mode: 'fixed' | 'random', env: NodeJS.ProcessEnv): Promise<StackPorts> {
  const entries = await Promise.all(
    (Object.keys(DEFAULT_PORTS) as (keyof StackPorts)[]).map(async (key) => {
      const def = DEFAULT_PORTS[key];
      if (mode === 'random') return [key, await freePort()] as const;
      const fromEnv = env[def.env] ? Number(env[def.env]) : def.port;
      if (!Number.isInteger(fromEnv) || fromEnv <= 0 || fromEnv > 65535) {
        throw new Error(`${def.env} must be a port number, got "${env[def.env]}"`);
      }
      return [key, fromEnv] as const;
    }),
  );
  return Object.fromEntries(entries) as unknown as StackPorts;
}

/**
 * Starts the local twin of infra/: DynamoDB Local with the app's table, cognito-local
 * with its pool and client (and the proxy Amplify needs), a local SES with its mail
 * viewer, a local S3, the API server mounting every route's handler, the scheduled
 * jobs, and the web app. Everything binds 127.0.0.1.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const base = options.inheritEnv ? process.env : {};
  const log = options.log ?? (() => undefined);
  const marketClock = options.marketClock ?? base.MARKET_CLOCK;
  if (marketClock !== undefined && !instantSchema.safeParse(marketClock).success)
    throw new Error(
      `MARKET_CLOCK must be an instant such as 2026-03-10T15:00:00Z, got "${marketClock}"`,
    );
  const ports = await resolvePorts(options.ports, process.env);
  const stops: (() => Promise<void>)[] = [];
  const tempDir = options.persistent ? undefined : mkdtempSync(join(tmpdir(), 'mr-market-stack-'));
  const dataDir = tempDir ?? options.dataDir ?? LOCAL_DIR;
  let dynamoHandle: Stack['dynamodb'];
  mkdirSync(dataDir, { recursive: true });

  const external = {
    dynamodb: options.inheritEnv ? userEndpoint('dynamodb', base) : undefined,
    cognito: options.inheritEnv ? userEndpoint('cognito', base) : undefined,
    ses: options.inheritEnv ? userEndpoint('ses', base) : undefined,
    s3: options.inheritEnv ? userEndpoint('s3', base) : undefined,
  };

  const stopAll = async () => {
    for (const stop of stops.reverse()) {
      await stop().catch((error: unknown) => log('stack', `stop failed: ${String(error)}`));
    }
    stops.length = 0;
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };

  try {
    if (options.ports === 'fixed') {
      const needed: (keyof StackPorts)[] = ['api'];
      if (!external.dynamodb) needed.push('dynamodb');
      if (!external.cognito) needed.push('cognito', 'cognitoProxy', 'lambda');
      if (!external.ses) needed.push('ses');
      if (!external.s3) needed.push('s3');
      if (options.web) needed.push('app');
      for (const key of needed) await assertPortFree(ports[key], key, DEFAULT_PORTS[key].env);
    }

    const region = base.AWS_REGION ?? LOCAL_REGION;
    const tableName = base.TABLE_NAME ?? LOCAL_TABLE_NAME;
    const profileBucket = base.PROFILE_BUCKET ?? LOCAL_PROFILE_BUCKET;

    const started = await Promise.allSettled([
      (async () => {
        let url = external.dynamodb;
        if (!url) {
          const dynamo = await startDynamo({
            port: ports.dynamodb,
            dir: join(dataDir, 'dynamodb'),
            persistent: options.persistent,
            log: (line) => log('dynamodb', line),
          });
          stops.push(dynamo.stop);
          dynamoHandle = { stop: dynamo.stop, restart: dynamo.restart };
          url = dynamo.url;
        }
        const table = await ensureTable(url, tableName, region);
        log('dynamodb', `table ${tableName}: ${table}`);
        return url;
      })(),
      (async () => {
        if (external.cognito) {
          const ids = await ensureUserPool(external.cognito, region);
          const issuer = base.LOCAL_JWT_ISSUER ?? `${external.cognito}/${ids.userPoolId}`;
          return {
            url: external.cognito,
            proxyUrl: external.cognito,
            issuer,
            jwksUrl: `${issuer}/.well-known/jwks.json`,
            ...ids,
          };
        }
        // Cognito's triggers (the CustomMessage function) run in this process, as Lambda runs them in AWS.
        const lambda = await startLambdaEndpoint({
          port: ports.lambda,
          log: (line) => log('lambda', line),
        });
        stops.push(lambda.stop);
        const handle = await startCognito({
          port: ports.cognito,
          proxyPort: ports.cognitoProxy,
          dir: join(dataDir, 'cognito'),
          lambdaUrl: lambda.url,
          sesUrl: external.ses ?? `http://127.0.0.1:${ports.ses}`,
          mailFrom: base.MAIL_FROM ?? 'no-reply@mr-market.local',
          ...(options.cognitoCode ? { code: options.cognitoCode } : {}),
          log: (line) => log('cognito', line),
        });
        stops.push(handle.stop);
        return handle;
      })(),
      (async () => {
        if (external.ses) return external.ses;
        const ses = await startSes({ port: ports.ses });
        stops.push(ses.stop);
        return ses.url;
      })(),
      (async () => {
        if (external.s3) {
          await ensureBucket(external.s3, profileBucket, region);
          return external.s3;
        }
        const s3 = await startS3({
          port: ports.s3,
          dir: join(dataDir, 's3'),
          buckets: [profileBucket],
        });
        stops.push(s3.stop);
        return s3.url;
      })(),
    ] as const);
    // Wait for every emulator (started or failed) so a failure stops all of them.
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    const [dynamodbUrl, cognito, sesUrl, s3Url] = started.map(
      (r) => (r as PromiseFulfilledResult<unknown>).value,
    ) as [
      string,
      {
        url: string;
        proxyUrl: string;
        issuer: string;
        jwksUrl: string;
        userPoolId: string;
        userPoolClientId: string;
      },
      string,
      string,
    ];

    const appUrl = `http://127.0.0.1:${ports.app}`;
    const env = buildHandlerEnv(
      {
        dynamodb: dynamodbUrl,
        cognito: cognito.proxyUrl,
        ses: sesUrl,
        s3: s3Url,
        userPoolId: cognito.userPoolId,
        userPoolClientId: cognito.userPoolClientId,
        siteUrl: appUrl,
      },
      base,
    );
    if (marketClock) env.MARKET_CLOCK = marketClock;
    // Functions read their configuration from process.env once: set it before loading them.
    applyEnv(env);

    const api = await startApiServer({
      port: ports.api,
      jwt: { issuer: cognito.issuer, jwksUrl: cognito.jwksUrl, clientId: cognito.userPoolClientId },
      log: (line) => log('api', line),
    });
    stops.push(api.stop);

    if (options.jobs) {
      const scheduler = await startScheduler({
        ...(options.firstJobRunAfterMs !== undefined
          ? { firstRunAfterMs: options.firstJobRunAfterMs }
          : {}),
        log: (line) => log('jobs', line),
      });
      stops.push(scheduler.stop);
    }

    let app: string | undefined;
    if (options.web) {
      const webConfig = {
        region: env.AWS_REGION,
        userPoolId: cognito.userPoolId,
        userPoolClientId: cognito.userPoolClientId,
        cognitoEndpoint: cognito.proxyUrl,
        apiBaseUrl: '',
        authFlowType: 'USER_PASSWORD_AUTH',
        supportEmail: env.SUPPORT_EMAIL,
        ...(env.MARKET_CLOCK ? { marketClock: env.MARKET_CLOCK } : {}),
      };
      const configJson = join(dataDir, 'web-config.json');
      writeFileSync(configJson, `${JSON.stringify(webConfig, null, 2)}\n`);
      const web = await startWeb({
        port: ports.app,
        apiUrl: api.url,
        configJson,
        origins: { cognito: cognito.proxyUrl, images: s3Url },
      });
      if (web) {
        stops.push(web.stop);
        app = web.url;
      } else {
        log('web', 'web/vite.config.ts not found: the web app is not started');
      }
    }

    const info: StackInfo = {
      urls: {
        ...(app ? { app } : {}),
        api: api.url,
        mail: sesUrl,
        s3: s3Url,
        dynamodb: dynamodbUrl,
        cognito: cognito.url,
        cognitoProxy: cognito.proxyUrl,
      },
      env,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      tableName,
      profileBucket,
      external: Object.entries(external)
        .filter(([, v]) => v)
        .map(([k]) => k),
    };
    if (options.persistent) {
      writeFileSync(
        join(dataDir, 'stack.json'),
        `${JSON.stringify({ userPoolId: info.userPoolId, userPoolClientId: info.userPoolClientId, region: env.AWS_REGION, cognitoEndpoint: cognito.proxyUrl, urls: info.urls }, null, 2)}\n`,
      );
    }
    const stack: Stack = { ...info, stop: stopAll };
    // Not enumerable: callers spread a stack into plain, serializable data (tests' `provide`).
    if (dynamoHandle) Object.defineProperty(stack, 'dynamodb', { value: dynamoHandle });
    return stack;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
