import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';

/**
 * How long a request waits for DynamoDB: a refused or stalled connection fails within a
 * few seconds (the route answers 503) instead of holding the request until API Gateway's
 * 30 s limit. Three attempts ride out a throttled or reset call. DynamoDB Local on a busy
 * machine can take longer than DynamoDB ever does to answer a transaction: the local stack
 * raises the answer's limit (`DYNAMO_REQUEST_TIMEOUT_MS`, decision 156), so that a write
 * is not sent again while its first attempt is still being applied.
 */
export const DYNAMO_TIMEOUTS = {
  maxAttempts: 3,
  connectionTimeoutMs: 1_000,
  requestTimeoutMs: requestTimeoutMs(process.env.DYNAMO_REQUEST_TIMEOUT_MS),
} as const;

function requestTimeoutMs(configured: string | undefined): number {
  const ms = Number(configured);
  return configured && Number.isInteger(ms) && ms >= 1_000 && ms <= 60_000 ? ms : 3_000;
}

/**
 * One client per Lambda instance. The endpoint comes from the standard
 * AWS_ENDPOINT_URL_DYNAMODB variable when set (local emulator or LocalStack), so the
 * same code runs locally and in AWS.
 */
export const dynamo = new DynamoDBClient({
  maxAttempts: DYNAMO_TIMEOUTS.maxAttempts,
  requestHandler: {
    connectionTimeout: DYNAMO_TIMEOUTS.connectionTimeoutMs,
    requestTimeout: DYNAMO_TIMEOUTS.requestTimeoutMs,
  },
});

export const db = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});

export interface PartitionQuery {
  table: string;
  pk: string;
  /** Items whose sort key begins with this. */
  prefix: string;
  /** Instead of the whole prefix: sort keys from `from` to `to`, both included. */
  between?: { from: string; to: string };
  filter?: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
  consistent?: boolean;
  descending?: boolean;
  /** At most this many items (stops paging once reached). */
  limit?: number;
  /** Only these attributes (a ProjectionExpression; name placeholders in `names`). */
  projection?: string;
}

function keyCondition(query: PartitionQuery) {
  const values = { ':pk': query.pk, ...query.values };
  return query.between
    ? {
        TableName: query.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ...values,
          ':from': query.between.from,
          ':to': query.between.to,
        },
      }
    : {
        TableName: query.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ...values, ':p': query.prefix },
      };
}

/** Every item of one partition under a sort-key prefix, page after page (one Query a page). */
export async function queryPartition(
  client: DynamoDBDocumentClient,
  query: PartitionQuery,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await client.send(
      new QueryCommand({
        ...keyCondition(query),
        ...(query.names ? { ExpressionAttributeNames: query.names } : {}),
        ...(query.filter ? { FilterExpression: query.filter } : {}),
        ...(query.projection ? { ProjectionExpression: query.projection } : {}),
        ...(query.descending ? { ScanIndexForward: false } : {}),
        ...(query.limit ? { Limit: query.limit } : {}),
        ...(query.consistent ? { ConsistentRead: true } : {}),
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
    if (query.limit && items.length >= query.limit) break;
  } while (start);
  return query.limit ? items.slice(0, query.limit) : items;
}

/** How many items `queryPartition` would read (a count, no items), page after page. */
export async function countPartition(
  client: DynamoDBDocumentClient,
  query: Omit<PartitionQuery, 'projection' | 'limit' | 'descending'>,
): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await client.send(
      new QueryCommand({
        ...keyCondition(query),
        ...(query.names ? { ExpressionAttributeNames: query.names } : {}),
        ...(query.filter ? { FilterExpression: query.filter } : {}),
        ...(query.consistent ? { ConsistentRead: true } : {}),
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}
