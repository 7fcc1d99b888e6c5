import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CfnResource, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from './app';
import {
  OTHER_PUBLIC_CONCURRENCY,
  PUBLIC_CONCURRENCY,
  ROUTE_GROUPS,
  totalReservedConcurrency,
} from './constructs/api';
import { EDGE_RATE_LIMITS } from './constructs/firewall';
import type { HouseFunction } from './constructs/house-function';
import { JOB_CONCURRENCY } from './constructs/jobs';
import { REPO_ROOT } from './constructs/house-function';

/**
 * The edge and the template's operating limits (decision 122): AWS WAF in us-east-1 in front of
 * CloudFront, the API reachable only with CloudFront's origin secret, the profile photos
 * readable by this distribution only, log retention by kind, reserved concurrency.
 */
const CONTEXT = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  }
).context;

type Resources = Record<
  string,
  { Type: string; Properties?: Record<string, any>; DeletionPolicy?: string }
>;
const resources = (stack: Stack): Resources =>
  (Template.fromStack(stack).toJSON() as { Resources: Resources }).Resources;
const ofType = (r: Resources, type: string) => Object.entries(r).filter(([, v]) => v.Type === type);
const idOf = (c: CfnResource) => Stack.of(c).resolve(c.logicalId) as string;

function build(extra: Record<string, unknown> = {}): BuiltApp {
  return buildApp({
    context: { ...CONTEXT, ...extra, 'aws:cdk:bundling-stacks': [] },
    outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'mr-market-edge-')),
    builtinCloudFormationValidation: false,
  });
}

let built: BuiltApp;
beforeAll(() => {
  built = build();
}, 120_000);

const distributionConfig = () =>
  ofType(resources(built.stateless), 'AWS::CloudFront::Distribution')[0]![1].Properties!
    .DistributionConfig;

