import { Aws, CfnCondition, CfnResource, Duration, Fn, Validations } from 'aws-cdk-lib';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE } from '../../functions/lib/metrics';
import type { JobDef } from '../jobs';
import type { Api } from './api';
import type { Jobs } from './jobs';
import type { Web } from './web';

export interface MonitoringProps {
  api: Api;
  jobs: Jobs;
  jobDefs: readonly JobDef[];
  web: Web;
  table: dynamodb.ITable;
  /** Receives every alarm and the budget alert (an SNS email subscription, confirmed once). */
  alarmEmail?: string;
  monthlyBudgetUsd: number;
}

/** The service dimension Powertools adds to every custom metric (POWERTOOLS_SERVICE_NAME). */
const SERVICE = { service: 'mr-market' };

/** The alarms by id; docs/runbook.md says what each means and what to do. */
export const ALARM_IDS = [
  'Api5xxRate',
  'LambdaErrors',
  'LambdaThrottles',
  'DynamoDbThrottles',
  'MarketDataBudget',
  'MarketDataCircuitOpen',
  'MarketDataClientLimited',
  'MarketReadsClientLimited',
  'CloudFront5xxRate',
  'GlobalSignOutFailures',
] as const;

/**
 * What an on-call engineer watches (docs/runbook.md): alarms to one SNS topic (an email
 * subscription from `alarmEmail`), one dashboard, and an AWS Budgets alert on the month's cost.
 * Custom metrics come from the functions (functions/lib/metrics.ts); the others are AWS's own.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms = new Map<string, cloudwatch.Alarm>();
  readonly dashboard: cloudwatch.Dashboard;
  readonly budget: budgets.CfnBudget;
  /** True where CloudFront's metrics are (us-east-1): the CloudFront alarm exists only there. */
  readonly inUsEast1: CfnCondition;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Alarms', {
      displayName: 'Mr. Market alarms',
      enforceSSL: true,
    });
    if (props.alarmEmail) {
      const email = this.topic.addSubscription(
        new subscriptions.EmailSubscription(props.alarmEmail),
      );
      Validations.of(email).acknowledge({
        id: 'Serverless-SNSRedrivePolicy',
        reason:
          'An email subscription: SNS retries a failed delivery itself, and a dead-letter queue of alarm emails would need someone to read it; the alarms stay visible in CloudWatch and on the dashboard.',
      });
    }
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm and budget notifications carry no user data. CloudWatch and AWS Budgets cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer-managed key for this alone is a monthly cost with no data to protect.',
    });

    const alarm = (
      alarmId: string,
      description: string,
      metric: cloudwatch.IMetric,
      options: {
        threshold: number;
        evaluationPeriods?: number;
        datapointsToAlarm?: number;
        comparison?: cloudwatch.ComparisonOperator;
      },
    ): cloudwatch.Alarm => {
      const created = new cloudwatch.Alarm(this, alarmId, {
        alarmDescription: `${description} See docs/runbook.md, "${alarmId}".`,
        metric,
        threshold: options.threshold,
        evaluationPeriods: options.evaluationPeriods ?? 1,
        datapointsToAlarm: options.datapointsToAlarm ?? options.evaluationPeriods ?? 1,
        comparisonOperator:
          options.comparison ?? cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(new actions.SnsAction(this.topic));
      created.addOkAction(new actions.SnsAction(this.topic));
      this.alarms.set(alarmId, created);
      return created;
    };

    const five = Duration.minutes(5);
    const httpApi = props.api.httpApi;
    const api5xx = httpApi.metricServerError({ period: five, statistic: 'Sum' });
    const apiCount = httpApi.metricCount({ period: five, statistic: 'Sum' });
    alarm(
      'Api5xxRate',
      'More than 5% of API requests answered 5xx over 5 minutes (with at least 20 requests).',
      new cloudwatch.MathExpression({
        expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
        usingMetrics: { errors: api5xx, requests: apiCount },
        period: five,
        label: 'API 5xx (%)',
      }),
      { threshold: 5 },
    );

    const lambdaAll = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName,
        period: five,
        statistic: 'Sum',
      });
    alarm(
      'LambdaErrors',
      'Lambda functions of the account failed 5 times or more in 5 minutes.',
      lambdaAll('Errors'),
      {
        threshold: 5,
      },
    );
    alarm(
      'LambdaThrottles',
      'Lambda throttled an invocation (concurrency exhausted).',
      lambdaAll('Throttles'),
      {
        threshold: 1,
      },
    );

    const tableMetric = (metricName: string) =>
      props.table.metric(metricName, { period: five, statistic: 'Sum' });
    alarm(
      'DynamoDbThrottles',
      'DynamoDB throttled reads or writes of the table.',
      new cloudwatch.MathExpression({
        expression: 'reads + writes',
        usingMetrics: {
          reads: tableMetric('ReadThrottleEvents'),
          writes: tableMetric('WriteThrottleEvents'),
        },
        period: five,
        label: 'DynamoDB throttle events',
      }),
      { threshold: 1 },
    );

    const custom = (
      metricName: string,
      statistic: string,
      period = five,
      dimensions: Record<string, string> = SERVICE,
    ) =>
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensionsMap: dimensions,
        period,
        statistic,
      });
    alarm(
      'MarketDataBudget',
      'The market-data provider calls passed 80% of the plan’s limit (the tightest of its minute and day).',
      custom(METRIC.budgetUsedPercent, 'Maximum'),
      { threshold: 80, comparison: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD },
    );
    alarm(
      'MarketDataCircuitOpen',
      'The market-data circuit breaker has been open for 15 minutes: pages show cached figures marked delayed.',
      custom(METRIC.circuitOpen, 'Maximum', Duration.minutes(1)),
      { threshold: 1, evaluationPeriods: 15 },
    );
    alarm(
      'MarketDataClientLimited',
      'For 15 minutes, clients have been refused market data over their share of the provider’s calls (more than 100 refusals in each 5 minutes): a scraper, or shares too small for real use (docs/runbook.md).',
      custom(METRIC.providerFailures, 'Sum', five, { ...SERVICE, kind: 'ClientCallLimit' }),
      {
        threshold: 100,
        evaluationPeriods: 3,
        comparison: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      },
    );

    alarm(
      'MarketReadsClientLimited',
      'For 15 minutes, clients have been refused public market reads that missed the edge cache, over their per-minute limit (more than 100 refusals in each 5 minutes): a scraper, or many people behind one address (docs/runbook.md).',
      custom(METRIC.clientLimited, 'Sum', five, { ...SERVICE, limit: 'marketRead' }),
      {
        threshold: 100,
        evaluationPeriods: 3,
        comparison: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      },
    );

    alarm(
      'PortfolioUpkeepFailures',
      'Portfolio upkeep failed 5 times or more in 2 of 3 periods of 5 minutes: dividends or splits unreadable, due actions not applied, or NAV histories not kept (docs/runbook.md).',
      custom(METRIC.portfolioUpkeepFailures, 'Sum'),
      { threshold: 5, evaluationPeriods: 3, datapointsToAlarm: 2 },
    );
    alarm(
      'MarketSnapshotStale',
      'For 15 minutes, the market map or Compare answered from a screener snapshot older than its refresh interval allows: the snapshot job is not keeping it (docs/runbook.md).',
      custom(METRIC.staleSnapshotAnswers, 'Sum', five),
      { threshold: 1, evaluationPeriods: 3 },
    );
    alarm(
      'GlobalSignOutFailures',
      'A sign-out everywhere could not end the Cognito sessions after its retries: refresh tokens may live on (docs/runbook.md).',
      custom(METRIC.globalSignOutFailures, 'Sum'),
      { threshold: 1 },
    );

    for (const job of props.jobDefs) {
      const fn = props.jobs.functions.get(job.id);
      const queue = props.jobs.deadLetterQueues.get(job.id);
      if (!fn || !queue) continue;
      const period = Duration.minutes(Math.max(5, job.everyMinutes));
      alarm(
        `${job.id}Failures`,
        `The ${job.id} job failed in 2 of its last 3 periods of ${period.toMinutes()} minutes.`,
        fn.fn.metricErrors({ period, statistic: 'Sum' }),
        { threshold: 1, evaluationPeriods: 3, datapointsToAlarm: 2 },
      );
      alarm(
        `${job.id}DeadLetters`,
        `Runs of the ${job.id} job failed after Lambda's retries and wait in its dead-letter queue.`,
        queue.metricApproximateNumberOfMessagesVisible({ period: five, statistic: 'Maximum' }),
        { threshold: 1 },
      );
    }

    // The alarms that exist in every region: the dashboard's alarm widget lists these only.
    const everywhere = [...this.alarms.values()];

    // CloudFront publishes its metrics in us-east-1 only, and an alarm reads its own region's:
    // the alarm exists when the stack is there. The dashboard graphs the rate from us-east-1
    // wherever the stack is (a dashboard may show another region's metrics).
    const cloudFront5xxRate = props.web.distribution.metric5xxErrorRate({
      period: five,
      statistic: 'Average',
      region: 'us-east-1',
      label: 'CloudFront 5xx (%)',
    });
    const cloudFront5xx = alarm(
      'CloudFront5xxRate',
      'More than 5% of the site’s CloudFront responses were 5xx over 5 minutes.',
      props.web.distribution.metric5xxErrorRate({ period: five, statistic: 'Average' }),
      { threshold: 5, comparison: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD },
    );
    this.inUsEast1 = new CfnCondition(this, 'InUsEast1', {
      expression: Fn.conditionEquals(Aws.REGION, 'us-east-1'),
    });
    (cloudFront5xx.node.defaultChild as CfnResource).cfnOptions.condition = this.inUsEast1;

    // AWS Budgets: the month's actual cost at 80% of the amount, and the forecast at 100%.
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'BudgetsPublish',
        principals: [new iam.ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
    );
    const notify = (type: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
      notification: {
        notificationType: type,
        comparisonOperator: 'GREATER_THAN',
        threshold,
        thresholdType: 'PERCENTAGE',
      },
      subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
    });
    this.budget = new budgets.CfnBudget(this, 'MonthlyCost', {
      budget: {
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: [notify('ACTUAL', 80), notify('FORECASTED', 100)],
    });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      defaultInterval: Duration.hours(6),
    });
    const search = (expression: string, label: string) =>
      new cloudwatch.MathExpression({ expression, label, period: five, usingMetrics: {} });
    this.dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown:
          '# Mr. Market\nAlarms go to the SNS topic of this stack; what each means and what to do: docs/runbook.md.',
        width: 24,
        height: 2,
      }),
      // Only the alarms that exist in every region: a reference to the us-east-1-only
      // CloudFront alarm would leave the dashboard unresolved anywhere else.
      new cloudwatch.AlarmStatusWidget({
        title: 'Alarms',
        alarms: everywhere,
        width: 24,
        height: 4,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API requests and 5xx',
        left: [apiCount],
        right: [api5xx],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: '4xx and 5xx by route; refused per client (right)',
        left: [
          search(
            `SEARCH('{${METRICS_NAMESPACE},service,route} MetricName="${METRIC.responses5xx}"', 'Sum', 300)`,
            '5xx',
          ),
          search(
            `SEARCH('{${METRICS_NAMESPACE},service,route} MetricName="${METRIC.responses4xx}"', 'Sum', 300)`,
            '4xx',
          ),
        ],
        right: [
          search(
            `SEARCH('{${METRICS_NAMESPACE},service,limit} MetricName="${METRIC.clientLimited}"', 'Sum', 300)`,
            'client limit',
          ),
        ],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Market-data provider: calls and failures by kind',
        left: [custom(METRIC.providerCalls, 'Sum')],
        right: [
          search(
            `SEARCH('{${METRICS_NAMESPACE},service,kind} MetricName="${METRIC.providerFailures}"', 'Sum', 300)`,
            'failures',
          ),
        ],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Market-data budget used (%) and circuit breaker',
        left: [custom(METRIC.budgetUsedPercent, 'Maximum')],
        right: [custom(METRIC.circuitOpen, 'Maximum', Duration.minutes(1))],
        leftAnnotations: [{ value: 80, label: 'alarm' }],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Job runs and failures',
        left: [
          search(
            `SEARCH('{${METRICS_NAMESPACE},service,job} MetricName="${METRIC.jobRuns}"', 'Sum', 300)`,
            'runs',
          ),
        ],
        right: [
          search(
            `SEARCH('{${METRICS_NAMESPACE},service,job} MetricName="${METRIC.jobFailures}"', 'Sum', 300)`,
            'failures',
          ),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Job duration (ms, max)',
        left: [
          search(
            `SEARCH('{${METRICS_NAMESPACE},service,job} MetricName="${METRIC.jobDuration}"', 'Maximum', 300)`,
            'duration',
          ),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Dead-letter queues (messages)',
        left: props.jobDefs.flatMap((job) => {
          const queue = props.jobs.deadLetterQueues.get(job.id);
          return queue
            ? [queue.metricApproximateNumberOfMessagesVisible({ period: five, label: job.id })]
            : [];
        }),
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Alerts sent and orders filled',
        left: [custom(METRIC.alertsSent, 'Sum'), custom(METRIC.ordersFilled, 'Sum')],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'DynamoDB: consumed capacity and throttles',
        left: [
          tableMetricWith(props.table, 'ConsumedReadCapacityUnits'),
          tableMetricWith(props.table, 'ConsumedWriteCapacityUnits'),
        ],
        right: [
          tableMetricWith(props.table, 'ReadThrottleEvents'),
          tableMetricWith(props.table, 'WriteThrottleEvents'),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda errors and throttles (all functions)',
        left: [lambdaAll('Errors'), lambdaAll('Throttles')],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'CloudFront 5xx rate (%, from us-east-1)',
        left: [cloudFront5xxRate],
        leftAnnotations: [{ value: 5, label: 'alarm (us-east-1 deployments)' }],
        width: 24,
      }),
    );
  }
}

function tableMetricWith(table: dynamodb.ITable, metricName: string): cloudwatch.IMetric {
  return table.metric(metricName, { period: Duration.minutes(5), statistic: 'Sum' });
}
