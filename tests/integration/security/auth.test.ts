import { decodeJwt } from 'jose';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiEvent, buildLambdaContext, matchRoute } from '../../../infra/local/api-event';
import { ROUTES, type RouteDef } from '../../../shared/routes';
import { apiClient } from '../../support/api';
import { recordSecurityFigures } from '../../support/security-summary';
import { testStack } from '../../support/stack';
import { refusedTokens, type RefusedToken } from '../../support/tokens';
import { createSignedInUser, type TestUser } from '../../support/users';

/**
 * The authentication matrix, generated from the route table: every login-required route
 * refuses every kind of wrong token with 401, and every public route answers without one.
 */

const api = apiClient();
const stack = testStack();
const issuer = `${stack.urls.cognito}/${stack.userPoolId}`;

const authRoutes = ROUTES.filter((r) => r.auth);
const publicRoutes = ROUTES.filter((r) => !r.auth);
const label = (r: RouteDef) => `${r.method} ${r.path}`;

/** Values tried for a `{param}` of a path; the first one the route's own schema accepts is used. */
// The last: a share's 22-character slug (decision 128).
const PATH_SAMPLES = ['123456', 'AAPL', 'sample-123', '1', 'a', 'AAAAAAAAAAAAAAAAAAAAAA'];

/** A concrete URL path for a route: each `{param}` gets a sample that its schema accepts. */
function concretePath(route: RouteDef): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const ok = PATH_SAMPLES.find((value) => {
      const parsed = route.request.safeParse({ [name]: value });
      return parsed.success || !parsed.error.issues.some((i) => i.path[0] === name);
    });
    if (ok === undefined)
      throw new Error(`No sample value for {${name}} of ${label(route)}: add one to PATH_SAMPLES`);
    return encodeURIComponent(ok);
  });
}

const figures = { requests: 0, unexpectedStatuses: 0 };
let tokenVariants = 0;

async function call(route: RouteDef, token: string) {
  figures.requests += 1;
  return api.request<{ message?: string }>(route.method, concretePath(route), {
    ...(token ? { token } : {}),
    ...(route.method === 'POST' ? { body: {} } : {}),
  });
}

afterAll(() => {
  recordSecurityFigures('auth', {
    loginRequiredRoutes: authRoutes.length,
    publicRoutes: publicRoutes.length,
    tokenVariants,
    requests: figures.requests,
    unexpectedStatuses: figures.unexpectedStatuses,
  });
});

describe('the route table has routes of both kinds to check', () => {
  it('lists login-required and public routes, each path template filled from its schema', () => {
    expect(authRoutes.length).toBeGreaterThan(0);
    expect(publicRoutes.length).toBeGreaterThan(0);
    for (const route of ROUTES) expect(concretePath(route)).not.toMatch(/[{}]/);
  });
});

describe('every login-required route answers 401 to a request without a valid access token', () => {
  let user: TestUser;
  let tokens: RefusedToken[];
  beforeAll(async () => {
    user = await createSignedInUser();
    tokens = await refusedTokens({
      issuer,
      clientId: stack.userPoolClientId,
      sub: user.userId,
      idToken: user.idToken,
    });
    tokenVariants = tokens.length;
  });

  it('refuses each kind of wrong token on every login-required route', async () => {
    const failures: string[] = [];
    for (const route of authRoutes) {
      const answers = await Promise.all(tokens.map((t) => call(route, t.token)));
      answers.forEach((res, i) => {
        const ok = res.status === 401 && res.body.message === 'Unauthorized';
        if (!ok) {
          figures.unexpectedStatuses += 1;
          failures.push(`${label(route)} with ${tokens[i]!.name}: ${res.status}`);
        }
      });
    }
    expect(failures).toEqual([]);
  });

  it('lets the same user in with the access token (the refusals above are about the token)', async () => {
    const failures: string[] = [];
    // Signing out everywhere ends this token (decision 123): that route goes last.
    const last = (r: RouteDef) => (r.id === 'logout' ? 1 : 0);
    for (const route of [...authRoutes].sort((a, b) => last(a) - last(b))) {
      const res = await call(route, user.accessToken);
      // Empty input may be refused (4xx) but never as unauthenticated; a built route never
      // fails, a route not built yet answers 501.
      const expected = route.handler ? res.status < 500 : res.status === 501;
      if (res.status === 401 || !expected) {
        figures.unexpectedStatuses += 1;
        failures.push(`${label(route)}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses an ID token inside the handler too, as API Gateway lets one through (its client is in aud)', async () => {
    const claims = Object.fromEntries(
      Object.entries(decodeJwt(user.idToken)).map(([k, v]) => [k, String(v)]),
    );
    expect(claims.token_use).toBe('id');
    const failures: string[] = [];
    for (const route of authRoutes.filter((r) => r.handler !== undefined)) {
      const path = concretePath(route);
      const match = matchRoute(ROUTES, route.method, path);
      if (!match || !route.handler) throw new Error(`${label(route)} has no handler to call`);
      const { handler } = (await import(
        /* @vite-ignore */ new URL(`../../../functions/${route.handler}.ts`, import.meta.url).href
      )) as {
        handler: (event: unknown, context: unknown) => Promise<{ statusCode: number }>;
      };
      const requestId = randomUUID();
      const event = buildApiEvent(
        {
          method: route.method,
          url: path,
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(route.method === 'POST' ? '{}' : ''),
          sourceIp: '127.0.0.1',
        },
        match,
        { domainName: 'localhost', requestId, claims },
      );
      figures.requests += 1;
      const out = await handler(event, buildLambdaContext(route.id, requestId, 20_000));
      if (out.statusCode !== 401) {
        figures.unexpectedStatuses += 1;
        failures.push(`${label(route)}: ${out.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a bearer value that is not a JWT', async () => {
    const route = authRoutes[0]!;
    const res = await call(route, 'not-a-jwt');
    expect(res.status).toBe(401);
  });
});

describe('every public route answers without a token', () => {
  it.each(publicRoutes.map((r) => [label(r), r] as const))(
    '%s is not refused as unauthenticated',
    async (_, route) => {
      const res = await call(route, '');
      if (res.status === 401 || res.status >= 500) figures.unexpectedStatuses += 1;
      expect(res.status).not.toBe(401);
      expect(res.status).toBeLessThan(500);
    },
  );
});
