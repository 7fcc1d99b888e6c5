import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, CfnResource, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../shared/routes';
import { buildApp, type BuiltApp } from './app';
import { parseInfraConfig } from './config';
import { groupRoutes } from './constructs/api';
import type { HouseFunction } from './constructs/house-function';
import { REPO_ROOT } from './constructs/house-function';
import { ALARM_IDS } from './constructs/monitoring';
import { Web } from './constructs/web';
import { JOBS } from './jobs';

// Each test reads whole templates or synthesizes an app: seconds each on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
/**
 * What an operator relies on in AWS (issue: production): the plan reaches every function that
 * calls the provider, the user pool sends as a verified SES identity, a failed first deployment
 * leaves nothing behind, the site never serves an index.html without its assets, no OAuth
 * flow is open, and the alarms, dashboard and budget exist and notify.
 */

const CDK_JSON = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};

type Resources = Record<
  string,
  {
    Type: string;
    Properties?: Record<string, any>;
    DeletionPolicy?: string;
    UpdateReplacePolicy?: string;
    DependsOn?: string[];
    Condition?: string;
  }
>;

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mr-market-ops-'));
  dirs.push(dir);
  return dir;
}

/** The app with cdk.json's context and `extra` on top; only the market routes unless `all`. */
function appWith(extra: Record<string, unknown> = {}, all = false): BuiltApp {
  return buildApp({
    context: { ...CDK_JSON.context, ...extra, 'aws:cdk:bundling-stacks': [] },
    outdir: tempDir(),
    builtinCloudFormationValidation: false,
    ...(all ? {} : { routeGroups: groupRoutes(ROUTES.filter((r) => r.id === 'commonApi')) }),
  });
}

const idOfConstruct = (c: { node: { defaultChild?: unknown } }): string => {
  const cfn = c.node.defaultChild as CfnResource;
  return Stack.of(cfn).resolve(cfn.logicalId) as string;
};
const resourcesOf = (stack: Stack): Resources =>
  (Template.fromStack(stack).toJSON() as { Resources: Resources }).Resources;
const ofType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, r]) => r.Type === type);
const envOf = (fn: HouseFunction): Record<string, unknown> => {
  const stack = Stack.of(fn);
  const id = stack.resolve((fn.fn.node.defaultChild as CfnResource).logicalId) as string;
  return resourcesOf(stack)[id]!.Properties!.Environment.Variables as Record<string, unknown>;
};

let full: BuiltApp;

beforeAll(() => {
  full = appWith({ marketDataPlan: 'starter' }, true);
}, 120_000);

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the market-data plan', () => {
  it('reaches every function that calls the provider, and only those', () => {
    const withMarketData = [
      ...ROUTES.filter((r) => r.needs.includes('marketData')).map((r) =>
        full.stateless.api.functions.get(r.id)!,
      ),
      ...JOBS.filter((j) => j.needs.includes('marketData')).map((j) =>
        full.stateless.jobs.functions.get(j.id)!,
      ),
    ];
    expect(withMarketData.length).toBeGreaterThan(5);
    for (const fn of withMarketData) {
      expect(envOf(fn).FMP_PLAN, fn.handlerModule).toBe('starter');
      expect(envOf(fn).MARKET_DATA_PROVIDER, fn.handlerModule).toBe('fmp');
    }
    const health = full.stateless.api.functions.get('health')!;
    expect(envOf(health).FMP_PLAN).toBeUndefined();
  });

  it('defaults to the provider on the free plan; the demo data only when asked for', () => {
    const config = parseInfraConfig({ mailFrom: 'a@example.org', supportEmail: 'b@example.org' });
    expect(config.marketDataProvider).toBe('fmp');
    expect(config.marketDataPlan).toBe('free');
    const demo = appWith({ marketDataProvider: 'demo' });
    const fn = demo.stateless.api.functions.get('commonApi')!;
    expect(envOf(fn).MARKET_DATA_PROVIDER).toBe('demo');
    expect(() =>
      parseInfraConfig({
        mailFrom: 'a@example.org',
        supportEmail: 'b@example.org',
        marketDataPlan: 'gold',
      }),
    ).toThrow(/marketDataPlan/);
  });
});

