import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { RouteDef } from '../../shared/routes';
import {
  buildApiEvent,
  formatRequestTime,
  matchRoute,
  stringifyClaims,
  type IncomingRequest,
} from './api-event';

const base = { request: z.object({}), needs: [], summary: 'test' } as const;
const routes: RouteDef[] = [
  { ...base, id: 'verifyAccount', method: 'GET', path: '/api/verify_account/{code}', auth: false },
  { ...base, id: 'verifyLatest', method: 'GET', path: '/api/verify_account/latest', auth: false },
  { ...base, id: 'upload', method: 'POST', path: '/api/upload', auth: true },
];

function request(partial: Partial<IncomingRequest>): IncomingRequest {
  return {
    method: 'GET',
    url: '/',
    headers: {},
    body: Buffer.alloc(0),
    sourceIp: '127.0.0.1',
    ...partial,
  };
}

describe('matching a request to the route table', () => {
  it('fills the path parameter of a template, decoded', () => {
    const match = matchRoute(routes, 'GET', '/api/verify_account/AB%2FC12');
    expect(match?.route.id).toBe('verifyAccount');
    expect(match?.pathParameters).toEqual({ code: 'AB/C12' });
  });

  it('prefers an exact path over a template', () => {
    expect(matchRoute(routes, 'GET', '/api/verify_account/latest')?.route.id).toBe('verifyLatest');
  });

  it('finds no route for a known path with another method', () => {
    expect(matchRoute(routes, 'GET', '/api/upload')).toBeUndefined();
    expect(matchRoute(routes, 'HEAD', '/api/upload')).toBeUndefined();
  });

  it('answers HEAD with the GET route of the path, as the HTTP API’s HEAD route beside it does', () => {
    const match = matchRoute(routes, 'head', '/api/verify_account/AB12')!;
    expect([match.route.id, match.method, match.pathParameters]).toEqual([
      'verifyAccount',
      'HEAD',
      { code: 'AB12' },
    ]);
    expect(matchRoute(routes, 'HEAD', '/api/verify_account/latest')?.route.id).toBe('verifyLatest');
    const event = buildApiEvent(
      request({ method: 'HEAD', url: '/api/verify_account/AB12' }),
      match,
      {
        domainName: 'localhost',
        requestId: 'r-h',
      },
    );
    expect([
      event.routeKey,
      event.requestContext.routeKey,
      event.requestContext.http.method,
    ]).toEqual(['HEAD /api/verify_account/{code}', 'HEAD /api/verify_account/{code}', 'HEAD']);
  });

  it('does not let a template parameter span slashes', () => {
    expect(matchRoute(routes, 'GET', '/api/verify_account/a/b')).toBeUndefined();
  });
});

describe('the API Gateway HTTP API event (payload 2.0)', () => {
  const now = new Date(Date.UTC(2024, 2, 5, 9, 7, 3));

  it('names the route key, path parameters and query of a templated GET', () => {
    const req = request({
      url: '/api/verify_account/XYZ?x=1&x=2&y=%20z',
      headers: { Host: 'localhost', 'User-Agent': 'ua' },
    });
    const match = matchRoute(routes, 'GET', '/api/verify_account/XYZ')!;
    const event = buildApiEvent(req, match, { domainName: 'localhost', now, requestId: 'r-1' });
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('GET /api/verify_account/{code}');
    expect(event.rawPath).toBe('/api/verify_account/XYZ');
    expect(event.rawQueryString).toBe('x=1&x=2&y=%20z');
    expect(event.queryStringParameters).toEqual({ x: '1,2', y: ' z' });
    expect(event.pathParameters).toEqual({ code: 'XYZ' });
    expect(event.headers).toEqual({ host: 'localhost', 'user-agent': 'ua' });
    expect(event.requestContext.http).toEqual({
      method: 'GET',
      path: '/api/verify_account/XYZ',
      protocol: 'HTTP/1.1',
      sourceIp: '127.0.0.1',
      userAgent: 'ua',
    });
    expect(event.requestContext.requestId).toBe('r-1');
    expect(event.requestContext.time).toBe('05/Mar/2024:09:07:03 +0000');
    expect(event.requestContext.timeEpoch).toBe(now.getTime());
    expect(event.body).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });

  it('base64-encodes a binary body and passes a JSON body as text', () => {
    const match = matchRoute(routes, 'POST', '/api/upload')!;
    const png = buildApiEvent(
      request({
        method: 'POST',
        url: '/api/upload',
        headers: { 'content-type': 'image/png' },
        body: Buffer.from([1, 2, 255]),
      }),
      match,
      { domainName: 'localhost', claims: { sub: 'u1' } },
    );
    expect(png.isBase64Encoded).toBe(true);
    expect(png.body).toBe(Buffer.from([1, 2, 255]).toString('base64'));
    const json = buildApiEvent(
      request({
        method: 'POST',
        url: '/api/upload',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: Buffer.from('{"a":1}'),
      }),
      match,
      { domainName: 'localhost', claims: { sub: 'u1' } },
    );
    expect(json.isBase64Encoded).toBe(false);
    expect(json.body).toBe('{"a":1}');
    expect(json.requestContext.authorizer.jwt.claims).toEqual({ sub: 'u1' });
  });

  it('moves cookies out of the headers into the cookies list', () => {
    const match = matchRoute(routes, 'GET', '/api/verify_account/a')!;
    const event = buildApiEvent(
      request({ url: '/api/verify_account/a', headers: { cookie: 'a=1; b=2' } }),
      match,
      { domainName: 'h' },
    );
    expect(event.cookies).toEqual(['a=1', 'b=2']);
    expect(event.headers.cookie).toBeUndefined();
  });
});

describe('claims as the JWT authorizer passes them', () => {
  it('turns numbers, booleans and lists into strings', () => {
    expect(
      stringifyClaims({
        sub: 's',
        exp: 1700000000,
        email_verified: true,
        'cognito:groups': ['a', 'b'],
        nothing: null,
      }),
    ).toEqual({
      sub: 's',
      exp: '1700000000',
      email_verified: 'true',
      'cognito:groups': '[a b]',
    });
  });

  it('formats request time with a two-digit day', () => {
    expect(formatRequestTime(new Date(Date.UTC(2025, 11, 1, 0, 0, 9)))).toBe(
      '01/Dec/2025:00:00:09 +0000',
    );
  });
});
