import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config, required } from './config';
import { db } from './dynamo';
import { keys, type Key } from './keys';

export interface RateLimitRule {
  /** The counter item of one window (keys from `keys.ts`). */
  key: (window: number) => Key;
  limit: number;
  windowSeconds: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counter: one item per subject and window, counted up atomically only while
 * under the limit (one UpdateItem, nothing written when refused), and removed by
 * DynamoDB's TTL an hour after its window closes.
 */
export async function takeRateLimit(
  rule: RateLimitRule,
  nowMs: number = Date.now(),
): Promise<RateLimitResult> {
  const nowSeconds = Math.floor(nowMs / 1000);
  const window = Math.floor(nowSeconds / rule.windowSeconds);
  const windowEnd = (window + 1) * rule.windowSeconds;
  try {
    await db.send(
      new UpdateCommand({
        TableName: required('TABLE_NAME'),
        Key: rule.key(window),
        UpdateExpression: 'ADD #count :one SET #type = :type, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#type': 'type', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': rule.limit,
          ':type': 'RateLimit',
          ':ttl': windowEnd + 3600,
        },
      }),
    );
    return { allowed: true };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      return { allowed: false, retryAfterSeconds: Math.max(1, windowEnd - nowSeconds) };
    }
    throw error;
  }
}

/** The per-minute write limit of a route for one user: the configured override, else the route's. */
export function writeLimitOf(routeLimit: number | undefined): number | undefined {
  if (routeLimit === undefined) return undefined;
  return config().WRITE_LIMIT_PER_MINUTE ?? routeLimit;
}

/**
 * Counts one write of a signed-in user on a route that declares `writeLimitPerMinute`
 * (its own partition per user and route; TTL removes it an hour after the minute).
 */
export function takeWriteLimit(
  userId: string,
  routeId: string,
  limit: number,
  nowMs?: number,
): Promise<RateLimitResult> {
  return takeRateLimit(
    { key: (minute) => keys.writeRate(userId, routeId, minute), limit, windowSeconds: 60 },
    nowMs,
  );
}

/** The per-minute limit of a route for one client: the configured override, else the route's. */
export function clientLimitOf(routeLimit: number | undefined): number | undefined {
  if (routeLimit === undefined) return undefined;
  return config().CLIENT_LIMIT_PER_MINUTE ?? routeLimit;
}

/**
 * Counts one request of a client (a network address) on a route that declares
 * `clientLimitPerMinute`, in partition `RATE#client-<route>#<address>` (the only items a
 * function without a table need may write: infra/constructs/grants.ts).
 */
export function takeClientLimit(
  address: string,
  routeId: string,
  limit: number,
  nowMs?: number,
): Promise<RateLimitResult> {
  return takeRateLimit(
    {
      key: (minute) => keys.rateLimit(`client-${routeId}`, address, minute),
      limit,
      windowSeconds: 60,
    },
    nowMs,
  );
}
