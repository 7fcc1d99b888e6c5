import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { keepIdleConnections } from './keep-alive';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LOCAL_TRIGGERS } from './lambda';
import { answers, spawnChild, waitUntil } from './process';

const require = createRequire(import.meta.url);

export const LOCAL_POOL_NAME = 'mr-market-local';
export const LOCAL_CLIENT_NAME = 'mr-market-web';

export interface CognitoHandle {
  /** cognito-local itself: issuer domain and JWKS host. */
  url: string;
  /** The proxy in front of it: the Cognito endpoint the web and the functions use. */
  proxyUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  /** `iss` of the tokens and the JWKS that signs them. */
  issuer: string;
  jwksUrl: string;
  stop(): Promise<void>;
}

export interface CognitoOptions {
  port: number;
  proxyPort: number;
  /** cognito-local keeps its `.cognito/` folder (pools, users, codes) here. */
  dir: string;
  /** Fixes every confirmation/reset code (tests). */
  code?: string;
  /** The local Lambda Invoke endpoint that runs the pool's triggers (CustomMessage). */
  lambdaUrl?: string;
  /** Local SES: the emails Cognito would send arrive there (docs/decisions/020). */
  sesUrl?: string;
  mailFrom?: string;
  log?: (line: string) => void;
}

/**
 * Writes cognito-local's `.cognito/config.json`: its Lambda client goes to the local
 * Lambda endpoint and the CustomMessage trigger is the app's function. Other settings
 * a user put in the file are kept.
 */
export function writeCognitoConfig(dir: string, lambdaUrl: string | undefined): void {
  const file = join(dir, '.cognito', 'config.json');
  mkdirSync(join(dir, '.cognito'), { recursive: true });
  let current: Record<string, unknown> = {};
  if (existsSync(file)) {
    try {
      current = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch {
      current = {};
    }
  }
  const next = lambdaUrl
    ? {
        ...current,
        LambdaClient: {
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          region: 'us-east-1',
          endpoint: lambdaUrl,
          maxRetries: 0,
        },
        TriggerFunctions: {
          ...(current.TriggerFunctions as Record<string, string> | undefined),
          CustomMessage: LOCAL_TRIGGERS.CustomMessage.name,
        },
      }
    : current;
  writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
}

/** cognito-local, started by a small entry point that also hands its emails to the local SES. */
const COGNITO_MAIN = fileURLToPath(new URL('./cognito-local-main.ts', import.meta.url));

export function localCognitoClient(
  endpoint: string,
  region = 'us-east-1',
): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint,
    region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    // cognito-local answers unsupported calls with 500, which the SDK would retry.
    maxAttempts: 1,
  });
}

/** Finds the app's user pool and client, creating them on the first start. */
export async function ensureUserPool(
  endpoint: string,
  region?: string,
): Promise<{ userPoolId: string; userPoolClientId: string; created: boolean }> {
  const client = localCognitoClient(endpoint, region);
  try {
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((p) => p.Name === LOCAL_POOL_NAME)?.Id;
    let created = false;
    if (!userPoolId) {
      const pool = await client.send(
        new CreateUserPoolCommand({
          PoolName: LOCAL_POOL_NAME,
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
          Policies: {
            PasswordPolicy: {
              MinimumLength: 8,
              RequireLowercase: false,
              RequireUppercase: false,
              RequireNumbers: false,
              RequireSymbols: false,
            },
          },
        }),
      );
      userPoolId = pool.UserPool?.Id;
      created = true;
    }
    if (!userPoolId) throw new Error('The local user pool could not be created');
    const clients = await client.send(
      new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
    );
    let userPoolClientId = clients.UserPoolClients?.find(
      (c) => c.ClientName === LOCAL_CLIENT_NAME,
    )?.ClientId;
    if (!userPoolClientId) {
      const appClient = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: LOCAL_CLIENT_NAME,
          GenerateSecret: false,
          ExplicitAuthFlows: [
            'ALLOW_USER_PASSWORD_AUTH',
            'ALLOW_USER_SRP_AUTH',
            'ALLOW_REFRESH_TOKEN_AUTH',
          ],
        }),
      );
      userPoolClientId = appClient.UserPoolClient?.ClientId;
      created = true;
    }
    if (!userPoolClientId) throw new Error('The local app client could not be created');
    return { userPoolId, userPoolClientId, created };
  } finally {
    client.destroy();
  }
}

