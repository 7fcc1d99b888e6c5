import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type * as z from 'zod/mini';
// `z.core.$ZodError` through the namespace would take all of zod's core into the bundle.
import { $ZodError } from 'zod/v4/core';
import '../../shared/schemas/zod-messages';
import {
  DEFAULT_MAX_BODY_BYTES,
  LIMIT_MESSAGES,
  isPublicMarketRead,
  type RouteDef,
} from '../../shared/routes/types';
import { inputErrorMap } from '../../shared/schemas/errors';
import {
  AppError,
  BadRequestError,
  TooManyRequestsError,
  UnauthorizedError,
  serviceUnavailable,
} from './errors';
import { idempotent } from './idempotency';
import { logger } from './logger';
import { isRevoked, revocationOf } from './revocation';
import { publishMetrics, recordClientLimited, recordResponse } from './metrics';
import { cameThroughOrigin, clientAddress, withClient } from './client';
import { clientLimitOf, takeClientLimit, takeWriteLimit, writeLimitOf } from './rate-limit';
import {
  CANONICAL_REDIRECT_SECONDS,
  canonicalQuery,
  edgeCacheControl,
  isCanonicalQuery,
} from '../../shared/market/edge-cache';
import { marketNowMs } from './clock';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** The signed-in user as API Gateway's JWT authorizer (or the local server) puts it in the event. */
export interface AuthUser {
  userId: string;
  email?: string;
  username?: string;
  /** The token's `iat` (epoch seconds), checked against the user's revocation. */
  issuedAt?: number;
}

export interface HandlerArgs<I> {
  input: I;
  /** Present on routes with `auth: true` (the handler is not called without it). */
  user: AuthUser | undefined;
  event: ApiEvent;
  context: Context;
}

/** A handler result: a JSON body (200), or a full response when the status or headers matter. */
export type HandlerReturn =
  unknown | { statusCode: number; body: unknown; headers?: Record<string, string> };

/**
 * Every JSON answer: never cached (unless an edge-cached route's success says otherwise:
 * edgeHeaders), never sniffed as another type, and as a document it may
 * load nothing and be framed nowhere (the same values as API_SECURITY_HEADERS in
 * infra/security-headers.ts, which functions/ does not import; a test checks they agree).
 */
export const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

export function json(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): ApiResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

/** Marks a result whose status or headers differ from a plain 200. */
export function respond(statusCode: number, body: unknown, headers?: Record<string, string>) {
  return { __response: true as const, statusCode, body, headers };
}

/**
 * Marks a result whose body is sent as it is (an HTML page, an SVG or PNG image of the public
 * share routes), with its own content type and headers. Bytes go out base64-encoded, as API
 * Gateway expects a binary body.
 */
export function respondRaw(
  statusCode: number,
  body: string | Uint8Array,
  headers: Record<string, string>,
) {
  return { __response: true as const, raw: true as const, statusCode, body, headers };
}

function isResponse(v: unknown): v is ReturnType<typeof respond> | ReturnType<typeof respondRaw> {
  return typeof v === 'object' && v !== null && (v as { __response?: boolean }).__response === true;
}

function zodDetails(error: $ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    details[field] ??= issue.message;
  }
  return details;
}

/** Maps typed errors to HTTP responses: 4xx with their message, anything else 500 with a request id. */
export function errorResponse(error: unknown, requestId: string): ApiResult {
  if (error instanceof $ZodError) {
    const errors = zodDetails(error);
    const first = Object.values(errors)[0] ?? 'Please correct the input you entered!';
    return json(400, { message: first, errors });
  }
  // DynamoDB (or another AWS service) unreachable, throttled or failing: 503, try again.
  error = serviceUnavailable(error) ?? error;
  if (error instanceof AppError) {
    if (error.statusCode >= 500) logger.error('request failed', { error, requestId });
    else logger.info('request refused', { status: error.statusCode, reason: error.message });
    const retryAfter =
      error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined
        ? { 'retry-after': String(error.retryAfterSeconds) }
        : undefined;
    return json(
      error.statusCode,
      {
        message: error.message,
        ...(error.details ? { errors: error.details } : {}),
        ...(error.statusCode >= 500 ? { requestId } : {}),
      },
      retryAfter,
    );
  }
  logger.error('unhandled error', { error: error as Error, requestId });
  return json(500, { message: 'Something went wrong. Please try again.', requestId });
}

