import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, CfnResource, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from './app';
import { parseInfraConfig } from './config';
import {
  OTHER_PUBLIC_CONCURRENCY,
  PUBLIC_CONCURRENCY,
  ROUTE_GROUPS,
  UNRESERVED_MINIMUM,
  reservationsFit,
  reservesConcurrency,
  totalReservedConcurrency,
} from './constructs/api';
import { EDGE_RATE_LIMITS, Firewall } from './constructs/firewall';
import { JOBS } from './jobs';
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

// Each test reads whole templates or synthesizes an app: seconds each on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
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

/** The operator's context for what a new account lacks: the account's limit, the second origin secret sent, the API's own domain. */
const OPERATOR = {
  lambdaConcurrencyLimit: 1000,
  originVerifySent: 2,
  apiDomain: 'api.mr-market.example.io',
  apiCertificateArn:
    'arn:aws:acm:eu-west-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789',
};

let built: BuiltApp;
let operator: BuiltApp;
beforeAll(() => {
  built = build();
  operator = build(OPERATOR);
}, 240_000);

/**
 * What the parent stack passes a nested route stack for one of its parameters (the nested
 * stack resource's Parameters), resolved in the parent.
 */
function parameterPassedTo(nested: Stack, parameter: string): unknown {
  const resource = (nested as NestedStack).nestedStackResource!;
  const parent = Stack.of(resource);
  const props = resources(parent)[idOf(resource)]!.Properties!;
  return props.Parameters[parameter];
}