describe('email through SES', () => {
  const sourceArn = (app: BuiltApp) => {
    const [, pool] = ofType(resourcesOf(app.stateful), 'AWS::Cognito::UserPool')[0]!;
    return JSON.stringify(pool.Properties!.EmailConfiguration.SourceArn);
  };

  it('sends as the mailFrom identity by default', () => {
    expect(sourceArn(full)).toContain(':identity/no-reply@example.com');
  });

  it('sends as the verified domain when sesVerifiedDomain is set', () => {
    const app = appWith({
      mailFrom: 'no-reply@mail.example.org',
      sesVerifiedDomain: 'mail.example.org',
    });
    const arn = sourceArn(app);
    expect(arn).toContain(':identity/mail.example.org');
    expect(arn).not.toContain('no-reply@');
  });

  it('refuses a verified domain that is not the domain of mailFrom', () => {
    expect(() =>
      parseInfraConfig({
        mailFrom: 'no-reply@example.org',
        supportEmail: 'b@example.org',
        sesVerifiedDomain: 'other.example.com',
      }),
    ).toThrow(/sesVerifiedDomain: must be the domain of mailFrom/);
  });
});

describe('a first deployment that fails leaves nothing behind', () => {
  const allTemplates = (app: BuiltApp) =>
    app.app.node
      .findAll()
      .filter((c): c is Stack => Stack.isStack(c))
      .map((stack) => [stack, resourcesOf(stack)] as const);

  it('retains the table, the user pool, the buckets, the secrets and the audit logs only once created', () => {
    const resources = resourcesOf(full.stateful);
    // The failed-create release's own deploy-time log lines go with the stack (decision 170).
    const kept = Object.entries(resources).filter(
      ([id, r]) =>
        !id.startsWith('FailedCreateRelease') &&
        [
          'AWS::DynamoDB::Table',
          'AWS::Cognito::UserPool',
          'AWS::S3::Bucket',
          'AWS::SecretsManager::Secret',
          'AWS::Logs::LogGroup',
        ].includes(r.Type),
    );
    expect(kept.length).toBeGreaterThanOrEqual(8);
    for (const [id, r] of kept) {
      expect(r.DeletionPolicy, id).toBe('RetainExceptOnCreate');
      expect(r.UpdateReplacePolicy, id).toBe('Retain');
    }
    // Nowhere a plain Retain, which a failed first create would leave behind.
    for (const [stack, template] of allTemplates(full))
      for (const [id, r] of Object.entries(template))
        expect(r.DeletionPolicy, `${stack.node.path}/${id}`).not.toBe('Retain');
  });

  it('protects the table and the user pool from deletion, except while the stateful stack is first created', () => {
    const protection = (app: BuiltApp) => {
      const r = resourcesOf(app.stateful);
      return [
        ofType(r, 'AWS::DynamoDB::Table')[0]![1].Properties!.DeletionProtectionEnabled,
        ofType(r, 'AWS::Cognito::UserPool')[0]![1].Properties!.DeletionProtection,
      ];
    };
    expect(protection(full)).toEqual([true, 'ACTIVE']);
    expect(protection(appWith({ deletionProtection: 'false' }))).toEqual([false, 'INACTIVE']);
  });

  it('empties and deletes the site bucket with its stack; keeps the access-log bucket but not after a failed create', () => {
    const r = resourcesOf(full.stateless);
    const site = idOfConstruct(full.stateless.web.bucket);
    const logs = idOfConstruct(full.stateless.web.logs);
    expect(r[site]!.DeletionPolicy).toBe('Delete');
    const autoDelete = ofType(r, 'Custom::S3AutoDeleteObjects');
    expect(autoDelete).toHaveLength(1);
    expect(autoDelete[0]![1].Properties!.BucketName).toEqual({ Ref: site });
    expect(r[logs]!.DeletionPolicy).toBe('RetainExceptOnCreate');
  });
});

describe('switching to a restored table', () => {
  it('points every function at the table tableName names, and passes cdk-nag', () => {
    const app = appWith({ tableName: 'mr-market-restored-20261124' });
    const fn = app.stateless.api.functions.get('commonApi')!;
    expect(envOf(fn).TABLE_NAME).toBe('mr-market-restored-20261124');
    const policies = JSON.stringify(
      ofType(resourcesOf(Stack.of(fn)), 'AWS::IAM::Policy').map(([, p]) => p.Properties),
    );
    expect(policies).toContain(':table/mr-market-restored-20261124');
  });
});