/** Size of the request body in bytes, as the client sent it (before any base64 of the gateway). */
export function bodyBytes(event: ApiEvent): number {
  const body = event.body;
  if (!body) return 0;
  if (!event.isBase64Encoded) return Buffer.byteLength(body, 'utf8');
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
}

function parseBody(event: ApiEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return {};
  const raw = event.isBase64Encoded
    ? Buffer.from(event.body, 'base64').toString('utf8')
    : event.body;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new BadRequestError('The request body must be valid JSON');
  }
}

/** Input of a request: query string (GET) or JSON body (POST), with path parameters on top. */
export function requestInput(event: ApiEvent, route: RouteDef): unknown {
  const base =
    route.method === 'GET' ? { ...(event.queryStringParameters ?? {}) } : parseBody(event);
  if (event.pathParameters && Object.keys(event.pathParameters).length > 0) {
    if (typeof base !== 'object' || base === null || Array.isArray(base)) {
      throw new BadRequestError('The request body must be a JSON object');
    }
    return { ...(base as Record<string, unknown>), ...event.pathParameters };
  }
  return base;
}

export function authUser(event: ApiEvent): AuthUser | undefined {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') return undefined;
  // API Gateway's JWT authorizer also lets an ID token through (its client is in `aud`): refuse it.
  if (claims?.token_use !== 'access') return undefined;
  // API Gateway passes claims as strings; the local server as the token has them.
  const iat = Number(claims?.iat);
  return {
    userId: sub,
    ...(typeof claims?.email === 'string' ? { email: claims.email } : {}),
    ...(typeof claims?.username === 'string' ? { username: claims.username } : {}),
    ...(Number.isFinite(iat) && claims?.iat !== undefined ? { issuedAt: iat } : {}),
  };
}

/** The caller's access token as sent (for Cognito calls it authorizes itself), else undefined. */
export function accessTokenOf(event: ApiEvent): string | undefined {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  const tokenUse = event.requestContext.authorizer?.jwt?.claims?.token_use;
  return tokenUse === 'access' && token ? token : undefined;
}

/**
 * A route's entry from its own route file. Handlers import only that file rather than the
 * whole table, so a function builds the request schemas of its own area only (cold start).
 */
export function routeIn<const T extends readonly RouteDef[]>(
  routes: T,
  id: T[number]['id'],
): RouteDef {
  const def = routes.find((r) => r.id === id);
  if (!def) throw new Error(`No route with id "${id}" in the route table`);
  return def;
}

/**
 * `Cache-Control` of a successful answer of an edge-cached route, for its kind of data at the
 * market's moment (a stale answer briefly); none for any other route (JSON_HEADERS: no-store).
 */
export function edgeHeaders(def: RouteDef, input: unknown, body: unknown): Record<string, string> {
  const edge = def.edgeCache;
  if (!edge) return {};
  const kind = typeof edge.kind === 'function' ? edge.kind(input) : edge.kind;
  const stale =
    typeof body === 'object' && body !== null && (body as { stale?: unknown }).stale === true;
  return { 'cache-control': edgeCacheControl(kind, marketNowMs(), { stale }) };
}

/**
 * The redirect of an edge-cached request whose query is not the canonical one of its input
 * (another order, lower-case symbols, defaults left out): one address per read, one copy at
 * the edge. The redirect itself is cached (it never changes); undefined when canonical.
 */
export function canonicalRedirect(
  def: RouteDef,
  event: ApiEvent,
  input: unknown,
): ApiResult | undefined {
  if (!def.edgeCache) return undefined;
  const canonical = canonicalQuery(def.edgeCache.query(input));
  if (isCanonicalQuery(event.rawQueryString ?? '', canonical)) return undefined;
  const location = canonical ? `${def.path}?${canonical}` : def.path;
  return json(
    308,
    { message: 'This address has a canonical form', location },
    { location, 'cache-control': `public, s-maxage=${CANONICAL_REDIRECT_SECONDS}` },
  );
}

/**
 * Wraps a route's handler (its entry from `routeIn`): checks the signed-in
 * user, validates the input with the route's schema, and maps results and errors to HTTP.
 */
