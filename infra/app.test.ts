import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, CfnResource, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredMethods, ROUTES, type RouteDef } from '../shared/routes';
import { buildApp, type BuiltApp } from './app';
import { DEFAULT_ROUTE_THROTTLES, parseInfraConfig } from './config';
import {
  groupRoutes,
  NOT_IMPLEMENTED_HANDLER,
  ROUTE_GROUPS,
  type RouteGroup,
} from './constructs/api';
import type { HouseFunction } from './constructs/house-function';
import { JOB_DLQ_RETENTION } from './constructs/jobs';
import { SPA_FALLBACK_CODE } from './constructs/web';
import { JOBS } from './jobs';
import { isTradingDay, newYorkOffsetHours, newYorkTime } from '../shared/market/session';
import {
  cognitoOrigin,
  contentSecurityPolicy,
  FRAME_OPTIONS,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
} from './security-headers';
import { CLOUDFORMATION_LIMITS, guardTemplateSize, STACK_RESOURCE_BUDGET } from './stacks/limits';

type Resources = Record<
  string,
  {
    Type: string;
    Properties?: Record<string, any>;
    DeletionPolicy?: string;
    UpdateReplacePolicy?: string;
  }
>;

const CDK_JSON = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};

type TemplateJson = {
  Resources: Resources;
  Parameters?: Record<string, unknown>;
  Outputs?: Record<string, unknown>;
};

let outdir: string;
let built: BuiltApp;
let stateless: Resources;
let stateful: Resources;
/** Every template of the app, parent and nested, by its stack. */
let templates: Map<Stack, TemplateJson>;

const logicalId = (fn: HouseFunction | CfnResource): string => {
  const cfn = 'fn' in fn ? (fn.fn.node.defaultChild as CfnResource) : fn;
  return Stack.of(cfn).resolve(cfn.logicalId) as string;
};
const ofType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, r]) => r.Type === type);
/** The resources of the template that holds `construct` (its own stack, nested or not). */
const resourcesOf = (construct: HouseFunction | CfnResource | Stack): Resources =>
  templates.get(construct instanceof Stack ? construct : Stack.of(construct))!.Resources;
const allStacks = (app: App): Stack[] =>
  app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
const templatesOf = (app: App): Map<Stack, TemplateJson> =>
  new Map(
    allStacks(app).map((stack) => [stack, Template.fromStack(stack).toJSON() as TemplateJson]),
  );
const routeKey = (def: { method: string; path: string }) => `${def.method} ${def.path}`;
/** The keys of a route-table entry's HTTP API routes: its method, and HEAD beside GET. */
const answeredKeys = (def: RouteDef) =>
  answeredMethods(def).map((method) => `${method} ${def.path}`);
/** Every HTTP API route of every template: [stack, logical id, route]. */
const allRoutes = (all: Map<Stack, TemplateJson>) =>
  [...all].flatMap(([stack, t]) =>
    ofType(t.Resources, 'AWS::ApiGatewayV2::Route').map(([id, r]) => [stack, id, r] as const),
  );

beforeAll(() => {
  outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'mr-market-cdk-'));
  built = buildApp({
    context: { ...CDK_JSON.context, 'aws:cdk:bundling-stacks': [] },
    outdir,
    builtinCloudFormationValidation: false,
  });
  // Synthesizes the app once (cdk-nag runs here too and throws on any finding).
  templates = templatesOf(built.app);
  stateless = templates.get(built.stateless)!.Resources;
  stateful = templates.get(built.stateful)!.Resources;
  // One synth of the whole app with both cdk-nag packs: slow on a busy machine.
}, 120_000);

afterAll(() => {
  if (outdir) fs.rmSync(outdir, { recursive: true, force: true });
});

