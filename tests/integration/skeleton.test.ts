import { describe, expect, it, beforeAll } from 'vitest';
import { ROUTES, plannedRoutes, builtRoutes } from '../../shared/routes';
import { apiClient } from '../support/api';
import { testStack } from '../support/stack';
import { accessTokenClaims, signWithForeignKey, signWithLocalPoolKey } from '../support/tokens';
import { createSignedInUser, type TestUser } from '../support/users';

const api = apiClient();
const stack = testStack();
const issuer = `${stack.urls.cognito}/${stack.userPoolId}`;

/** A concrete URL path for a route, filling `{param}` templates. */
function concretePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, 'sample-123');
}

const authRoutes = ROUTES.filter((r) => r.auth);
const routeCase = (r: (typeof ROUTES)[number]) => [`${r.method} ${r.path}`, r] as const;

describe('the local API serves the route table like the HTTP API in AWS', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createSignedInUser();
  });

  it('health reports the table reachable', async () => {
    const res = await api.get<{ status: string; table: string }>('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', table: 'reachable' });
  });

  it('getValuationTypes lists the four valuation methodologies', async () => {
    const res = await api.get<{ data: { id: number; valuation_name: string }[] }>(
      '/api/getValuationTypes',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 1, valuation_name: 'P/E' },
      { id: 2, valuation_name: 'P/B' },
      { id: 3, valuation_name: 'P/S' },
      { id: 4, valuation_name: 'EV/EBITDA' },
    ]);
  });

  it('the table has authenticated routes to guard', () => {
    expect(authRoutes.length).toBeGreaterThan(0);
  });

  it.each(authRoutes.map(routeCase))('%s answers 401 without a token', async (_, route) => {
    const res = await api.request(
      route.method,
      concretePath(route.path),
      route.method === 'POST' ? { body: {} } : {},
    );
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it.each(authRoutes.map(routeCase))(
    '%s answers 401 to a token signed by a foreign key',
    async (_, route) => {
      const token = await signWithForeignKey(
        accessTokenClaims({ issuer, clientId: stack.userPoolClientId, sub: user.userId }),
      );
      const res = await api.request(route.method, concretePath(route.path), {
        token,
        ...(route.method === 'POST' ? { body: {} } : {}),
      });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    },
  );

  it.each(authRoutes.map(routeCase))(
    '%s answers 401 to an expired token of the local pool',
    async (_, route) => {
      const token = await signWithLocalPoolKey(
        accessTokenClaims({
          issuer,
          clientId: stack.userPoolClientId,
          sub: user.userId,
          expiresInSeconds: -120,
        }),
      );
      const res = await api.request(route.method, concretePath(route.path), {
        token,
        ...(route.method === 'POST' ? { body: {} } : {}),
      });
      expect(res.status).toBe(401);
    },
  );

  it('a token of the local pool for another app client is refused', async () => {
    const route = authRoutes[0]!;
    const token = await signWithLocalPoolKey(
      accessTokenClaims({ issuer, clientId: 'another-client', sub: user.userId }),
    );
    const res = await api.request(route.method, concretePath(route.path), { token });
    expect(res.status).toBe(401);
  });

  it('a token from another issuer is refused', async () => {
    const route = authRoutes[0]!;
    const token = await signWithLocalPoolKey(
      accessTokenClaims({
        issuer: `${stack.urls.cognito}/local_other`,
        clientId: stack.userPoolClientId,
        sub: user.userId,
      }),
    );
    const res = await api.request(route.method, concretePath(route.path), { token });
    expect(res.status).toBe(401);
  });

  it('a garbage bearer value is refused', async () => {
    const route = authRoutes[0]!;
    const res = await api.request(route.method, concretePath(route.path), { token: 'not-a-jwt' });
    expect(res.status).toBe(401);
  });

  it.each(authRoutes.map(routeCase))(
    '%s lets a signed-in user through (access token)',
    async (_, route) => {
      const res = await api.request(route.method, concretePath(route.path), {
        token: user.accessToken,
        ...(route.method === 'POST' ? { body: {} } : {}),
      });
      expect(res.status).not.toBe(401);
      // A built handler may refuse the empty input (4xx) but never fails; a planned one answers 501.
      if (route.handler) expect(res.status).toBeLessThan(500);
      else expect(res.status).toBe(501);
    },
  );

  it('an id token of the local pool is accepted as API Gateway accepts it (aud = client id)', async () => {
    const route = authRoutes[0]!;
    const res = await api.request(route.method, concretePath(route.path), { token: user.idToken });
    expect(res.status).not.toBe(401);
  });

  it.each(plannedRoutes().map(routeCase))(
    'planned route %s answers 501 naming itself',
    async (_, route) => {
      const res = await api.request<{ message: string }>(route.method, concretePath(route.path), {
        token: user.accessToken,
        ...(route.method === 'POST' ? { body: {} } : {}),
      });
      expect(res.status).toBe(501);
      expect(res.body.message).toBe(`${route.method} ${route.path} is not available yet`);
    },
  );

  it.each(
    builtRoutes()
      .filter((r) => r.method === 'POST')
      .map(routeCase),
  )('built route %s answers 400 to a body that is not JSON', async (_, route) => {
    const res = await api.request<{ message: string }>('POST', concretePath(route.path), {
      token: user.accessToken,
      body: '{"not": json',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body must be valid JSON');
  });

  it('an unknown path answers 404 Not Found', async () => {
    const res = await api.get('/api/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not Found' });
  });

  it('a known path with the wrong method answers 404 Not Found', async () => {
    const res = await api.post('/api/health', {});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not Found' });
  });

  it('a body over the Lambda payload limit answers 413', async () => {
    const res = await api.post('/api/register', 'x'.repeat(6 * 1024 * 1024 + 1), {
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(413);
  });
});
