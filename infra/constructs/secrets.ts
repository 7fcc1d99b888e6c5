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
   * The two origin secrets (decision 137): CloudFront sends one of them in x-origin-verify
   * (`originVerifySent`), the functions accept either (functions/lib/client.ts), so a new value
   * goes into the one not sent, reaches the functions in one deployment, and is sent from the
   * next: a rotation never refuses a request. A request with neither did not come through the
   * site.
   */
  readonly originVerify: readonly [secretsmanager.Secret, secretsmanager.Secret];

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.marketDataKey = new secretsmanager.Secret(this, 'MarketDataKey', {
      description:
        'market-data key: the Financial Modeling Prep API key (replace the generated placeholder)',
      generateSecretString: { passwordLength: 32, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });

    const originSecret = (id: string, n: number) => {
      const secret = new secretsmanager.Secret(this, id, {
        description: `origin secret ${n} of 2: a header value CloudFront adds to API requests (generated, never shown; docs/runbook.md)`,
        generateSecretString: { passwordLength: 48, excludePunctuation: true },
        removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
      });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'CloudFormation writes it into the distribution and the functions when they change; a rotation Lambda could not update both. Rotated by hand over two deployments, with the other secret accepted meanwhile (docs/runbook.md, "Rotating the origin secret").',
      });
      return secret;
    };
    this.originVerify = [originSecret('OriginVerify', 1), originSecret('OriginVerifyB', 2)];

    Validations.of(this.marketDataKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A third-party API key: only the provider can issue a new one (in its dashboard), so Secrets Manager cannot rotate it. The operator rotates it by hand.',
    });
  }
}