describe('API: one Lambda and one HTTP API route per route-table entry (and HEAD beside GET)', () => {
  it('creates a route with the exact method and path for every entry, a HEAD route beside each GET route, and no other', () => {
    const routeKeys = allRoutes(templates).map(([, , r]) => r.Properties?.RouteKey);
    expect(routeKeys.sort()).toEqual(ROUTES.flatMap(answeredKeys).sort());
    const gets = ROUTES.filter((def) => def.method === 'GET');
    expect(routeKeys.filter((key) => key.startsWith('HEAD ')).sort()).toEqual(
      gets.map((def) => `HEAD ${def.path}`).sort(),
    );
    expect(gets.length).toBeGreaterThan(0);
    expect(ofType(stateless, 'AWS::ApiGatewayV2::Route')).toEqual([]);
  });

  it('points each route (and its HEAD) at its own function, running its handler or the 501 stub', () => {
    const seen = new Set<string>();
    for (const def of ROUTES) {
      const fn = built.stateless.api.functions.get(def.id);
      expect(fn, def.id).toBeDefined();
      expect(fn!.handlerModule).toBe(def.handler ?? NOT_IMPLEMENTED_HANDLER);
      // The routes, their integration and the function share one nested template.
      const resources = resourcesOf(fn!);
      for (const key of answeredKeys(def)) {
        const [, route] = ofType(resources, 'AWS::ApiGatewayV2::Route').find(
          ([, r]) => r.Properties?.RouteKey === key,
        )!;
        const integrationId = (route.Properties!.Target['Fn::Join'][1] as unknown[])[1] as {
          Ref: string;
        };
        const integration = resources[integrationId.Ref]!;
        expect(integration.Properties!.IntegrationUri, key).toEqual({
          'Fn::GetAtt': [logicalId(fn!), 'Arn'],
        });
      }
      seen.add(`${Stack.of(fn!).node.path}/${logicalId(fn!)}`);
    }
    expect(seen.size).toBe(ROUTES.length);
    expect(built.stateless.api.functions.get('health')!.handlerModule).toBe('api/health');
  });

  it('puts the Cognito JWT authorizer, defined once in the parent stack, on every login-required route and on none of the public ones', () => {
    const authorizers = [...templates.values()].flatMap((t) =>
      ofType(t.Resources, 'AWS::ApiGatewayV2::Authorizer'),
    );
    expect(authorizers).toHaveLength(1);
    const [authorizerId, authorizer] = ofType(stateless, 'AWS::ApiGatewayV2::Authorizer')[0]!;
    expect(authorizer.Properties!.AuthorizerType).toBe('JWT');
    expect(JSON.stringify(authorizer.Properties!.JwtConfiguration.Issuer)).toContain(
      'https://cognito-idp.',
    );
    expect(JSON.stringify(authorizer.Properties!.JwtConfiguration.Audience)).toContain(
      'UserPoolWebClient',
    );
    for (const def of ROUTES) {
      const fn = built.stateless.api.functions.get(def.id)!;
      const nested = Stack.of(fn) as NestedStack;
      for (const key of answeredKeys(def)) {
        const [, route] = ofType(resourcesOf(fn), 'AWS::ApiGatewayV2::Route').find(
          ([, r]) => r.Properties?.RouteKey === key,
        )!;
        if (def.auth) {
          expect(route.Properties!.AuthorizationType, def.id).toBe('JWT');
          // The nested template takes the authorizer's id as a parameter the parent fills in.
          const parameter = (route.Properties!.AuthorizerId as { Ref: string }).Ref;
          const stackResource = stateless[logicalId(nested.nestedStackResource!)]!;
          expect(stackResource.Properties!.Parameters[parameter], def.id).toEqual({
            Ref: authorizerId,
          });
        } else {
          expect(route.Properties!.AuthorizationType ?? 'NONE', def.id).toBe('NONE');
          expect(route.Properties!.AuthorizerId, def.id).toBeUndefined();
        }
      }
    }
    expect(ROUTES.some((r) => r.auth) && ROUTES.some((r) => !r.auth)).toBe(true);
  });

  it('lets API Gateway invoke each route function only through its own routes of this API', () => {
    for (const def of ROUTES) {
      const fn = built.stateless.api.functions.get(def.id)!;
      const nested = Stack.of(fn) as NestedStack;
      const permissions = ofType(resourcesOf(fn), 'AWS::Lambda::Permission').filter(
        ([, p]) =>
          JSON.stringify(p.Properties!.FunctionName) ===
          JSON.stringify({ 'Fn::GetAtt': [logicalId(fn), 'Arn'] }),
      );
      // One for each of its routes (GET and HEAD name the same path).
      expect(permissions, def.id).toHaveLength(answeredMethods(def).length);
      for (const [, permission] of permissions) {
        expect(permission.Properties!.Principal).toBe('apigateway.amazonaws.com');
        const sourceArn = permission.Properties!.SourceArn['Fn::Join'][1] as unknown[];
        expect(sourceArn.at(-1), def.id).toBe(`/*/*${def.path}`);
        const apiParameter = (sourceArn.at(-2) as { Ref: string }).Ref;
        const stackResource = stateless[logicalId(nested.nestedStackResource!)]!;
        expect(stackResource.Properties!.Parameters[apiParameter]).toEqual({
          Ref: logicalId(built.stateless.api.httpApi.node.defaultChild as CfnResource),
        });
      }
    }
  });

  it('throttles the default stage with the configured limits and logs access', () => {
    const [, stage] = ofType(stateless, 'AWS::ApiGatewayV2::Stage')[0]!;
    expect(stage.Properties!.StageName).toBe('$default');
    expect(stage.Properties!.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: built.config.apiThrottleRateLimit,
      ThrottlingBurstLimit: built.config.apiThrottleBurstLimit,
    });
    expect(stage.Properties!.AccessLogSettings.DestinationArn).toBeDefined();
  });

  it('gives every route key its configured burst and rate: the stage default, or its own stricter setting', () => {
    const [, stage] = ofType(stateless, 'AWS::ApiGatewayV2::Stage')[0]!;
    const settings = stage.Properties!.RouteSettings as Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    >;
    const configured = CDK_JSON.context.apiRouteThrottles as Record<
      string,
      { rateLimit: number; burstLimit: number }
    >;
    const strict = [
      'register',
      'login',
      'forgotPassword',
      'passwordReset',
      'contact',
      'verifyAccount',
      'commonApi',
      'marketRead',
    ].map((id) => routeKey(ROUTES.find((r) => r.id === id)!));
    expect(Object.keys(configured).sort()).toEqual([...strict].sort());
    // A GET route's HEAD route has its limits too.
    const heads = strict.filter((k) => k.startsWith('GET ')).map((k) => `HEAD ${k.slice(4)}`);
    expect(heads.length).toBeGreaterThan(0);
    expect(Object.keys(settings).sort()).toEqual([...strict, ...heads].sort());
    for (const def of ROUTES)
      for (const key of answeredKeys(def)) {
        const own = configured[routeKey(def)];
        const effective = settings[key] ?? {
          ThrottlingRateLimit: stage.Properties!.DefaultRouteSettings.ThrottlingRateLimit,
          ThrottlingBurstLimit: stage.Properties!.DefaultRouteSettings.ThrottlingBurstLimit,
        };
        expect(effective, key).toEqual({
          ThrottlingRateLimit: own?.rateLimit ?? CDK_JSON.context.apiThrottleRateLimit,
          ThrottlingBurstLimit: own?.burstLimit ?? CDK_JSON.context.apiThrottleBurstLimit,
        });
        if (own) {
          expect(own.rateLimit, key).toBeLessThan(built.config.apiThrottleRateLimit);
          expect(own.burstLimit, key).toBeLessThan(built.config.apiThrottleBurstLimit);
        }
      }
    // API Gateway refuses settings for a route it does not have yet: the stage waits for them.
    const dependsOn = (stage as { DependsOn?: string[] }).DependsOn ?? [];
    for (const name of ['System', 'Account', 'Market']) {
      const nested = built.stateless.api.groups.get(name)!;
      expect(dependsOn, name).toContain(logicalId(nested.nestedStackResource!));
    }
  });

  it('lets the context override one route and keeps the default limits of the others', () => {
    const login = routeKey(ROUTES.find((r) => r.id === 'login')!);
    const register = routeKey(ROUTES.find((r) => r.id === 'register')!);
    const small = buildApp({
      context: {
        ...CDK_JSON.context,
        'aws:cdk:bundling-stacks': [],
        apiRouteThrottles: JSON.stringify({ [login]: { rateLimit: 3, burstLimit: 4 } }),
      },
      outdir: fs.mkdtempSync(path.join(outdir, 'throttle-')),
      builtinCloudFormationValidation: false,
      routeGroups: groupRoutes(ROUTES.filter((r) => r.id === 'login' || r.id === 'register')),
      jobs: [],
    });
    const resources = (Template.fromStack(small.stateless).toJSON() as TemplateJson).Resources;
    const [, stage] = ofType(resources, 'AWS::ApiGatewayV2::Stage')[0]!;
    expect(stage.Properties!.RouteSettings).toEqual({
      [login]: { ThrottlingRateLimit: 3, ThrottlingBurstLimit: 4 },
      [register]: {
        ThrottlingRateLimit: DEFAULT_ROUTE_THROTTLES[register]!.rateLimit,
        ThrottlingBurstLimit: DEFAULT_ROUTE_THROTTLES[register]!.burstLimit,
      },
    });
  }, 60_000);
});

