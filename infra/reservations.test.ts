import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { concurrencyLimitKey, readInfraConfig } from './config';
import {
  PUBLIC_CONCURRENCY,
  OTHER_PUBLIC_CONCURRENCY,
  reservationsNotice,
  reservesConcurrency,
  totalReservedConcurrency,
  UNRESERVED_MINIMUM,
} from './constructs/api';
import { REPO_ROOT } from './constructs/house-function';
import { JOB_CONCURRENCY } from './constructs/jobs';
import { JOBS } from './jobs';

/**
 * Reserved concurrency is never dropped without a line saying so (decision 170), a plain
 * `cdk deploy` reserves as the last `npm run deploy` did, and the documents quote the figure the
 * route table adds up to.
 */
const base = {
  mailFrom: 'no-reply@mr-market.example.io',
  supportEmail: 'help@mr-market.example.io',
};
const context = (values: Record<string, unknown>) => (key: string) => values[key];
const reserved = totalReservedConcurrency(JOBS.length, JOB_CONCURRENCY);

describe('reserved concurrency', () => {
  it('takes the limit npm run deploy kept for the account and region the CLI deploys to', () => {
    const kept = { ...base, [concurrencyLimitKey('123456789012', 'eu-west-1')]: 1000 };
    const there = readInfraConfig(context(kept), { account: '123456789012', region: 'eu-west-1' });
    expect(there.lambdaConcurrencyLimit).toBe(1000);
    expect(reservesConcurrency(there, JOBS.length, JOB_CONCURRENCY)).toBe(true);
    // Another account, another region, or no CLI (the tests, npm run synth): not that limit.
    for (const env of [
      { account: '210987654321', region: 'eu-west-1' },
      { account: '123456789012', region: 'us-east-1' },
      {},
    ])
      expect(readInfraConfig(context(kept), env).lambdaConcurrencyLimit).toBeUndefined();
    // A limit passed on the command line wins.
    expect(
      readInfraConfig(context({ ...kept, lambdaConcurrencyLimit: '20' }), {
        account: '123456789012',
        region: 'eu-west-1',
      }).lambdaConcurrencyLimit,
    ).toBe(20);
  });

  it('prints why nothing is reserved whenever auto reserves nothing, and nothing otherwise', () => {
    const notice = (values: Record<string, unknown>) =>
      reservationsNotice(
        readInfraConfig(context({ ...base, ...values })),
        JOBS.length,
        JOB_CONCURRENCY,
      );
    expect(notice({})).toMatch(
      /^No function reserves concurrency: the account’s Lambda concurrency limit is not known here/,
    );
    expect(notice({})).toContain('A deployment that had reservations drops them');
    expect(notice({ lambdaConcurrencyLimit: 10 })).toContain(
      `limit, 10, leaves fewer than ${UNRESERVED_MINIMUM} unreserved beside the ${reserved}`,
    );
    expect(notice({ lambdaConcurrencyLimit: reserved + UNRESERVED_MINIMUM })).toBeUndefined();
    expect(notice({ reservedConcurrency: false })).toBeUndefined();
    expect(notice({ reservedConcurrency: true })).toBeUndefined();
  });

  it('is quoted as the route table adds it up, in decision 136 and the runbook', () => {
    const caps = Object.values(PUBLIC_CONCURRENCY);
    expect(reserved).toBeGreaterThan(Math.max(...caps, OTHER_PUBLIC_CONCURRENCY));
    const read = (file: string) =>
      fs.readFileSync(path.join(REPO_ROOT, file), 'utf8').replace(/\s+/g, ' ');
    const decision = read('docs/decisions/136-new-accounts-and-failed-first-creates.md');
    expect(decision).toContain(`The app reserves ${reserved} concurrent executions`);
    expect(decision).toContain(`an account limit of ${reserved + UNRESERVED_MINIMUM} at least`);
    expect(decision).not.toMatch(/\b391\b/);
    expect(read('docs/runbook.md')).toContain(`beside ${reserved} instances`);
  });
});
