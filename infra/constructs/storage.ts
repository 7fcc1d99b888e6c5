import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** Key prefix of profile photos; CloudFront serves exactly this prefix, read-only. */
export const PROFILE_IMAGE_PREFIX = 'images/profile/';

/**
 * User files: the private, encrypted, TLS-only profile-image bucket (retained: it holds
 * users' photos) and the bucket that receives its server access logs.
 */
export class Storage extends Construct {
  readonly profileImages: s3.Bucket;
  readonly accessLogs: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.accessLogs = new s3.Bucket(this, 'AccessLogs', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    Validations.of(this.accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This is the access-log bucket itself; logging it into another bucket would only log the log deliveries.',
    });

    this.profileImages = new s3.Bucket(this, 'ProfileImages', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      // TLS-only is in its policy, which the stateless stack attaches (see below).
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'profile-images/',
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });

    Validations.of(this.profileImages).acknowledge({
      id: 'AwsSolutions-S10',
      reason:
        "The bucket's policy, which denies requests without TLS and lets this site's distribution read images/profile/*, is attached in the stateless stack (Web construct): it names the distribution, which this stack cannot reference without a cycle. Block Public Access and bucket-owner-enforced ownership stay on here.",
    });
  }
}