describe('stack sizes: the API grows in nested stacks, one per route file', () => {
  const expectWithinLimits = (all: Map<Stack, TemplateJson>) => {
    for (const [stack, template] of all) {
      const resources = Object.keys(template.Resources).length;
      expect(resources, `${stack.node.path} resources`).toBeLessThanOrEqual(STACK_RESOURCE_BUDGET);
      expect(
        Object.keys(template.Parameters ?? {}).length,
        `${stack.node.path} parameters`,
      ).toBeLessThan(CLOUDFORMATION_LIMITS.parameters);
      expect(
        Object.keys(template.Outputs ?? {}).length,
        `${stack.node.path} outputs`,
      ).toBeLessThanOrEqual(60);
    }
  };
  const expectEachRouteOnce = (
    all: Map<Stack, TemplateJson>,
    groups: readonly RouteGroup[],
    api: BuiltApp['stateless']['api'],
  ) => {
    const routes = allRoutes(all);
    for (const group of groups) {
      const nested = api.groups.get(group.name)!;
      expect(nested, group.name).toBeInstanceOf(NestedStack);
      for (const def of group.routes) {
        for (const key of answeredKeys(def)) {
          const found = routes.filter(([, , r]) => r.Properties?.RouteKey === key);
          expect(
            found.map(([stack]) => stack.node.path),
            key,
          ).toEqual([nested.node.path]);
        }
        expect(Stack.of(api.functions.get(def.id)!), def.id).toBe(nested);
      }
    }
    expect(routes).toHaveLength(
      groups.reduce((n, g) => n + g.routes.flatMap(answeredKeys).length, 0),
    );
  };

  it('keeps every stack, parent and nested, within 450 resources, 200 parameters and 60 outputs', () => {
    expect(templates.size).toBe((built.edge ? 3 : 2) + built.stateless.api.groups.size);
    expectWithinLimits(templates);
  });

  it('deploys every route of the table exactly once, in the nested stack of its file', () => {
    expect(built.stateless.api.groups.size).toBe(
      ROUTE_GROUPS.filter((g) => g.routes.length > 0).length,
    );
    expectEachRouteOnce(templates, ROUTE_GROUPS, built.stateless.api);
  });

  it("groups the whole route table by file, in the table's order", () => {
    expect(ROUTE_GROUPS.flatMap((g) => g.routes.map((r) => r.id))).toEqual(ROUTES.map((r) => r.id));
    expect(new Set(ROUTE_GROUPS.map((g) => g.name)).size).toBe(ROUTE_GROUPS.length);
  });

  it('refuses a route that belongs to no route file, naming where to list it', () => {
    const stray = { ...ROUTES[0]!, id: 'strayRoute', path: '/api/stray' };
    expect(() => groupRoutes([...ROUTES, stray])).toThrow(/strayRoute.*ROUTE_GROUPS/);
  });

  it('holds 150 routes with every stack within its limits', () => {
    // The table as it may grow: planned routes (501 stub) added to every file, 150 in all.
    const target = 150;
    const extra = target - ROUTES.length;
    const groups = ROUTE_GROUPS.map((group, index) => {
      const count =
        Math.floor(extra / ROUTE_GROUPS.length) + (index < extra % ROUTE_GROUPS.length ? 1 : 0);
      const planned = Array.from({ length: count }, (_, n) => ({
        ...group.routes[0]!,
        id: `planned${group.name}${n}`,
        path: `/api/planned${group.name}${n}`,
        handler: undefined,
        needs: ['tableWrite', 'marketData'] as const,
        auth: n % 2 === 0,
      }));
      return { ...group, routes: [...group.routes, ...planned] };
    });
    expect(groups.reduce((n, g) => n + g.routes.length, 0)).toBe(target);
    const big = buildApp({
      context: { ...CDK_JSON.context, 'aws:cdk:bundling-stacks': [] },
      outdir: fs.mkdtempSync(path.join(outdir, 'big-')),
      builtinCloudFormationValidation: false,
      routeGroups: groups,
    });
    const all = templatesOf(big.app);
    expectWithinLimits(all);
    expectEachRouteOnce(all, groups, big.stateless.api);
    expect(big.nag.validateScope(big.app).violations).toEqual([]);
  }, 180_000);

  it('fails the synth when a stack passes its resource budget, saying what to split', () => {
    const app = new App({ outdir: fs.mkdtempSync(path.join(outdir, 'guard-')) });
    const stack = new Stack(app, 'Crowded');
    for (const id of ['A', 'B', 'C']) new CfnResource(stack, id, { type: 'AWS::SNS::Topic' });
    guardTemplateSize(stack, 'Split the crowded file.', 2);
    expect(() => app.synth()).toThrow(
      /Crowded holds 3 CloudFormation resources, over this app's budget of 2 per stack.*Split the crowded file/,
    );
  });
});

