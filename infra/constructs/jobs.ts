import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import type { JobDef } from '../jobs';
import { grantNeeds, type NeedResources } from './grants';
import { HouseFunction } from './house-function';

export interface JobsProps {
  jobs: readonly JobDef[];
  resources: NeedResources;
  logRetentionDays: number;
}

/** Scheduled jobs (infra/jobs.ts): one function and one EventBridge rate rule each. */
export class Jobs extends Construct {
  readonly functions = new Map<string, HouseFunction>();
  readonly rules = new Map<string, events.Rule>();

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);

    for (const job of props.jobs) {
      const fn = new HouseFunction(this, job.id, {
        handler: job.handler,
        description: `Every ${job.everyMinutes} min: ${job.summary}`.slice(0, 256),
        logRetentionDays: props.logRetentionDays,
        timeout: Duration.seconds(Math.min(50 * job.everyMinutes, 300)),
      });
      grantNeeds(fn, job.needs, props.resources);
      this.functions.set(job.id, fn);

      const rule = new events.Rule(this, `${job.id}Schedule`, {
        description: job.summary,
        schedule: events.Schedule.rate(Duration.minutes(job.everyMinutes)),
      });
      rule.addTarget(new targets.LambdaFunction(fn.fn, { retryAttempts: 0 }));
      this.rules.set(job.id, rule);
    }
  }
}
