import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { keepIdleConnections } from './keep-alive';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROUTES, type RouteDef } from '../../shared/routes';
import { API_SECURITY_HEADERS } from '../security-headers';
import { DEFAULT_MAX_BODY_BYTES, LIMIT_MESSAGES } from '../../shared/routes/types';
import { buildApiEvent, buildLambdaContext, matchRoute, stringifyClaims } from './api-event';
import { closeServer } from './cognito';

type LambdaHandler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<unknown>;

export interface JwtSettings {
  issuer: string;
  jwksUrl: string;
  clientId: string;
}

export interface ApiServerOptions {
  port: number;
  jwt: JwtSettings;
  routes?: readonly RouteDef[];
  /** Folder of the handler modules (default: `functions/` of this repository). */
  functionsDir?: string;
  /** Lambda's request payload limit. */
  maxBodyBytes?: number;
  /** API Gateway's integration timeout. */
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface ApiServerHandle {
  url: string;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NOT_IMPLEMENTED_MODULE = 'api/notImplemented';

/** Loads every handler of the route table; a route without one gets the 501 handler. */
export async function loadHandlers(
  routes: readonly RouteDef[],
  functionsDir: string,
): Promise<Map<string, LambdaHandler>> {
  const byModule = new Map<string, Promise<LambdaHandler>>();
  const load = (moduleName: string) => {
    let loading = byModule.get(moduleName);
    if (!loading) {
      const file = pathToFileURL(join(functionsDir, `${moduleName}.ts`)).href;
      loading = import(file).then((mod: { handler?: LambdaHandler }) => {
        if (typeof mod.handler !== 'function')
          throw new Error(`functions/${moduleName}.ts exports no handler`);
        return mod.handler;
      });
      byModule.set(moduleName, loading);
    }
    return loading;
  };
  const handlers = new Map<string, LambdaHandler>();
  await Promise.all(
    routes.map(async (route) => {
      handlers.set(route.id, await load(route.handler ?? NOT_IMPLEMENTED_MODULE));
    }),
  );
  return handlers;
}

/**
 * The server's own answers (no route, refused token, too large...), with the API's security
 * headers, and never to be kept by a cache, as the handlers' refusals (decision 126).
 */
function send(res: ServerResponse, status: number, body: unknown, requestId: string): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    ...API_SECURITY_HEADERS,
    'apigw-requestid': requestId,
  });
  res.end(JSON.stringify(body));
}

function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}

/**
 * Verifies a Cognito token as API Gateway's JWT authorizer does: signature (JWKS), issuer,
 * expiry, and the app client. Stricter than the authorizer: only an access token of this
 * app client (`token_use: 'access'`, `client_id`) passes; the handlers refuse ID tokens too.
 */
export async function verifyToken(
  token: string,
  settings: JwtSettings,
  jwks: ReturnType<typeof createRemoteJWKSet>,
): Promise<JWTPayload | undefined> {
  try {
    const { payload } = await jwtVerify(token, jwks, {
      issuer: settings.issuer,
      algorithms: ['RS256'],
      // API Gateway's JWT authorizer refuses a token without an expiry: so does this server.
      requiredClaims: ['exp'],
    });
    // An ID token names its client in `aud` and has `token_use: 'id'`: refused.
    const accessOk = payload.token_use === 'access' && payload.client_id === settings.clientId;
    return accessOk ? payload : undefined;
  } catch {
    return undefined;
  }
}