describe('functions', () => {
  it('runs every house function on nodejs24.x and arm64 with source-mapped stack traces; the only other one is CDK’s deployment provider', () => {
    const house = new Set(
      [...built.stateless.api.functions.values(), ...built.stateless.jobs.functions.values()].map(
        (fn) => `${Stack.of(fn).node.path}/${logicalId(fn)}`,
      ),
    );
    expect(house.size).toBe(ROUTES.length + JOBS.length);
    const houseFns = [
      ...built.stateless.api.functions.values(),
      ...built.stateless.jobs.functions.values(),
    ];
    for (const fn of houseFns) {
      const props = resourcesOf(fn)[logicalId(fn)]!.Properties;
      expect(props).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'] });
      expect(props!.LoggingConfig.LogGroup).toBeDefined();
      expect(props!.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
    }
    for (const [stack, template] of templates) {
      if (stack === built.stateful) continue;
      const own = houseFns.filter((fn) => Stack.of(fn) === stack).map(logicalId);
      const others = ofType(template.Resources, 'AWS::Lambda::Function')
        .map(([id]) => id)
        .filter((id) => !own.includes(id));
      if (stack === built.stateless)
        // CDK's providers: the site deployment, emptying the site bucket when the stack is
        // deleted, and the read of the web ACL ARN in us-east-1; and the stack's release of a
        // failed create (a house function: decision 170).
        expect(
          others.filter(
            (id) =>
              !/^(CustomCDKBucketDeployment|CustomS3AutoDeleteObjectsCustomResourceProvider|AWS679f53fac002430cb0da5b7982bd2287|FailedCreateRelease)/.test(
                id,
              ),
          ),
        ).toEqual([]);
      else expect(others, stack.node.path).toEqual([]);
    }
    const trigger = logicalId(built.stateful.auth.customMessage);
    expect(stateful[trigger]!.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Environment: { Variables: { NODE_OPTIONS: '--enable-source-maps' } },
    });
    // Beside the trigger, only the release of a failed first create (decision 170).
    expect(
      ofType(stateful, 'AWS::Lambda::Function')
        .map(([id]) => id)
        .filter((id) => !id.startsWith('FailedCreateRelease')),
    ).toEqual([trigger]);
  });

  it('lets only the functions that need market data read the market-data secret', () => {
    // Roles are named by stack and logical id: nested templates reuse logical ids freely.
    const readers = new Set<string>();
    for (const [stack, template] of templates) {
      for (const [, policy] of ofType(template.Resources, 'AWS::IAM::Policy')) {
        const statements = policy.Properties!.PolicyDocument.Statement as {
          Action: string | string[];
          Resource: unknown;
        }[];
        // The alert-token secret (infra/constructs/alerts.ts) is another secret, read by others.
        const reads = statements.some(
          (s) =>
            [s.Action].flat().includes('secretsmanager:GetSecretValue') &&
            JSON.stringify(s.Resource).includes('MarketDataKey'),
        );
        if (reads)
          for (const role of policy.Properties!.Roles as { Ref: string }[])
            readers.add(`${stack.node.path}/${role.Ref}`);
      }
    }
    const roleOf = (fn: HouseFunction) =>
      `${Stack.of(fn).node.path}/${Stack.of(fn).resolve((fn.role.node.defaultChild as CfnResource).logicalId) as string}`;
    const expected = new Set([
      ...ROUTES.filter((r) => r.needs.includes('marketData')).map((r) =>
        roleOf(built.stateless.api.functions.get(r.id)!),
      ),
      ...JOBS.filter((j) => j.needs.includes('marketData')).map((j) =>
        roleOf(built.stateless.jobs.functions.get(j.id)!),
      ),
    ]);
    expect(expected.size).toBeGreaterThan(0);
    expect([...readers].sort()).toEqual([...expected].sort());
    for (const [id, fn] of built.stateless.api.functions) {
      const env = resourcesOf(fn)[logicalId(fn)]!.Properties!.Environment.Variables as Record<
        string,
        unknown
      >;
      expect('FMP_API_KEY_SECRET_ARN' in env, id).toBe(readers.has(roleOf(fn)));
    }
  });
});

