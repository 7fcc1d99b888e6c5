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
  total,
  type CostOptions,
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
