import type { ZodMiniType } from 'zod/mini';
import type { EdgeCacheKind, QueryValue } from '../market/edge-cache';

export type HttpMethod = 'GET' | 'POST';

/** A method a route answers: its own, and HEAD beside GET. */
export type AnsweredMethod = HttpMethod | 'HEAD';

/**
 * The methods a route answers. A GET route answers HEAD too, with the same status and headers
 * and no body (link checkers and caches send HEAD): the HTTP API has a HEAD route beside each
 * GET route, the local server matches HEAD to it, and the function runs as for GET.
 */
export function answeredMethods(route: { method: HttpMethod }): readonly AnsweredMethod[] {
  return route.method === 'GET' ? ['GET', 'HEAD'] : [route.method];
}

/** The user-pool calls that need IAM (the others are authorized by the user's own token or none). */
export type UserPoolAdminAction =
  'AdminGetUser' | 'AdminUpdateUserAttributes' | 'AdminDeleteUser' | 'AdminUserGlobalSignOut';

/**
 * What a route's function is allowed to touch; CDK turns each into a grant, nothing more
 * (infra/constructs/grants.ts), and infra/role-grants.test.ts checks each route declares what
 * its code calls, no more and no less.
 */
export type RouteNeed =
  /** Reads items of the table: GetItem, BatchGetItem, Query, ConditionCheckItem, DescribeTable. */
  | 'tableRead'
  /** Reads and writes items one by one or in transactions: PutItem, UpdateItem, DeleteItem too. */
  | 'tableWrite'
  /** Writes in batches (BatchWriteItem): deleting an account or a portfolio with its items. */
  | 'tableBatchWrite'
  | 'marketData'
  | 'mail'
  | 'profileImages'
  /** The user pool's ids, for the calls a user's token or no credential authorizes (sign-in, sign-up). */
  | 'userPool'
  /** One admin call on the user pool (IAM-authorized); implies `userPool`. */
  | `userPool:${UserPoolAdminAction}`
  /** Signs or checks alert unsubscribe tokens (the alert token secret). */
  | 'alertToken'
  /** Sends alert emails through the alerts' SES configuration set. */
  | 'alertMail';

/**
 * Leading parts of the table's partition keys (functions/lib/keys.ts builds them): what a public
 * route may write is limited to its prefixes (infra/constructs/grants.ts, decision 137).
 */
export type TableKeyPrefix =
  'CACHE#' | 'BUDGET#' | 'RATE#client-' | 'IDEMPOTENCY#' | 'REVOKED#' | 'ALERT_OFF#';

/** Kinds of items a user owns that a route can name by id (their keys: functions/lib/keys.ts). */
export type OwnedKind =
  'valuation' | 'portfolio' | 'order' | 'screener' | 'watchlistSymbol' | 'alert';

/** An input field that carries the id of an item the signed-in user must own. */
export interface OwnedField {
  field: string;
  kind: OwnedKind;
}

/**
 * A public GET route whose successful answers shared caches (CloudFront) may keep, for the
 * lifetime of its kind of data (shared/market/edge-cache.ts; decision 126). Only GET routes
 * with `auth: false` under EDGE_CACHED_PATH_PREFIX or SHARED_PAGE_PATH_PREFIXES may declare it
 * (tests walk the table).
 */
export interface EdgeCacheDef {
  /** The kind of data answered, or how to tell it from the validated input. */
  kind: EdgeCacheKind | ((input: unknown) => EdgeCacheKind);
  /**
   * The canonical query parameters of a validated input: a request whose query says anything
   * else (another order, lower-case symbols, defaults left out) is redirected there (308).
   */
  query: (input: unknown) => Readonly<Record<string, QueryValue>>;
}

/** Paths of the edge-cached routes, and only theirs: CloudFront's cached behaviour matches them. */
export const EDGE_CACHED_PATH_PREFIX = '/api/market/';
/** CloudFront's path pattern of that behaviour. */
export const EDGE_CACHED_PATH_PATTERN = `${EDGE_CACHED_PATH_PREFIX}*`;

/**
 * Paths of the shared pitches and public records (decision 128): edge-cached for seconds,
 * keyed on the path alone (CloudFront's behaviours of these patterns send no query string).
 */
export const SHARED_PAGE_PATH_PREFIXES = ['/api/public/', '/p/'] as const;
export const SHARED_PAGE_PATH_PATTERNS = SHARED_PAGE_PATH_PREFIXES.map((prefix) => `${prefix}*`);

