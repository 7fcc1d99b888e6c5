/**
 * `npm run deploy [-- <cdk deploy options>]`: the pre-flight checks, the web build, then
 * `cdk deploy --all` (deployPlan in preflight.ts). With FMP_API_KEY in the environment, the
 * stateful stack goes first and the key is stored in the market-data secret before the
 * functions are deployed. Every step is told the account's Lambda concurrency limit
 * (reservedConcurrency `auto`), which is also kept in cdk.context.json for a later plain
 * `cdk deploy`. A failed first create rolls back completely whichever command ran it
 * (decision 170).
 *
 *   npm run deploy
 *   npm run deploy -- -c marketDataPlan=starter
 *   FMP_API_KEY=... npm run deploy -- --require-approval never     (CI, no terminal)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { concurrencyLimitKey } from '../config';
import { REPO_ROOT } from '../constructs/house-function';
import {
  STATEFUL_STACK,
  configFrom,
  contextArgs,
  deployPlan,
  gatherFacts,
  problemsOf,
  warningsOf,
} from './preflight';

const args = process.argv.slice(2);
const env = { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' };

/**
 * Keeps the limit read in cdk.context.json, where CDK keeps its own lookups: a later plain
 * `cdk deploy` to this account and region reserves as this deployment does (decision 170).
 */
function keepConcurrencyLimit(account: string, where: string, limit: number): void {
  const file = path.join(REPO_ROOT, 'cdk.context.json');
  const kept = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>)
    : {};
  const key = concurrencyLimitKey(account, where);
  if (kept[key] === limit) return;
  kept[key] = limit;
  fs.writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`);
}

function run(cmd: string, cmdArgs: string[]): void {
  const result = spawnSync(cmd, cmdArgs, { cwd: REPO_ROOT, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const region =
  process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? process.env.CDK_DEFAULT_REGION;
if (!region) {
  console.error('No AWS region: export AWS_REGION (for example AWS_REGION=us-east-1).');
  process.exit(1);
}
const cdkJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};
const context = { ...cdkJson.context, ...contextArgs(args) };
const config = configFrom(context);

if (!process.stdin.isTTY && !args.includes('--require-approval')) {
  console.error(
    'cdk deploy asks for approval of IAM and security-group changes, and there is no terminal to answer it.\n' +
      'In CI, pass it on: npm run deploy -- --require-approval never',
  );
  process.exit(1);
}

console.log(`Pre-flight checks (${region})...`);
const facts = await gatherFacts(config, { region });
const problems = problemsOf(config, context, facts);
for (const warning of warningsOf(facts, config)) console.warn(`  note: ${warning}`);
if (problems.length > 0) {
  console.error('\nThe deployment would fail. Fix these first:\n');
  for (const [i, p] of problems.entries()) console.error(`${i + 1}. ${p.what}\n   ${p.fix}\n`);
  process.exit(1);
}
console.log('  ok\n');
if (facts.lambdaConcurrency !== undefined && typeof facts.account === 'string')
  keepConcurrencyLimit(facts.account, region, facts.lambdaConcurrency);

run('npm', ['run', 'build:web']);
for (const step of deployPlan(config, facts, args)) {
  if ('cdk' in step) {
    run('npx', ['cdk', 'deploy', '--no-notices', ...step.cdk]);
    continue;
  }
  const stacks = await new CloudFormationClient({ region }).send(
    new DescribeStacksCommand({ StackName: STATEFUL_STACK }),
  );
  const arn = stacks.Stacks?.[0]?.Outputs?.find(
    (o) => o.OutputKey === 'MarketDataSecretArn',
  )?.OutputValue;
  if (!arn) throw new Error(`${STATEFUL_STACK} has no MarketDataSecretArn output`);
  await new SecretsManagerClient({ region }).send(
    new PutSecretValueCommand({ SecretId: arn, SecretString: process.env.FMP_API_KEY }),
  );
  console.log('The Financial Modeling Prep key is stored in the market-data secret.');
}
