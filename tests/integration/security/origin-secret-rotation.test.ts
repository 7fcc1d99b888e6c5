import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/api/health';
import { resetConfigForTests } from '../../../functions/lib/config';
import { buildApiEvent, buildLambdaContext, matchRoute } from '../../../infra/local/api-event';
import { ROUTES } from '../../../shared/routes';
import { recordSecurityFigures } from '../../support/security-summary';

/**
 * The route wrapper through a rotation of the origin secret (decision 137, docs/runbook.md
 * "Rotating the origin secret"): CloudFront sends one of two secrets, the functions accept both.
 */
describe('rotating the origin secret over two deployments (decision 137)', () => {
  const A = 'origin-secret-a-0123456789abcdefghijkl';
  const B = 'origin-secret-b-0123456789abcdefghijkl';
  const C = 'origin-secret-c-0123456789abcdefghijkl';

  /** What a deployment leaves: the value CloudFront sends, and the two the functions hold. */
  interface Deployed {
    sends: string;
    functions: [string, string];
  }

  /** The status the route wrapper gives a request CloudFront sends to functions deployed so. */
  async function status(sent: string, functions: [string, string]): Promise<number> {
    process.env.ORIGIN_VERIFY_SECRET = functions[0];
    process.env.ORIGIN_VERIFY_SECRET_2 = functions[1];
    resetConfigForTests();
    const match = matchRoute(ROUTES, 'GET', '/api/health')!;
    const requestId = randomUUID();
    const event = buildApiEvent(
      {
        method: 'GET',
        url: '/api/health',
        headers: { 'x-origin-verify': sent, 'x-viewer-address': '198.51.100.9' },
        body: Buffer.from(''),
        sourceIp: '130.176.1.1',
      },
      match,
      { domainName: 'abc.execute-api.eu-west-1.amazonaws.com', requestId },
    );
    const out = (await handler(
      event as never,
      buildLambdaContext('health', requestId, 10_000) as never,
    )) as { statusCode: number };
    return out.statusCode;
  }

  /**
   * Every moment of a deployment from `before` to `after`: CloudFormation updates the
   * distribution and the route stacks in either order, and CloudFront's edges take the new
   * value over minutes, so each edge may send the old or the new value to old or new functions.
   */
  async function statusesDuring(before: Deployed, after: Deployed): Promise<number[]> {
    const out: number[] = [];
    for (const sends of [before.sends, after.sends])
      for (const functions of [before.functions, after.functions])
        out.push(await status(sends, functions));
    return out;
  }

  afterAll(() => {
    delete process.env.ORIGIN_VERIFY_SECRET;
    delete process.env.ORIGIN_VERIFY_SECRET_2;
    resetConfigForTests();
  });

  it('refuses no request at any moment of either deployment, and refuses a wrong secret', async () => {
    // CloudFront sends secret 1 (A); the functions accept A and B.
    const start: Deployed = { sends: A, functions: [A, B] };
    // 1. A new value C in secret 2, then a deployment with originVerifyRevision + 1: the
    //    functions read both secrets again; CloudFront still sends secret 1.
    const learned: Deployed = { sends: A, functions: [A, C] };
    // 2. A deployment with originVerifySent=2: CloudFront sends C.
    const switched: Deployed = { sends: C, functions: [A, C] };
    const first = await statusesDuring(start, learned);
    const second = await statusesDuring(learned, switched);
    expect([...first, ...second]).toEqual(Array(8).fill(200));
    // The old value B, retired in step 1, no longer opens the API; nor does a forged one.
    expect(await status(B, switched.functions)).toBe(403);
    expect(await status(`${C.slice(0, -1)}x`, switched.functions)).toBe(403);
    recordSecurityFigures('origin-secret-rotation', {
      deploymentMomentsChecked: first.length + second.length,
      requestsRefusedDuringRotation: [...first, ...second].filter((s) => s !== 200).length,
    });
  });

  it('would refuse requests if the sent secret were changed in one deployment (what the two steps avoid)', async () => {
    // One secret, changed in place: the distribution may send C before the functions know it.
    const during = await statusesDuring(
      { sends: A, functions: [A, B] },
      { sends: C, functions: [C, B] },
    );
    expect(during).toContain(403);
  });
});
