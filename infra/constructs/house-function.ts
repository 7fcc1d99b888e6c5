import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpSync } from 'node:fs';
import { AssetHashType, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { HANDLER_BUILD_OPTIONS, handlerBundleDir } from './bundles';

/** Repository root (this file is infra/constructs/house-function.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const HOUSE_RUNTIME = lambda.Runtime.NODEJS_24_X;

export interface HouseFunctionProps {
  /** Handler module under `functions/` without extension, exporting `handler` (e.g. `api/health`). */
  handler: string;
  description?: string;
  environment?: Record<string, string>;
  logRetentionDays: number;
  /**
   * Keep the log group when the stack is deleted (the API's and sign-in logs: an audit trail).
   * A failed first deployment still takes it back (it holds nothing yet).
   */
  retainLogs?: boolean;
  /**
   * Active X-Ray tracing, which Lambda samples at its fixed rate (the first request of each
   * second, then 5%). Default true; the scheduled jobs turn it off (decision 138).
   */
  traced?: boolean;
  /** Instances reserved for it, and its cap (absent: it shares the account's pool). */
  reservedConcurrency?: number;
  timeout?: Duration;
  memorySize?: number;
  /**
   * Where Lambda puts the events of asynchronous invocations that still fail after its
   * retries. Only for asynchronously invoked functions (the scheduled jobs); API routes and
   * Cognito triggers are invoked synchronously and answer their caller with the error.
   */
  deadLetterQueue?: sqs.IQueue;
}

/**
 * The one Lambda function shape of the house: Node.js 24 on arm64, bundled by esbuild
 * (minified, ESM, source maps, the AWS SDK clients it uses included, environment credentials;
 * every handler of the app in one esbuild run, infra/constructs/bundles.ts), its own log group
 * with a retention, active tracing and a role that may write only to that log group. Grants are
 * added by the caller with grant*().
 */
export class HouseFunction extends Construct {
  readonly fn: lambda.Function;
  readonly logGroup: logs.LogGroup;
  readonly role: iam.Role;
  /** The handler module it runs (under `functions/`). */
  readonly handlerModule: string;

  constructor(scope: Construct, id: string, props: HouseFunctionProps) {
    super(scope, id);
    this.handlerModule = props.handler;
    const traced = props.traced ?? true;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetentionDays as logs.RetentionDays,
      removalPolicy: props.retainLogs
        ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE
        : RemovalPolicy.DESTROY,
    });

    // An own role instead of the AWSLambdaBasicExecutionRole managed policy: logs go to this
    // function's log group only.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.handler}`,
    });
    this.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );

    this.fn = new lambda.Function(this, 'Fn', {
      code: handlerCode(props.handler),
      handler: 'index.handler',
      runtime: HOUSE_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      description: props.description,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      // Lambda's own START, END and REPORT lines are INFO: not kept (decision 138). Its
      // warnings and errors (timeouts, crashes) are; duration and memory are Lambda's metrics.
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      tracing: traced ? lambda.Tracing.ACTIVE : lambda.Tracing.DISABLED,
      ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}),
      ...(props.reservedConcurrency !== undefined
        ? { reservedConcurrentExecutions: props.reservedConcurrency }
        : {}),
      // Node maps stack traces through the bundle's source map only when asked to; the bench's
      // cold-start figures are measured with the same flag.
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
    });

    if (traced) {
      Validations.of(this.role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permissions, so AWS requires Resource "*" for them.',
      });
    } else {
      Validations.of(this).acknowledge({
        id: 'Serverless-LambdaTracing',
        reason:
          'A scheduled job: its runs, failures and durations are custom metrics with alarms, its errors are in its log group; a trace of the same calls every minute would only add cost (decision 138).',
      });
    }
  }
}

/**
 * A handler's code asset: its folder of the app's one esbuild run (infra/constructs/bundles.ts),
 * hashed by its content. Bundling is local only (esbuild is a dev dependency); the image is
 * the runtime's build image, which the CDK requires to be named and never pulls here. When the
 * CDK skips bundling (unit tests' `aws:cdk:bundling-stacks: []`), nothing is built.
 */
function handlerCode(handler: string): lambda.Code {
  return lambda.Code.fromAsset(path.join(REPO_ROOT, 'functions'), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: HOUSE_RUNTIME.bundlingImage,
      // Part of the asset's identity: a change of the build options is a new bundle.
      command: ['esbuild', JSON.stringify({ handler, ...HANDLER_BUILD_OPTIONS })],
      local: {
        tryBundle(outputDir: string): boolean {
          cpSync(handlerBundleDir(handler), outputDir, { recursive: true });
          return true;
        },
      },
    },
  });
}
