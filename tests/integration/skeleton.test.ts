import { describe, expect, it, beforeAll } from 'vitest';
import { ROUTES, plannedRoutes, builtRoutes } from '../../shared/routes';
import { apiClient } from '../support/api';
import { createSignedInUser, type TestUser } from '../support/users';

const api = apiClient();

/** A concrete URL path for a route, filling `{param}` templates. */
function concretePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, 'sample-123');
}

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

  it('getValuationTypes lists the five valuation methodologies', async () => {
    const res = await api.get<{ data: { id: number; valuation_name: string }[] }>(
      '/api/getValuationTypes',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 1, valuation_name: 'P/E' },
      { id: 2, valuation_name: 'P/B' },
      { id: 3, valuation_name: 'P/S' },
      { id: 4, valuation_name: 'EV/EBITDA' },
      { id: 5, valuation_name: 'DCF' },
    ]);
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
