import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { required } from '../lib/config';
import { db } from '../lib/dynamo';
import { keys } from '../lib/keys';

export interface RateLimitRule {
  /** What is counted, e.g. `contact-sender`. */
  kind: string;
  /** Who is counted, e.g. an email address. */
  subject: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counter: one item per subject and window, counted up atomically only while
 * under the limit, and removed by DynamoDB's TTL an hour after its window closes.
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
        Key: keys.rateLimit(rule.kind, rule.subject, window),
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
