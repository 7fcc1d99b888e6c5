/**
 * What a deployment costs a month (decision 139): a fixed floor (what runs with no user) and a
 * part that grows with active users, for every service the templates create. The inventory
 * comes from the synthesized templates themselves (inventoryOf), so a resource the app gains is
 * counted, and infra/cost.test.ts fails on a resource type this file does not price or explain.
 * `npm run bench -- cost` prints the table; the README quotes it.
 *
 * Prices: us-east-1 list prices as assumed on 2026-11-28, before any free tier (free tiers are
 * per account and some end after a year; where one matters it is said). Usage: USAGE, written
 * from the bench's own counts where there is one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from './app';
import { REPO_ROOT } from './constructs/house-function';
import { JOBS, runsPerMonth, type JobDef } from './jobs';

/** US dollars. */
export const PRICES = {
  lambdaRequest: 0.2 / 1e6,
  /** Arm64, per GB-second. */
  lambdaGbSecond: 0.0000133334,
  httpApiRequest: 1.0 / 1e6,
  dynamoReadUnit: 0.125 / 1e6,
  dynamoWriteUnit: 0.625 / 1e6,
  dynamoStorageGbMonth: 0.25,
  dynamoPitrGbMonth: 0.2,
  /** HTTPS requests, United States and Europe (PriceClass_100). */
  cloudFrontRequest: 0.01 / 1e4,
  cloudFrontGb: 0.085,
  cloudFrontFunctionInvocation: 0.1 / 1e6,
  s3StorageGbMonth: 0.023,
  s3Put: 0.005 / 1000,
  /** Per monthly active user beyond the free 10,000 (Lite, Essentials); Plus has none free. */
  cognitoMau: { lite: 0.0055, essentials: 0.015, plus: 0.02 },
  cognitoFreeMau: { lite: 10_000, essentials: 10_000, plus: 0 },
  wafWebAcl: 5,
  wafRule: 1,
  wafRequest: 0.6 / 1e6,
  logsIngestGb: 0.5,
  logsStorageGbMonth: 0.03,
  /** Prorated by the hour: a metric costs only in the hours it is sent. */
  customMetricMonth: 0.3,
  alarmMetricMonth: 0.1,
  dashboardMonth: 3,
  xrayTrace: 5 / 1e6,
  secretMonth: 0.4,
  /** GetSecretValue and the other API calls, per call. */
  secretApiCall: 0.05 / 10_000,
  /** Requests to a KMS key (the AWS-managed keys of Secrets Manager and DynamoDB have no monthly fee). */
  kmsRequest: 0.03 / 10_000,
  sesEmail: 0.1 / 1000,
} as const;

export type FeaturePlan = keyof typeof PRICES.cognitoMau;

