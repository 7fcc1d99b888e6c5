import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLambdaContext } from '../../../infra/local/api-event';
import { SIGN_OUT_INCOMPLETE, TOASTS } from '../../../shared/schemas/account';
import { apiClient } from '../../support/api';
import { recordSecurityFigures } from '../../support/security-summary';
import { createSignedInUser, type TestUser } from '../../support/users';
import type { ApiEvent } from '../../../functions/lib/http';

/**
 * A global sign-out that fails (decision 144). Cognito's GlobalSignOut is sent through a
 * local fault point in front of the local Cognito endpoint, which fails it as often as a test
 * asks (HTTP 500, as a Cognito outage answers) and passes every other call through. The
 * logout handler runs in this test's process with that endpoint: it retries, and when the
 * sign-out still fails, the answer says so with a sentence, the failure is counted for the
 * alarm, and the API refuses the old tokens all the same.
 */
let faults = 0;
let signOutCalls = 0;
let faultPoint: Server;
let upstream: string;
let logout: (event: ApiEvent, context: unknown) => Promise<unknown>;
let metricsSeen: string[] = [];
const figures: Record<string, number> = {};

beforeAll(async () => {
  upstream = process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER ?? '';
  expect(upstream).not.toBe('');
  faultPoint = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      if (target.endsWith('.GlobalSignOut')) {
        signOutCalls++;
        if (faults > 0) {
          faults--;
          res.writeHead(500, { 'content-type': 'application/x-amz-json-1.1' });
          res.end(JSON.stringify({ __type: 'InternalErrorException', message: 'Unavailable' }));
          return;
        }
      }
      const url = new URL(req.url ?? '/', upstream);
      const forward = request(
        url,
        { method: req.method, headers: { ...req.headers, host: url.host } },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      forward.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => faultPoint.listen(0, '127.0.0.1', resolve));
  const port = (faultPoint.address() as AddressInfo).port;
  // The functions' Cognito client reads its endpoint when its module loads: load it now.
  process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER = `http://127.0.0.1:${port}`;
  const { metrics } = await import('../../../functions/lib/metrics');
  const addMetric = metrics.addMetric.bind(metrics);
  metrics.addMetric = (name, unit, value, resolution) => {
    metricsSeen.push(name);
    return addMetric(name, unit, value, resolution);
  };
  logout = (await import('../../../functions/api/logout')).handler as typeof logout;
});

afterAll(async () => {
  process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER = upstream;
  await new Promise((resolve) => faultPoint?.close(resolve));
  recordSecurityFigures('sign-out', figures);
});

function logoutEvent(user: TestUser): ApiEvent {
  const claims = JSON.parse(
    Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString('utf8'),
  ) as Record<string, unknown>;
  return {
    version: '2.0',
    routeKey: 'POST /api/logout',
    rawPath: '/api/logout',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
    body: '{}',
    isBase64Encoded: false,
    requestContext: {
      http: { method: 'POST', path: '/api/logout', sourceIp: '127.0.0.1' },
      authorizer: { jwt: { claims: { ...claims, token_use: 'access' }, scopes: [] } },
    },
  } as unknown as ApiEvent;
}

async function signOut(user: TestUser) {
  const result = (await logout(
    logoutEvent(user),
    buildLambdaContext('sign-out-test', randomUUID(), 20_000),
  )) as { statusCode: number; body: string };
  return { status: result.statusCode, body: JSON.parse(result.body) as Record<string, unknown> };
}

describe('sign out everywhere when Cognito fails', () => {
  it('retries a failing global sign-out and completes when Cognito answers again', async () => {
    const user = await createSignedInUser();
    faults = 2;
    signOutCalls = 0;
    metricsSeen = [];
    const out = await signOut(user);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: TOASTS.logoutSuccess, signed_out_everywhere: true });
    expect(signOutCalls).toBe(3);
    expect(metricsSeen).not.toContain('GlobalSignOutFailures');
    figures.retriedSignOuts = 1;
  });

  it('still failing: tells the user it was not complete, counts it, and the old token is refused', async () => {
    const user = await createSignedInUser();
    faults = 100;
    signOutCalls = 0;
    metricsSeen = [];
    const out = await signOut(user);
    faults = 0;
    expect(out.status).toBe(200);
    expect(out.body).toEqual({
      message: SIGN_OUT_INCOMPLETE.logout,
      signed_out_everywhere: false,
    });
    expect(signOutCalls).toBe(3);
    expect(metricsSeen.filter((m) => m === 'GlobalSignOutFailures')).toHaveLength(1);
    // The revocation item of decision 123 still protects the API.
    const list = await apiClient().get('/api/getPortfolioList', { token: user.accessToken });
    expect(list.status).toBe(401);
    figures.incompleteSignOutsReported = 1;
  });
});