describe('jobs', () => {
  /** The schedules, written out: weekdays, 13:00 to 21:59 UTC (decision 138). */
  const EXPECTED_SCHEDULES: Record<string, string> = {
    refreshQuotes: 'cron(* 13-21 ? * MON-FRI *)',
    fillLimitOrders: 'cron(* 13-21 ? * MON-FRI *)',
    refreshScreenerSnapshot: 'cron(0/15 13-21 ? * MON-FRI *)',
  };

  it('invokes each job on weekdays around the session, every minute or quarter hour', () => {
    for (const job of JOBS) {
      const rule = built.stateless.jobs.rules.get(job.id)!;
      const props = stateless[logicalId(rule.node.defaultChild as CfnResource)]!.Properties!;
      expect(props.ScheduleExpression, job.id).toBe(EXPECTED_SCHEDULES[job.id]);
      expect(props.Targets[0].Arn).toEqual({
        'Fn::GetAtt': [logicalId(built.stateless.jobs.functions.get(job.id)!), 'Arn'],
      });
    }
    expect(JOBS.find((j) => j.id === 'refreshQuotes')?.everyMinutes).toBe(1);
  });

  it('covers every minute of every session of a year, and the minute after each close, in winter and summer time', () => {
    const [from, to] = /cron\(\S+ (\d+)-(\d+) /
      .exec(EXPECTED_SCHEDULES.refreshQuotes!)!
      .slice(1)
      .map(Number) as [number, number];
    let sessions = 0;
    for (let t = Date.UTC(2026, 0, 1, 12); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      const { day, weekday } = newYorkTime(t);
      if (!isTradingDay(day)) continue;
      sessions++;
      expect(weekday >= 1 && weekday <= 5, day).toBe(true);
      const offset = -newYorkOffsetHours(t);
      // 09:30 to 16:00 New York time, and the run just after the close.
      const firstUtcMinute = 9 * 60 + 30 + offset * 60;
      const afterClose = 16 * 60 + 1 + offset * 60;
      expect(Math.floor(firstUtcMinute / 60), day).toBeGreaterThanOrEqual(from);
      expect(Math.floor(afterClose / 60), day).toBeLessThanOrEqual(to);
    }
    expect(sessions).toBeGreaterThan(240);
  });

  it('does not retry a failed run, and drops an event older than its period to the dead-letter queue', () => {
    const configs = ofType(stateless, 'AWS::Lambda::EventInvokeConfig');
    expect(configs).toHaveLength(JOBS.length);
    for (const job of JOBS) {
      const fnId = logicalId(built.stateless.jobs.functions.get(job.id)!);
      const [, config] = configs.find(([, c]) => c.Properties!.FunctionName.Ref === fnId)!;
      expect(config.Properties, job.id).toMatchObject({
        MaximumRetryAttempts: 0,
        MaximumEventAgeInSeconds: Math.max(60, job.everyMinutes * 60),
        Qualifier: '$LATEST',
      });
    }
  });

  it('sends undeliverable events and failed runs of each job to its own encrypted dead-letter queue', () => {
    const queueIds = new Set<string>();
    for (const job of JOBS) {
      const queue = built.stateless.jobs.deadLetterQueues.get(job.id)!;
      const queueId = logicalId(queue.node.defaultChild as CfnResource);
      queueIds.add(queueId);
      expect(stateless[queueId]!.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: JOB_DLQ_RETENTION.toSeconds(),
      });
      const queueArn = { 'Fn::GetAtt': [queueId, 'Arn'] };
      const rule = built.stateless.jobs.rules.get(job.id)!;
      const target =
        stateless[logicalId(rule.node.defaultChild as CfnResource)]!.Properties!.Targets[0];
      expect(target.DeadLetterConfig).toEqual({ Arn: queueArn });
      const fn = built.stateless.jobs.functions.get(job.id)!;
      expect(stateless[logicalId(fn)]!.Properties!.DeadLetterConfig).toEqual({
        TargetArn: queueArn,
      });
      // The queue accepts messages over TLS only.
      const policies = ofType(stateless, 'AWS::SQS::QueuePolicy')
        .filter(([, p]) => JSON.stringify(p.Properties!.Queues).includes(queueId))
        .map(([, p]) => JSON.stringify(p.Properties!.PolicyDocument));
      expect(policies.some((p) => p.includes('"aws:SecureTransport":"false"'))).toBe(true);
    }
    expect(queueIds.size).toBe(JOBS.length);
    // Routes are invoked synchronously: no queue per route.
    expect(ofType(stateless, 'AWS::SQS::Queue')).toHaveLength(JOBS.length);
    for (const fn of built.stateless.api.functions.values()) {
      const props = resourcesOf(fn)[logicalId(fn)]!.Properties!;
      expect(props.DeadLetterConfig).toBeUndefined();
      expect(props).toMatchObject({
        TracingConfig: { Mode: 'Active' },
        MemorySize: 512,
        Timeout: 10,
      });
    }
  });
});

