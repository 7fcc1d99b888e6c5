import {
  TransactionCanceledException,
  ConditionalCheckFailedException,
} from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { VALUATION_API_MESSAGES, type ValuationRecord } from '../../shared/schemas/valuation-api';
import { required } from '../lib/config';
import { db, queryPartition } from '../lib/dynamo';
import { NotFoundError } from '../lib/errors';
import { keys, userPk } from '../lib/keys';
import { fromItem, savedValuationResponse, toItem, type StoredValuation } from './records';
import { transactOnce } from '../lib/idempotency';

/**
 * The valuation items of one user: `USER#<sub>` / `VALUATION#<id>`, type `Valuation`.
 * Every read and write is keyed by the signed-in user's id, so another user's valuation id
 * resolves to nothing (404) and cannot be changed.
 */
export interface ValuationStore {
  client: DynamoDBDocumentClient;
  table: string;
}

export function valuationStore(options: Partial<ValuationStore> = {}): ValuationStore {
  return { client: options.client ?? db, table: options.table ?? required('TABLE_NAME') };
}

export function notFound(): NotFoundError {
  return new NotFoundError(VALUATION_API_MESSAGES.notFound);
}

export async function findValuation(
  store: ValuationStore,
  userId: string,
  id: string,
): Promise<StoredValuation | undefined> {
  const out = await store.client.send(
    new GetCommand({
      TableName: store.table,
      Key: keys.valuation(userId, id),
      ConsistentRead: true,
    }),
  );
  return out.Item ? fromItem(out.Item) : undefined;
}

export async function getValuation(
  store: ValuationStore,
  userId: string,
  id: string,
): Promise<StoredValuation> {
  const found = await findValuation(store, userId, id);
  if (!found) throw notFound();
  return found;
}

export async function listValuations(
  store: ValuationStore,
  userId: string,
): Promise<ValuationRecord[]> {
  const items = await queryPartition(store.client, {
    table: store.table,
    pk: userPk(userId),
    prefix: keys.valuationPrefix,
  });
  return items.map((item) => fromItem(item).record);
}

/** A new valuation: refused if the id exists (ids are random, so this never happens in practice). */
export async function createValuation(
  store: ValuationStore,
  userId: string,
  record: ValuationRecord,
): Promise<void> {
  // With its Idempotency-Key's answer, in one transaction (decision 121).
  await transactOnce(
    store.client,
    [
      {
        Put: {
          TableName: store.table,
          Item: toItem(userId, record, 1),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    savedValuationResponse(record),
  );
}

/** Replaces a valuation if nothing else changed it since it was read (version check). */
export async function replaceValuation(
  store: ValuationStore,
  userId: string,
  record: ValuationRecord,
  readVersion: number,
): Promise<boolean> {
  try {
    await store.client.send(
      new PutCommand({
        TableName: store.table,
        Item: toItem(userId, record, readVersion + 1),
        ConditionExpression:
          readVersion === 0
            ? 'attribute_exists(pk) AND attribute_not_exists(version)'
            : 'version = :v',
        ...(readVersion === 0 ? {} : { ExpressionAttributeValues: { ':v': readVersion } }),
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Which items of a cancelled transaction failed their condition (by index), or null for another cause. */
export function cancelledConditions(
  error: unknown,
): { conflict: boolean; failed: boolean[] } | null {
  if (!(error instanceof TransactionCanceledException)) return null;
  const reasons = error.CancellationReasons ?? [];
  return {
    conflict: reasons.some((r) => r.Code === 'TransactionConflict'),
    failed: reasons.map((r) => r.Code === 'ConditionalCheckFailed'),
  };
}

/** Retries a write that lost a race with a concurrent transaction, with jittered backoff. */
export async function withConflictRetry<T>(attempt: () => Promise<T>, tries = 12): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      const cancelled = cancelledConditions(error);
      const conflict =
        (cancelled?.conflict ?? false) ||
        (error as { name?: string }).name === 'TransactionConflictException';
      if (!conflict || i >= tries) throw error;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.random() * Math.min(400, 20 * 2 ** i)),
      );
    }
  }
}

/** The signed-in user's id (routes with `auth: true` never run without one). */
export function signedIn(user: { userId: string } | undefined): string {
  if (!user) throw new NotFoundError(VALUATION_API_MESSAGES.notFound);
  return user.userId;
}
