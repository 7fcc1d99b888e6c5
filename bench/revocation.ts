/**
 * Bench section `revocation`: what the check of given-up tokens (functions/lib/revocation.ts,
 * decision 123) costs a login-required request. Against DynamoDB Local on this machine: the
 * first check of a new instance (cold: the client's connection is set up), an uncached check (a
 * POST, or a GET more than 5 s after the last), and a cached one (a GET within 5 s). It prints
 * the latency of each and the DynamoDB requests a request makes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable, startDynamo } from '../infra/local/dynamodb';
import { freePort } from '../infra/local/process';
import { LOCAL_TABLE_NAME } from '../infra/table-design';
import { type Report, info, percentile } from './lib';

const SECTION = 'revocation';
const fmt = (v: number) => `${v.toFixed(2)} ms`;

export async function run(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mr-market-bench-revocation-'));
  const dynamo = await startDynamo({ port: await freePort(), dir, persistent: false });
  try {
    await ensureTable(dynamo.url, LOCAL_TABLE_NAME);
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      TABLE_NAME: LOCAL_TABLE_NAME,
    });
    // Loaded after the environment is set: the client reads its endpoint once.
    const r = await import('../functions/lib/revocation');
    const timed = async (fn: () => Promise<unknown>) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };

    const cold = await timed(() => r.revocationOf('bench-user-0', { fresh: true }));
    await r.revokeTokens('bench-user-1', { sleep: async () => undefined });
    const uncached: number[] = [];
    const cached: number[] = [];
    const readsBefore = r.revocationReads();
    const N = 500;
    for (let i = 0; i < N; i++) {
      const user = `bench-user-${i % 50}`;
      uncached.push(await timed(() => r.revocationOf(user, { fresh: true })));
    }
    const uncachedReads = r.revocationReads() - readsBefore;
    const cachedBefore = r.revocationReads();
    for (let i = 0; i < N; i++) {
      const user = `bench-user-${i % 50}`;
      cached.push(await timed(() => r.revocationOf(user, { fresh: false })));
    }
    const cachedReads = r.revocationReads() - cachedBefore;

    report(info(SECTION, 'first check of an instance (cold)', fmt(cold)));
    report(
      info(
        SECTION,
        'uncached check (POST; GET after 5 s), p50 / p95',
        `${fmt(percentile(uncached, 0.5))} / ${fmt(percentile(uncached, 0.95))}`,
      ),
    );
    report(
      info(
        SECTION,
        'cached check (GET within 5 s), p50 / p95',
        `${fmt(percentile(cached, 0.5))} / ${fmt(percentile(cached, 0.95))}`,
      ),
    );
    report(
      info(
        SECTION,
        'DynamoDB requests per request',
        `POST ${(uncachedReads / N).toFixed(2)} (one strongly consistent GetItem: 1 read unit); GET ${(cachedReads / N).toFixed(2)} within 5 s of the last check of that user by that instance`,
      ),
    );
  } finally {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