describe('stateful resources', () => {
  it('keeps the table on demand with PITR, TTL, the GSI, and retained on delete', () => {
    const tables = ofType(stateful, 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    const [, table] = tables[0]!;
    // Retained once a deployment created it; a failed first deployment takes it back.
    expect(table.DeletionPolicy).toBe('RetainExceptOnCreate');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'gsi1',
          KeySchema: [
            { AttributeName: 'gsi1pk', KeyType: 'HASH' },
            { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
          ],
        },
      ],
    });
  });

  it('wires the CustomMessage trigger and gives the app client no secret', () => {
    const [, pool] = ofType(stateful, 'AWS::Cognito::UserPool')[0]!;
    expect(pool.Properties!.LambdaConfig.CustomMessage).toEqual({
      'Fn::GetAtt': [logicalId(built.stateful.auth.customMessage), 'Arn'],
    });
    expect(pool.Properties!.UsernameAttributes).toEqual(['email']);
    expect(pool.Properties!.AutoVerifiedAttributes).toEqual(['email']);
    expect(pool.Properties!.EmailConfiguration.EmailSendingAccount).toBe('DEVELOPER');
    const [, client] = ofType(stateful, 'AWS::Cognito::UserPoolClient')[0]!;
    expect(client.Properties!.GenerateSecret).toBe(false);
    expect(client.Properties!.EnableTokenRevocation).toBe(true);
    expect(client.Properties!.PreventUserExistenceErrors).toBe('ENABLED');
  });

  it('keeps the profile-image bucket private, encrypted and TLS-only', () => {
    const bucket =
      stateful[logicalId(built.stateful.storage.profileImages.node.defaultChild as CfnResource)]!;
    expect(bucket.Properties!.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties!.BucketEncryption).toBeDefined();
    const policies = ofType(stateful, 'AWS::S3::BucketPolicy').map(([, p]) =>
      JSON.stringify(p.Properties),
    );
    expect(
      policies.some(
        (p) => p.includes('"aws:SecureTransport":"false"') && p.includes('StorageProfileImages'),
      ),
    ).toBe(true);
  });
});

