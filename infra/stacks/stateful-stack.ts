import { CfnOutput, Stack, Token, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import type { InfraConfig } from '../config';
import { siteUrlFrom } from '../config';
import { AlertResources } from '../constructs/alerts';
import { Auth } from '../constructs/auth';
import { Data } from '../constructs/data';
import { cfnResourcesOf, FailedCreateRelease } from '../constructs/failed-create-release';
import { Secrets } from '../constructs/secrets';
import { Storage } from '../constructs/storage';
import { guardTemplateSize } from './limits';

export interface StatefulStackProps extends StackProps {
  config: InfraConfig;
}

/**
 * Name of the SSM parameter that holds the site address. Both stacks know it as a plain
 * string: the stateless stack writes the parameter, the Cognito trigger here reads it at run
 * time, and no cross-stack reference points back from this stack to the later one.
 */
export const siteUrlParameterNameFor = (statefulStackName: string): string =>
  `/${statefulStackName}/site-url`;

/** What holds users' data and identities: retained, changed rarely, deployed first. */
export class StatefulStack extends Stack {
  readonly siteUrlParameterName: string;
  readonly auth: Auth;
  readonly data: Data;
  readonly storage: Storage;
  readonly secrets: Secrets;
  readonly alerts: AlertResources;
  /** What releases the protected and written-to resources in a failed create's rollback. */
  release!: FailedCreateRelease;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const { config } = props;
    const siteUrl = siteUrlFrom(config);
    if (Token.isUnresolved(this.stackName))
      throw new Error(
        'The stateful stack needs a literal stack name (it names the site-address parameter).',
      );
    this.siteUrlParameterName = siteUrlParameterNameFor(this.stackName);

    this.data = new Data(this, 'Data', { deletionProtection: config.deletionProtection });
    this.auth = new Auth(this, 'Auth', {
      mailFrom: config.mailFrom,
      ...(config.sesVerifiedDomain ? { sesVerifiedDomain: config.sesVerifiedDomain } : {}),
      ...(config.sesRegion ? { sesRegion: config.sesRegion } : {}),
      supportEmail: config.supportEmail,
      ...(siteUrl ? { siteUrl } : {}),
      siteUrlParameterName: this.siteUrlParameterName,
      logRetentionDays: config.apiLogRetentionDays,
      table: this.data.table,
      deletionProtection: config.deletionProtection,
      featurePlan: {
        lite: cognito.FeaturePlan.LITE,
        essentials: cognito.FeaturePlan.ESSENTIALS,
        plus: cognito.FeaturePlan.PLUS,
      }[config.userPoolFeaturePlan],
    });
    this.storage = new Storage(this, 'Storage');
    this.secrets = new Secrets(this, 'Secrets');
    this.alerts = new AlertResources(
      this,
      'Alerts',
      config.sesRegion ? { sesRegion: config.sesRegion } : {},
    );
    this.orderForFailedCreate();
    new CfnOutput(this, 'TableName', {
      value: this.data.table.tableName,
      description: 'The table (point-in-time recovery restores from it: docs/runbook.md)',
    });
    new CfnOutput(this, 'MarketDataSecretArn', {
      value: this.secrets.marketDataKey.secretArn,
      description: 'Put the market-data provider key here',
    });
    this.secrets.originVerify.forEach((secret, i) => {
      new CfnOutput(this, `OriginVerify${i + 1}SecretArn`, {
        value: secret.secretArn,
        description: `Origin secret ${i + 1} (originVerifySent=${i + 1} has CloudFront send it; docs/runbook.md)`,
      });
    });
    guardTemplateSize(this, 'Move a group of resources into a nested stack.');
  }

  /**
   * A failed first create leaves nothing behind, whichever command deployed it (decision 170).
   * The table and the user pool are deletion-protected from their creation, so each has a
   * release CloudFormation deletes just before it; nothing else is created beside them (a
   * failure there would cancel their creation before their release existed): the table comes
   * after everything that does not need it, its release right after it, then the user pool
   * (with the trigger that reads the table), its release, then what needs the pool. The access
   * log bucket's release empties it after the photo bucket that logs into it is gone.
   */
  private orderForFailedCreate(): void {
    this.release = new FailedCreateRelease(this, 'FailedCreateRelease');
    const table = this.release.table(this.data.table);
    const pool = this.release.userPool(this.auth.userPool);
    const accessLogs = this.release.bucket(this.storage.accessLogs);
    this.data.table.node.addDependency(this.storage, this.secrets, this.alerts, this.release.fn);
    this.auth.node.addDependency(table);
    this.auth.userPoolClient.node.addDependency(pool);
    for (const permission of cfnResourcesOf(this.auth).filter(
      (r) => r.cfnResourceType === 'AWS::Lambda::Permission',
    ))
      permission.node.addDependency(pool);
    this.storage.profileImages.node.addDependency(accessLogs);
    if (this.storage.accessLogs.policy)
      this.storage.accessLogs.policy.node.addDependency(accessLogs);
  }
}
