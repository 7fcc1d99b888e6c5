import {
  Annotations,
  Aws,
  CfnOutput,
  CfnResource,
  RemovalPolicy,
  Stack,
  type StackProps,
} from 'aws-cdk-lib';
import * as cr from 'aws-cdk-lib/custom-resources';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { siteUrlFrom, type InfraConfig } from '../config';
import { Api, reservationsNotice, reservesConcurrency, type RouteGroup } from '../constructs/api';
import type { NeedResources } from '../constructs/grants';
import { FailedCreateRelease } from '../constructs/failed-create-release';
import { JOB_CONCURRENCY, Jobs } from '../constructs/jobs';
import { Monitoring } from '../constructs/monitoring';
import { Web } from '../constructs/web';
import type { JobDef } from '../jobs';
import { TABLE_DESIGN } from '../table-design';
import { guardTemplateSize } from './limits';
import type { EdgeStack } from './edge-stack';
import type { StatefulStack } from './stateful-stack';
import { acknowledge } from '../constructs/nag';

export interface StatelessStackProps extends StackProps {
  config: InfraConfig;
  stateful: StatefulStack;
  /** The web ACL's stack (us-east-1); absent when edgeFirewall is off. */
  edge?: EdgeStack;
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
    const reserve = reservesConcurrency(config, props.jobs.length, JOB_CONCURRENCY);
    const unreserved = reservationsNotice(config, props.jobs.length, JOB_CONCURRENCY);
    // Printed by every synth and deploy that goes without them: a deployment that had
    // reservations and drops them says so (decision 170).
    if (unreserved)
      Annotations.of(this).addWarningV2('mr-market:no-reserved-concurrency', unreserved);
    this.api = new Api(this, 'Api', {
      routeGroups: props.routeGroups,
      resources,
      logRetentionDays: config.apiLogRetentionDays,
      reservedConcurrency: reserve,
      throttle: {
        rateLimit: config.apiThrottleRateLimit,
        burstLimit: config.apiThrottleBurstLimit,
      },
      routeThrottles: config.apiRouteThrottles,
      corsAllowOrigins: [...new Set([...(siteUrl ? [siteUrl] : []), ...config.corsAllowOrigins])],
      ...(config.apiDomain && config.apiCertificateArn
        ? {
            customDomain: {
              domainName: config.apiDomain,
              certificateArn: config.apiCertificateArn,
            },
          }
        : {}),
    });

    this.jobs = new Jobs(this, 'Jobs', {
      jobs: props.jobs,
      resources,
      logRetentionDays: config.jobLogRetentionDays,
      reservedConcurrency: reserve,
    });

    // The origin secrets as dynamic references: CloudFormation resolves them into CloudFront's
    // origin header and the functions' environment; the template never holds a value. The
    // functions accept both, CloudFront sends one (decision 137): CloudFormation may update the
    // distribution before the route stacks, and neither order refuses a request.
    const [first, second] = stateful.secrets.originVerify.map((s) =>
      s.secretValue.unsafeUnwrap(),
    ) as [string, string];
    this.api.addEnvironment('ORIGIN_VERIFY_SECRET', first);
    this.api.addEnvironment('ORIGIN_VERIFY_SECRET_2', second);
    this.api.addEnvironment('ORIGIN_VERIFY_REVISION', String(config.originVerifyRevision));
    const originVerifySecret = config.originVerifySent === 1 ? first : second;

    this.web = new Web(this, 'Web', {
      apiDomain: this.api.endpointDomain,
      originVerifySecret,
      originVerifyRevision: config.originVerifyRevision,
      ...(props.edge ? { webAclArn: this.webAclArnFrom(props.edge) } : {}),
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

    // The site's log bucket is written to from the distribution's first minutes: its release
    // empties it in a failed create's rollback, after the distribution and the site bucket that
    // log into it are gone (decision 170).
    const webLogs = new FailedCreateRelease(this, 'FailedCreateRelease').bucket(this.web.logs);
    this.web.bucket.node.addDependency(webLogs);
    this.web.distribution.node.addDependency(webLogs);
    if (this.web.logs.policy) this.web.logs.policy.node.addDependency(webLogs);

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
    if (this.api.domainName) {
      new CfnOutput(this, 'ApiDomainTarget', {
        value: this.api.domainName.regionalDomainName,
        description: `Point a DNS record for ${config.apiDomain} here (CNAME, or an alias in Route 53): CloudFront reaches the API at that name`,
      });
    }
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.web.distribution.distributionDomainName,
      description: config.siteDomain
        ? `Point a DNS record for ${config.siteDomain} here (CNAME, or an alias in Route 53): the distribution's own name`
        : "The distribution's own name (the site's address: SiteUrl)",
    });
    new CfnOutput(this, 'DistributionId', {
      value: this.web.distribution.distributionId,
      description:
        'The CloudFront distribution (to invalidate cached market reads: docs/runbook.md)',
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

    if (props.edge) this.addStackDependency(props.edge, 'CloudFront uses the web ACL in us-east-1');

    guardTemplateSize(
      this,
      'Move route functions into the route-group nested stacks (infra/constructs/api.ts), or jobs into a stack of their own.',
    );
  }

  /**
   * The web ACL's ARN, read at deploy time from its SSM parameter in us-east-1 (the edge
   * stack writes it): CloudFormation cannot reference another region's stack. The read's
   * physical id carries the web ACL's fingerprint, so any change of the ACL (a replacement
   * among them, with a new ARN) makes CloudFormation read the parameter again.
   */
  private webAclArnFrom(edge: EdgeStack): string {
    const name = edge.webAclParameterName;
    const read = new cr.AwsCustomResource(this, 'WebAclArn', {
      onUpdate: {
        service: 'SSM',
        action: 'getParameter',
        parameters: { Name: name },
        region: 'us-east-1',
        physicalResourceId: cr.PhysicalResourceId.of(`${name}@${edge.firewall.fingerprint}`),
      },
      policy: cr.AwsCustomResourcePolicy.fromSdkCalls({
        resources: [`arn:${Aws.PARTITION}:ssm:us-east-1:${Aws.ACCOUNT_ID}:parameter${name}`],
      }),
      installLatestAwsSdk: false,
    });
    const provider = this.node.tryFindChild(
      `AWS${cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`,
    );
    // Its log group (one line per deployment) goes with the stack, and with a failed first create.
    const providerLogs = provider?.node.tryFindChild('LogGroup');
    if (
      providerLogs instanceof CfnResource ||
      providerLogs?.node.defaultChild instanceof CfnResource
    )
      (
        (providerLogs instanceof CfnResource
          ? providerLogs
          : providerLogs.node.defaultChild) as CfnResource
      ).applyRemovalPolicy(RemovalPolicy.DESTROY);
    const why =
      'CDK-managed AwsCustomResource provider (reads the web ACL ARN from SSM in us-east-1 at deploy time);';
    if (provider)
      acknowledge(
        provider,
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason: `${why} its role and managed logging policy are defined by aws-cdk-lib.`,
        },
        {
          id: 'Serverless-LambdaDefaultMemorySize',
          reason: `${why} one small SDK call per deployment; aws-cdk-lib sizes it.`,
        },
        {
          id: 'Serverless-LambdaDLQ',
          reason: `${why} CloudFormation waits for its answer and fails the deployment when it fails.`,
        },
        {
          id: 'Serverless-LambdaTracing',
          reason: `${why} it runs once per deployment, outside the request path that tracing follows.`,
        },
      );
    return read.getResponseField('Parameter.Value');
  }
}