describe('the user pool client', () => {
  it('offers no OAuth flow, scope or callback: the app signs in through the user pool API', () => {
    const [, client] = ofType(resourcesOf(full.stateful), 'AWS::Cognito::UserPoolClient')[0]!;
    const p = client.Properties!;
    expect(p.AllowedOAuthFlowsUserPoolClient).toBe(false);
    expect(p.AllowedOAuthFlows).toBeUndefined();
    expect(p.AllowedOAuthScopes).toBeUndefined();
    expect(p.CallbackURLs).toBeUndefined();
    expect(p.SupportedIdentityProviders).toEqual(['COGNITO']);
  });
});

describe('site deployment order', () => {
  it('uploads the hashed assets before index.html and config.json', () => {
    const dist = tempDir();
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><script src="/assets/app-1.js"></script>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    const app = new App({ outdir: tempDir(), context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'SiteOnly');
    const web = new Web(stack, 'Web', {
      apiDomain: 'abc.execute-api.us-east-1.amazonaws.com',
      originVerifySecret: 'not-a-real-secret',
      profileImages: s3.Bucket.fromBucketName(stack, 'Photos', 'photos'),
      appConfig: { region: 'us-east-1', userPoolId: 'pool', userPoolClientId: 'client' },
      distDir: dist,
    });
    expect(web.assetsDeployment).toBeDefined();
    const deployments = ofType(resourcesOf(stack), 'Custom::CDKBucketDeployment');
    const [, shell] = deployments.find(([id]) => id.startsWith('WebShell'))!;
    const [assets] = deployments.find(([id]) => id.startsWith('WebAssets'))!;
    expect(shell.DependsOn ?? []).toEqual(expect.arrayContaining([assets]));
  });
});

describe('alarms, dashboard and budget', () => {
  let resources: Resources;
  beforeAll(() => {
    resources = resourcesOf(full.stateless);
  });

  const alarmNamed = (id: string) => {
    const found = Object.entries(resources).find(
      ([logical, r]) =>
        r.Type === 'AWS::CloudWatch::Alarm' && logical.startsWith(`Monitoring${id}`),
    );
    if (!found) throw new Error(`no alarm ${id}`);
    return found[1];
  };

  it('has every alarm of the runbook, each notifying the topic when it fires and when it clears', () => {
    const ids = [...ALARM_IDS, ...JOBS.flatMap((j) => [`${j.id}Failures`, `${j.id}DeadLetters`])];
    const [[topicId]] = ofType(resources, 'AWS::SNS::Topic') as [[string, unknown]];
    const runbook = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'runbook.md'), 'utf8');
    for (const id of ids) {
      const alarm = alarmNamed(id);
      expect(JSON.stringify(alarm.Properties!.AlarmActions), id).toContain(topicId);
      expect(JSON.stringify(alarm.Properties!.OKActions), id).toContain(topicId);
      expect(alarm.Properties!.AlarmDescription, id).toContain('docs/runbook.md');
      // The runbook has a section for the alarm (jobs share one section per kind).
      const heading = id.replace(new RegExp(`^(${JOBS.map((j) => j.id).join('|')})`), '<job>');
      expect(runbook, id).toContain(`### ${heading}`);
    }
  });

  it('alarms on a dead-letter queue holding one message, and on the breaker open 15 minutes', () => {
    const dlq = alarmNamed('refreshQuotesDeadLetters');
    expect(dlq.Properties).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      MetricName: 'ApproximateNumberOfMessagesVisible',
    });
    const breaker = alarmNamed('MarketDataCircuitOpen');
    expect(breaker.Properties).toMatchObject({
      MetricName: 'CircuitOpen',
      Namespace: 'MrMarket',
      Period: 60,
      EvaluationPeriods: 15,
      DatapointsToAlarm: 15,
      Threshold: 1,
    });
    const budget = alarmNamed('MarketDataBudget');
    expect(budget.Properties).toMatchObject({
      MetricName: 'BudgetUsedPercent',
      Threshold: 80,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });

  it('references from every resource and output only what exists under the same condition (the dashboard among them)', () => {
    const refsIn = (value: unknown, out: Set<string>) => {
      if (Array.isArray(value)) for (const v of value) refsIn(v, out);
      else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          if (k === 'Ref' && typeof v === 'string') out.add(v);
          else if (k === 'Fn::GetAtt')
            out.add(Array.isArray(v) ? String(v[0]) : String(v).split('.')[0]!);
          else refsIn(v, out);
        }
      }
      return out;
    };
    let checked = 0;
    for (const stack of full.app.node.findAll().filter((c): c is Stack => Stack.isStack(c))) {
      const template = Template.fromStack(stack).toJSON() as {
        Resources: Resources;
        Outputs?: Record<string, { Value: unknown; Condition?: string }>;
      };
      const users: [string, unknown, string | undefined][] = [
        ...Object.entries(template.Resources).map(
          ([id, r]) =>
            [id, [r.Properties, r.DependsOn], r.Condition] as [string, unknown, string | undefined],
        ),
        ...Object.entries(template.Outputs ?? {}).map(
          ([id, o]) =>
            [`output ${id}`, o.Value, o.Condition] as [string, unknown, string | undefined],
        ),
      ];
      for (const [id, body, condition] of users) {
        for (const ref of refsIn(body, new Set())) {
          const target = template.Resources[ref];
          if (!target) continue;
          checked++;
          if (target.Condition)
            expect(condition, `${stack.node.path}: ${id} uses ${ref}`).toBe(target.Condition);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    const [, dashboard] = ofType(resources, 'AWS::CloudWatch::Dashboard')[0]!;
    const alarmId = Object.keys(resources).find((id) =>
      id.startsWith('MonitoringCloudFront5xxRate'),
    )!;
    expect(JSON.stringify(dashboard.Properties!.DashboardBody)).not.toContain(alarmId);
    // The CloudFront rate is still on the dashboard, read from us-east-1.
    expect(JSON.stringify(dashboard.Properties!.DashboardBody)).toContain('5xxErrorRate');
    expect(JSON.stringify(dashboard.Properties!.DashboardBody)).toContain(
      '\\"region\\":\\"us-east-1\\"',
    );
  });

  it('leaves the project tag off the dashboard only (decision 135)', () => {
    const [, dashboard] = ofType(resources, 'AWS::CloudWatch::Dashboard')[0]!;
    expect(dashboard.Properties!.Tags).toBeUndefined();
    const [, topic] = ofType(resources, 'AWS::SNS::Topic')[0]!;
    expect(topic.Properties!.Tags).toEqual([{ Key: 'project', Value: 'mr-market' }]);
  });

  it('creates the CloudFront alarm only in us-east-1, where CloudFront publishes its metrics', () => {
    const alarm = alarmNamed('CloudFront5xxRate');
    expect(alarm.Condition).toBeDefined();
    const template = Template.fromStack(full.stateless).toJSON() as {
      Conditions: Record<string, unknown>;
    };
    expect(JSON.stringify(template.Conditions[alarm.Condition!])).toContain('us-east-1');
  });

  it('subscribes alarmEmail to the topic, and lets AWS Budgets publish to it', () => {
    const [sub] = ofType(resources, 'AWS::SNS::Subscription');
    expect(sub?.[1].Properties).toMatchObject({ Protocol: 'email', Endpoint: 'ops@example.com' });
    const [policy] = ofType(resources, 'AWS::SNS::TopicPolicy');
    expect(JSON.stringify(policy?.[1].Properties)).toContain('budgets.amazonaws.com');
  });

  it('sets a monthly cost budget at the configured amount, alerting at 80% actual and 100% forecast', () => {
    const app = appWith({ monthlyBudgetUsd: '120' });
    const [, budget] = ofType(resourcesOf(app.stateless), 'AWS::Budgets::Budget')[0]!;
    expect(budget.Properties!.Budget).toMatchObject({
      BudgetType: 'COST',
      TimeUnit: 'MONTHLY',
      BudgetLimit: { Amount: 120, Unit: 'USD' },
    });
    const notes = budget.Properties!.NotificationsWithSubscribers as {
      Notification: { NotificationType: string; Threshold: number };
    }[];
    expect(notes.map((n) => [n.Notification.NotificationType, n.Notification.Threshold])).toEqual([
      ['ACTUAL', 80],
      ['FORECASTED', 100],
    ]);
  });

  it('builds one dashboard with the alarms and the custom metrics', () => {
    const dashboards = ofType(resources, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]![1].Properties!.DashboardBody);
    for (const name of [
      'ProviderCalls',
      'ProviderFailures',
      'BudgetUsedPercent',
      'CircuitOpen',
      'JobRuns',
      'Responses5xx',
      'AlertsSent',
      'OrdersFilled',
    ])
      expect(body, name).toContain(name);
  });
});