describe('AWS WAF in front of CloudFront', () => {
  it('is a CLOUDFRONT web ACL in us-east-1 with per-viewer rate rules and managed groups', () => {
    expect(built.edge).toBeDefined();
    expect(built.edge!.region).toBe('us-east-1');
    const [, acl] = ofType(resources(built.edge!), 'AWS::WAFv2::WebACL')[0]!;
    expect(acl.Properties!.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties!.Rules as any[];
    const rate = rules.filter((r) => r.Statement.RateBasedStatement);
    expect(
      rate.map((r) => [
        r.Statement.RateBasedStatement.Limit,
        r.Statement.RateBasedStatement.AggregateKeyType,
      ]),
    ).toEqual([
      [EDGE_RATE_LIMITS.sensitivePerMinute, 'IP'],
      [EDGE_RATE_LIMITS.apiPerMinute, 'IP'],
    ]);
    for (const r of rate) expect(r.Action.Block.CustomResponse.ResponseCode).toBe(429);
    const sensitive = JSON.stringify(rate[0].Statement.RateBasedStatement.ScopeDownStatement);
    for (const p of [
      '/api/login',
      '/api/register',
      '/api/forgot-password',
      '/api/password/reset',
      '/api/contact',
    ])
      expect(sensitive).toContain(p);
    expect(rules.map((r) => r.Statement.ManagedRuleGroupStatement?.Name).filter(Boolean)).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
  });

  it('is attached to the distribution through its ARN, read from us-east-1 at deploy time', () => {
    const config = distributionConfig();
    expect(JSON.stringify(config.WebACLId)).toContain('Parameter.Value');
    const read = ofType(resources(built.stateless), 'Custom::AWS')[0]![1];
    expect(JSON.stringify(read.Properties!.Update)).toContain('us-east-1');
    expect(built.stateless.dependencies).toContain(built.edge);
  });

  it('can be left out (edgeFirewall false): no edge stack, no web ACL', () => {
    const without = build({ edgeFirewall: false });
    expect(without.edge).toBeUndefined();
    const config = ofType(resources(without.stateless), 'AWS::CloudFront::Distribution')[0]![1]
      .Properties!.DistributionConfig;
    expect(config.WebACLId).toBeUndefined();
  }, 120_000);
});

describe('the API only through CloudFront', () => {
  it('has CloudFront send the origin secret, and every route function expect it', () => {
    const config = distributionConfig();
    const apiOrigin = (config.Origins as any[]).find((o) => o.CustomOriginConfig);
    const header = (apiOrigin.OriginCustomHeaders as any[]).find(
      (h) => h.HeaderName === 'x-origin-verify',
    );
    // A dynamic reference: the template never holds the value.
    const value = JSON.stringify(built.stateless.resolve(header.HeaderValue));
    expect(value).toContain('{{resolve:secretsmanager:');
    for (const fn of built.stateless.api.functions.values()) {
      const props = resources(Stack.of(fn))[idOf(fn.fn.node.defaultChild as CfnResource)]!
        .Properties!;
      expect(JSON.stringify(props.Environment.Variables.ORIGIN_VERIFY_SECRET)).toContain(
        '{{resolve:secretsmanager:',
      );
    }
  });

  it('adds the viewer address to API requests in a viewer-request function', () => {
    const api = (distributionConfig().CacheBehaviors as any[]).find(
      (b) => b.PathPattern === '/api/*',
    );
    expect(api.FunctionAssociations).toHaveLength(1);
    const [, fn] = ofType(resources(built.stateless), 'AWS::CloudFront::Function').find(([id]) =>
      id.startsWith('WebViewerAddress'),
    )!;
    expect(fn.Properties!.FunctionCode).toContain(
      "request.headers['x-viewer-address'] = { value: event.viewer.ip }",
    );
  });
});

describe('profile photos', () => {
  it('are readable by this distribution only, over TLS only, with no CORS rule', () => {
    const [, policy] = ofType(resources(built.stateless), 'AWS::S3::BucketPolicy').filter(([id]) =>
      id.startsWith('WebProfileImagesPolicy'),
    )[0]!;
    const statements = policy.Properties!.PolicyDocument.Statement as any[];
    const read = statements.find((s) => s.Sid === 'ThisSiteReadsProfileImages');
    const distId = idOf(built.stateless.web.distribution.node.defaultChild as CfnResource);
    expect(JSON.stringify(read.Condition.StringEquals['AWS:SourceArn'])).toContain(distId);
    expect(JSON.stringify(read.Condition)).not.toContain('distribution/*');
    expect(statements.find((s) => s.Sid === 'DenyInsecureTransport').Effect).toBe('Deny');
    const [, bucket] = ofType(resources(built.stateful), 'AWS::S3::Bucket').find(([id]) =>
      id.includes('ProfileImages'),
    )!;
    expect(bucket.Properties!.CorsConfiguration).toBeUndefined();
    // The stateful stack attaches no second policy to it (S3 keeps one per bucket).
    expect(
      ofType(resources(built.stateful), 'AWS::S3::BucketPolicy').filter(([id]) =>
        id.includes('ProfileImages'),
      ),
    ).toEqual([]);
  });
});

describe('logs and concurrency', () => {
  const logGroupOf = (fn: HouseFunction) =>
    resources(Stack.of(fn))[idOf(fn.logGroup.node.defaultChild as CfnResource)]!;

  it('keeps the API and sign-in logs a year and retains them; the jobs’ 90 days', () => {
    for (const fn of [
      ...built.stateless.api.functions.values(),
      built.stateful.auth.customMessage,
    ]) {
      const group = logGroupOf(fn);
      expect(group.Properties!.RetentionInDays, fn.handlerModule).toBe(365);
      expect(group.DeletionPolicy, fn.handlerModule).toBe('Retain');
    }
    const access = ofType(resources(built.stateless), 'AWS::Logs::LogGroup').find(([id]) =>
      id.startsWith('ApiAccessLogs'),
    )![1];
    expect(access.Properties!.RetentionInDays).toBe(365);
    expect(access.DeletionPolicy).toBe('Retain');
    for (const fn of built.stateless.jobs.functions.values()) {
      const group = logGroupOf(fn);
      expect(group.Properties!.RetentionInDays, fn.handlerModule).toBe(90);
      expect(group.DeletionPolicy, fn.handlerModule).toBe('Delete');
    }
  });

  it('reserves concurrency for each job and caps each public route by family; signed-in routes share the pool', () => {
    const reserved = (fn: HouseFunction) =>
      resources(Stack.of(fn))[idOf(fn.fn.node.defaultChild as CfnResource)]!.Properties!
        .ReservedConcurrentExecutions as number | undefined;
    for (const fn of built.stateless.jobs.functions.values())
      expect(reserved(fn), fn.handlerModule).toBe(JOB_CONCURRENCY);
    for (const group of ROUTE_GROUPS) {
      for (const route of group.routes) {
        const fn = built.stateless.api.functions.get(route.id)!;
        expect(reserved(fn), route.id).toBe(
          route.auth ? undefined : (PUBLIC_CONCURRENCY[group.name] ?? OTHER_PUBLIC_CONCURRENCY),
        );
      }
    }
    // What the deploy's pre-flight check counts is what the template reserves.
    const all = [
      ...built.stateless.api.functions.values(),
      ...built.stateless.jobs.functions.values(),
    ];
    expect(all.reduce((n, fn) => n + (reserved(fn) ?? 0), 0)).toBe(
      totalReservedConcurrency(built.stateless.jobs.functions.size, JOB_CONCURRENCY),
    );
  });
});