export function route<S extends z.ZodMiniType>(
  def: RouteDef,
  fn: (args: HandlerArgs<z.output<S>>) => Promise<HandlerReturn> | HandlerReturn,
) {
  const schema = def.request as S;
  if (def.edgeCache && (def.method !== 'GET' || def.auth))
    throw new Error(`Route ${def.id}: only a public GET route may be edge-cached`);
  const limitKind = isPublicMarketRead(def) ? 'marketRead' : 'other';
  const base = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
    // In AWS only CloudFront may call (it adds the secret header); decision 122.
    if (!cameThroughOrigin(event)) return json(403, { message: LIMIT_MESSAGES.notThroughSite });
    const client = clientAddress(event);
    logger.appendKeys({ client });
    const clientLimit = clientLimitOf(def.clientLimitPerMinute);
    if (clientLimit !== undefined) {
      // Every request counts, valid or not: a guesser's wrong passwords are what is limited.
      const taken = await takeClientLimit(client, def.id, clientLimit);
      if (!taken.allowed) {
        recordClientLimited(limitKind);
        logger.info('request refused', { status: 429, reason: 'client limit' });
        return json(
          429,
          { message: LIMIT_MESSAGES.tooManyRequests },
          { 'retry-after': String(taken.retryAfterSeconds) },
        );
      }
    }
    return withClient(client, () => handle(event, context));
  };
  const handle = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
    const user = authUser(event);
    if (def.auth && !user) throw new UnauthorizedError();
    // A token its user gave up (signed out everywhere, changed or reset the password, deleted
    // the account) is refused before anything else is read or written; when the table cannot
    // say, the request fails (503) rather than trust the token (decision 123).
    if (def.auth && user) {
      const revocation = await revocationOf(user.userId, { fresh: def.method !== 'GET' });
      if (isRevoked(user.issuedAt, revocation)) throw new UnauthorizedError();
    }
    if (bodyBytes(event) > (def.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES))
      return json(413, { message: LIMIT_MESSAGES.tooLarge });
    const input = (await schema.parseAsync(requestInput(event, def), {
      error: inputErrorMap,
    })) as z.output<S>;
    const redirect = canonicalRedirect(def, event, input);
    if (redirect) return redirect;
    // A POST sent again with the same Idempotency-Key gets the first response (decision 083);
    // such a replay does not count against the write limit (a refusal is never stored).
    return idempotent(
      def,
      event,
      user,
      input,
      async () => {
        // Only valid input of a write route counts; read-only routes make no call here.
        const writeLimit = writeLimitOf(def.writeLimitPerMinute);
        if (writeLimit !== undefined && user) {
          const taken = await takeWriteLimit(user.userId, def.id, writeLimit);
          if (!taken.allowed)
            return json(
              429,
              { message: LIMIT_MESSAGES.tooManyWrites },
              { 'retry-after': String(taken.retryAfterSeconds) },
            );
        }
        const result = await fn({ input, user, event, context });
        if (isResponse(result)) {
          if (!('raw' in result)) return json(result.statusCode, result.body, result.headers);
          // A page or an image of an edge-cached route keeps its lifetime on success too.
          const edge = result.statusCode === 200 ? edgeHeaders(def, input, undefined) : {};
          const body = result.body;
          return typeof body === 'string'
            ? { statusCode: result.statusCode, headers: { ...result.headers, ...edge }, body }
            : {
                statusCode: result.statusCode,
                headers: { ...result.headers, ...edge },
                body: Buffer.from(body).toString('base64'),
                isBase64Encoded: true,
              };
        }
        return json(200, result ?? {}, edgeHeaders(def, input, result));
      },
      (result) => json(200, result ?? {}),
    );
  };
  // Every answer counts in the route's 4xx and 5xx metrics; the invocation's metrics are
  // written when it ends (functions/lib/metrics.ts).
  const measured = (response: ApiResult | undefined) => {
    if (response) recordResponse(def.id, response.statusCode ?? 200);
    publishMetrics();
  };
  return middy<ApiEvent, ApiResult>(base).use({
    before: (request) => {
      logger.addContext(request.context);
      logger.appendKeys({ route: def.id });
    },
    after: (request) => {
      measured(request.response);
    },
    onError: (request) => {
      request.response = errorResponse(request.error, request.context.awsRequestId);
      measured(request.response);
    },
  });
}