/** What an active user does in a month, and what each request costs in the services behind it. */
export const USAGE = {
  /** 20 screens a day, 30 days. */
  screensPerUserMonth: 600,
  /** The bench's `web` section counts 2 to 4 API calls on a screen's first load. */
  apiCallsPerScreen: 4,
  /** Page loads and files CloudFront serves beside the API calls (the app is cached by browsers). */
  siteRequestsPerUserMonth: 600,
  /** About 100 kB gzip of app a day, 5 kB per API answer. */
  siteGbPerUserMonth: (100 * 30 + 5 * 2400) / 1e6,
  lambdaMsPerCall: 50,
  lambdaGb: 0.5,
  /** The bench's `api` section: at most one DynamoDB request a call, one in ten a write. */
  dynamoRequestsPerCall: 1,
  dynamoWriteShare: 0.1,
  /**
   * What a read request returns (a portfolio's items, a list): read units are per 4 KB,
   * strongly consistent (the functions read their own writes).
   */
  dynamoReadKb: 6,
  /** Items a write request writes (the item, and its Idempotency-Key record or a counter). */
  dynamoItemsPerWrite: 2,
  /** Size of a written item: write units are per 1 KB. */
  dynamoWriteKb: 1.5,
  /** Writes in a transaction (transactOnce, counters), which cost twice: 2 units a KB. */
  dynamoTransactionalShare: 0.8,
  /**
   * Written items that carry gsi1 keys (shares, public records, alert rules, open orders,
   * interest): the index projects ALL attributes, so each costs its units again on the index, and
   * its storage again.
   */
  dynamoIndexedShare: 0.25,
  /** Answers that are 4xx (bad input, an expired token, not found) and 5xx. */
  responses4xxShare: 0.03,
  responses5xxShare: 0.001,
  /**
   * Reads of a secret (market-data key, alert-token key): once per function instance, so about
   * one for every 200 calls and every 100 job runs.
   */
  secretReadsPerCall: 1 / 200,
  secretReadsPerJobRun: 1 / 100,
  /** DynamoDB asks KMS for the table key about every 5 minutes per busy function instance. */
  dynamoKmsRequestsPerBusyFunctionHour: 12,
  /** The access log's line and the application's and metrics' lines a call (platform lines off). */
  logKbPerCall: 0.45,
  /** Lambda's own START, END and REPORT lines (JSON), when kept (systemLogLevel INFO). */
  platformLogKbPerInvocation: 0.9,
  /** Days the API's logs are kept (apiLogRetentionDays): storage builds up to this many. */
  apiLogRetentionDays: 365,
  /** Account emails and valuation alerts a user gets in a month. */
  emailsPerUserMonth: 2.5,
  /** A profile photo, and a year of CloudFront's and S3's access logs (about 1.2 MB a month). */
  s3MbPerUser: 14.5,
  /** Items a user keeps (pitches, portfolios, history), in the table. */
  tableKbPerUser: 50,
  /**
   * Lambda traces the first request of each second of a function, then 5% (not configurable).
   * Reservoir: the route functions that carry most calls, busy half of the day.
   */
  xrayBusyRouteFunctions: 20,
  xrayBusyShareOfMonth: 0.5,
} as const;

/** The usage assumptions, as numbers (tests vary them). */
export type Usage = Record<keyof typeof USAGE, number>;

/**
 * Write units of one write request: each item's units (1 KB each, rounded up), doubled in a
 * transaction, and again on the index for the items it projects.
 */
export function writeUnitsPerWrite(u: Usage = USAGE): number {
  return (
    u.dynamoItemsPerWrite *
    Math.ceil(u.dynamoWriteKb) *
    (1 + u.dynamoTransactionalShare) *
    (1 + u.dynamoIndexedShare)
  );
}

/** Read units of one strongly consistent read request (4 KB each, rounded up). */
export function readUnitsPerRead(u: Usage = USAGE): number {
  return Math.ceil(u.dynamoReadKb / 4);
}

/** What one run of a job does (assumed from the bench and the job's code; the screener's snapshot is about 830 kB). */
export const JOB_PROFILES: Readonly<
  Record<string, { ms: number; readUnits: number; writeUnits: number; logKb: number }>
> = {
  refreshQuotes: { ms: 1000, readUnits: 10, writeUnits: 6, logKb: 2 },
  fillLimitOrders: { ms: 200, readUnits: 2, writeUnits: 0, logKb: 1 },
  refreshScreenerSnapshot: { ms: 8000, readUnits: 110, writeUnits: 830, logKb: 3 },
};

/** Custom metrics the jobs send on every run (runs, failures, duration per job; budget, breaker, calls). */
export const JOB_METRICS = { perJob: 3, shared: 3 } as const;

/**
 * Every resource type the templates may hold, and the line of the table it costs in (or why it
 * costs nothing). A type missing here fails infra/cost.test.ts.
 */
