import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOTSTRAP_PARAMETER,
  configFrom,
  contextArgs,
  deployPlan,
  gatherFacts,
  placeholders,
  problemsOf,
  UNRESERVED_MINIMUM,
  warningsOf,
  type PreflightFacts,
} from './preflight';
import { totalReservedConcurrency } from '../constructs/api';
import { JOB_CONCURRENCY } from '../constructs/jobs';
import { JOBS } from '../jobs';

const base = {
  mailFrom: 'no-reply@mr-market.example.io',
  supportEmail: 'help@mr-market.example.io',
};

const ready: PreflightFacts = {
  account: '123456789012',
  region: 'eu-west-1',
  bootstrapped: true,
  ses: { 'no-reply@mr-market.example.io': { verified: true } },
  sesProductionAccess: true,
  marketDataSecret: { arn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:k', keySet: true },
  keyInEnvironment: false,
  edgeBootstrapped: true,
  lambdaConcurrency: 1000,
};

const check = (context: Record<string, unknown>, facts: Partial<PreflightFacts> = {}) =>
  problemsOf(configFrom({ ...base, ...context }), { ...base, ...context }, { ...ready, ...facts });

describe('pre-flight: what stops a deployment, with the command that fixes it', () => {
  it('passes an account that is ready', () => {
    expect(check({})).toEqual([]);
  });

  it('stops at missing credentials and checks nothing else', () => {
    const problems = check({}, { account: { error: 'Could not load credentials' } });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.fix).toMatch(/aws configure/);
  });

  it('names every context value still at a placeholder', () => {
    expect(
      placeholders({ mailFrom: 'no-reply@example.com', alarmEmail: 'ops@example.org', a: 1 }),
    ).toEqual(['mailFrom', 'alarmEmail']);
    const problems = check({ alarmEmail: 'ops@example.com' });
    expect(problems.map((p) => p.what)).toEqual([
      'The context value "alarmEmail" is still a placeholder ("ops@example.com").',
    ]);
    expect(problems[0]!.fix).toContain('-c alarmEmail=');
  });

  it('asks for the bootstrap of the account and region', () => {
    const [p] = check({}, { bootstrapped: false });
    expect(p!.fix).toBe('npx cdk bootstrap aws://123456789012/eu-west-1');
  });

  it('asks for the bootstrap of us-east-1, where the web ACL goes', () => {
    const [p] = check({}, { edgeBootstrapped: false });
    expect(p!.fix).toMatch(/^npx cdk bootstrap aws:\/\/123456789012\/us-east-1/);
    expect(p!.fix).toContain('-c edgeFirewall=false');
  });

  it('deploys a new account (limit 10) without reservations, saying how to ask for more', () => {
    const reserved = totalReservedConcurrency(JOBS.length, JOB_CONCURRENCY);
    // The README and the runbook quote what the route table adds up to.
    expect(readFileSync('README.md', 'utf8')).toContain(`(${reserved} in all)`);
    expect(readFileSync('docs/runbook.md', 'utf8').replace(/\s+/g, ' ')).toContain(
      `beside ${reserved} instances`,
    );
    expect(check({}, { lambdaConcurrency: 10 })).toEqual([]);
    const config = configFrom({ ...base });
    const [note] = warningsOf({ ...ready, lambdaConcurrency: 10 }, config);
    expect(note).toContain('deploying without reserved concurrency');
    expect(note).toContain('--quota-code L-B99A9384 --desired-value 1000 --region eu-west-1');
    expect(warningsOf({ ...ready, lambdaConcurrency: 1000 }, config)).toEqual([]);
  });

  it('stops when reservations are asked for and the account cannot hold them', () => {
    const reserved = totalReservedConcurrency(JOBS.length, JOB_CONCURRENCY);
    const [p] = check({ reservedConcurrency: 'true' }, { lambdaConcurrency: 10 });
    expect(p!.what).toContain(`is 10: the app reserves ${reserved} instances`);
    expect(p!.fix).toContain('request-service-quota-increase');
    expect(p!.fix).toContain('-c reservedConcurrency=auto');
    expect(
      check({ reservedConcurrency: true }, { lambdaConcurrency: reserved + UNRESERVED_MINIMUM }),
    ).toEqual([]);
    expect(check({ reservedConcurrency: false }, { lambdaConcurrency: 10 })).toEqual([]);
  });

  it('stops at a stateful stack an earlier attempt left in ROLLBACK_FAILED, pointing at the runbook', () => {
    const [p] = check({}, { statefulStatus: 'ROLLBACK_FAILED' });
    expect(p!.fix).toContain('docs/runbook.md');
    expect(check({}, { statefulStatus: 'ROLLBACK_COMPLETE' })).toEqual([]);
  });

  it("refuses an API certificate outside the stack's region", () => {
    const [p] = check(
      {
        apiDomain: 'api.mr-market.example.io',
        apiCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      },
      {},
    );
    expect(p!.what).toContain('us-east-1');
    expect(p!.fix).toContain('--region eu-west-1');
    expect(
      check({
        apiDomain: 'api.mr-market.example.io',
        apiCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc-123',
      }),
    ).toEqual([]);
  });

  it('says how to remove the edge stack once edgeFirewall is off', () => {
    const config = configFrom({ ...base, edgeFirewall: 'false' });
    const notes = warningsOf({ ...ready, edgeStackDeployed: true }, config);
    expect(notes.join('\n')).toContain(
      'aws cloudformation delete-stack --stack-name MrMarketEdge --region us-east-1',
    );
    expect(warningsOf({ ...ready, edgeStackDeployed: false }, config)).toEqual([]);
  });

  it('refuses a sender SES does not know, showing how to verify its domain', () => {
    const [p] = check({}, { ses: {} });
    expect(p!.what).toMatch(/not a verified SES identity in eu-west-1/);
    expect(p!.fix).toContain(
      'aws sesv2 create-email-identity --email-identity mr-market.example.io --region eu-west-1',
    );
  });

  it('asks to tell the pool about a verified domain when only the domain is verified', () => {
    const onlyDomain = { ses: { 'mr-market.example.io': { verified: true } } };
    const [p] = check({}, onlyDomain);
    expect(p!.fix).toBe(
      'Pass `-c sesVerifiedDomain=mr-market.example.io` (or set it in cdk.json).',
    );
    expect(check({ sesVerifiedDomain: 'mr-market.example.io' }, onlyDomain)).toEqual([]);
  });

  it('checks SES in sesRegion when the identity lives in another region', () => {
    const [p] = check({ sesRegion: 'us-east-1' }, { ses: {} });
    expect(p!.fix).toContain('--region us-east-1');
  });

  it('needs a Financial Modeling Prep key for the provider: in the secret, or in the environment', () => {
    const first = check({}, { marketDataSecret: undefined });
    expect(first[0]!.fix).toContain('FMP_API_KEY=<your key> npm run deploy');
    const placeholder = check({}, { marketDataSecret: { arn: 'arn:k', keySet: false } });
    expect(placeholder[0]!.fix).toContain('aws secretsmanager put-secret-value --secret-id arn:k');
    expect(check({}, { marketDataSecret: undefined, keyInEnvironment: true })).toEqual([]);
    expect(check({ marketDataProvider: 'demo' }, { marketDataSecret: undefined })).toEqual([]);
  });

  it('warns, without stopping, about the SES sandbox', () => {
    expect(warningsOf({ ...ready, sesProductionAccess: false })[0]).toMatch(/sandbox/);
    expect(warningsOf(ready)).toEqual([]);
  });

  it('deploys the stateful stack and stores the key before the functions, when there is a key', () => {
    const fmp = configFrom(base);
    expect(
      deployPlan(fmp, { lambdaConcurrency: 10, keyInEnvironment: true }, [
        '--require-approval',
        'never',
      ]),
    ).toEqual([
      {
        cdk: ['MrMarketStateful', '-c', 'lambdaConcurrencyLimit=10', '--require-approval', 'never'],
      },
      { storeKey: true },
      { cdk: ['--all', '-c', 'lambdaConcurrencyLimit=10', '--require-approval', 'never'] },
    ]);
    // No key to store, or the demo data set: every stack at once, deletion protection as is.
    expect(deployPlan(fmp, { keyInEnvironment: false }, [])).toEqual([{ cdk: ['--all'] }]);
    expect(
      deployPlan(
        configFrom({ ...base, marketDataProvider: 'demo' }),
        { keyInEnvironment: true },
        [],
      ),
    ).toEqual([{ cdk: ['--all'] }]);
    for (const step of deployPlan(fmp, { keyInEnvironment: true }, []))
      if ('cdk' in step) expect(step.cdk.join(' ')).not.toContain('deletionProtection');
  });

  it('reads -c and --context arguments as the CDK CLI does', () => {
    expect(
      contextArgs(['-c', 'marketDataPlan=starter', '--context', 'a=b=c', '--context=x=1', '--all']),
    ).toEqual({ marketDataPlan: 'starter', a: 'b=c', x: '1' });
  });
});

