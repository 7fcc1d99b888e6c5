import routePaths from 'virtual:route-paths';
import type { RouteId } from '../../../shared/routes';
import { canonicalQuery, type QueryValue } from '../../../shared/market/edge-cache';
import { isEdgeCachedPath } from '../../../shared/routes/types';
import { getAccessToken } from './auth';
import { ApiError } from './api-error';
import { apiBaseUrl } from './config';

const ROUTE_PATHS = new Map(routePaths.map((route) => [route.id, route]));

export { ApiError };

export type { RouteId };

export type ApiInput = Record<string, unknown>;

export interface ApiOptions {
  signal?: AbortSignal;
  /**
   * The user action's Idempotency-Key on a route that creates something. Without it each
   * call is a new action with a fresh key; pass the same key to retry the same action.
   */
  idempotencyKey?: string;
}

/**
 * Routes that create something: each user action sends a fresh `Idempotency-Key`, and its
 * automatic retry (after a network failure or a 502/503/504) sends the same one, so the
 * server creates one item (decision 083).
 */
export const CREATING_ROUTES: ReadonlySet<string> = new Set([
  'addValuation',
  'addPitch',
  'addPortfolio',
  'placeOrder',
  'buyPitch',
  'screenerAdd',
  'contact',
  'addAlert',
]);

/** Wait before the one automatic retry of a creating write. */
export const RETRY_DELAY_MS = 400;
const RETRY_STATUSES = new Set([502, 503, 504]);

export function newIdempotencyKey(): string {
  return `web-${crypto.randomUUID()}`;
}

const PATH_PARAM = /\{([A-Za-z0-9_]+)\}/g;

/** Fills `{name}` path parameters from the input; returns the path and the rest of the input. */
export function fillPath(template: string, input: ApiInput): { path: string; rest: ApiInput } {
  const rest: ApiInput = { ...input };
  const path = template.replace(PATH_PARAM, (_, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Path parameter "${name}" is missing for ${template}`);
    }
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path, rest };
}

/** A query string from a GET input: undefined and null are left out, arrays repeat the key. */
export function toQuery(input: ApiInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values)
      params.append(key, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

/** The server's `message`, else its first field error or `errors` text, else the status text. */
function errorFrom(res: Response, body: unknown): ApiError {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors = stringRecord(b.errors);
  const message =
    (typeof b.message === 'string' && b.message) ||
    (typeof b.errors === 'string' && b.errors) ||
    (errors && Object.values(errors)[0]) ||
    res.statusText ||
    `Request failed (${res.status})`;
  return new ApiError(res.status, message, errors);
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The one way the app calls its API: the route table gives the method and path, GET inputs
 * go in the query string, POST inputs as a JSON body, and a signed-in user's access token
 * goes along as a bearer token.
 */
export async function api<T = unknown>(
  routeId: RouteId,
  input: ApiInput = {},
  options: ApiOptions = {},
): Promise<T> {
  const route = ROUTE_PATHS.get(routeId);
  if (!route) throw new Error(`No route with id "${routeId}" in the route table`);
  const { path, rest } = fillPath(route.path, input);
  // The edge-cached public reads (decision 126) go without the token, with their canonical
  // query: one address per read, the same for every viewer. The browser's own HTTP cache is
  // left out of them (`cache: 'no-store'`): their stale-while-revalidate is meant for CloudFront,
  // and the app's query cache already decides when to ask again.
  const edgeCached = route.method === 'GET' && isEdgeCachedPath(path);
  const [base, token] = await Promise.all([
    apiBaseUrl(),
    edgeCached ? undefined : getAccessToken(),
  ]);

  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let url = `${base}${path}`;
  let body: string | undefined;
  if (edgeCached) {
    const query = canonicalQuery(rest as Record<string, QueryValue>);
    if (query) url += `?${query}`;
  } else if (route.method === 'GET') {
    url += toQuery(rest);
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(rest);
  }

  const creates = route.method === 'POST' && CREATING_ROUTES.has(routeId);
  if (creates) headers['idempotency-key'] = options.idempotencyKey ?? newIdempotencyKey();

  let res: Response | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      res = await fetch(url, {
        method: route.method,
        headers,
        body,
        signal: options.signal,
        ...(edgeCached ? { cache: 'no-store' as const } : {}),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      res = undefined;
    }
    const retry = creates && attempt === 1 && (!res || RETRY_STATUSES.has(res.status));
    if (!retry) break;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    if (options.signal?.aborted) break;
  }
  if (!res) {
    throw new ApiError(
      0,
      'The server could not be reached. Please check your connection and try again.',
    );
  }
  const data = await readJson(res);
  if (!res.ok) throw errorFrom(res, data);
  return data as T;
}
