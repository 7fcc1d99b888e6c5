import { Aws, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { CLIENT_LIMIT_ACTIONS, CLIENT_LIMIT_KEY_PREFIX } from './grants';
import { HouseFunction } from './house-function';

export interface AuthProps {
  /** Sender of Cognito's emails. The address (or its domain) must be a verified SES identity. */
  mailFrom: string;
  /** The verified SES domain of `mailFrom` when the address itself is not an identity. */
  sesVerifiedDomain?: string;
  sesRegion?: string;
  supportEmail: string;
  /** Base URL of the site for links in emails; absent when the site has no custom domain. */
  siteUrl?: string;
  /**
   * Name (a plain string, not a token) of the SSM parameter the site's stack writes its
   * address to: the trigger reads it when it has no `siteUrl` (docs/decisions/020).
   */
  siteUrlParameterName: string;
  logRetentionDays: number;
  /** The table, where the trigger counts the emails each inbox is sent (decision 123). */
  table: dynamodb.ITable;
  /** Deletion protection (default true; off only for the first create: decision 136). */
  deletionProtection?: boolean;
  /** The feature plan (default Lite: decision 139). */
  featurePlan?: cognito.FeaturePlan;
}

/** ARN of an SSM parameter in the stack's account and region, from its name (`/a/b`). */
export function siteUrlParameterArn(stack: Stack, parameterName: string): string {
  return stack.formatArn({
    service: 'ssm',
    resource: 'parameter',
    resourceName: parameterName.replace(/^\//, ''),
  });
}

/**
 * Accounts: a Cognito user pool with email sign-in, self sign-up and email verification,
 * emails sent through SES and worded by the CustomMessage trigger; one public app client
 * (no secret) used by the web app and by the API's account routes.
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  readonly customMessage: HouseFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.customMessage = new HouseFunction(this, 'CustomMessage', {
      handler: 'cognito/customMessage',
      description: 'Cognito CustomMessage trigger: words the account emails',
      logRetentionDays: props.logRetentionDays,
      retainLogs: true,
      timeout: Duration.seconds(5),
      environment: {
        MAIL_FROM: props.mailFrom,
        SUPPORT_EMAIL: props.supportEmail,
        ...(props.siteUrl ? { SITE_URL: props.siteUrl } : {}),
        SITE_URL_PARAMETER: props.siteUrlParameterName,
        TABLE_NAME: props.table.tableName,
      },
    });
    // Its only table access: counting emails per inbox, in RATE#client-mail-sent items.
    this.customMessage.role.addToPolicy(
      new iam.PolicyStatement({
        actions: [...CLIENT_LIMIT_ACTIONS],
        resources: [props.table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${CLIENT_LIMIT_KEY_PREFIX}*`] },
        },
      }),
    );
    this.customMessage.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [siteUrlParameterArn(Stack.of(this), props.siteUrlParameterName)],
      }),
    );

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OFF,
      featurePlan: props.featurePlan ?? cognito.FeaturePlan.LITE,
      email: cognito.UserPoolEmail.withSES({
        fromEmail: props.mailFrom,
        fromName: 'Mr. Market',
        replyTo: props.supportEmail,
        sesRegion: props.sesRegion ?? Aws.REGION,
        // The identity the pool sends as: the address, or its verified domain when told so.
        ...(props.sesVerifiedDomain ? { sesVerifiedDomain: props.sesVerifiedDomain } : {}),
      }),
      lambdaTriggers: { customMessage: this.customMessage.fn },
      deletionProtection: props.deletionProtection ?? true,
      // Kept once a deployment created it; a first deployment that fails takes it back with it
      // (created without deletion protection: decision 136).
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      // The app signs in with the user pool's API (SRP), never through the hosted UI or OAuth.
      disableOAuth: true,
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      // Short: a token is only good for 15 minutes; the app renews it with the refresh token
      // without the user noticing (Amplify), and a revoked session ends soon (decision 123).
      accessTokenValidity: Duration.minutes(15),
      idTokenValidity: Duration.minutes(15),
      refreshTokenValidity: Duration.days(30),
    });

    Validations.of(this.customMessage).acknowledge({
      id: 'Serverless-LambdaDLQ',
      reason:
        'Cognito invokes the CustomMessage trigger synchronously and waits for its answer (a failure makes Cognito send its default message or fail the call): there is no asynchronous event a dead-letter queue could keep.',
    });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The policy is 8+ characters with upper case, lower case and a digit, as the product specifies. A symbol rule adds little over length (NIST SP 800-63B discourages composition rules) and would reject passwords users already pick.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'The product signs in with email and password only (spec: login and sign-up forms); it holds research notes and paper portfolios, no money or brokerage access. MFA can be switched to OPTIONAL later without migration.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Plus feature plan is the dearest tier billed per active user; Lite covers what the product uses (email and password sign-in, verification, recovery, the CustomMessage trigger, token revocation): decision 139.',
      },
    );
  }
}
