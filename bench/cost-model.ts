/**
 * The monthly cost table (infra/cost.ts) for the deployment cdk.json describes, in us-east-1:
 * the floor with no user and the cost at 10, 1,000 and 100,000 active users, every service the
 * templates create counted; then the floor as it was before the jobs ran only around the
 * session, untraced, with Lambda's platform lines dropped (decision 138), and the 100,000-user
 * total on each Cognito plan.
 */
import {
  COST_USER_COUNTS,
  costTable,
  deploymentCost,
  inventoryOf,
  monthlyCost,
  total,
} from '../infra/cost';
import { JOBS } from '../infra/jobs';
import { type Report, info } from './lib';

export function run(report: Report): void {
  const { templates, options } = deploymentCost();
  const inv = inventoryOf(templates);
  console.log(
    `Inventory: ${[...inv.types.values()].reduce((a, b) => a + b, 0)} resources of ${inv.types.size} types in ${templates.length} templates`,
  );
  console.log(costTable(inv, options));
  const floor = total(monthlyCost(inv, 0, options));
  const before = total(
    monthlyCost(inv, 0, {
      ...options,
      jobs: JOBS.map((j) => ({ ...j, sessionOnly: false })),
      jobTracing: true,
      platformLogs: true,
    }),
  );
  console.log(
    `Floor: $${floor.toFixed(2)} a month (jobs every minute around the clock, traced, with platform logs: $${before.toFixed(2)})`,
  );
  report(
    info('cost', 'monthly floor (no user)', `$${floor.toFixed(2)} (was $${before.toFixed(2)})`),
  );
  for (const users of COST_USER_COUNTS) {
    const t = total(monthlyCost(inv, users, options));
    report(
      info(
        'cost',
        `monthly cost, ${users.toLocaleString('en-US')} active users`,
        `$${t.toFixed(2)} ($${(t / users).toFixed(4)} per user)`,
      ),
    );
  }
  for (const plan of ['lite', 'essentials', 'plus'] as const) {
    const t = total(monthlyCost(inv, 100_000, { ...options, featurePlan: plan }));
    console.log(`100,000 users on Cognito ${plan}: $${t.toFixed(0)} a month`);
  }
}
