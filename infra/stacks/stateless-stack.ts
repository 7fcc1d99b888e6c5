import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { siteUrlFrom, type InfraConfig } from '../config';
import { Api, type RouteGroup } from '../constructs/api';
import type { NeedResources } from '../constructs/grants';
import { Jobs } from '../constructs/jobs';
import { Monitoring } from '../constructs/monitoring';
import { Web } from '../constructs/web';
import type { JobDef } from '../jobs';
import { TABLE_DESIGN } from '../table-design';
import { guardTemplateSize } from './limits';
import type { StatefulStack } from './stateful-stack';

export interface StatelessStackProps extends StackProps {
  config: InfraConfig;
  stateful: StatefulStack;
  /** The route table by file: each group's functions and routes go in a nested stack. */
  routeGroups: readonly RouteGroup[];
  jobs: readonly JobDef[];
}

/**
 * Code and delivery: the HTTP API (routes in one nested stack per route group), schedules,
 * the site. Safe to replace.
 */
export class StatelessStack extends Stack {
  readonly api: Api;
  readonly jobs: Jobs;
  readonly web: Web;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const { config, stateful } = props;

    // The ARNs that grants put wildcards after cross as named exports, so the cdk-nag
    // findings (and their acknowledgements) name them predictably.
    const tableArnExport = `${stateful.stackName}-TableArn`;
    const profileImagesArnExport = `${stateful.stackName}-ProfileImagesArn`;
    // Normally the stateful stack's table; a table restored from point-in-time recovery when
    // `tableName` names it (docs/runbook.md, "Restoring the table").
    const table = config.tableName
      ? dynamodb.Table.fromTableAttributes(this, 'Table', {
          tableName: config.tableName,
          globalIndexes: TABLE_DESIGN.indexes.map((index) => index.name),
        })
      : dynamodb.Table.fromTableAttributes(this, 'Table', {
          tableArn: stateful.exportValue(stateful.data.table.tableArn, { name: tableArnExport }),
          globalIndexes: TABLE_DESIGN.indexes.map((index) => index.name),
        });
    const profileImages = s3.Bucket.fromBucketAttributes(this, 'ProfileImages', {
      bucketArn: stateful.exportValue(stateful.storage.profileImages.bucketArn, {
        name: profileImagesArnExport,
      }),
      bucketName: stateful.storage.profileImages.bucketName,
      bucketRegionalDomainName: stateful.storage.profileImages.bucketRegionalDomainName,
    });

    const resources: NeedResources = {
      table,
      userPool: stateful.auth.userPool,
      userPoolClient: stateful.auth.userPoolClient,
      profileImages,
      marketDataKey: stateful.secrets.marketDataKey,
      alertTokenKey: stateful.alerts.tokenKey,
      ...(stateful.alerts.configurationSet
        ? { alertConfigurationSet: stateful.alerts.configurationSet }
        : {}),
      marketDataProvider: config.marketDataProvider,
      marketDataPlan: config.marketDataPlan,
      mailFrom: config.mailFrom,
      ...(config.sesRegion ? { sesRegion: config.sesRegion } : {}),
      supportEmail: config.supportEmail,
      nagRefs: {
        table: config.tableName
          ? `arn:<AWS::Partition>:dynamodb:<AWS::Region>:<AWS::AccountId>:table/${config.tableName}`
          : tableArnExport,
        profileImages: profileImagesArnExport,
      },
    };

    const siteUrl = siteUrlFrom(config);
    this.api = new Api(this, 'Api', {
      routeGroups: props.routeGroups,
      resources,
      logRetentionDays: config.logRetentionDays,
      throttle: {
        rateLimit: config.apiThrottleRateLimit,
        burstLimit: config.apiThrottleBurstLimit,
      },
      routeThrottles: config.apiRouteThrottles,
      corsAllowOrigins: [...new Set([...(siteUrl ? [siteUrl] : []), ...config.corsAllowOrigins])],
    });

    this.jobs = new Jobs(this, 'Jobs', {
      jobs: props.jobs,
      resources,
      logRetentionDays: config.logRetentionDays,
    });

    this.web = new Web(this, 'Web', {
      apiDomain: this.api.endpointDomain,
      profileImages,
      appConfig: {
        region: this.region,
        userPoolId: stateful.auth.userPool.userPoolId,
        userPoolClientId: stateful.auth.userPoolClient.userPoolClientId,
        supportEmail: config.supportEmail,
        ...(config.analyticsEndpoint ? { analyticsEndpoint: config.analyticsEndpoint } : {}),
      },
      ...(config.siteDomain ? { siteDomain: config.siteDomain } : {}),
      ...(config.certificateArn ? { certificateArn: config.certificateArn } : {}),
      siteUrlParameterName: stateful.siteUrlParameterName,
    });

    this.monitoring = new Monitoring(this, 'Monitoring', {
      api: this.api,
      jobs: this.jobs,
      jobDefs: props.jobs,
      web: this.web,
      table,
      ...(config.alarmEmail ? { alarmEmail: config.alarmEmail } : {}),
      monthlyBudgetUsd: config.monthlyBudgetUsd,
    });

    const publicUrl = this.web.url;
    this.api.addEnvironment('SITE_URL', publicUrl);
    this.api.addEnvironment('SUPPORT_EMAIL', config.supportEmail);

    // Alert emails link to the site (the pitch, the unsubscribe page).
    this.jobs.functions.get('refreshQuotes')?.fn.addEnvironment('SITE_URL', publicUrl);
    new CfnOutput(this, 'SiteUrl', { value: publicUrl, description: 'The site' });
    new CfnOutput(this, 'ApiEndpoint', {
      value: this.api.httpApi.apiEndpoint,
      description: 'HTTP API (also under /api on the site)',
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.monitoring.topic.topicArn,
      description:
        'Alarms and the budget alert are published here (subscribe more addresses if needed)',
    });
    new CfnOutput(this, 'DashboardName', {
      value: this.monitoring.dashboard.dashboardName,
      description: 'The CloudWatch dashboard',
    });
    new CfnOutput(this, 'MarketDataSecretArn', {
      value: stateful.secrets.marketDataKey.secretArn,
      description: 'Put the market-data provider key here',
    });

    guardTemplateSize(
      this,
      'Move route functions into the route-group nested stacks (infra/constructs/api.ts), or jobs into a stack of their own.',
    );
  }
}