describe('site address for account emails', () => {
  /** An `Fn::Join` (or a plain string) with each `Ref` shown as `<name>`. */
  const render = (value: unknown): string => {
    if (typeof value === 'string') return value;
    const v = value as { Ref?: string; 'Fn::Join'?: [string, unknown[]] };
    if (v.Ref) return `<${v.Ref}>`;
    if (v['Fn::Join']) return v['Fn::Join'][1].map(render).join(v['Fn::Join'][0]);
    return JSON.stringify(value);
  };
  const triggerStatements = () => {
    const roleId = logicalId(
      built.stateful.auth.customMessage.role.node.defaultChild as CfnResource,
    );
    return ofType(stateful, 'AWS::IAM::Policy')
      .filter(([, p]) => (p.Properties!.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
      .flatMap(
        ([, p]) =>
          p.Properties!.PolicyDocument.Statement as {
            Effect: string;
            Action: string | string[];
            Resource: unknown;
          }[],
      );
  };

  it('names the parameter with a plain string derived from the stateful stack name', () => {
    expect(built.stateful.siteUrlParameterName).toBe('/MrMarketStateful/site-url');
  });

  it('writes the distribution address to that parameter in the stateless stack, and only there', () => {
    const parameters = ofType(stateless, 'AWS::SSM::Parameter');
    expect(parameters).toHaveLength(1);
    const [, parameter] = parameters[0]!;
    const distributionId = logicalId(
      built.stateless.web.distribution.node.defaultChild as CfnResource,
    );
    expect(parameter.Properties).toMatchObject({
      Name: built.stateful.siteUrlParameterName,
      Type: 'String',
    });
    expect(parameter.Properties!.Value).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]],
    });
    expect(ofType(stateful, 'AWS::SSM::Parameter')).toEqual([]);
  });

  it('tells the trigger the parameter name and lets it read that one parameter', () => {
    const trigger = logicalId(built.stateful.auth.customMessage);
    const env = stateful[trigger]!.Properties!.Environment.Variables as Record<string, unknown>;
    expect(env.SITE_URL_PARAMETER).toBe(built.stateful.siteUrlParameterName);
    expect(env.SITE_URL).toBeUndefined(); // no siteDomain in cdk.json
    const ssmStatements = triggerStatements().filter((s) =>
      [s.Action].flat().some((a) => a.startsWith('ssm:')),
    );
    expect(ssmStatements).toHaveLength(1);
    const [statement] = ssmStatements;
    expect(statement!.Effect).toBe('Allow');
    expect([statement!.Action].flat()).toEqual(['ssm:GetParameter']);
    expect([statement!.Resource].flat().map(render)).toEqual([
      'arn:<AWS::Partition>:ssm:<AWS::Region>:<AWS::AccountId>:parameter/MrMarketStateful/site-url',
    ]);
  });

  it('adds no reference from the stateful stack to the stateless one', () => {
    const statefulJson = JSON.stringify(templates.get(built.stateful));
    expect(statefulJson).not.toContain('Fn::ImportValue');
    expect(built.stateful.dependencies).toEqual([]);
    const statelessOutputs = Object.values(templates.get(built.stateless)!.Outputs ?? {}) as {
      Export?: unknown;
    }[];
    expect(statelessOutputs.filter((o) => o.Export)).toEqual([]);
    expect(built.stateless.dependencies).toContain(built.stateful);
  });

  it('gives the trigger the custom domain directly and writes it to the parameter when siteDomain is set', () => {
    const custom = buildApp({
      context: {
        ...CDK_JSON.context,
        'aws:cdk:bundling-stacks': [],
        siteDomain: 'app.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      },
      outdir: fs.mkdtempSync(path.join(outdir, 'custom-')),
      builtinCloudFormationValidation: false,
      routeGroups: [],
      jobs: [],
    });
    const trigger = Template.fromStack(custom.stateful).toJSON() as TemplateJson;
    const env =
      trigger.Resources[logicalId(custom.stateful.auth.customMessage)]!.Properties!.Environment
        .Variables;
    expect(env).toMatchObject({
      SITE_URL: 'https://app.example.com',
      SITE_URL_PARAMETER: '/MrMarketStateful/site-url',
    });
    const site = Template.fromStack(custom.stateless).toJSON() as TemplateJson;
    const [, parameter] = ofType(site.Resources, 'AWS::SSM::Parameter')[0]!;
    expect(parameter.Properties).toMatchObject({
      Name: '/MrMarketStateful/site-url',
      Value: 'https://app.example.com',
    });
    // The name the site's DNS record points at is an output (README, Deploy, step 7).
    const [distributionId] = ofType(site.Resources, 'AWS::CloudFront::Distribution')[0]!;
    expect(site.Outputs!.DistributionDomainName).toMatchObject({
      Value: { 'Fn::GetAtt': [distributionId, 'DomainName'] },
      Description: expect.stringContaining('app.example.com'),
    });
  }, 60_000);
});