/** What CloudFront's pattern matches: `*` is any run of characters. */
const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path);
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
    // Every path a function answers counts in the per-viewer API limit: the shared pages too.
    const api = rate[1].Statement.RateBasedStatement.ScopeDownStatement.OrStatement.Statements.map(
      (st: any) => st.ByteMatchStatement.SearchString,
    );
    expect(api).toEqual(['/api/', '/p/']);
    for (const r of ROUTES)
      expect(
        api.some((p: string) => r.path.startsWith(p)),
        r.path,
      ).toBe(true);
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

  it('reads the ARN again whenever the web ACL changes (a replaced ACL has a new ARN)', () => {
    const read = ofType(resources(built.stateless), 'Custom::AWS')[0]![1];
    const fingerprint = built.edge!.firewall.fingerprint;
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(read.Properties!.Update)).toContain(fingerprint);
    // Another definition of the ACL, another fingerprint: the read's properties change.
    const other = new Firewall(new Stack(new App(), 'Other'), 'Firewall', {
      metricPrefix: 'Other',
    });
    const same = new Firewall(new Stack(new App(), 'MrMarketEdge'), 'Firewall', {
      metricPrefix: 'MrMarket',
    });
    expect(other.fingerprint).not.toBe(fingerprint);
    expect(same.fingerprint).toBe(fingerprint);
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
  /** The origin secret (1 or 2) a dynamic reference names, by the secret's logical id. */
  const secretOf = (app: BuiltApp, value: unknown): number => {
    const text = JSON.stringify(value);
    expect(text).toContain('{{resolve:secretsmanager:');
    const ids = app.stateful.secrets.originVerify.map((s) =>
      idOf(s.node.defaultChild as CfnResource),
    );
    const found = ids.filter((id) => text.includes(id));
    expect(found, text).toHaveLength(1);
    return ids.indexOf(found[0]!) + 1;
  };
  const sentBy = (app: BuiltApp) => {
    const config = ofType(resources(app.stateless), 'AWS::CloudFront::Distribution')[0]![1]
      .Properties!.DistributionConfig;
    const apiOrigin = (config.Origins as any[]).find((o) => o.CustomOriginConfig);
    const header = (apiOrigin.OriginCustomHeaders as any[]).find(
      (h) => h.HeaderName === 'x-origin-verify',
    );
    return secretOf(app, app.stateless.resolve(header.HeaderValue));
  };

  it('has CloudFront send one of the two origin secrets, and every route function accept both', () => {
    // A dynamic reference: the template never holds a value.
    expect(sentBy(built)).toBe(1);
    expect(sentBy(operator)).toBe(2);
    for (const app of [built, operator]) {
      for (const fn of app.stateless.api.functions.values()) {
        const env = resources(Stack.of(fn))[idOf(fn.fn.node.defaultChild as CfnResource)]!
          .Properties!.Environment.Variables;
        // In a route stack the references arrive as parameters; the parent passes them in.
        const value = (v: any) => (v?.Ref ? parameterPassedTo(Stack.of(fn), v.Ref as string) : v);
        expect(secretOf(app, value(env.ORIGIN_VERIFY_SECRET)), fn.handlerModule).toBe(1);
        expect(secretOf(app, value(env.ORIGIN_VERIFY_SECRET_2)), fn.handlerModule).toBe(2);
      }
    }
  });

  it('turns off the execute-api endpoint when the API has its own domain, which CloudFront then uses', () => {
    const r = resources(operator.stateless);
    const [, api] = ofType(r, 'AWS::ApiGatewayV2::Api')[0]!;
    expect(api.Properties!.DisableExecuteApiEndpoint).toBe(true);
    const [domainId, domain] = ofType(r, 'AWS::ApiGatewayV2::DomainName')[0]!;
    expect(domain.Properties).toMatchObject({
      DomainName: OPERATOR.apiDomain,
      DomainNameConfigurations: [
        {
          CertificateArn: OPERATOR.apiCertificateArn,
          EndpointType: 'REGIONAL',
          SecurityPolicy: 'TLS_1_2',
        },
      ],
    });
    const [, mapping] = ofType(r, 'AWS::ApiGatewayV2::ApiMapping')[0]!;
    expect(mapping.Properties!.DomainName).toEqual({ Ref: domainId });
    const origin = (
      ofType(r, 'AWS::CloudFront::Distribution')[0]![1].Properties!.DistributionConfig
        .Origins as any[]
    ).find((o) => o.CustomOriginConfig);
    expect(origin.DomainName).toEqual({ Ref: domainId });
    const outputs = Template.fromStack(operator.stateless).toJSON().Outputs as Record<string, any>;
    expect(Object.keys(outputs)).toContain('ApiDomainTarget');
    // Without one, the default endpoint stays (and the README says what it exposes); its
    // address is published nowhere.
    const [, plain] = ofType(resources(built.stateless), 'AWS::ApiGatewayV2::Api')[0]!;
    expect(plain.Properties!.DisableExecuteApiEndpoint).toBeUndefined();
    for (const app of [built, operator])
      expect(JSON.stringify(Template.fromStack(app.stateless).toJSON().Outputs)).not.toContain(
        'ApiEndpoint',
      );
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

describe('HEAD wherever GET', () => {
  it('lets HEAD through every behaviour a GET route is reached by, to a HEAD route beside the GET route, behind the same authorizer', () => {
    const behaviours = distributionConfig().CacheBehaviors as any[];
    const gets = ROUTES.filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThan(0);
    for (const r of gets) {
      // CloudFront takes the first pattern that matches.
      const behaviour = behaviours.find((b) => matches(b.PathPattern, r.path));
      expect(behaviour?.AllowedMethods, r.id).toContain('HEAD');
      if (behaviour.CachedMethods) expect(behaviour.CachedMethods, r.id).toContain('HEAD');
      const [get, head] = [
        built.stateless.api.routes.get(r.id)!,
        built.stateless.api.headRoutes.get(r.id)!,
      ];
      const props = (route: typeof get) =>
        resources(Stack.of(route))[idOf(route.node.defaultChild as CfnResource)]!.Properties!;
      expect(props(head).RouteKey, r.id).toBe(`HEAD ${r.path}`);
      expect(props(head).Target, r.id).toEqual(props(get).Target);
      expect(props(head).AuthorizationType ?? 'NONE', r.id).toBe(r.auth ? 'JWT' : 'NONE');
      expect(props(head).AuthorizerId, r.id).toEqual(props(get).AuthorizerId);
    }
    // A POST route has no HEAD route.
    expect(
      ROUTES.filter((r) => r.method === 'POST' && built.stateless.api.headRoutes.has(r.id)),
    ).toEqual([]);
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
      // Kept when a stack is deleted, taken back when its first create fails.
      expect(group.DeletionPolicy, fn.handlerModule).toBe('RetainExceptOnCreate');
    }
    const access = ofType(resources(built.stateless), 'AWS::Logs::LogGroup').find(([id]) =>
      id.startsWith('ApiAccessLogs'),
    )![1];
    expect(access.Properties!.RetentionInDays).toBe(365);
    expect(access.DeletionPolicy).toBe('RetainExceptOnCreate');
    for (const fn of built.stateless.jobs.functions.values()) {
      const group = logGroupOf(fn);
      expect(group.Properties!.RetentionInDays, fn.handlerModule).toBe(90);
      expect(group.DeletionPolicy, fn.handlerModule).toBe('Delete');
    }
  });

  const reserved = (fn: HouseFunction) =>
    resources(Stack.of(fn))[idOf(fn.fn.node.defaultChild as CfnResource)]!.Properties!
      .ReservedConcurrentExecutions as number | undefined;

  it('reserves nothing where the account limit is unknown or too small (a new account has 10)', () => {
    const all = (app: BuiltApp) => [
      ...app.stateless.api.functions.values(),
      ...app.stateless.jobs.functions.values(),
    ];
    expect(all(built).filter((fn) => reserved(fn) !== undefined)).toEqual([]);
    const total = totalReservedConcurrency(JOBS.length, JOB_CONCURRENCY);
    expect(reservationsFit(10, JOBS.length, JOB_CONCURRENCY)).toBe(false);
    expect(reservationsFit(total + UNRESERVED_MINIMUM, JOBS.length, JOB_CONCURRENCY)).toBe(true);
    expect(reservationsFit(total + UNRESERVED_MINIMUM - 1, JOBS.length, JOB_CONCURRENCY)).toBe(
      false,
    );
    const decide = (c: Record<string, unknown>) =>
      reservesConcurrency(parseInfraConfig({ ...CONTEXT, ...c }), JOBS.length, JOB_CONCURRENCY);
    expect(decide({})).toBe(false);
    expect(decide({ lambdaConcurrencyLimit: 10 })).toBe(false);
    expect(decide({ lambdaConcurrencyLimit: 1000 })).toBe(true);
    expect(decide({ reservedConcurrency: 'true' })).toBe(true);
    expect(decide({ reservedConcurrency: false, lambdaConcurrencyLimit: 1000 })).toBe(false);
  });

  it('reserves concurrency for each job and caps each public route by family where the account allows; signed-in routes share the pool', () => {
    for (const fn of operator.stateless.jobs.functions.values())
      expect(reserved(fn), fn.handlerModule).toBe(JOB_CONCURRENCY);
    for (const group of ROUTE_GROUPS) {
      for (const route of group.routes) {
        const fn = operator.stateless.api.functions.get(route.id)!;
        expect(reserved(fn), route.id).toBe(
          route.auth ? undefined : (PUBLIC_CONCURRENCY[group.name] ?? OTHER_PUBLIC_CONCURRENCY),
        );
      }
    }
    // What the deploy's pre-flight check counts is what the template reserves.
    const all = [
      ...operator.stateless.api.functions.values(),
      ...operator.stateless.jobs.functions.values(),
    ];
    expect(all.reduce((n, fn) => n + (reserved(fn) ?? 0), 0)).toBe(
      totalReservedConcurrency(operator.stateless.jobs.functions.size, JOB_CONCURRENCY),
    );
  });

  it('lists every cap in the runbook', () => {
    // Its lines wrap anywhere: read it as one line.
    const runbook = fs
      .readFileSync(path.join(REPO_ROOT, 'docs', 'runbook.md'), 'utf8')
      .replace(/\s+/g, ' ');
    const caps =
      /each public route has reserved concurrency[^]*?\(([^)]*)\)/i.exec(runbook)?.[1] ?? '';
    for (const [group, cap] of Object.entries(PUBLIC_CONCURRENCY))
      expect(caps, group).toContain(`${cap} for each`);
    expect(caps).toContain(`${OTHER_PUBLIC_CONCURRENCY} for the others`);
    expect(caps).toContain(`${JOB_CONCURRENCY} for each job`);
    expect(runbook).toContain(
      `${totalReservedConcurrency(JOBS.length, JOB_CONCURRENCY)} instances in all`,
    );
  });
});
