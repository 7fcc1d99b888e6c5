import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fileURLToPath } from 'node:url';
import { startApiServer, type ApiServerHandle } from '../../infra/local/api-server';
import { freePort } from '../../infra/local/process';
import { routeById, type RouteDef } from '../../shared/routes';
import { apiClient } from '../support/api';
import { testStack } from '../support/stack';
import { createSignedInUser, type TestUser } from '../support/users';

const fixtures = fileURLToPath(new URL('../support/fixtures/functions', import.meta.url));
const base = { request: z.object({}), needs: [], summary: 'fixture' } as const;
const routes: RouteDef[] = [
  {
    ...base,
    id: 'echoAuth',
    method: 'GET',
    path: '/api/echo/{code}',
    auth: true,
    handler: 'echoEvent',
  },
  {
    ...base,
    id: 'echoPublic',
    method: 'POST',
    path: '/api/echo',
    auth: false,
    handler: 'echoEvent',
  },
  {
    ...base,
    id: 'binary',
    method: 'GET',
    path: '/api/binary',
    auth: false,
    handler: 'binaryReply',
  },
  { ...base, id: 'throws', method: 'GET', path: '/api/throws', auth: false, handler: 'throws' },
  { ...routeById('register'), handler: 'wrappedPost' },
];

interface Echo {
  event: {
    version: string;
    routeKey: string;
    rawPath: string;
    rawQueryString: string;
    cookies?: string[];
    headers: Record<string, string>;
    queryStringParameters?: Record<string, string>;
    pathParameters?: Record<string, string>;
    body?: string;
    isBase64Encoded: boolean;
    requestContext: {
      stage: string;
      routeKey: string;
      http: { method: string; path: string };
      authorizer?: { jwt: { claims: Record<string, string>; scopes: string[] } };
    };
  };
  context: { awsRequestId: string; functionName: string; remainingMs: number };
}

describe('the local API server hands functions the event API Gateway builds', () => {
  let server: ApiServerHandle;
  let user: TestUser;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    const stack = testStack();
    server = await startApiServer({
      port: await freePort(),
      routes,
      functionsDir: fixtures,
      jwt: {
        issuer: `${stack.urls.cognito}/${stack.userPoolId}`,
        jwksUrl: `${stack.urls.cognito}/${stack.userPoolId}/.well-known/jwks.json`,
        clientId: stack.userPoolClientId,
      },
    });
    api = apiClient(server.url);
    user = await createSignedInUser();
  });
  afterAll(() => server.stop());

  it('an authenticated route gets the verified claims as strings, path parameters and the query', async () => {
    const res = await api.get<Echo>('/api/echo/ab%20c', {
      token: user.accessToken,
      query: { q: 'apple', page: '2' },
      headers: { 'X-Custom': 'One', cookie: 'a=1; b=2' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-echo')).toBe('yes');
    expect(res.headers.get('set-cookie')).toBe('session=abc; Path=/; HttpOnly');
    const { event, context } = res.body;
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('GET /api/echo/{code}');
    expect(event.requestContext.routeKey).toBe('GET /api/echo/{code}');
    expect(event.requestContext.stage).toBe('$default');
    expect(event.rawPath).toBe('/api/echo/ab%20c');
    expect(event.pathParameters).toEqual({ code: 'ab c' });
    expect(event.queryStringParameters).toEqual({ q: 'apple', page: '2' });
    expect(event.headers['x-custom']).toBe('One');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.cookies).toEqual(['a=1', 'b=2']);
    const claims = event.requestContext.authorizer?.jwt.claims ?? {};
    expect(claims.sub).toBe(user.userId);
    expect(claims.client_id).toBe(testStack().userPoolClientId);
    expect(claims.token_use).toBe('access');
    expect(typeof claims.exp).toBe('string');
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);
    expect(context.functionName).toBe('mr-market-local-echoAuth');
    expect(context.remainingMs).toBeGreaterThan(0);
  });

  it('a public route carries no authorizer block and passes a JSON body as text', async () => {
    const res = await api.post<Echo>('/api/echo', { symbol: 'AAPL' });
    expect(res.status).toBe(200);
    expect(res.body.event.requestContext.authorizer).toBeUndefined();
    expect(res.body.event.isBase64Encoded).toBe(false);
    expect(JSON.parse(res.body.event.body ?? '')).toEqual({ symbol: 'AAPL' });
  });

  it('a binary request body arrives base64-encoded', async () => {
    const bytes = Buffer.from([137, 80, 78, 71, 0, 255]);
    const res = await fetch(`${server.url}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: bytes,
    });
    const { event } = (await res.json()) as Echo;
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body ?? '', 'base64').equals(bytes)).toBe(true);
  });

  it('a base64 result is sent as the bytes it encodes', async () => {
    const res = await fetch(`${server.url}/api/binary`);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([0, 1, 2, 253, 254, 255]);
  });

  it('a function that throws answers 500 Internal Server Error', async () => {
    const res = await api.get('/api/throws');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal Server Error' });
  });

  it('a POST route wrapped like every handler answers 400 to a body that is not JSON', async () => {
    const bad = await api.post<{ message: string }>('/api/register', '{"email": ');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The request body must be valid JSON');
  });
});