/**
 * A tiny AWS for gatherFacts: the real SDK clients speak their real protocols to it (STS and
 * CloudFormation's query protocol, SSM's and Secrets Manager's JSON 1.1, SES v2's REST).
 */
describe('pre-flight: asking AWS', () => {
  let server: http.Server;
  let endpoint: string;
  const identities = new Map<string, boolean>();
  /** The market-data secret's versions: CloudFormation's placeholder only, at first. */
  let secretVersions: unknown[] = [
    { VersionId: 'generated', VersionStages: ['AWSCURRENT'], CreatedDate: 1_790_000_000 },
  ];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const target = String(req.headers['x-amz-target'] ?? '');
        const xml = (text: string) => {
          res.writeHead(200, { 'content-type': 'text/xml' });
          res.end(text);
        };
        const json = (status: number, value: unknown, type = 'application/x-amz-json-1.1') => {
          res.writeHead(status, { 'content-type': type });
          res.end(JSON.stringify(value));
        };
        if (body.includes('Action=GetCallerIdentity'))
          return xml(
            '<GetCallerIdentityResponse><GetCallerIdentityResult><Account>210987654321</Account><Arn>arn:aws:iam::210987654321:user/op</Arn><UserId>X</UserId></GetCallerIdentityResult></GetCallerIdentityResponse>',
          );
        if (body.includes('Action=DescribeStacks'))
          return xml(
            '<DescribeStacksResponse><DescribeStacksResult><Stacks><member><StackName>MrMarketStateful</StackName><StackStatus>CREATE_COMPLETE</StackStatus><CreationTime>2026-11-01T00:00:00Z</CreationTime><Outputs><member><OutputKey>MarketDataSecretArn</OutputKey><OutputValue>arn:aws:secretsmanager:eu-west-1:210987654321:secret:key</OutputValue></member></Outputs></member></Stacks></DescribeStacksResult></DescribeStacksResponse>',
          );
        if (target === 'AmazonSSM.GetParameter') {
          const { Name } = JSON.parse(body) as { Name: string };
          return Name === BOOTSTRAP_PARAMETER
            ? json(200, { Parameter: { Name, Value: '21', Type: 'String' } })
            : json(400, { __type: 'ParameterNotFound', message: 'not found' });
        }
        if (target === 'secretsmanager.ListSecretVersionIds')
          return json(200, {
            ARN: 'arn:aws:secretsmanager:eu-west-1:210987654321:secret:key',
            Versions: secretVersions,
          });
        if (target === 'CertificateManager.DescribeCertificate') {
          const { CertificateArn } = JSON.parse(body) as { CertificateArn: string };
          return json(200, {
            Certificate: {
              CertificateArn,
              Status: CertificateArn.endsWith('/pending') ? 'PENDING_VALIDATION' : 'ISSUED',
            },
          });
        }
        const url = req.url ?? '';
        if (url.startsWith('/2016-08-19/account-settings'))
          return json(200, { AccountLimit: { ConcurrentExecutions: 1000 } }, 'application/json');
        if (url === '/v2/email/account')
          return json(200, { ProductionAccessEnabled: false }, 'application/json');
        const m = /^\/v2\/email\/identities\/([^/?]+)/.exec(url);
        if (m) {
          const id = decodeURIComponent(m[1]!);
          if (!identities.has(id)) {
            res.writeHead(404, {
              'content-type': 'application/json',
              'x-amzn-errortype': 'NotFoundException',
            });
            return res.end(JSON.stringify({ message: `${id} does not exist` }));
          }
          return json(
            200,
            { IdentityType: 'DOMAIN', VerifiedForSendingStatus: identities.get(id) },
            'application/json',
          );
        }
        res.writeHead(400);
        res.end('unexpected');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('finds the account, the bootstrap, the SES identities, the sandbox and the placeholder secret', async () => {
    identities.set('mr-market.example.io', true);
    const config = configFrom(base);
    const facts = await gatherFacts(
      config,
      { region: 'eu-west-1', endpoint, credentials: { accessKeyId: 'a', secretAccessKey: 'b' } },
      {},
    );
    expect(facts).toMatchObject({
      account: '210987654321',
      bootstrapped: true,
      edgeBootstrapped: true,
      lambdaConcurrency: 1000,
      ses: { 'mr-market.example.io': { verified: true } },
      sesProductionAccess: false,
      marketDataSecret: {
        arn: 'arn:aws:secretsmanager:eu-west-1:210987654321:secret:key',
        keySet: false,
      },
      keyInEnvironment: false,
    });
    expect(facts.ses['no-reply@mr-market.example.io']).toBeUndefined();
    expect(facts.statefulStatus).toBe('CREATE_COMPLETE');
    const problems = problemsOf(config, base, facts);
    expect(problems.map((p) => p.fix)).toEqual([
      'Pass `-c sesVerifiedDomain=mr-market.example.io` (or set it in cdk.json).',
      expect.stringContaining('put-secret-value'),
    ]);
  });

  it("reads the certificates' status from ACM", async () => {
    const site = 'arn:aws:acm:us-east-1:210987654321:certificate/pending';
    const api = 'arn:aws:acm:eu-west-1:210987654321:certificate/issued';
    const context = {
      ...base,
      siteDomain: 'app.mr-market.example.io',
      certificateArn: site,
      apiDomain: 'api.mr-market.example.io',
      apiCertificateArn: api,
    };
    const facts = await gatherFacts(
      configFrom(context),
      { region: 'eu-west-1', endpoint, credentials: { accessKeyId: 'a', secretAccessKey: 'b' } },
      {},
    );
    expect(facts.certificates).toEqual({
      [site]: { status: 'PENDING_VALIDATION' },
      [api]: { status: 'ISSUED' },
    });
  });

  it('knows the key was put by its version, however soon after the creation', async () => {
    // A key put a second after CloudFormation created the secret: a later version, AWSCURRENT.
    secretVersions = [
      { VersionId: 'generated', VersionStages: ['AWSPREVIOUS'], CreatedDate: 1_790_000_000 },
      { VersionId: 'key', VersionStages: ['AWSCURRENT'], CreatedDate: 1_790_000_001 },
    ];
    const facts = await gatherFacts(
      configFrom(base),
      { region: 'eu-west-1', endpoint, credentials: { accessKeyId: 'a', secretAccessKey: 'b' } },
      {},
    );
    expect(facts.marketDataSecret?.keySet).toBe(true);
  });
});
