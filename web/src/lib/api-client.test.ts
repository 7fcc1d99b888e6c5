import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, CREATING_ROUTES } from './api-client';

const token = vi.hoisted(() => ({ value: undefined as string | undefined }));
const base = vi.hoisted(() => ({ value: '' }));

vi.mock('./auth', () => ({ getAccessToken: async () => token.value }));
vi.mock('./config', () => ({ apiBaseUrl: async () => base.value }));
// A small route table of its own, so these tests do not move when real routes change.
vi.mock('virtual:route-paths', () => ({
  default: [
    { id: 'findThings', method: 'GET', path: '/api/things/{kind}', auth: false },
    { id: 'saveThing', method: 'POST', path: '/api/saveThing', auth: true },
    { id: 'verify', method: 'GET', path: '/api/verify_account/{code}', auth: false },
    { id: 'addPortfolio', method: 'POST', path: '/api/addPortfolio', auth: true },
    { id: 'marketRead', method: 'GET', path: '/api/market/read', auth: false },
  ],
}));

type Call = [string, RequestInit];
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const lastCall = (): Call => {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return call;
};
const respond = (status: number, body?: unknown, statusText = '') =>
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : JSON.stringify(body), { status, statusText }),
  );

// The mocked table uses ids the real RouteId type does not know.
const call = api as unknown as (id: string, input?: Record<string, unknown>) => Promise<unknown>;

beforeEach(() => {
  token.value = undefined;
  base.value = '';
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('api client requests', () => {
  it('puts GET input in the query string and path parameters in the path', async () => {
    respond(200, { data: [] });

    await call('findThings', {
      kind: 'big fish',
      q: 'a&b',
      limit: 5,
      tags: ['x', 'y'],
      skip: undefined,
      none: null,
    });

    const [url, init] = lastCall();
    expect(url).toBe('/api/things/big%20fish?q=a%26b&limit=5&tags=x&tags=y');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('sends an edge-cached read with its canonical query and without the token', async () => {
    token.value = 'signed-in-token';
    respond(200, { data: [] });

    await call('marketRead', { symbol: 'AAPL', kind: 'profile', skip: undefined, empty: '' });

    const [url, init] = lastCall();
    expect(url).toBe('/api/market/read?kind=profile&symbol=AAPL');
    expect(init.method).toBe('GET');
    // One copy at the edge for every viewer: nothing in the request names the user.
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
    // The browser keeps no copy and serves none stale: only CloudFront caches.
    expect(init.cache).toBe('no-store');
  });

  it('sends POST input as a JSON body', async () => {
    respond(200, { ok: true });

    const result = await call('saveThing', { name: 'Apple', price: 12.5, moats: ['Brand(s)'] });

    const [url, init] = lastCall();
    expect(url).toBe('/api/saveThing');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Apple',
      price: 12.5,
      moats: ['Brand(s)'],
    });
    expect(result).toEqual({ ok: true });
  });

  it('prefixes the configured API base URL', async () => {
    base.value = 'https://api.example.test';
    respond(200, {});

    await call('verify', { code: 'abc' });

    expect(lastCall()[0]).toBe('https://api.example.test/api/verify_account/abc');
  });

  it('refuses a call whose path parameter is missing', async () => {
    await expect(call('verify', {})).rejects.toThrow('Path parameter "code" is missing');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('api client sign-in', () => {
  it('attaches the access token as a bearer token when signed in', async () => {
    token.value = 'eyJ.token.sig';
    respond(200, {});

    await call('saveThing', {});

    expect((lastCall()[1].headers as Record<string, string>).authorization).toBe(
      'Bearer eyJ.token.sig',
    );
  });

  it('sends no authorization header for a guest', async () => {
    respond(200, {});

    await call('findThings', { kind: 'x' });

    expect(lastCall()[1].headers).not.toHaveProperty('authorization');
  });
});

describe('api client errors', () => {
  it("throws an ApiError with the server's message, status and field errors", async () => {
    respond(400, {
      message: 'Enter a valid stock symbol',
      errors: { stock_symbol: 'Enter a valid stock symbol' },
    });

    const error = await call('saveThing', { stock_symbol: '!!' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Enter a valid stock symbol',
      errors: { stock_symbol: 'Enter a valid stock symbol' },
    });
  });

  it('uses the first field error when the server sends no message', async () => {
    respond(400, { errors: { email: 'Enter a valid email' } });

    await expect(call('saveThing', {})).rejects.toMatchObject({
      status: 400,
      message: 'Enter a valid email',
    });
  });

  it('falls back to the status text when the body has no message', async () => {
    respond(502, undefined, 'Bad Gateway');

    await expect(call('findThings', { kind: 'x' })).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
    });
  });

  it('reports an unreachable server as an ApiError with status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await expect(call('findThings', { kind: 'x' })).rejects.toMatchObject({ status: 0 });
  });
});

describe('the route paths the web app is built with', () => {
  it('are the route table of shared/routes, without the request schemas', async () => {
    const { ROUTES } = await import('../../../shared/routes');
    const actual = await vi.importActual<{ default: unknown[] }>('virtual:route-paths');
    expect(actual.default).toEqual(
      ROUTES.map(({ id, method, path, auth }) => ({ id, method, path, auth })),
    );
  });
});

describe('api client retried writes', () => {
  it('names only POST routes of the route table that write the table as creating routes', async () => {
    const { ROUTES } = await import('../../../shared/routes');
    for (const id of CREATING_ROUTES) {
      const route = ROUTES.find((r) => r.id === id);
      expect(route?.method, id).toBe('POST');
      expect(route?.needs, id).toContain('tableWrite');
    }
  });

  const keyOf = (n: number) =>
    (fetchMock.mock.calls[n]?.[1].headers as Record<string, string>)['idempotency-key'];

  it('sends a fresh Idempotency-Key for each action on a route that creates something', async () => {
    respond(200, { data: {} });
    respond(200, { data: {} });
    await call('addPortfolio', { portfolio_name: 'A' });
    await call('addPortfolio', { portfolio_name: 'A' });
    expect(keyOf(0)).toMatch(/^web-[0-9a-f-]{36}$/);
    expect(keyOf(1)).toMatch(/^web-[0-9a-f-]{36}$/);
    expect(keyOf(1)).not.toBe(keyOf(0));
  });

  it('retries once with the same key after a 503, and returns the answer of the retry', async () => {
    respond(503, {
      message: 'The service is temporarily unavailable. Please try again in a moment.',
    });
    respond(200, { data: { portfolio_id: 'p1' } });
    await expect(call('addPortfolio', { portfolio_name: 'A' })).resolves.toEqual({
      data: { portfolio_id: 'p1' },
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('retries once with the same key when the network fails, then reports the failure', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(call('addPortfolio', { portfolio_name: 'A' })).rejects.toMatchObject({
      status: 0,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('reuses the key the caller gives for its own retry of the same action', async () => {
    respond(200, {});
    await (api as unknown as (id: string, i: object, o: object) => Promise<unknown>)(
      'addPortfolio',
      { portfolio_name: 'A' },
      { idempotencyKey: 'web-action-1234' },
    );
    expect(keyOf(0)).toBe('web-action-1234');
  });

  it('sends no key and never retries other writes or reads', async () => {
    respond(503, { message: 'down' });
    respond(503, { message: 'down' });
    await expect(call('saveThing', { name: 'x' })).rejects.toMatchObject({ status: 503 });
    await expect(call('findThings', { kind: 'x' })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(0)).toBeUndefined();
    expect(keyOf(1)).toBeUndefined();
  });
});
