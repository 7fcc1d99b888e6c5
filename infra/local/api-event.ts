import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { answeredMethods, type RouteDef } from '../../shared/routes';

/** What the local API server knows about one incoming request. */
export interface IncomingRequest {
  method: string;
  /** Path and query as received, e.g. `/api/search?q=app%20le`. */
  url: string;
  /** Header names as received; repeated headers as arrays. */
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  sourceIp: string;
}

export interface RouteMatch {
  route: RouteDef;
  /** The request's method: the route's own, or HEAD for a GET route (its HEAD route in AWS). */
  method: string;
  pathParameters: Record<string, string>;
}

export const LOCAL_ACCOUNT_ID = '000000000000';
export const LOCAL_API_ID = 'local';

function templateRegex(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const pattern = path
    .split('/')
    .map((segment) => {
      const param = /^\{([^}+]+)(\+?)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1] as string);
      return param[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { regex: new RegExp(`^${pattern}$`), names };
}

/**
 * The route of the table for a method and path, as API Gateway picks it: exact paths win
 * over templates; a known path with another method is no match (API Gateway answers 404).
 */
export function matchRoute(
  routes: readonly RouteDef[],
  method: string,
  rawPath: string,
): RouteMatch | undefined {
  const upper = method.toUpperCase();
  const candidates = routes.filter((r) => (answeredMethods(r) as string[]).includes(upper));
  const exact = candidates.find((r) => r.path === rawPath);
  if (exact) return { route: exact, method: upper, pathParameters: {} };
  for (const route of candidates) {
    if (!route.path.includes('{')) continue;
    const { regex, names } = templateRegex(route.path);
    const m = regex.exec(rawPath);
    if (!m) continue;
    const pathParameters: Record<string, string> = {};
    names.forEach((name, i) => {
      const raw = m[i + 1] as string;
      try {
        pathParameters[name] = decodeURIComponent(raw);
      } catch {
        pathParameters[name] = raw;
      }
    });
    return { route, method: upper, pathParameters };
  }
  return undefined;
}

/** Content types API Gateway passes as text; any other body arrives base64-encoded. */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type === 'application/x-www-form-urlencoded' ||
    type.endsWith('+json') ||
    type.endsWith('+xml')
  );
}

function headerValue(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(',') : value;
}

/** API Gateway's JWT authorizer hands the claims to the function as strings. */
export function stringifyClaims(payload: Record<string, unknown>): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') claims[key] = value;
    else if (Array.isArray(value)) claims[key] = `[${value.map(String).join(' ')}]`;
    else if (typeof value === 'object') claims[key] = JSON.stringify(value);
    else claims[key] = String(value);
  }
  return claims;
}

/** Builds the API Gateway HTTP API (payload format 2.0) event for a matched request. */
export function buildApiEvent(
  req: IncomingRequest,
  match: RouteMatch,
  options: {
    claims?: Record<string, string>;
    scopes?: string[];
    domainName: string;
    now?: Date;
    requestId?: string;
  },
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const now = options.now ?? new Date();
  const requestId = options.requestId ?? randomUUID();
  const queryAt = req.url.indexOf('?');
  const rawPath = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  const rawQueryString = queryAt === -1 ? '' : req.url.slice(queryAt + 1);

  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    const lower = name.toLowerCase();
    const v = headerValue(value);
    if (v === undefined) continue;
    if (lower === 'cookie') {
      cookies = v
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean);
      continue;
    }
    headers[lower] = headers[lower] === undefined ? v : `${headers[lower]},${v}`;
  }

  let queryStringParameters: Record<string, string> | undefined;
  if (rawQueryString) {
    // No prototype: a `__proto__` parameter is kept as a plain key, as API Gateway's JSON has it.
    queryStringParameters = Object.create(null) as Record<string, string>;
    for (const [key, value] of new URLSearchParams(rawQueryString)) {
      const prev = queryStringParameters[key];
      queryStringParameters[key] = prev === undefined ? value : `${prev},${value}`;
    }
  }

  let body: string | undefined;
  let isBase64Encoded = false;
  if (req.body.length > 0) {
    if (isTextContentType(headers['content-type'])) body = req.body.toString('utf8');
    else {
      body = req.body.toString('base64');
      isBase64Encoded = true;
    }
  }

  // As API Gateway names the route that took the request: `HEAD /path` for a GET route's HEAD.
  const routeKey = `${match.method} ${match.route.path}`;
  const event: APIGatewayProxyEventV2WithJWTAuthorizer = {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    ...(Object.keys(match.pathParameters).length ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: LOCAL_API_ID,
      domainName: options.domainName,
      domainPrefix: options.domainName.split('.')[0] ?? options.domainName,
      http: {
        method: match.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: req.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: formatRequestTime(now),
      timeEpoch: now.getTime(),
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: { claims: options.claims ?? {}, scopes: options.scopes ?? [] },
      },
    },
    ...(body !== undefined ? { body } : {}),
    isBase64Encoded,
  };
  if (!options.claims) {
    // Routes without an authorizer carry no authorizer block in API Gateway's event.
    delete (event.requestContext as { authorizer?: unknown }).authorizer;
  }
  return event;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `requestContext.time` as API Gateway writes it: `12/Mar/2020:19:03:58 +0000`. */
export function formatRequestTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

/** A Lambda-like context for one invocation. */
export function buildLambdaContext(
  functionName: string,
  requestId: string,
  timeoutMs: number,
): Context {
  const deadline = Date.now() + timeoutMs;
  const fail = () => {
    throw new Error('callback-style completion is not supported: return a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: fail,
    fail,
    succeed: fail,
  };
}
