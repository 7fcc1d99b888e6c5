import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * One client per Lambda instance. The endpoint comes from the standard
 * AWS_ENDPOINT_URL_DYNAMODB variable when set (local emulator or LocalStack), so the
 * same code runs locally and in AWS.
 */
export const dynamo = new DynamoDBClient({});

export const db = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});