/** Whether a path is one of the edge-cached routes' (market reads, shared pages). */
export const isEdgeCachedPath = (path: string): boolean =>
  path.startsWith(EDGE_CACHED_PATH_PREFIX) ||
  SHARED_PAGE_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));

/**
 * A public GET route that reads market data for any caller: the edge-cached reads under
 * /api/market/ and the uncached index quotes (not a shared page, which reads a pitch). Each
 * has a per-client limit (CLIENT_LIMITS.marketReadGet, decision 190), and its refusals count
 * in their own metric.
 */
export function isPublicMarketRead(
  route: Pick<RouteDef, 'auth' | 'method' | 'needs' | 'path'>,
): boolean {
  return (
    !route.auth &&
    route.method === 'GET' &&
    route.needs.includes('marketData') &&
    !SHARED_PAGE_PATH_PREFIXES.some((prefix) => route.path.startsWith(prefix))
  );
}

export interface RouteDef {
  /** camelCase identifier: names the Lambda, the handler module and the web client call. */
  id: string;
  method: HttpMethod;
  /** Path of the HTTP API in AWS and of the local server, e.g. `/api/verify_account/{code}`. */
  path: string;
  /** true: a signed-in user (Cognito JWT) is required; the claims reach the handler. */
  auth: boolean;
  /**
   * Handler module under `functions/`, exporting `handler` (e.g. `api/health`).
   * Absent: the route is listed but not built yet and answers 501.
   */
  handler?: string;
  /** Schema of the request input: JSON body for POST, query string for GET, plus path parameters. */
  request: ZodMiniType;
  needs: readonly RouteNeed[];
  summary: string;
  /**
   * Input fields naming an item the caller must own: another user's id answers 404 and
   * changes nothing (tests/integration/security/isolation.test.ts walks these).
   */
  owns?: readonly OwnedField[];
  /** The route lists the caller's items of this kind, and never another user's. */
  lists?: OwnedKind;
  /** Largest request body accepted (bytes); larger answers 413. Default `DEFAULT_MAX_BODY_BYTES`. */
  maxBodyBytes?: number;
  /** Successful-input writes a signed-in user may make per minute on this route; more answers 429. */
  writeLimitPerMinute?: number;
  /**
   * Requests one client (one network address, as CloudFront saw it) may make per minute on this
   * route, valid or not; more answer 429. For the public routes that could be abused (sign-in,
   * sign-up, password recovery, contact), so one client cannot use up what others share.
   */
  clientLimitPerMinute?: number;
  /** Successful answers may be kept by CloudFront (public GET market reads only). */
  edgeCache?: EdgeCacheDef;
  /**
   * A POST that only reads (market data asked by POST): it changes nothing of anyone's, so an
   * `Idempotency-Key` is ignored rather than its answer kept (decision 141).
   */
  readOnly?: boolean;
  /**
   * A public route that writes the table: the key prefixes its own code writes, beyond those
   * its needs and settings imply (market data: cache, budget and the client's share; a client
   * limit: rate items; a POST: its Idempotency-Key record). Its role may write nothing else.
   */
  writesKeys?: readonly TableKeyPrefix[];
}

/** Body cap of a JSON route that does not declare its own (Lambda itself takes up to 6 MB). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Per-user writes per minute on a write route: generous for a person, low for a script. */
export const WRITE_LIMIT_PER_MINUTE = 30;

/** What a request over a route's limits is told (413 and 429). */
export const LIMIT_MESSAGES = {
  tooLarge: 'The request is too large. Please send less data and try again.',
  tooManyWrites: 'You are making changes too quickly. Please wait a minute and try again.',
  tooManyRequests: 'Too many attempts from your network. Please wait a minute and try again.',
  notThroughSite: 'Please use the site to reach this service.',
} as const;

/** Per-client limits (requests a minute from one address) of the public routes that could be abused. */
export const CLIENT_LIMITS = {
  login: 10,
  register: 5,
  passwordRecovery: 5,
  passwordReset: 10,
  verify: 10,
  contact: 5,
  /** Turning an alert off from its email's link. */
  unsubscribe: 10,
  /** Each market-data read asked by POST (the app reads through the edge-cached GET routes). */
  marketRead: 120,
  /**
   * Each public GET market read that reaches the functions: in AWS a miss of CloudFront's
   * cache (a hit never counts), locally every read. A person's heaviest page asks one route
   * at most a few dozen times (decision 190); a client asking distinct symbols to keep the
   * functions busy is held here.
   */
  marketReadGet: 300,
} as const;

export function defineRoutes<const T extends readonly RouteDef[]>(routes: T): T {
  return routes;
}
