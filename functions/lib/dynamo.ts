import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * How long a request waits for DynamoDB: a refused or stalled connection fails within a
 * few seconds (the route answers 503) instead of holding the request until API Gateway's
 * 30 s limit. Three attempts ride out a throttled or reset call.
 */
export const DYNAMO_TIMEOUTS = {
  maxAttempts: 3,
  connectionTimeoutMs: 1_000,
  requestTimeoutMs: 3_000,
} as const;

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
