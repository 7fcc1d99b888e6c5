import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './constructs/house-function';
import {
  PRICES,
  RESOURCE_COSTS,
  costTable,
  deploymentCost,
  inventoryOf,
  monthlyCost,
  readUnitsPerRead,
  total,
  usd,
  USAGE,
  writeUnitsPerWrite,
  type CostOptions,
  type Usage,
  type TemplateJson,
} from './cost';
import { JOBS } from './jobs';
import { operatorContext } from './lint/cfn-lint';

/**
 * The cost table counts every service the templates create (decision 139): each resource type
 * of the app, with cdk.json's context and with the README's production context, is priced or
 * said to be free, and the README quotes the table the bench prints.
 */
let plain: { templates: TemplateJson[]; options: CostOptions };
let production: { templates: TemplateJson[]; options: CostOptions };

beforeAll(() => {
  plain = deploymentCost();
  production = deploymentCost(operatorContext());
}, 240_000);

describe('the cost table', () => {
  it('prices or explains every resource type the templates create', () => {
    const types = new Set(
      [plain, production].flatMap((d) => [...inventoryOf(d.templates).types.keys()]),
    );
    expect(types.size).toBeGreaterThan(30);
    expect([...types].filter((t) => !(t in RESOURCE_COSTS))).toEqual([]);
    // A new type is caught.
    const withNew = inventoryOf([{ Resources: { X: { Type: 'AWS::EC2::NatGateway' } } }]);
    expect([...withNew.types.keys()].filter((t) => !(t in RESOURCE_COSTS))).toEqual([
      'AWS::EC2::NatGateway',
    ]);
  });

  it('counts the fixed services from the templates: four secrets, the web ACL and its five rules, one dashboard', () => {
    const inv = inventoryOf(plain.templates);
    expect(inv.secrets).toBe(4);
    expect([inv.wafAcls, inv.wafRules]).toEqual([1, 5]);
    expect(inv.dashboards).toBe(1);
    expect(inv.alarmMetricsUsEast1).toBe(1);
    // Every route function (one integration each) and the sign-in trigger are traced; no job is.
    expect(inv.tracedFunctions).toBe(inv.types.get('AWS::ApiGatewayV2::Integration')! + 1);
  });

  it('lowers the floor by running the jobs around the session only, untraced, without platform lines', () => {
    const inv = inventoryOf(plain.templates);
    const now = total(monthlyCost(inv, 0, plain.options));
    const before = total(
      monthlyCost(inv, 0, {
        ...plain.options,
        jobs: JOBS.map((j) => ({ ...j, sessionOnly: false })),
        jobTracing: true,
        platformLogs: true,
      }),
    );
    expect(now).toBeLessThan(before - 3);
    // The web ACL's $10 a month, and the dashboard's $3, are in the floor.
    expect(now).toBeGreaterThan(PRICES.wafWebAcl + 5 * PRICES.wafRule + PRICES.dashboardMonth);
  });

  it("prices Cognito per active user past the plan's free 10,000", () => {
    const inv = inventoryOf(plain.templates);
    const cognito = (plan: CostOptions['featurePlan'], users: number) =>
      monthlyCost(inv, users, { ...plain.options, featurePlan: plan }).find((r) =>
        r.service.startsWith('Cognito'),
      )!.cost;
    expect(cognito('essentials', 100_000)).toBeCloseTo(1350, 6);
    expect(cognito('lite', 100_000)).toBeCloseTo(495, 6);
    expect(cognito('lite', 1000)).toBe(0);
    expect(plain.options.featurePlan).toBe('lite');
  });

  it('prices DynamoDB by item size, transactions at 2 units a KB, and the index projecting every attribute', () => {
    // 2 items of 1.5 KB: 2 units each; 80% in transactions (twice); 25% again on the index.
    expect(writeUnitsPerWrite()).toBeCloseTo(2 * 2 * 1.8 * 1.25, 10);
    expect(
      writeUnitsPerWrite({ ...USAGE, dynamoTransactionalShare: 0, dynamoIndexedShare: 0 }),
    ).toBe(4);
    expect(readUnitsPerRead()).toBe(2);
    expect(readUnitsPerRead({ ...USAGE, dynamoReadKb: 4 })).toBe(1);
    const inv = inventoryOf(plain.templates);
    const dynamo = (usage: Partial<Usage>) =>
      monthlyCost(inv, 100_000, plain.options, { ...USAGE, ...usage }).find((r) =>
        r.service.startsWith('DynamoDB'),
      )!.cost;
    expect(dynamo({})).toBeGreaterThan(
      dynamo({ dynamoTransactionalShare: 0, dynamoIndexedShare: 0 }) * 1.25,
    );
  });

  it("counts each route's 4xx and 5xx metrics, billed in the hours they are sent", () => {
    const inv = inventoryOf(plain.templates);
    // A HEAD route sends its GET route's metrics (the same function, the same route id).
    const heads = plain.templates
      .flatMap((t) => Object.values(t.Resources ?? {}))
      .filter(
        (r) =>
          r.Type === 'AWS::ApiGatewayV2::Route' &&
          String((r.Properties as { RouteKey?: string }).RouteKey).startsWith('HEAD '),
      ).length;
    expect(heads).toBeGreaterThan(10);
    expect(inv.routes).toBe(inv.types.get('AWS::ApiGatewayV2::Route')! - heads);
    const metrics = (users: number) =>
      monthlyCost(inv, users, plain.options).find((r) => r.service.startsWith('CloudWatch custom'))!
        .cost;
    const floor = metrics(0);
    // At 100,000 users nearly every route sends both in nearly every hour.
    expect(metrics(100_000) - floor).toBeGreaterThan(
      2 * inv.routes * PRICES.customMetricMonth * 0.95,
    );
    expect(metrics(100_000) - floor).toBeLessThanOrEqual(2 * inv.routes * PRICES.customMetricMonth);
    expect(metrics(1000)).toBeGreaterThan(floor);
  });

  it('prices the API calls of Secrets Manager and KMS', () => {
    const inv = inventoryOf(plain.templates);
    const row = (users: number, name: string) =>
      monthlyCost(inv, users, plain.options).find((r) => r.service.startsWith(name))!.cost;
    expect(row(0, 'Secrets Manager')).toBeCloseTo(inv.secrets * PRICES.secretMonth, 1);
    expect(row(100_000, 'Secrets Manager')).toBeGreaterThan(inv.secrets * PRICES.secretMonth + 1);
    expect(row(100_000, 'KMS')).toBeGreaterThan(row(0, 'KMS'));
  });

  it('is quoted by decisions 138 and 139 and the runbook as the model prints it', () => {
    const inv = inventoryOf(plain.templates);
    const at = (users: number, o: Partial<CostOptions> = {}) =>
      total(monthlyCost(inv, users, { ...plain.options, ...o }));
    const floor = at(0);
    const saving =
      at(0, {
        jobs: JOBS.map((j) => ({ ...j, sessionOnly: false })),
        jobTracing: true,
        platformLogs: true,
      }) - floor;
    const read = (file: string) =>
      fs.readFileSync(path.join(REPO_ROOT, file), 'utf8').replace(/\s+/g, ' ');
    const d138 = read('docs/decisions/138-jobs-around-the-session.md');
    expect(d138).toContain(`the floor is ${usd(floor)} a month, ${usd(saving)} less`);
    const d139 = read('docs/decisions/139-cost-model-and-cognito-plan.md');
    expect(d139).toContain(
      `a floor of ${usd(floor)} a month, ${usd(at(1000))} at 1,000 users, ${usd(at(100_000))} at 100,000 ($${(at(100_000) / 100_000).toFixed(4)} a user; Essentials would be ${usd(at(100_000, { featurePlan: 'essentials' }))})`,
    );
    expect(read('README.md')).toContain(`which lowered the floor by ${usd(saving)} a month`);
    expect(read('docs/runbook.md')).toContain(
      `about $${Math.round(floor)} with no user, $${Math.round(at(1000))} at 1,000 active users`,
    );
  });

  it('is quoted in the README as the bench prints it', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const quoted = /<!-- cost-table -->([\s\S]*?)<!-- \/cost-table -->/.exec(readme)?.[1] ?? '';
    // Cell by cell: the formatter pads the README's columns.
    const cells = (md: string) =>
      md
        .trim()
        .split('\n')
        .filter((line) => !/^\|[\s:|-]+\|$/.test(line))
        .map((line) =>
          line
            .replace(/^\||\|$/g, '')
            .split('|')
            .map((c) => c.trim()),
        );
    const printed = cells(costTable(inventoryOf(plain.templates), plain.options));
    expect(printed.length).toBeGreaterThan(15);
    expect(cells(quoted)).toEqual(printed);
  });
});
