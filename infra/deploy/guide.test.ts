import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../constructs/house-function';

/**
 * The README's Deploy section is the operator's guide: every step a new operator takes, in the
 * order they take it, each with the command that prints what the next one needs; and every
 * stack output the guide and the runbook name is one the stacks declare.
 */
const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const deploy = readme.slice(
  readme.indexOf('## Deploy\n'),
  readme.indexOf('\n## ', readme.indexOf('## Deploy\n') + 5),
);
const runbook = fs.readFileSync(path.join(REPO_ROOT, 'docs/runbook.md'), 'utf8');

describe("the operator's guide", () => {
  it('names the AWS CLI and npm ci before the first command that needs them', () => {
    expect(deploy).toContain('**AWS CLI v2**');
    expect(deploy.indexOf('npm ci')).toBeGreaterThan(0);
    expect(deploy.indexOf('npm ci')).toBeLessThan(deploy.indexOf('npx cdk bootstrap'));
  });

  it('takes the steps in order, each printing what the next needs', () => {
    const order = [
      'aws sts get-caller-identity --query Account', // the account id of the bootstrap
      'npx cdk bootstrap aws://<account>/<region>',
      'aws sesv2 create-email-identity',
      '--query DkimAttributes.Tokens', // the DKIM records
      '--query VerifiedForSendingStatus',
      'aws acm request-certificate',
      "aws acm describe-certificate --certificate-arn <arn> --region <region> --query 'Certificate.DomainValidationOptions[].ResourceRecord'",
      'aws acm wait certificate-validated',
      '<!-- operator-context -->',
      'FMP_API_KEY=<your key> npm run deploy',
      "aws cloudformation describe-stacks --stack-name MrMarketStateless --query 'Stacks[0].Outputs'",
      'DistributionDomainName',
      'ApiDomainTarget',
      'SiteUrl',
    ];
    const at = order.map((text) => [text, deploy.indexOf(text)] as const);
    for (const [text, i] of at) expect(i, text).toBeGreaterThan(0);
    const positions = at.map(([, i]) => i);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const steps = [...deploy.matchAll(/^(\d+)\. /gm)].map((m) => Number(m[1]));
    expect(steps).toEqual(steps.map((_, i) => i + 1));
  });

  it('names only outputs the stacks declare', () => {
    const declared = new Set(
      ['infra/stacks/stateful-stack.ts', 'infra/stacks/stateless-stack.ts'].flatMap((file) =>
        [
          ...fs
            .readFileSync(path.join(REPO_ROOT, file), 'utf8')
            .matchAll(/new CfnOutput\(this, [`'](\w+)/g),
        ].map((m) => m[1]!),
      ),
    );
    declared.add('OriginVerify1SecretArn').add('OriginVerify2SecretArn');
    expect(declared).toContain('DistributionDomainName');
    for (const name of ['DistributionDomainName', 'ApiDomainTarget', 'SiteUrl', 'DistributionId'])
      expect(declared, name).toContain(name);
    const listed = /`TableName`[\s\S]*?\(stateless\)\./.exec(runbook)?.[0] ?? '';
    const named = [...listed.matchAll(/`([A-Z]\w+)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(8);
    expect(named.filter((n) => !declared.has(n))).toEqual([]);
  });
});
