import type { ZodType } from 'zod';

export type HttpMethod = 'GET' | 'POST';

/** What a route's function is allowed to touch; CDK turns each into a grant, nothing more. */
export type RouteNeed = 'table' | 'marketData' | 'mail' | 'profileImages' | 'userPool';

/** Kinds of items a user owns that a route can name by id (their keys: functions/lib/keys.ts). */
export type OwnedKind = 'valuation' | 'portfolio' | 'order' | 'screener' | 'watchlistSymbol';

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
  request: ZodType;
  needs: readonly RouteNeed[];
  summary: string;
  /**
   * Input fields naming an item the caller must own: another user's id answers 404 and
   * changes nothing (tests/integration/security/isolation.test.ts walks these).
   */
  owns?: readonly OwnedField[];
  /** The route lists the caller's items of this kind, and never another user's. */
  lists?: OwnedKind;
}

export function defineRoutes<const T extends readonly RouteDef[]>(routes: T): T {
  return routes;
}
