import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, CfnResource, RemovalPolicy, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { ROUTES } from '../shared/routes';
import { readInfraConfig, type InfraConfig } from './config';
import { groupRoutes, type RouteGroup } from './constructs/api';
import { acknowledge } from './constructs/nag';
import { JOBS, type JobDef } from './jobs';
import { EdgeStack } from './stacks/edge-stack';
import { StatefulStack } from './stacks/stateful-stack';
import { StatelessStack } from './stacks/stateless-stack';

/** Resource types the project tag is left off (decision 135). */
export const UNTAGGED_RESOURCE_TYPES = ['AWS::CloudWatch::Dashboard'];

export interface BuildAppOptions {
  /** Context values (tests pass cdk.json's context here; the CLI passes it through the environment). */
  context?: Record<string, unknown>;
  outdir?: string;
  /** aws-cdk-lib's built-in CloudFormation validator (default on; tests turn it off for speed). */
  builtinCloudFormationValidation?: boolean;
  /** The routes by group (default: the route table, grouped by its files). */
  routeGroups?: readonly RouteGroup[];
  jobs?: readonly JobDef[];
  /** The account and region the CDK CLI deploys to (CDK_DEFAULT_ACCOUNT/REGION); none in tests. */
  cliEnvironment?: { account?: string | undefined; region?: string | undefined };
}

export interface BuiltApp {
  app: App;
  config: InfraConfig;
  stateful: StatefulStack;
  stateless: StatelessStack;
  /** The web ACL's stack in us-east-1; absent when edgeFirewall is off. */
  edge?: EdgeStack;
  nag: AwsSolutionsChecks;
  serverlessNag: ServerlessChecks;
}

/**
 * The whole cloud side: a stateful stack (user pool, table, buckets, secret) and a stateless
 * one (HTTP API, schedules, site) whose route functions sit in one nested stack per route
 * group, so no template nears CloudFormation's 500 resources. The environment (account,
 * region) comes from the deploying credentials: the stacks are environment-agnostic. cdk-nag's
 * AwsSolutions and Serverless packs run on every synth; an unacknowledged finding fails it.
 */
export function buildApp(options: BuildAppOptions = {}): BuiltApp {
  const app = new App({
    ...(options.context ? { context: options.context } : {}),
    ...(options.outdir ? { outdir: options.outdir } : {}),
    ...(options.builtinCloudFormationValidation === false
      ? { builtinCloudFormationValidation: false }
      : {}),
  });
  const config = readInfraConfig((key) => app.node.tryGetContext(key), {
    account: options.cliEnvironment?.account,
    region: options.cliEnvironment?.region,
  });

  const stateful = new StatefulStack(app, 'MrMarketStateful', {
    description: 'Mr. Market: accounts, table, profile images, market-data key (retained)',
    config,
  });
  const edge = config.edgeFirewall
    ? new EdgeStack(app, 'MrMarketEdge', {
        description: 'Mr. Market: AWS WAF web ACL of the site (us-east-1, as CloudFront requires)',
      })
    : undefined;
  const stateless = new StatelessStack(app, 'MrMarketStateless', {
    description: 'Mr. Market: API functions, HTTP API, scheduled jobs, web site',
    config,
    stateful,
    ...(edge ? { edge } : {}),
    routeGroups: options.routeGroups ?? groupRoutes(ROUTES),
    jobs: options.jobs ?? JOBS,
  });
  // Not on the dashboard: Tags on AWS::CloudWatch::Dashboard is newer than some partitions'
  // and the CloudFormation linter's resource schemas, and a dashboard has no cost to allocate
  // (decision 135).
  Tags.of(app).add('project', 'mr-market', { excludeResourceTypes: UNTAGGED_RESOURCE_TYPES });

  acknowledgeCdkProviders(app);
  const nag = new AwsSolutionsChecks(app);
  const serverlessNag = new ServerlessChecks(app);
  Validations.of(app).addPlugins(nag, serverlessNag);
  return { app, config, stateful, stateless, ...(edge ? { edge } : {}), nag, serverlessNag };
}

/**
 * The Lambda that BucketDeployment adds once per stack is CDK's own code, run by
 * CloudFormation at deploy time only (its AwsSolutions findings are acknowledged with the site).
 */
function acknowledgeCdkProviders(app: App): void {
  const providers = app.node
    .findAll()
    .filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  const what =
    'CDK-managed BucketDeployment provider (copies the web build into the site bucket during a deployment);';
  for (const provider of providers) {
    // Its log group (a few lines per deployment) goes with the stack, and with a failed first
    // create: nothing of it is left behind.
    const logs = provider.node.tryFindChild('LogGroup')?.node.defaultChild;
    if (logs instanceof CfnResource) logs.applyRemovalPolicy(RemovalPolicy.DESTROY);
    acknowledge(
      provider,
      {
        id: 'Serverless-LambdaDLQ',
        reason: `${what} CloudFormation waits for its answer and fails the deployment when it fails, so a failure is seen at once and retried by deploying again.`,
      },
      {
        id: 'Serverless-LambdaTracing',
        reason: `${what} its settings are CDK's; it runs once per deployment, outside the request path that tracing follows.`,
      },
      {
        id: 'Serverless-LambdaLatestVersion',
        reason: `${what} CDK chooses its runtime (the one its bundled AWS CLI layer is built for) and updates it with aws-cdk-lib.`,
      },
    );
  }
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  buildApp({
    cliEnvironment: {
      account: process.env.CDK_DEFAULT_ACCOUNT,
      region: process.env.CDK_DEFAULT_REGION,
    },
  }).app.synth();
}