export const RESOURCE_COSTS: Readonly<Record<string, string>> = {
  'AWS::Lambda::Function':
    'Lambda: per request and GB-second (API routes, jobs; CDK providers run at deploy time only)',
  'AWS::Lambda::Permission': 'free: a permission',
  'AWS::Lambda::EventInvokeConfig': 'free: a setting of the jobs',
  'AWS::Lambda::LayerVersion':
    'free: the site deployment provider’s layer (storage within Lambda’s free 75 GB)',
  'AWS::Logs::LogGroup':
    'CloudWatch Logs: ingestion and storage of what the functions and the API write',
  'AWS::ApiGatewayV2::Api': 'API Gateway HTTP API: per request',
  'AWS::ApiGatewayV2::Stage': 'free: part of the HTTP API',
  'AWS::ApiGatewayV2::Route': 'free: part of the HTTP API',
  'AWS::ApiGatewayV2::Integration': 'free: part of the HTTP API',
  'AWS::ApiGatewayV2::Authorizer': 'free: JWT authorizers cost nothing beyond the request',
  'AWS::ApiGatewayV2::DomainName': 'free: custom domains of HTTP APIs cost nothing',
  'AWS::ApiGatewayV2::ApiMapping': 'free: part of the custom domain',
  'AWS::DynamoDB::Table': 'DynamoDB: on-demand request units, storage and point-in-time recovery',
  'AWS::Cognito::UserPool': 'Cognito: per monthly active user of the feature plan',
  'AWS::Cognito::UserPoolClient': 'free: app clients cost nothing (no client-credentials grant)',
  'AWS::CloudFront::Distribution': 'CloudFront: requests and data out',
  'AWS::CloudFront::Function': 'CloudFront Functions: per invocation (every request runs one)',
  'AWS::CloudFront::CachePolicy': 'free: a setting of the distribution',
  'AWS::CloudFront::OriginRequestPolicy': 'free: a setting of the distribution',
  'AWS::CloudFront::ResponseHeadersPolicy': 'free: a setting of the distribution',
  'AWS::CloudFront::OriginAccessControl': 'free: a setting of the distribution',
  'AWS::S3::Bucket': 'S3: storage and writes (site, logs, profile photos)',
  'AWS::S3::BucketPolicy': 'free: a policy',
  'AWS::WAFv2::WebACL': 'AWS WAF: the web ACL, its rules, per request',
  'AWS::CloudWatch::Alarm': 'CloudWatch alarms: per metric an alarm reads',
  'AWS::CloudWatch::Dashboard': 'CloudWatch dashboard: per dashboard (3 free per account)',
  'AWS::SecretsManager::Secret': 'Secrets Manager: per secret',
  'AWS::SES::ConfigurationSet': 'SES: per email sent (the configuration set itself is free)',
  'AWS::SNS::Topic': 'SNS: alarm emails (the first 1,000 a month are free)',
  'AWS::SNS::Subscription': 'free: part of the topic',
  'AWS::SNS::TopicPolicy': 'free: a policy',
  'AWS::SQS::Queue': 'SQS: dead-letter queues, empty unless a job fails (per request)',
  'AWS::SQS::QueuePolicy': 'free: a policy',
  'AWS::Events::Rule': 'free: scheduled EventBridge rules and their Lambda targets cost nothing',
  'AWS::Budgets::Budget': 'free: the first two budgets of an account',
  'AWS::SSM::Parameter': 'free: standard parameters',
  'AWS::IAM::Role': 'free: IAM',
  'AWS::IAM::Policy': 'free: IAM',
  'AWS::CloudFormation::Stack': 'free: CloudFormation (the route groups’ nested stacks)',
  'AWS::CDK::Metadata': 'free: CDK’s version note',
  'Custom::AWS': 'free: one SDK call per deployment (the web ACL’s ARN)',
  'Custom::FailedCreateRelease':
    'free: a Lambda call when its stack is created or deleted (decision 170), within Lambda’s line',
  'Custom::CDKBucketDeployment': 'free: copies the site at deploy time',
  'Custom::S3AutoDeleteObjects': 'free: empties the site bucket when its stack is deleted',
};

/** The JSON of a template, as synthesized. */
export interface TemplateJson {
  Resources?: Record<
    string,
    { Type: string; Properties?: Record<string, unknown>; Condition?: string }
  >;
}

export interface Inventory {
  /** Resources by type, over all templates. */
  types: Map<string, number>;
  /** Metrics the alarms read (a metric-math alarm reads several); by whether the alarm exists in every region. */
  alarmMetrics: number;
  alarmMetricsUsEast1: number;
  dashboards: number;
  secrets: number;
  wafAcls: number;
  wafRules: number;
  cloudFrontFunctions: number;
  /** Lambda functions with active tracing. */
  tracedFunctions: number;
  /**
   * HTTP API routes: each has a 4xx and a 5xx metric (dimension `route`); a HEAD route shares
   * its GET route's.
   */
  routes: number;
}

