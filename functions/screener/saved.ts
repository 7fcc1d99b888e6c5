import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  SAVED_SCREENER_LIMIT,
  type SavedScreener,
  type ScreenerAddRequest,
} from '../../shared/schemas/watchlist';
import { required } from '../lib/config';
import { db } from '../lib/dynamo';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { keys, userPk } from '../lib/keys';
import { nowIso } from '../lib/clock';
import { keyedId, transactOnce } from '../lib/idempotency';

/** Saved screeners: one item per screener under the user's partition. */
const table = () => required('TABLE_NAME');

function toSaved(item: Record<string, unknown>): SavedScreener {
  return {
    id: String(item.id),
    name: String(item.name),
    filters: (item.filters ?? {}) as SavedScreener['filters'],
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt ?? item.createdAt),
  };
}

export async function listScreeners(userId: string): Promise<SavedScreener[]> {
  const out: SavedScreener[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': keys.screenerPrefix },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) out.push(toSaved(item));
    start = res.LastEvaluatedKey;
  } while (start);
  // Newest first.
  return out.sort((a, b) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id.localeCompare(b.id),
  );
}

/** Saves a new screener, or changes the user's screener `id` (another user's id is not found). */
export async function saveScreener(
  userId: string,
  input: ScreenerAddRequest,
): Promise<SavedScreener> {
  const now = nowIso();
  const filters = JSON.parse(JSON.stringify(input.filters)) as SavedScreener['filters'];
  if (input.id) {
    try {
      const res = await db.send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.screener(userId, input.id),
          UpdateExpression: 'SET #name = :name, filters = :filters, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':name': input.name, ':filters': filters, ':now': now },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toSaved(res.Attributes ?? {});
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException)
        throw new NotFoundError('That saved screener was not found');
      throw error;
    }
  }
  const count = await db.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':p': keys.screenerPrefix },
      Select: 'COUNT',
    }),
  );
  if ((count.Count ?? 0) >= SAVED_SCREENER_LIMIT) {
    throw new BadRequestError(
      `You can save up to ${SAVED_SCREENER_LIMIT} screeners. Delete one to save another.`,
    );
  }
  const id = keyedId('screener').replaceAll('-', '').slice(0, 16);
  const item = { id, name: input.name, filters, createdAt: now, updatedAt: now };
  // With its Idempotency-Key's answer, in one transaction (decision 121).
  await transactOnce(
    db,
    [
      {
        Put: {
          TableName: table(),
          Item: { ...keys.screener(userId, id), type: 'Screener', ...item },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    screenerSaved(item),
  );
  return item;
}

/** The answer of `screener/add`. */
export function screenerSaved(screener: SavedScreener) {
  return { message: 'Screener saved', data: screener };
}

export async function deleteScreener(userId: string, id: string): Promise<void> {
  const res = await db.send(
    new DeleteCommand({
      TableName: table(),
      Key: keys.screener(userId, id),
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!res.Attributes) throw new NotFoundError('That saved screener was not found');
}
