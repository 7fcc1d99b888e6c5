import { Aws, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** Key prefix of profile photos; CloudFront serves exactly this prefix, read-only. */
export const PROFILE_IMAGE_PREFIX = 'images/profile/';

export interface StorageProps {
  /** Origins allowed to upload with presigned URLs; absent: any origin (the URL's signature is the control). */
  uploadOrigins?: string[];
}

/**
 * User files: the private, encrypted, TLS-only profile-image bucket (retained: it holds
 * users' photos) and the bucket that receives its server access logs.
 */
export class Storage extends Construct {
  readonly profileImages: s3.Bucket;
  readonly accessLogs: s3.Bucket;

  constructor(scope: Construct, id: string, props: StorageProps = {}) {
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
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'profile-images/',
      cors: [
        {
          allowedMethods: [s3.HttpMethods.PUT],
          allowedOrigins:
            props.uploadOrigins && props.uploadOrigins.length > 0 ? props.uploadOrigins : ['*'],
          allowedHeaders: ['content-type'],
          maxAge: 3000,
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });

    // CloudFront (stateless stack) reads profile photos through Origin Access Control. The
    // distribution lives in the other stack, so the condition names the account's
    // distributions rather than the distribution id: referencing it would make the two
    // stacks depend on each other.
    this.profileImages.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontReadsProfileImages',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.profileImages.arnForObjects(`${PROFILE_IMAGE_PREFIX}*`)],
        conditions: {
          ArnLike: {
            'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*`,
          },
        },
      }),
    );
  }
}
