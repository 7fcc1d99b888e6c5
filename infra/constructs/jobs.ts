import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SESSION_WINDOW_UTC, type JobDef } from '../jobs';
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
 * How long an event of a job may wait for an instance (throttled) before Lambda drops it to the
 * dead-letter queue: the job's own period, at least Lambda's minimum of a minute. A later run
 * does the same work from the current state; an old one would only overlap it.
 */
export function jobMaxEventAge(job: Pick<JobDef, 'everyMinutes'>): Duration {
  return Duration.seconds(Math.max(60, job.everyMinutes * 60));
}

/** How long a run may take: most of its period, five minutes at the most. */
export function jobTimeout(job: Pick<JobDef, 'everyMinutes'>): Duration {
  return Duration.seconds(Math.min(50 * job.everyMinutes, 300));
}

/** The job's EventBridge schedule: every `everyMinutes`, on weekdays in the session window. */
export function jobSchedule(job: Pick<JobDef, 'everyMinutes' | 'sessionOnly'>): events.Schedule {
  if (!job.sessionOnly) return events.Schedule.rate(Duration.minutes(job.everyMinutes));
  return events.Schedule.cron({
    minute: job.everyMinutes === 1 ? '*' : `0/${job.everyMinutes}`,
    hour: `${SESSION_WINDOW_UTC.fromHour}-${SESSION_WINDOW_UTC.toHour}`,
    weekDay: 'MON-FRI',
  });
}

/**
 * Scheduled jobs (infra/jobs.ts): one function and one EventBridge rule each, on weekdays
 * around the session (decision 138). EventBridge invokes the function asynchronously: a failed
 * run is not retried (the next run starts from the current state) and an event not run within
 * the job's period is dropped, so runs never pile up behind a slow one. Each job has one
 * dead-letter queue (encrypted, TLS-only, kept 14 days) that receives the events the rule could
 * not deliver, the failed runs and the dropped events. Jobs are not traced: their runs,
 * durations and failures are metrics, and their errors are in their logs.
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
        description:
          `Every ${job.everyMinutes} min${job.sessionOnly ? ' around the session' : ''}: ${job.summary}`.slice(
            0,
            256,
          ),
        logRetentionDays: props.logRetentionDays,
        ...(props.reservedConcurrency ? { reservedConcurrency: JOB_CONCURRENCY } : {}),
        timeout: jobTimeout(job),
        deadLetterQueue,
        traced: false,
      });
      fn.fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: jobMaxEventAge(job) });
      Validations.of(fn.fn).acknowledge({
        id: 'Serverless-LambdaAsyncFailureDestination',
        reason: `A failed or dropped run of ${job.id} goes to its dead-letter queue (the function's DeadLetterConfig), which the ${job.id}DeadLetters alarm watches; a failure destination as well would deliver every failure twice.`,
      });
      grantNeeds(fn, job.needs, props.resources);
      this.functions.set(job.id, fn);

      const rule = new events.Rule(this, `${job.id}Schedule`, {
        description: job.summary,
        schedule: jobSchedule(job),
      });
      rule.addTarget(new targets.LambdaFunction(fn.fn, { retryAttempts: 0, deadLetterQueue }));
      this.rules.set(job.id, rule);
    }
  }
}
