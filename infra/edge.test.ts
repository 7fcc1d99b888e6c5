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
import { MARKET_READS_MAX_TTL_SECONDS, SHARED_PAGES_MAX_TTL_SECONDS } from './constructs/web';
import { ROUTES } from '../shared/routes';
import {
  EDGE_CACHED_PATH_PATTERN,
  EDGE_CACHED_PATH_PREFIX,
  SHARED_PAGE_PATH_PATTERNS,
} from '../shared/routes/types';

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

describe('public market reads cached at the edge (decision 126)', () => {
  const behaviours = () => distributionConfig().CacheBehaviors as any[];
  const marketBehaviour = () =>
    behaviours().find((b) => b.PathPattern === EDGE_CACHED_PATH_PATTERN);
  const byRef = (ref: unknown) => {
    const id = (ref as { Ref?: string; 'Fn::GetAtt'?: [string, string] }).Ref;
    return resources(built.stateless)[id!]!;
  };
  /** What CloudFront's pattern matches: `*` is any run of characters. */
  const matches = (pattern: string, path: string) =>
    new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(
      path,
    );

  it('has one cached behaviour for /api/market/*, listed before /api/* so it wins', () => {
    const patterns = behaviours().map((b) => b.PathPattern);
    expect(EDGE_CACHED_PATH_PATTERN).toBe(`${EDGE_CACHED_PATH_PREFIX}*`);
    expect(patterns.indexOf(EDGE_CACHED_PATH_PATTERN)).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf(EDGE_CACHED_PATH_PATTERN)).toBeLessThan(patterns.indexOf('/api/*'));
    const market = marketBehaviour();
    expect(market.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(market.CachedMethods).toEqual(['GET', 'HEAD']);
    expect(market.ViewerProtocolPolicy).toBe('https-only');
  });

  it('keys the cache on the path and query string only: no Authorization, no header, no cookie', () => {
    const policy = byRef(marketBehaviour().CachePolicyId);
    expect(policy.Type).toBe('AWS::CloudFront::CachePolicy');
    const config = policy.Properties!.CachePolicyConfig;
    const key = config.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'none' });
    expect(key.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'all' });
    expect(JSON.stringify(key).toLowerCase()).not.toContain('authorization');
    // Lifetimes come from the answer's s-maxage: nothing by default, at most a day.
    expect([config.MinTTL, config.DefaultTTL, config.MaxTTL]).toEqual([
      0,
      0,
      MARKET_READS_MAX_TTL_SECONDS,
    ]);
    expect(key.EnableAcceptEncodingGzip).toBe(true);
    expect(key.EnableAcceptEncodingBrotli).toBe(true);
  });

  it('sends the API the query and the viewer address only, with the origin secret, through the WAF', () => {
    const market = marketBehaviour();
    const request = byRef(market.OriginRequestPolicyId);
    expect(request.Type).toBe('AWS::CloudFront::OriginRequestPolicy');
    const config = request.Properties!.OriginRequestPolicyConfig;
    // The viewer's address (per-client limits of cache misses), nothing that names the user.
    expect(config.HeadersConfig).toEqual({
      HeaderBehavior: 'whitelist',
      Headers: ['CloudFront-Viewer-Address', 'x-viewer-address'],
    });
    expect(config.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    expect(config.QueryStringsConfig).toEqual({ QueryStringBehavior: 'all' });
    // The same origin as /api/* (its x-origin-verify secret) and the same viewer-address function.
    const api = behaviours().find((b) => b.PathPattern === '/api/*');
    expect(market.TargetOriginId).toBe(api.TargetOriginId);
    expect(market.FunctionAssociations).toEqual(api.FunctionAssociations);
    const origin = (distributionConfig().Origins as any[]).find(
      (o) => o.Id === market.TargetOriginId,
    );
    expect(origin.OriginCustomHeaders.map((h: any) => h.HeaderName)).toContain('x-origin-verify');
    expect(market.ResponseHeadersPolicyId).toEqual(api.ResponseHeadersPolicyId);
    expect(distributionConfig().WebACLId).toBeDefined();
  });

  it('catches exactly the edge-cached routes of the table: public GET reads, never a signed-in route', () => {
    const patterns = [EDGE_CACHED_PATH_PATTERN, ...SHARED_PAGE_PATH_PATTERNS];
    const caught = ROUTES.filter((r) => patterns.some((p) => matches(p, r.path)));
    expect(caught.length).toBeGreaterThan(0);
    for (const r of caught) {
      expect(r.method, r.id).toBe('GET');
      expect(r.auth, r.id).toBe(false);
      expect(r.edgeCache, r.id).toBeDefined();
    }
    expect(ROUTES.filter((r) => r.edgeCache).map((r) => r.id)).toEqual(caught.map((r) => r.id));
    // The HTTP API routes CDK made for them: GET, no authorizer.
    for (const r of caught) {
      const route = built.stateless.api.routes.get(r.id)!;
      const props = resources(Stack.of(route))[idOf(route.node.defaultChild as CfnResource)]!
        .Properties!;
      expect(props.RouteKey, r.id).toBe(`GET ${r.path}`);
      expect(props.AuthorizationType ?? 'NONE', r.id).toBe('NONE');
    }
  });
});

describe('shared pitches and public records cached at the edge briefly (decision 128)', () => {
  const behaviours = () => distributionConfig().CacheBehaviors as any[];
  const byRef = (ref: unknown) => resources(built.stateless)[(ref as { Ref: string }).Ref]!;

  it('has a cached behaviour per shared-page pattern before /api/*, keyed on the path alone', () => {
    const patterns = behaviours().map((b) => b.PathPattern);
    const api = behaviours().find((b) => b.PathPattern === '/api/*');
    expect(SHARED_PAGE_PATH_PATTERNS).toEqual(['/api/public/*', '/p/*']);
    for (const pattern of SHARED_PAGE_PATH_PATTERNS) {
      expect(patterns.indexOf(pattern), pattern).toBeGreaterThanOrEqual(0);
      expect(patterns.indexOf(pattern), pattern).toBeLessThan(patterns.indexOf('/api/*'));
      const b = behaviours().find((x) => x.PathPattern === pattern);
      expect(b.AllowedMethods).toEqual(['GET', 'HEAD']);
      expect(b.TargetOriginId).toBe(api.TargetOriginId);
      expect(b.FunctionAssociations).toEqual(api.FunctionAssociations);
      expect(b.ResponseHeadersPolicyId).toEqual(api.ResponseHeadersPolicyId);
      const config = byRef(b.CachePolicyId).Properties!.CachePolicyConfig;
      const key = config.ParametersInCacheKeyAndForwardedToOrigin;
      expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'none' });
      expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'none' });
      expect(key.CookiesConfig).toEqual({ CookieBehavior: 'none' });
      expect(JSON.stringify(key).toLowerCase()).not.toContain('authorization');
      expect([config.MinTTL, config.DefaultTTL, config.MaxTTL]).toEqual([
        0,
        0,
        SHARED_PAGES_MAX_TTL_SECONDS,
      ]);
      const request = byRef(b.OriginRequestPolicyId).Properties!.OriginRequestPolicyConfig;
      expect(request.QueryStringsConfig).toEqual({ QueryStringBehavior: 'none' });
      expect(request.CookiesConfig).toEqual({ CookieBehavior: 'none' });
      expect(JSON.stringify(request.HeadersConfig).toLowerCase()).not.toContain('authorization');
    }
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
