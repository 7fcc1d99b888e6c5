import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApiEvent, matchRoute } from '../../infra/local/api-event';
import { routeFromEvent } from '../../functions/lib/route-lookup';
import { answeredMethods, ROUTES, type RouteDef } from '../../shared/routes';
import { apiClient } from '../support/api';
import { testStack } from '../support/stack';
import { createSignedInUser, type TestUser } from '../support/users';
import { pitchOf } from './valuation-support';

/*
 * HEAD is answered wherever GET is (link checkers and caches send HEAD): every GET route of the
 * table answers HEAD with the status and headers GET gets, and no body; a route that is not a
 * GET has no HEAD (as the HTTP API, whose routes are per method, has none for it). CDK's HEAD
 * routes are checked on the synthesised template (infra/app.test.ts).
 */

const api = apiClient();
const label = (r: RouteDef) => `${r.method} ${r.path}`;

/** Query strings that make the market reads answer 200 (each route's canonical form). */
const QUERIES: Record<string, string> = {
  marketRead: 'kind=profile&symbol=AAPL',
  marketHistorical: 'from=2026-01-02&stock_symbol=AAPL&to=2026-02-02',
  marketDaily: 'stock_symbol=AAPL',
  marketWeekly: 'stock_symbol=AAPL',
  marketStockList: 'marketcap=large&region=US&sector=Technology',
  marketCompanyOverview: 'symbol=AAPL',
  marketValueLine: 'symbol=AAPL',
  marketCompare: 'symbols=AAPL,MSFT',
};

let user: TestUser;
const slugs = { pitch: '', record: '' };

beforeAll(async () => {
  user = await createSignedInUser();
  const pitch = await pitchOf(user, 1, 'AAPL');
  const token = { token: user.accessToken };
  const shared = await api.post('/api/sharePitch', { valuation_id: pitch.id }, token);
  slugs.pitch = (shared.body as { slug: string }).slug;
  const record = await api.post(
    '/api/setPublicRecord',
    { enabled: true, display_name: 'Head Reader' },
    token,
  );
  slugs.record = (record.body as { publicRecord: { slug: string } }).publicRecord.slug;
});

/** A request of the route: its sample query, path parameters filled (a share's slug). */
function pathOf(route: RouteDef): string {
  const path = route.path.replace(/\{([^}]+)\}/g, () =>
    route.path.includes('/record/')
      ? slugs.record
      : route.path.includes('/pitch/') || route.path.startsWith('/p/')
        ? slugs.pitch
        : 'sample-1',
  );
  const query = QUERIES[route.id];
  return query ? `${path}?${query}` : path;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** Every byte after the header block, as the server sent it. */
  body: string;
}

/** Sends a request over a plain socket and reads all the server sends until it closes. */
function raw(method: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  const url = new URL(testStack().urls.api);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      const lines = [`${method} ${path} HTTP/1.1`, `Host: ${url.host}`, 'Connection: close'];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const split = data.indexOf('\r\n\r\n');
      const [statusLine, ...headerLines] = data.slice(0, split).split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        parsed[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine!.split(' ')[1]),
        headers: parsed,
        body: data.slice(split + 4),
      });
    });
  });
}

/** The headers a GET and its HEAD must agree on. */
const COMPARED = [
  'content-type',
  'cache-control',
  'location',
  'retry-after',
  'x-content-type-options',
];
const compared = (headers: Record<string, string>) =>
  Object.fromEntries(COMPARED.filter((h) => h in headers).map((h) => [h, headers[h]]));

describe('HEAD wherever GET', () => {
  it('every GET route answers HEAD with the status and headers of its GET, and no body', async () => {
    const gets = ROUTES.filter((r) => r.method === 'GET' && r.handler);
    let ok = 0;
    for (const route of gets) {
      const path = pathOf(route);
      const headers: Record<string, string> = route.auth
        ? { authorization: `Bearer ${user.accessToken}` }
        : {};
      const get = await raw('GET', path, headers);
      const head = await raw('HEAD', path, headers);
      expect(head.status, label(route)).toBe(get.status);
      expect(compared(head.headers), label(route)).toEqual(compared(get.headers));
      expect(head.body, label(route)).toBe('');
      expect(get.body.length, label(route)).toBeGreaterThan(0);
      if (get.status === 200) ok += 1;
    }
    // The market reads, the shared pages and the signed-in reads answer, not only refusals.
    expect(ok).toBeGreaterThanOrEqual(gets.length - 2);
  });

  it('answers a login-required route’s HEAD without a token 401, as its GET', async () => {
    const route = ROUTES.find((r) => r.method === 'GET' && r.auth)!;
    const head = await raw('HEAD', pathOf(route), {});
    expect(head.status).toBe(401);
    expect(head.body).toBe('');
  });

  it('has no HEAD for a route that is not a GET: 404, as for any method the route lacks', async () => {
    const posts = ROUTES.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    for (const route of posts.slice(0, 5)) {
      expect((await raw('HEAD', route.path, {})).status, label(route)).toBe(404);
      expect(answeredMethods(route), label(route)).toEqual(['POST']);
    }
  });

  it('finds the GET route of an event the HTTP API routed by HEAD', () => {
    for (const route of ROUTES.filter((r) => r.method === 'GET')) {
      const path = route.path.replace(/\{[^}]+\}/g, 'x');
      const match = matchRoute(ROUTES, 'HEAD', path)!;
      const event = buildApiEvent(
        { method: 'HEAD', url: path, headers: {}, body: Buffer.alloc(0), sourceIp: '127.0.0.1' },
        match,
        { domainName: 'localhost', requestId: 'r' },
      );
      expect(event.routeKey, label(route)).toBe(`HEAD ${route.path}`);
      expect(routeFromEvent(event)?.id, label(route)).toBe(route.id);
    }
  });
});