export async function startCognito({
  port,
  proxyPort,
  dir,
  code,
  lambdaUrl,
  sesUrl,
  mailFrom,
  log,
}: CognitoOptions): Promise<CognitoHandle> {
  mkdirSync(dir, { recursive: true });
  writeCognitoConfig(dir, lambdaUrl);
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  const child = spawnChild('cognito-local', process.execPath, ['--import', tsx, COGNITO_MAIN], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(code ? { CODE: code } : {}),
      ...(sesUrl ? { LOCAL_SES_URL: sesUrl } : {}),
      ...(mailFrom ? { LOCAL_MAIL_FROM: mailFrom } : {}),
    },
    ...(log ? { log } : {}),
  });
  const url = `http://127.0.0.1:${port}`;
  let proxy: Server | undefined;
  try {
    await waitUntil('cognito-local', () => answers(`${url}/health`), { child, timeoutMs: 30_000 });
    proxy = await startCognitoProxy(proxyPort, url);
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const { userPoolId, userPoolClientId } = await ensureUserPool(url);
    return {
      url,
      proxyUrl,
      userPoolId,
      userPoolClientId,
      issuer: `${url}/${userPoolId}`,
      jwksUrl: `${url}/${userPoolId}/.well-known/jwks.json`,
      async stop() {
        await closeServer(proxy);
        await child.stop();
      },
    };
  } catch (error) {
    await closeServer(proxy);
    await child.stop();
    throw error;
  }
}