/** Maps a function result to HTTP as API Gateway does for payload format 2.0. */
function writeResult(res: ServerResponse, result: unknown, requestId: string): void {
  const structured =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? (result as {
          statusCode: number;
          headers?: Record<string, string | number | boolean>;
          body?: string;
          isBase64Encoded?: boolean;
          cookies?: string[];
        })
      : undefined;
  if (!structured) {
    // A result without statusCode is taken as a JSON body with status 200.
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    res.writeHead(200, { 'content-type': 'application/json', 'apigw-requestid': requestId });
    res.end(body);
    return;
  }
  const headers: Record<string, string | string[]> = { 'apigw-requestid': requestId };
  for (const [name, value] of Object.entries(structured.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const body =
    structured.body === undefined
      ? Buffer.alloc(0)
      : structured.isBase64Encoded
        ? Buffer.from(structured.body, 'base64')
        : Buffer.from(structured.body, 'utf8');
  res.writeHead(structured.statusCode, headers);
  res.end(body);
}

class PayloadTooLargeError extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new PayloadTooLargeError());
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * The local twin of the HTTP API: every route of the table at the same method and path,
 * the same payload 2.0 event, the same JWT checks in front of `auth: true` routes.
 */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServerHandle> {
  const routes = options.routes ?? ROUTES;
  const maxBodyBytes = options.maxBodyBytes ?? 6 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 29_000;
  const log = options.log ?? (() => undefined);
  const handlers = await loadHandlers(routes, options.functionsDir ?? join(ROOT, 'functions'));
  const jwks = createRemoteJWKSet(new URL(options.jwt.jwksUrl));

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const requestId = randomUUID();
    const url = req.url ?? '/';
    const rawPath = url.split('?')[0] ?? '/';
    const match = matchRoute(routes, req.method ?? 'GET', rawPath);
    if (!match) return send(res, 404, { message: 'Not Found' }, requestId);

    let claims: Record<string, string> | undefined;
    let scopes: string[] | undefined;
    if (match.route.auth) {
      const token = bearerToken(req.headers.authorization);
      const payload = token ? await verifyToken(token, options.jwt, jwks) : undefined;
      if (!payload) {
        req.resume();
        return send(res, 401, { message: 'Unauthorized' }, requestId);
      }
      claims = stringifyClaims(payload);
      scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
    }

    // The route's own cap (the function refuses above it too) stops reading early.
    const routeCap = match.route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    let body: Buffer;
    try {
      body = await readBody(req, Math.min(maxBodyBytes, routeCap));
    } catch (error) {
      if (error instanceof PayloadTooLargeError)
        return send(
          res,
          413,
          {
            message: routeCap < maxBodyBytes ? LIMIT_MESSAGES.tooLarge : 'Request Entity Too Large',
          },
          requestId,
        );
      throw error;
    }

    const event = buildApiEvent(
      {
        method: req.method ?? 'GET',
        url,
        headers: req.headers,
        body,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      },
      match,
      {
        ...(claims ? { claims, scopes: scopes ?? [] } : {}),
        domainName: req.headers.host ?? '127.0.0.1',
        requestId,
      },
    );
    const handler = handlers.get(match.route.id) as LambdaHandler;
    const context = buildLambdaContext(`mr-market-local-${match.route.id}`, requestId, timeoutMs);
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        handler(event, context),
        new Promise<'timeout'>((r) => {
          timer = setTimeout(() => r('timeout'), timeoutMs);
        }),
      ]);
      if (result === 'timeout') {
        log(`${event.routeKey} timed out after ${timeoutMs} ms`);
        return send(res, 503, { message: 'Service Unavailable' }, requestId);
      }
      writeResult(res, result, requestId);
      log(`${event.routeKey} ${res.statusCode} ${Date.now() - started} ms`);
    } catch (error) {
      // An unhandled error in the function: API Gateway answers a bare 500.
      log(`${event.routeKey} failed: ${(error as Error)?.stack ?? String(error)}`);
      send(res, 500, { message: 'Internal Server Error' }, requestId);
    } finally {
      clearTimeout(timer);
    }
  };

  const server: Server = keepIdleConnections(
    createServer((req, res) => {
      handle(req, res).catch((error: unknown) => {
        log(`request failed: ${String(error)}`);
        if (!res.headersSent) send(res, 500, { message: 'Internal Server Error' }, 'local');
        else res.end();
      });
    }),
  );
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolveListen());
  });
  return { url: `http://127.0.0.1:${options.port}`, stop: () => closeServer(server) };
}
