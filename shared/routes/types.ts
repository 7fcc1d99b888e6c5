import type { ZodMiniType } from 'zod/mini';

export type HttpMethod = 'GET' | 'POST';

/** What a route's function is allowed to touch; CDK turns each into a grant, nothing more. */
export type RouteNeed =
  | 'table'
  | 'marketData'
  | 'mail'
  | 'profileImages'
  | 'userPool'
  /** Signs or checks alert unsubscribe tokens (the alert token secret). */
  | 'alertToken'
  /** Sends alert emails through the alerts' SES configuration set. */
  | 'alertMail';

/** Kinds of items a user owns that a route can name by id (their keys: functions/lib/keys.ts). */
export type OwnedKind =
  'valuation' | 'portfolio' | 'order' | 'screener' | 'watchlistSymbol' | 'alert';

/** An input field that carries the id of an item the signed-in user must own. */
export interface OwnedField {
  field: string;
  kind: OwnedKind;
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
}

/** Body cap of a JSON route that does not declare its own (Lambda itself takes up to 6 MB). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Per-user writes per minute on a write route: generous for a person, low for a script. */
export const WRITE_LIMIT_PER_MINUTE = 30;

/** What a request over a route's limits is told (413 and 429). */
export const LIMIT_MESSAGES = {
  tooLarge: 'The request is too large. Please send less data and try again.',
  tooManyWrites: 'You are making changes too quickly. Please wait a minute and try again.',
} as const;

export function defineRoutes<const T extends readonly RouteDef[]>(routes: T): T {
  return routes;
}
