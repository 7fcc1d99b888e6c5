import { Aws, Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type { RouteNeed } from '../../shared/routes';
import type { HouseFunction } from './house-function';
import { acknowledge } from './nag';
import { PROFILE_IMAGE_PREFIX } from './storage';

/** What a function may be granted, and the settings that come with each grant. */
export interface NeedResources {
  table: dynamodb.ITable;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  profileImages: s3.IBucket;
  marketDataKey: secretsmanager.ISecret;
  /** Signs the unsubscribe links of alert emails (infra/constructs/alerts.ts). */
  alertTokenKey: secretsmanager.ISecret;
  /** The SES configuration set of alert emails; absent when SES lives in another region. */
  alertConfigurationSet?: ses.IConfigurationSet;
  marketDataProvider: 'demo' | 'fmp';
  /** The provider plan (its limits are in shared/market/plans.ts). */
  marketDataPlan: 'free' | 'starter' | 'premium';
  mailFrom: string;
  sesRegion?: string;
  supportEmail: string;
  /**
   * How cdk-nag writes the ARNs of the table and of the profile bucket in its findings,
   * to acknowledge exactly the wildcards the grants below create.
   */
  nagRefs: { table: string; profileImages: string };
}

/** Cognito calls the account routes make (admin calls need IAM; the others are listed for clarity). */
export const USER_POOL_ACTIONS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:SignUp',
  'cognito-idp:ConfirmSignUp',
  'cognito-idp:InitiateAuth',
  'cognito-idp:ForgotPassword',
  'cognito-idp:ConfirmForgotPassword',
  'cognito-idp:ChangePassword',
] as const;

/**
 * Turns a route's or job's `needs` into grants and the environment variables that go with
 * them (names as read by functions/lib/config.ts). Nothing is granted that is not needed.
 */
export function grantNeeds(
  target: HouseFunction,
  needs: readonly RouteNeed[],
  r: NeedResources,
): void {
  const fn = target.fn;
  for (const need of new Set(needs)) {
    switch (need) {
      case 'table':
        r.table.grantReadWriteData(fn);
        fn.addEnvironment('TABLE_NAME', r.table.tableName);
        acknowledge(target.role, {
          id: `AwsSolutions-IAM5[Resource::${r.nagRefs.table}/index/*]`,
          reason:
            "Queries on the table's overloaded GSI need the index ARN; the wildcard covers only this table's indexes.",
        });
        break;
      case 'marketData':
        r.marketDataKey.grantRead(fn);
        fn.addEnvironment('FMP_API_KEY_SECRET_ARN', r.marketDataKey.secretArn);
        fn.addEnvironment('MARKET_DATA_PROVIDER', r.marketDataProvider);
        fn.addEnvironment('FMP_PLAN', r.marketDataPlan);
        break;
      case 'mail': {
        const identity = (name: string) =>
          Stack.of(target).formatArn({
            service: 'ses',
            resource: 'identity',
            resourceName: name,
            region: r.sesRegion ?? Aws.REGION,
          });
        const domain = r.mailFrom.split('@')[1] ?? r.mailFrom;
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['ses:SendEmail', 'ses:SendRawEmail'],
            resources: [identity(r.mailFrom), identity(domain)],
          }),
        );
        fn.addEnvironment('MAIL_FROM', r.mailFrom);
        fn.addEnvironment('SUPPORT_EMAIL', r.supportEmail);
        if (r.sesRegion) fn.addEnvironment('SES_REGION', r.sesRegion);
        break;
      }
      case 'profileImages':
        r.profileImages.grantReadWrite(fn, `${PROFILE_IMAGE_PREFIX}*`);
        r.profileImages.grantDelete(fn, `${PROFILE_IMAGE_PREFIX}*`);
        fn.addEnvironment('PROFILE_BUCKET', r.profileImages.bucketName);
        acknowledge(
          target.role,
          {
            id: `AwsSolutions-IAM5[Resource::${r.nagRefs.profileImages}/${PROFILE_IMAGE_PREFIX}*]`,
            reason:
              'Profile photos are one object per user under images/profile/; the grant is limited to that prefix of one bucket.',
          },
          ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map(
            (action) => ({
              id: `AwsSolutions-IAM5[Action::${action}]`,
              reason: `${action} comes from the bucket's grantReadWrite/grantDelete (read, replace, delete a photo, abort an upload), scoped to images/profile/* of the profile bucket.`,
            }),
          ),
        );
        break;
      case 'alertToken':
        r.alertTokenKey.grantRead(fn);
        fn.addEnvironment('ALERT_TOKEN_SECRET_ARN', r.alertTokenKey.secretArn);
        break;
      case 'alertMail':
        if (r.alertConfigurationSet) {
          fn.addToRolePolicy(
            new iam.PolicyStatement({
              actions: ['ses:SendEmail'],
              resources: [
                Stack.of(target).formatArn({
                  service: 'ses',
                  resource: 'configuration-set',
                  resourceName: r.alertConfigurationSet.configurationSetName,
                }),
              ],
            }),
          );
          fn.addEnvironment(
            'ALERT_CONFIGURATION_SET',
            r.alertConfigurationSet.configurationSetName,
          );
        }
        break;
      case 'userPool':
        r.userPool.grant(fn, ...USER_POOL_ACTIONS);
        fn.addEnvironment('USER_POOL_ID', r.userPool.userPoolId);
        fn.addEnvironment('USER_POOL_CLIENT_ID', r.userPoolClient.userPoolClientId);
        break;
      default: {
        const unknown: never = need;
        throw new Error(`No grant is defined for the need "${String(unknown)}"`);
      }
    }
  }
}
