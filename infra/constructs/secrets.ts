import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/**
 * The market-data provider's API key. CDK creates it with a generated placeholder; the
 * operator puts the real key in it (`aws secretsmanager put-secret-value`). Only functions
 * whose route or job needs 'marketData' may read it; the browser never sees it.
 */
export class Secrets extends Construct {
  readonly marketDataKey: secretsmanager.Secret;
  /**
   * What CloudFront sends to the API in x-origin-verify and the functions expect
   * (functions/lib/client.ts): a request without it did not come through the site.
   */
  readonly originVerify: secretsmanager.Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.marketDataKey = new secretsmanager.Secret(this, 'MarketDataKey', {
      description:
        'market-data key: the Financial Modeling Prep API key (replace the generated placeholder)',
      generateSecretString: { passwordLength: 32, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });

    this.originVerify = new secretsmanager.Secret(this, 'OriginVerify', {
      description:
        'origin secret: the header CloudFront adds to API requests (generated, never shown)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    Validations.of(this.originVerify).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFormation writes it into the distribution and the functions when they change; a rotation Lambda could not update both at once. Rotated by hand (docs/runbook.md, "Rotating the origin secret").',
    });

    Validations.of(this.marketDataKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A third-party API key: only the provider can issue a new one (in its dashboard), so Secrets Manager cannot rotate it. The operator rotates it by hand.',
    });
  }
}
