import { LOCAL_TABLE_NAME } from '../table-design';

/** The AWS endpoint variables the SDK reads; set by the user, they point the stack elsewhere. */
export const ENDPOINT_VARS = {
  dynamodb: 'AWS_ENDPOINT_URL_DYNAMODB',
  cognito: 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
  ses: 'AWS_ENDPOINT_URL_SES',
  sesv2: 'AWS_ENDPOINT_URL_SESV2',
  s3: 'AWS_ENDPOINT_URL_S3',
} as const;

export const LOCAL_REGION = 'us-east-1';
export const LOCAL_PROFILE_BUCKET = 'mr-market-profile-images-local';

export interface LocalEndpoints {
  dynamodb: string;
  /** The Cognito endpoint the functions call (the local proxy in front of cognito-local). */
  cognito: string;
  ses: string;
  s3: string;
  userPoolId: string;
  userPoolClientId: string;
  siteUrl: string;
}

/**
 * The environment of every function in the local stack: the same names CDK sets in AWS,
 * plus the standard AWS endpoint variables that send SDK clients to the emulators.
 * Values the user already set in `base` win (e.g. endpoints of their own LocalStack),
 * except the credentials: every emulator here accepts the `local` key pair.
 */
export function buildHandlerEnv(
  endpoints: LocalEndpoints,
  base: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const defaults: Record<string, string> = {
    AWS_REGION: LOCAL_REGION,
    AWS_DEFAULT_REGION: LOCAL_REGION,
    [ENDPOINT_VARS.dynamodb]: endpoints.dynamodb,
    [ENDPOINT_VARS.cognito]: endpoints.cognito,
    [ENDPOINT_VARS.ses]: endpoints.ses,
    [ENDPOINT_VARS.sesv2]: endpoints.ses,
    [ENDPOINT_VARS.s3]: endpoints.s3,
    TABLE_NAME: LOCAL_TABLE_NAME,
    USER_POOL_ID: endpoints.userPoolId,
    USER_POOL_CLIENT_ID: endpoints.userPoolClientId,
    PROFILE_BUCKET: LOCAL_PROFILE_BUCKET,
    SITE_URL: endpoints.siteUrl,
    MAIL_FROM: 'no-reply@mr-market.local',
    SUPPORT_EMAIL: 'support@mr-market.local',
    /** Signs alert unsubscribe links locally; in AWS the key is a generated secret. */
    ALERT_TOKEN_SECRET: 'local-alert-token-key-not-used-in-aws',
    MARKET_DATA_PROVIDER: base.FMP_API_KEY ? 'fmp' : 'demo',
    // DynamoDB Local on a busy machine answers far slower than DynamoDB (decision 156).
    DYNAMO_REQUEST_TIMEOUT_MS: '30000',
    POWERTOOLS_SERVICE_NAME: 'mr-market',
    // CloudWatch metrics (embedded in the logs) mean nothing locally.
    POWERTOOLS_METRICS_DISABLED: 'true',
  };
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(defaults)) {
    const own = base[name];
    // The pool and its client are the ones this stack created: never someone else's ids.
    const userMayOverride = name !== 'USER_POOL_ID' && name !== 'USER_POOL_CLIENT_ID';
    env[name] = userMayOverride && own ? own : value;
  }
  env.AWS_ACCESS_KEY_ID = 'local';
  env.AWS_SECRET_ACCESS_KEY = 'local';
  return env;
}

/** Applies a handler environment to this process (functions run in-process locally). */
export function applyEnv(env: Record<string, string>): void {
  // Credentials from a profile or a session would take precedence over the local key pair.
  delete process.env.AWS_PROFILE;
  delete process.env.AWS_SESSION_TOKEN;
  Object.assign(process.env, env);
}

/** An endpoint the user set for a service: the stack uses it instead of starting an emulator. */
export function userEndpoint(
  service: keyof typeof ENDPOINT_VARS,
  base: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const value = base[ENDPOINT_VARS[service]] ?? base.AWS_ENDPOINT_URL;
  return value && value.trim() !== '' ? value.trim() : undefined;
}
