import { Aws, Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type { RouteDef, RouteNeed } from '../../shared/routes';
import type { TableKeyPrefix } from '../../shared/routes/types';
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

/** DynamoDB actions of each table need (a transaction is authorized by the actions inside it). */
export const TABLE_ACTIONS = {
  tableRead: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:DescribeTable',
  ],
  tableWrite: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
  tableBatchWrite: ['dynamodb:BatchWriteItem'],
} as const;

/**
 * The only write of a function that has no table need but a per-client limit: counting its
 * requests in the rate items of the table (keys.rateLimit, partitions `RATE#client-...`).
 */
export const CLIENT_LIMIT_ACTIONS = ['dynamodb:UpdateItem'] as const;
export const CLIENT_LIMIT_KEY_PREFIX = 'RATE#client-';

/** What the market-data layer writes for its caller: cache items and leases, the shared call budget and breaker, the client's share (rate items). */
export const MARKET_DATA_WRITES: readonly TableKeyPrefix[] = ['CACHE#', 'BUDGET#', 'RATE#client-'];

/**
 * The partition-key prefixes a public route may write (decision 137): those its route table
 * entry declares (`writesKeys`) and those its needs and settings imply. Undefined for a route
 * that writes nothing or is signed in (a signed-in route writes its user's items, and the
 * shared ones its features keep: symbol interest, cache, budget, rate items).
 */
export function publicWritePrefixes(
  route: Pick<
    RouteDef,
    'auth' | 'method' | 'needs' | 'clientLimitPerMinute' | 'writesKeys' | 'readOnly'
  >,
): TableKeyPrefix[] | undefined {
  if (route.auth || !route.needs.includes('tableWrite')) return undefined;
  const prefixes = new Set<TableKeyPrefix>(route.writesKeys ?? []);
  if (route.needs.includes('marketData')) for (const p of MARKET_DATA_WRITES) prefixes.add(p);
  if (route.clientLimitPerMinute !== undefined) prefixes.add('RATE#client-');
  // The route wrapper keeps a signed-out POST's Idempotency-Key record under the client, and
  // counts the client's keys an hour: a POST that writes the table and is not read-only honours
  // the header (supportsIdempotency, functions/lib/idempotency.ts).
  if (route.method === 'POST' && !route.readOnly) {
    prefixes.add('IDEMPOTENCY#');
    prefixes.add('RATE#client-');
  }
  return [...prefixes].sort();
}

/** The IAM actions a set of needs allows, as grantNeeds grants them (role-grants.test.ts compares). */
export function actionsOfNeeds(needs: readonly RouteNeed[], clientLimit = false): string[] {
  const set = new Set<string>(needs);
  const out: string[] = [];
  if (set.has('tableRead') || set.has('tableWrite')) out.push(...TABLE_ACTIONS.tableRead);
  if (set.has('tableWrite')) out.push(...TABLE_ACTIONS.tableWrite);
  if (set.has('tableBatchWrite')) out.push(...TABLE_ACTIONS.tableBatchWrite);
  if (clientLimit && !set.has('tableWrite')) out.push(...CLIENT_LIMIT_ACTIONS);
  for (const need of set)
    if (need.startsWith('userPool:')) out.push(`cognito-idp:${need.slice('userPool:'.length)}`);
  return out;
}

/**
 * Turns a route's or job's `needs` into grants and the environment variables that go with
 * them (names as read by functions/lib/config.ts). Nothing is granted that is not needed.
 */
export function grantNeeds(
  target: HouseFunction,
  needs: readonly RouteNeed[],
  r: NeedResources,
  options: {
    clientLimit?: boolean;
    /** A public route's write prefixes (publicWritePrefixes): its writes go nowhere else. */
    writePrefixes?: readonly string[];
  } = {},
): void {
  const fn = target.fn;
  const tableActions = actionsOfNeeds(needs).filter((a) => a.startsWith('dynamodb:'));
  if (tableActions.length > 0) {
    // No Scan, no table management: the actions the route declares, on this table and its indexes.
    const writes = new Set<string>(TABLE_ACTIONS.tableWrite);
    const limited = options.writePrefixes;
    const unlimited = limited ? tableActions.filter((a) => !writes.has(a)) : tableActions;
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: unlimited,
        resources: [r.table.tableArn, `${r.table.tableArn}/index/*`],
      }),
    );
    if (limited) {
      // Writes of a public route: only items whose partition key starts with its prefixes.
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: tableActions.filter((a) => writes.has(a)),
          resources: [r.table.tableArn],
          conditions: {
            'ForAllValues:StringLike': {
              'dynamodb:LeadingKeys': limited.map((p) => `${p}*`),
            },
          },
        }),
      );
    }
    fn.addEnvironment('TABLE_NAME', r.table.tableName);
    acknowledge(target.role, {
      id: `AwsSolutions-IAM5[Resource::${r.nagRefs.table}/index/*]`,
      reason:
        "Queries on the table's overloaded GSI need the index ARN; the wildcard covers only this table's indexes.",
    });
  } else if (options.clientLimit) {
    // Only its own rate counters: items whose partition key starts RATE#client-.
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [...CLIENT_LIMIT_ACTIONS],
        resources: [r.table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${CLIENT_LIMIT_KEY_PREFIX}*`] },
        },
      }),
    );
    fn.addEnvironment('TABLE_NAME', r.table.tableName);
  }
  const poolAdmin = needs.filter((n) => n.startsWith('userPool:'));
  if (poolAdmin.length > 0 || needs.includes('userPool')) {
    if (poolAdmin.length > 0)
      r.userPool.grant(fn, ...poolAdmin.map((n) => `cognito-idp:${n.slice('userPool:'.length)}`));
    fn.addEnvironment('USER_POOL_ID', r.userPool.userPoolId);
    fn.addEnvironment('USER_POOL_CLIENT_ID', r.userPoolClient.userPoolClientId);
  }
  for (const need of new Set(needs)) {
    if (need.startsWith('userPool') || need.startsWith('table')) continue;
    switch (need) {
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
      case 'profileImages': {
        // Read, replace and delete a user's photo; list a user's photos (deleting an account).
        const bucket = r.profileImages;
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
            resources: [bucket.arnForObjects(`${PROFILE_IMAGE_PREFIX}*`)],
          }),
        );
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['s3:ListBucket'],
            resources: [bucket.bucketArn],
            conditions: { StringLike: { 's3:prefix': [`${PROFILE_IMAGE_PREFIX}*`] } },
          }),
        );
        fn.addEnvironment('PROFILE_BUCKET', bucket.bucketName);
        acknowledge(target.role, {
          id: `AwsSolutions-IAM5[Resource::${r.nagRefs.profileImages}/${PROFILE_IMAGE_PREFIX}*]`,
          reason:
            'Profile photos are one object per user under images/profile/; the grant is limited to that prefix of one bucket.',
        });
        break;
      }
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
      default: {
        const unknown = need as never;
        throw new Error(`No grant is defined for the need "${String(unknown)}"`);
      }
    }
  }
}