describe('web distribution', () => {
  const distribution = () =>
    ofType(stateless, 'AWS::CloudFront::Distribution')[0]![1].Properties!.DistributionConfig;

  it('reads both buckets through Origin Access Control', () => {
    const config = distribution();
    const s3Origins = (config.Origins as any[]).filter((o) => o.S3OriginConfig);
    expect(s3Origins).toHaveLength(2);
    for (const origin of s3Origins) {
      expect(origin.OriginAccessControlId).toBeDefined();
      expect(origin.S3OriginConfig.OriginAccessIdentity).toBe('');
    }
    expect(ofType(stateless, 'AWS::CloudFront::OriginAccessControl')).toHaveLength(2);
  });

  it('sends /api/* to the HTTP API uncached with every method, and profile photos read-only', () => {
    const config = distribution();
    const api = (config.CacheBehaviors as any[]).find((b) => b.PathPattern === '/api/*');
    expect(api).toBeDefined();
    expect(api.AllowedMethods).toHaveLength(7);
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // CachingDisabled
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // AllViewerExceptHostHeader
    const origin = (config.Origins as any[]).find((o) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.');
    const images = (config.CacheBehaviors as any[]).find(
      (b) => b.PathPattern === '/images/profile/*',
    );
    expect(images.AllowedMethods).toEqual(['GET', 'HEAD']);
  });

  it('serves the app shell for client-side routes on the site behaviour only, never for API errors', () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CustomErrorResponses).toBeUndefined();
    const fnId = logicalId(built.stateless.web.spaFallback.node.defaultChild as CfnResource);
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } },
    ]);
    // The API behaviour's one function adds the viewer address (decision 122), nothing else.
    const api = (config.CacheBehaviors as any[]).find((b) => b.PathPattern === '/api/*');
    const viewerId = logicalId(built.stateless.web.viewerAddress.node.defaultChild as CfnResource);
    expect(api.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [viewerId, 'FunctionARN'] } },
    ]);
  });

  it('rewrites paths without a file extension to /index.html and leaves files alone', () => {
    const handler = new Function(`${SPA_FALLBACK_CODE}; return handler;`)() as (e: unknown) => {
      uri: string;
    };
    const uri = (u: string) => handler({ request: { uri: u } }).uri;
    expect(uri('/')).toBe('/index.html');
    expect(uri('/portfolio/12')).toBe('/index.html');
    expect(uri('/verify_account/abc')).toBe('/index.html');
    expect(uri('/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
    expect(uri('/config.json')).toBe('/config.json');
  });

  it('adds the security headers with a CSP that allows Cognito', () => {
    const [, policy] = ofType(stateless, 'AWS::CloudFront::ResponseHeadersPolicy')[0]!;
    const config = policy.Properties!.ResponseHeadersPolicyConfig;
    const headers = config.SecurityHeadersConfig;
    expect(headers.FrameOptions).toEqual({ FrameOption: FRAME_OPTIONS, Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
      IncludeSubdomains: true,
      Override: true,
    });
    expect(HSTS_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(31536000);
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: REFERRER_POLICY, Override: true });
    expect(config.CustomHeadersConfig.Items).toEqual([
      { Header: 'Permissions-Policy', Value: PERMISSIONS_POLICY, Override: true },
    ]);
    // The region is a deploy-time reference: the CSP is a join around it.
    const joined = headers.ContentSecurityPolicy.ContentSecurityPolicy as {
      'Fn::Join': [string, (string | { Ref: string })[]];
    };
    const csp = joined['Fn::Join'][1]
      .map((part) => (typeof part === 'string' ? part : `<${part.Ref}>`))
      .join(joined['Fn::Join'][0]);
    expect(csp).toBe(
      contentSecurityPolicy({
        cognito: cognitoOrigin('<AWS::Region>'),
        analytics: built.config.analyticsEndpoint,
      }),
    );
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers.ContentSecurityPolicy.Override).toBe(true);
  });

  it('deploys config.json with the pool, client and region for the web app', () => {
    const deployments = ofType(stateless, 'Custom::CDKBucketDeployment').map(([, d]) =>
      JSON.stringify(d.Properties),
    );
    const shell = deployments.find((d) => d.includes('"/config.json"'));
    expect(shell).toBeDefined();
    for (const marker of ['UserPool', 'WebClient', 'AWS::Region']) expect(shell).toContain(marker);
  });
});

describe('cdk-nag', () => {
  it('finds nothing unacknowledged in the AwsSolutions pack', () => {
    const report = built.nag.validateScope(built.app);
    expect(
      report.violations.map((v) => `${v.ruleName} at ${v.violatingResources[0]?.constructPath}`),
    ).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('finds nothing unacknowledged in the ServerlessChecks pack', () => {
    const report = built.serverlessNag.validateScope(built.app);
    expect(
      report.violations.map((v) => `${v.ruleName} at ${v.violatingResources[0]?.constructPath}`),
    ).toEqual([]);
    expect(report.success).toBe(true);
  });
});

describe('configuration', () => {
  it('rejects a sender that is not an email address, naming the key', () => {
    expect(() =>
      parseInfraConfig({ mailFrom: 'no-reply', supportEmail: 'help@example.com' }),
    ).toThrow(/mailFrom/);
  });

  it('rejects a log retention CloudWatch does not offer', () => {
    expect(() =>
      parseInfraConfig({
        mailFrom: 'a@example.com',
        supportEmail: 'b@example.com',
        apiLogRetentionDays: 10,
      }),
    ).toThrow(/apiLogRetentionDays: must be one of/);
  });

  it('rejects a route throttle for a route key the table does not have, naming it', () => {
    expect(() =>
      parseInfraConfig({
        mailFrom: 'a@example.com',
        supportEmail: 'b@example.com',
        apiRouteThrottles: { 'POST /api/logn': { rateLimit: 1, burstLimit: 2 } },
      }),
    ).toThrow(/apiRouteThrottles: unknown route key "POST \/api\/logn"/);
    expect(() =>
      parseInfraConfig({
        mailFrom: 'a@example.com',
        supportEmail: 'b@example.com',
        apiRouteThrottles: { 'POST /api/login': { rateLimit: 0, burstLimit: 2 } },
      }),
    ).toThrow(/apiRouteThrottles\.POST \/api\/login\.rateLimit/);
  });

  it('reads numbers and lists given as strings on the command line', () => {
    const config = parseInfraConfig({
      mailFrom: 'a@example.com',
      supportEmail: 'b@example.com',
      apiThrottleRateLimit: '20',
      corsAllowOrigins: 'https://a.example.com, https://b.example.com',
    });
    expect(config.apiThrottleRateLimit).toBe(20);
    expect(config.corsAllowOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
    // Production reads the provider on the free plan unless told otherwise.
    expect(config.marketDataProvider).toBe('fmp');
    expect(config.marketDataPlan).toBe('free');
  });
});