export function closeServer(server: Server | undefined): Promise<void> {
  if (!server || !server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const AMZ_JSON = 'application/x-amz-json-1.1';

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
    'access-control-expose-headers':
      'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function callTarget(
  upstream: string,
  target: string,
  body: unknown,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${upstream}/`, {
    method: 'POST',
    headers: { 'content-type': AMZ_JSON, 'x-amz-target': `${TARGET_PREFIX}${target}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

/** The proxy's local-only control path: failures of a sign-out-everywhere call (tests). */
export const LOCAL_FAULTS_PATH = '/__local/faults';

/** The sign-out calls the control path can fail, for one user. */
export type FaultOperation = 'GlobalSignOut' | 'AdminUserGlobalSignOut';

/**
 * What a test asks of the proxy (POST LOCAL_FAULTS_PATH): fail the next `failures` calls of
 * `operation` for one user (the access token's `sub`, or the Username of an admin call) with
 * HTTP 500, as a Cognito outage answers. GET with `?operation=&subject=` reads the calls seen.
 */
export interface FaultRequest {
  operation: FaultOperation;
  subject: string;
  failures: number;
}

interface Fault {
  remaining: number;
  calls: number;
}

/** The user a sign-out call names: the access token's `sub`, or the admin call's Username. */
function subjectOf(target: FaultOperation, input: Record<string, unknown>): string {
  if (target === 'AdminUserGlobalSignOut') return String(input.Username ?? '');
  const token = typeof input.AccessToken === 'string' ? input.AccessToken : '';
  try {
    const claims = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : '';
  } catch {
    return '';
  }
}

/**
 * A small proxy in front of cognito-local, so Amplify's calls that it lacks work locally:
 * `GetTokensFromRefreshToken` (token refresh) becomes `InitiateAuth REFRESH_TOKEN_AUTH`;
 * `GlobalSignOut` and `AdminUserGlobalSignOut` ask cognito-local for the user (`GetUser` with
 * the token, `AdminGetUser`) and succeed when it answers, failing as Cognito would when it does
 * not (an unknown user, a bad token, cognito-local down); `ResendConfirmationCode` and
 * `RevokeToken` succeed. A test can make the sign-out calls of one user fail
 * (LOCAL_FAULTS_PATH, decision 144). Everything else passes through unchanged.
 */
export function startCognitoProxy(port: number, upstream: string): Promise<Server> {
  const faults = new Map<string, Fault>();
  const server = keepIdleConnections(
    createServer((req, res) => {
      handleProxy(req, res, upstream, faults).catch((error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json', ...corsHeaders(req) });
        }
        res.end(JSON.stringify({ __type: 'InternalErrorException', message: String(error) }));
      });
    }),
  );
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

async function handleProxy(
  req: IncomingMessage,
  res: ServerResponse,
  upstream: string,
  faults: Map<string, Fault>,
): Promise<void> {
  const cors = corsHeaders(req);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, cors);
    res.end();
    return;
  }
  const body = await readBody(req);
  const url = new URL(req.url ?? '/', 'http://local');
  if (url.pathname === LOCAL_FAULTS_PATH) {
    const key = (operation: unknown, subject: unknown) => `${String(operation)} ${String(subject)}`;
    if (req.method === 'POST') {
      const ask = JSON.parse(body.toString('utf8') || '{}') as Partial<FaultRequest>;
      if (
        (ask.operation !== 'GlobalSignOut' && ask.operation !== 'AdminUserGlobalSignOut') ||
        !ask.subject ||
        typeof ask.failures !== 'number'
      ) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Send operation, subject and failures' }));
        return;
      }
      faults.set(key(ask.operation, ask.subject), { remaining: ask.failures, calls: 0 });
      res.writeHead(204);
      res.end();
      return;
    }
    const fault = faults.get(
      key(url.searchParams.get('operation'), url.searchParams.get('subject')),
    );
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ calls: fault?.calls ?? 0, remaining: fault?.remaining ?? 0 }));
    return;
  }
  const targetHeader = req.headers['x-amz-target'];
  const target =
    typeof targetHeader === 'string' ? targetHeader.replace(TARGET_PREFIX, '') : undefined;
  const reply = (status: number, text: string) => {
    res.writeHead(status, { 'content-type': AMZ_JSON, ...cors });
    res.end(text);
  };

  if (req.method === 'POST' && target === 'GetTokensFromRefreshToken') {
    const input = JSON.parse(body.toString('utf8') || '{}') as {
      ClientId?: string;
      RefreshToken?: string;
    };
    const result = await callTarget(upstream, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: input.ClientId,
      AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
    });
    if (result.status !== 200) return reply(result.status, result.text);
    const parsed = JSON.parse(result.text) as { AuthenticationResult?: Record<string, unknown> };
    const auth = parsed.AuthenticationResult ?? {};
    return reply(
      200,
      JSON.stringify({
        AuthenticationResult: {
          AccessToken: auth.AccessToken,
          IdToken: auth.IdToken,
          RefreshToken: input.RefreshToken,
          ExpiresIn: 3600,
          TokenType: 'Bearer',
        },
      }),
    );
  }
  // Sign-out everywhere: cognito-local keeps no refresh-token list to clear, so the call
  // succeeds once cognito-local has answered for the user. The product's own revocation item
  // (functions/lib/revocation.ts) refuses the old tokens either way.
  if (
    req.method === 'POST' &&
    (target === 'GlobalSignOut' || target === 'AdminUserGlobalSignOut')
  ) {
    const input = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
    const fault = faults.get(`${target} ${subjectOf(target, input)}`);
    if (fault) {
      fault.calls++;
      if (fault.remaining > 0) {
        fault.remaining--;
        return reply(
          500,
          JSON.stringify({ __type: 'InternalErrorException', message: 'Service unavailable' }),
        );
      }
    }
    const check =
      target === 'GlobalSignOut'
        ? await callTarget(upstream, 'GetUser', { AccessToken: input.AccessToken })
        : await callTarget(upstream, 'AdminGetUser', {
            UserPoolId: input.UserPoolId,
            Username: input.Username,
          });
    return check.status === 200 ? reply(200, '{}') : reply(check.status, check.text);
  }
  // cognito-local only logs the emails it would send; a resent activation email is one more.
  if (req.method === 'POST' && target === 'ResendConfirmationCode')
    return reply(200, JSON.stringify({ CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } }));
  if (req.method === 'POST' && target === 'RevokeToken') {
    // Revoke the refresh token when cognito-local knows it; succeed either way, as Cognito does.
    await callTarget(upstream, 'RevokeToken', JSON.parse(body.toString('utf8') || '{}')).catch(
      () => undefined,
    );
    return reply(200, '{}');
  }

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || ['host', 'connection', 'content-length', 'origin'].includes(name))
      continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const upstreamRes = await fetch(`${upstream}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
  });
  const out: Record<string, string> = { ...cors };
  const contentType = upstreamRes.headers.get('content-type');
  if (contentType) out['content-type'] = contentType;
  res.writeHead(upstreamRes.status, out);
  res.end(Buffer.from(await upstreamRes.arrayBuffer()));
}
