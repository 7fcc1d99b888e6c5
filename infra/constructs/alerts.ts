import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface AlertResourcesProps {
  /**
   * Set when the SES identity lives in another region than the stack: a configuration set
   * only serves sends in its own region, so none is made and the account-level suppression
   * list of that region applies (docs/decisions/090-valuation-alerts.md).
   */
  sesRegion?: string;
}

/**
 * What valuation alert emails need: the key that signs their unsubscribe links (generated
 * here, read only by the functions whose route or job needs 'alertToken') and the SES
 * configuration set they are sent with, which adds addresses that bounce or complain to the
 * suppression list so SES stops sending to them.
 */
export class AlertResources extends Construct {
  readonly tokenKey: secretsmanager.Secret;
  readonly configurationSet: ses.ConfigurationSet | undefined;

  constructor(scope: Construct, id: string, props: AlertResourcesProps = {}) {
    super(scope, id);

    this.tokenKey = new secretsmanager.Secret(this, 'TokenKey', {
      description: 'alert-token key: signs the unsubscribe links of valuation alert emails',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    Validations.of(this.tokenKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the key would break the unsubscribe link of every alert email already sent; it names only a user and an alert rule and can do no more than turn that rule off. The operator can replace it by hand.',
    });

    this.configurationSet = props.sesRegion
      ? undefined
      : new ses.ConfigurationSet(this, 'MailConfig', {
          suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
          reputationMetrics: true,
          sendingEnabled: true,
        });
  }
}