export function inventoryOf(templates: readonly TemplateJson[]): Inventory {
  const inv: Inventory = {
    types: new Map(),
    alarmMetrics: 0,
    alarmMetricsUsEast1: 0,
    dashboards: 0,
    secrets: 0,
    wafAcls: 0,
    wafRules: 0,
    cloudFrontFunctions: 0,
    tracedFunctions: 0,
    routes: 0,
  };
  for (const t of templates) {
    for (const r of Object.values(t.Resources ?? {})) {
      inv.types.set(r.Type, (inv.types.get(r.Type) ?? 0) + 1);
      const p = (r.Properties ?? {}) as {
        Metrics?: { MetricStat?: unknown }[];
        Rules?: unknown[];
        TracingConfig?: { Mode?: string };
        RouteKey?: string;
      };
      switch (r.Type) {
        case 'AWS::CloudWatch::Alarm': {
          const metrics = Array.isArray(p.Metrics)
            ? p.Metrics.filter((m) => m.MetricStat).length
            : 1;
          if (r.Condition) inv.alarmMetricsUsEast1 += metrics;
          else inv.alarmMetrics += metrics;
          break;
        }
        case 'AWS::CloudWatch::Dashboard':
          inv.dashboards++;
          break;
        case 'AWS::SecretsManager::Secret':
          inv.secrets++;
          break;
        case 'AWS::WAFv2::WebACL':
          inv.wafAcls++;
          inv.wafRules += Array.isArray(p.Rules) ? p.Rules.length : 0;
          break;
        case 'AWS::CloudFront::Function':
          inv.cloudFrontFunctions++;
          break;
        case 'AWS::Lambda::Function':
          if (p.TracingConfig?.Mode === 'Active') inv.tracedFunctions++;
          break;
        case 'AWS::ApiGatewayV2::Route':
          // A HEAD route answers with its GET route's function and counts under its id.
          if (!String(p.RouteKey ?? '').startsWith('HEAD ')) inv.routes++;
          break;
      }
    }
  }
  return inv;
}

export interface CostOptions {
  jobs: readonly JobDef[];
  featurePlan: FeaturePlan;
  /** Whether the jobs are traced (they were before decision 138). */
  jobTracing: boolean;
  /** Whether Lambda's platform lines are kept (INFO) or dropped (WARN). */
  platformLogs: boolean;
  /** Whether the route functions are traced (Lambda's sampling). */
  apiTracing: boolean;
  /** The region: the CloudFront alarm exists in us-east-1 only. */
  region: string;
}

const HOURS_PER_MONTH = (365.25 * 24) / 12;
const SECONDS_PER_MONTH = HOURS_PER_MONTH * 3600;

/** One line of the table: the service and its monthly cost at a number of active users. */
export interface CostRow {
  service: string;
  cost: number;
}

