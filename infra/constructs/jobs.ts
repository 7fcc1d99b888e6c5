import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { JobDef } from '../jobs';
import { grantNeeds, type NeedResources } from './grants';
import { HouseFunction } from './house-function';

export interface JobsProps {
  jobs: readonly JobDef[];
  resources: NeedResources;
  logRetentionDays: number;
  /** Reserve JOB_CONCURRENCY instances for each job (and cap it there). */
  reservedConcurrency: boolean;
}

/** How long a failed run's event waits in its dead-letter queue (SQS's maximum). */
export const JOB_DLQ_RETENTION = Duration.days(14);

/**
 * Instances each job may run at once (and has reserved): a run and the next one overlapping at
 * most, so a slow job never takes instances from the API, nor the API from the jobs.
 */
export const JOB_CONCURRENCY = 2;

/**
 * Scheduled jobs (infra/jobs.ts): one function and one EventBridge rate rule each. EventBridge
 * invokes the function asynchronously, so each job has one dead-letter queue (encrypted,
 * TLS-only, kept 14 days) that receives both the events the rule could not deliver and the
 * runs that still failed after Lambda's asynchronous retries.
 */
export class Jobs extends Construct {
  readonly functions = new Map<string, HouseFunction>();
  readonly rules = new Map<string, events.Rule>();
  readonly deadLetterQueues = new Map<string, sqs.Queue>();

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);

    for (const job of props.jobs) {
      const deadLetterQueue = new sqs.Queue(this, `${job.id}DeadLetters`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: JOB_DLQ_RETENTION,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      this.deadLetterQueues.set(job.id, deadLetterQueue);
      Validations.of(deadLetterQueue).acknowledge({
        id: 'Serverless-SQSRedrivePolicy',
        reason: `This queue is the dead-letter queue of the ${job.id} job: it is read by an operator, never by a consumer, so a dead-letter queue of its own would never receive anything.`,
      });

      const fn = new HouseFunction(this, job.id, {
        handler: job.handler,
        description: `Every ${job.everyMinutes} min: ${job.summary}`.slice(0, 256),
        logRetentionDays: props.logRetentionDays,
        ...(props.reservedConcurrency ? { reservedConcurrency: JOB_CONCURRENCY } : {}),
        timeout: Duration.seconds(Math.min(50 * job.everyMinutes, 300)),
        deadLetterQueue,
      });
      grantNeeds(fn, job.needs, props.resources);
      this.functions.set(job.id, fn);

      const rule = new events.Rule(this, `${job.id}Schedule`, {
        description: job.summary,
        schedule: events.Schedule.rate(Duration.minutes(job.everyMinutes)),
      });
      rule.addTarget(new targets.LambdaFunction(fn.fn, { retryAttempts: 0, deadLetterQueue }));
      this.rules.set(job.id, rule);
    }
  }
}