/** The month's cost by service for `users` active users (0: the floor). */
export function monthlyCost(
  inv: Inventory,
  users: number,
  o: CostOptions,
  U: Usage = USAGE,
): CostRow[] {
  const P = PRICES;
  const calls = users * U.screensPerUserMonth * U.apiCallsPerScreen;
  const cfRequests = calls + users * U.siteRequestsPerUserMonth;

  // The jobs: their runs, whatever the traffic.
  let jobInvocations = 0;
  let jobGbSeconds = 0;
  let jobReads = 0;
  let jobWrites = 0;
  let jobLogGb = 0;
  let jobMetricHours = 0;
  for (const job of o.jobs) {
    const runs = runsPerMonth(job);
    const profile = JOB_PROFILES[job.id] ?? { ms: 1000, readUnits: 10, writeUnits: 10, logKb: 2 };
    jobInvocations += runs;
    jobGbSeconds += runs * (profile.ms / 1000) * U.lambdaGb;
    jobReads += runs * profile.readUnits;
    jobWrites += runs * profile.writeUnits;
    jobLogGb +=
      (runs * (profile.logKb + (o.platformLogs ? U.platformLogKbPerInvocation : 0))) / 1e6;
    // A job's metrics are sent in every hour it runs.
    const hours = job.sessionOnly ? (runsPerMonth(job) * job.everyMinutes) / 60 : HOURS_PER_MONTH;
    jobMetricHours += JOB_METRICS.perJob * hours;
  }
  const jobHours = Math.max(
    ...o.jobs.map((j) =>
      j.sessionOnly ? (runsPerMonth(j) * j.everyMinutes) / 60 : HOURS_PER_MONTH,
    ),
  );
  jobMetricHours += JOB_METRICS.shared * jobHours;

  const lambdaApi =
    calls * P.lambdaRequest + calls * (U.lambdaMsPerCall / 1000) * U.lambdaGb * P.lambdaGbSecond;
  const lambdaJobs = jobInvocations * P.lambdaRequest + jobGbSeconds * P.lambdaGbSecond;

  const dynamoRequests = calls * U.dynamoRequestsPerCall;
  const tableGb = ((users * U.tableKbPerUser) / 1e6 + 0.01) * (1 + U.dynamoIndexedShare);
  const dynamo =
    dynamoRequests * (1 - U.dynamoWriteShare) * readUnitsPerRead(U) * P.dynamoReadUnit +
    dynamoRequests * U.dynamoWriteShare * writeUnitsPerWrite(U) * P.dynamoWriteUnit +
    jobReads * P.dynamoReadUnit +
    jobWrites * P.dynamoWriteUnit +
    tableGb * (P.dynamoStorageGbMonth + P.dynamoPitrGbMonth);

  const apiLogGbMonth =
    (calls * (U.logKbPerCall + (o.platformLogs ? U.platformLogKbPerInvocation : 0))) / 1e6;
  // Storage in the steady state: the months of logs kept, each month's as written.
  const logs =
    (apiLogGbMonth + jobLogGb) * P.logsIngestGb +
    apiLogGbMonth * (U.apiLogRetentionDays / 30.44) * P.logsStorageGbMonth +
    jobLogGb * 3 * P.logsStorageGbMonth;

  // A route's 4xx (or 5xx) metric is sent, and billed, in the hours with one such answer: the
  // share of a month's route-hours with at least one, for answers spread evenly over them.
  const hoursWithOne = (share: number) =>
    inv.routes === 0
      ? 0
      : inv.routes * (1 - Math.exp(-(calls * share) / inv.routes / HOURS_PER_MONTH));
  const routeMetricMonths = hoursWithOne(U.responses4xxShare) + hoursWithOne(U.responses5xxShare);
  const metrics =
    (jobMetricHours / HOURS_PER_MONTH) * P.customMetricMonth +
    routeMetricMonths * P.customMetricMonth;

  // Secret reads (each one a KMS decrypt too) and DynamoDB's table-key requests to KMS.
  const jobRuns = o.jobs.reduce((n, j) => n + runsPerMonth(j), 0);
  const secretReads = calls * U.secretReadsPerCall + jobRuns * U.secretReadsPerJobRun;
  const busyFunctionHours =
    (users > 0 ? U.xrayBusyRouteFunctions * HOURS_PER_MONTH * U.xrayBusyShareOfMonth : 0) +
    o.jobs.reduce(
      (n, j) => n + (j.sessionOnly ? (runsPerMonth(j) * j.everyMinutes) / 60 : HOURS_PER_MONTH),
      0,
    );
  const kmsRequests = secretReads + busyFunctionHours * U.dynamoKmsRequestsPerBusyFunctionHour;

  // Lambda's sampling: up to one trace a second per busy function, then 5% of the rest.
  const reservoir = U.xrayBusyRouteFunctions * SECONDS_PER_MONTH * U.xrayBusyShareOfMonth;
  const apiTraces = o.apiTracing
    ? Math.min(calls, reservoir) + 0.05 * Math.max(0, calls - reservoir)
    : 0;
  const xray = (apiTraces + (o.jobTracing ? jobInvocations : 0)) * P.xrayTrace;

  const cognitoMau = Math.max(0, users - P.cognitoFreeMau[o.featurePlan]);
  const alarms =
    (inv.alarmMetrics + (o.region === 'us-east-1' ? inv.alarmMetricsUsEast1 : 0)) *
    P.alarmMetricMonth;

  const rows: CostRow[] = [
    { service: 'Lambda: API routes', cost: lambdaApi },
    { service: 'Lambda: scheduled jobs', cost: lambdaJobs },
    { service: 'API Gateway HTTP API', cost: calls * P.httpApiRequest },
    { service: 'DynamoDB (on demand by size, transactions, index; storage, PITR)', cost: dynamo },
    {
      service: 'CloudFront (requests, data out)',
      cost: cfRequests * P.cloudFrontRequest + users * U.siteGbPerUserMonth * P.cloudFrontGb,
    },
    {
      service: 'CloudFront Functions',
      cost: inv.cloudFrontFunctions > 0 ? cfRequests * P.cloudFrontFunctionInvocation : 0,
    },
    {
      service: 'S3 (site, logs, photos)',
      cost: (0.01 + (users * U.s3MbPerUser) / 1e3) * P.s3StorageGbMonth + 5000 * P.s3Put,
    },
    {
      service: `Cognito (${o.featurePlan[0]!.toUpperCase()}${o.featurePlan.slice(1)})`,
      cost: cognitoMau * P.cognitoMau[o.featurePlan],
    },
    {
      service: 'AWS WAF',
      cost:
        inv.wafAcls * P.wafWebAcl +
        inv.wafRules * P.wafRule +
        (inv.wafAcls > 0 ? cfRequests * P.wafRequest : 0),
    },
    { service: 'CloudWatch Logs', cost: logs },
    { service: 'CloudWatch custom metrics', cost: metrics },
    { service: 'CloudWatch alarms', cost: alarms },
    { service: 'CloudWatch dashboard', cost: inv.dashboards * P.dashboardMonth },
    { service: 'X-Ray', cost: xray },
    {
      service: 'Secrets Manager (secrets, API calls)',
      cost: inv.secrets * P.secretMonth + secretReads * P.secretApiCall,
    },
    { service: 'KMS (requests to AWS-managed keys)', cost: kmsRequests * P.kmsRequest },
    { service: 'SES', cost: users * U.emailsPerUserMonth * P.sesEmail },
    { service: 'SNS, SQS, EventBridge, Budgets, SSM, IAM', cost: 0 },
  ];
  return rows;
}

export const total = (rows: readonly CostRow[]): number => rows.reduce((n, r) => n + r.cost, 0);

/** The table's columns: the floor (no user) and these numbers of active users. */
export const COST_USER_COUNTS = [10, 1_000, 100_000] as const;

/** Dollars as the table writes them: cents below $100, whole dollars from there. */
export const usd = (v: number): string =>
  v >= 100 ? `$${Math.round(v).toLocaleString('en-US')}` : `$${v.toFixed(2)}`;

/**
 * The month's cost as a Markdown table: a row per service, a column for the floor and for each
 * of COST_USER_COUNTS, then the total and the cost per user. The README holds this table as
 * `npm run bench -- cost` prints it (infra/cost.test.ts compares them).
 */
export function costTable(inv: Inventory, o: CostOptions): string {
  const columns = [0, ...COST_USER_COUNTS].map((users) => monthlyCost(inv, users, o));
  const head = `| service | no user (floor) | ${COST_USER_COUNTS.map((n) => `${n.toLocaleString('en-US')} users`).join(' | ')} |`;
  const lines = [head, `| --- | ${columns.map(() => '---:').join(' | ')} |`];
  for (const [i, row] of columns[0]!.entries())
    lines.push(`| ${row.service} | ${columns.map((c) => usd(c[i]!.cost)).join(' | ')} |`);
  lines.push(`| **total a month** | ${columns.map((c) => `**${usd(total(c))}**`).join(' | ')} |`);
  lines.push(
    `| per active user | - | ${COST_USER_COUNTS.map((n, i) => `$${(total(columns[i + 1]!) / n).toFixed(4)}`).join(' | ')} |`,
  );
  return lines.join('\n');
}

/** The deployment cdk.json describes, its templates synthesized (no bundling), and the table's options. */
export function deploymentCost(extraContext: Record<string, unknown> = {}): {
  templates: TemplateJson[];
  options: CostOptions;
} {
  const context = (
    JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
      context: Record<string, unknown>;
    }
  ).context;
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'mr-market-cost-'));
  try {
    const built = buildApp({
      context: { ...context, ...extraContext, 'aws:cdk:bundling-stacks': [] },
      outdir,
      builtinCloudFormationValidation: false,
    });
    const templates = built.app.node
      .findAll()
      .filter((c): c is Stack => Stack.isStack(c))
      .map((s) => Template.fromStack(s).toJSON() as TemplateJson);
    return {
      templates,
      options: {
        jobs: JOBS,
        featurePlan: built.config.userPoolFeaturePlan,
        jobTracing: false,
        platformLogs: false,
        apiTracing: true,
        region: 'us-east-1',
      },
    };
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}
