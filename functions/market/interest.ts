import {
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { stockSymbol } from '../../shared/schemas/common';
import { required } from '../lib/config';
import { db } from '../lib/dynamo';
import { GSI1, keys, userPk } from '../lib/keys';
import { nowIso } from '../lib/clock';

/**
 * Which symbols the quote job keeps warm: those any user tracks, watches, holds or has an alert on.
 *
 * Two items per (user, symbol, reason) change:
 * - the user's own item `USER#<sub>` / `INTEREST#<symbol>#<reason>` (deleted with the account),
 * - one counter per symbol `INTEREST#<symbol>` / `COUNT` that carries the gsi1 keys
 *   (`SYMBOL_INTEREST`, symbol) while its count is above zero.
 * So the job reads one gsi1 partition with one entry per symbol, however many users share it.
 * Both writes go in one transaction; registering twice or releasing twice changes nothing.
 */
export type InterestReason = 'tracked' | 'watch' | 'holding' | 'alert';

export interface InterestStore {
  client?: DynamoDBDocumentClient;
  tableName?: string;
}

function store(options: InterestStore) {
  return { client: options.client ?? db, table: options.tableName ?? required('TABLE_NAME') };
}

function conditionFailed(error: unknown): boolean {
  if (error instanceof TransactionCanceledException) {
    return (error.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed');
  }
  return error instanceof ConditionalCheckFailedException;
}

export async function registerInterest(
  userId: string,
  symbolText: string,
  reason: InterestReason,
  options: InterestStore = {},
): Promise<boolean> {
  const { client, table } = store(options);
  const symbol = stockSymbol.parse(symbolText);
  try {
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table,
              Item: {
                ...keys.symbolInterest(userId, symbol, reason),
                type: 'SymbolInterest',
                symbol,
                reason,
                createdAt: nowIso(),
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: table,
              Key: keys.symbolInterestCounter(symbol),
              UpdateExpression:
                'ADD refs :one SET gsi1pk = :g, gsi1sk = :s, #type = :t, symbol = :s',
              ExpressionAttributeNames: { '#type': 'type' },
              ExpressionAttributeValues: {
                ':one': 1,
                ':g': keys.symbolInterestGsi(symbol).gsi1pk,
                ':s': symbol,
                ':t': 'SymbolInterest',
              },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

export async function releaseInterest(
  userId: string,
  symbolText: string,
  reason: InterestReason,
  options: InterestStore = {},
): Promise<boolean> {
  const { client, table } = store(options);
  const symbol = stockSymbol.parse(symbolText);
  try {
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: table,
              Key: keys.symbolInterest(userId, symbol, reason),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Update: {
              TableName: table,
              Key: keys.symbolInterestCounter(symbol),
              UpdateExpression: 'ADD refs :minus',
              ExpressionAttributeValues: { ':minus': -1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
  try {
    // Off the index once nobody is interested; a register in between keeps it (refs > 0).
    await client.send(
      new UpdateCommand({
        TableName: table,
        Key: keys.symbolInterestCounter(symbol),
        UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'refs <= :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  return true;
}

/** Releases every interest of a user (account deletion calls this before erasing the partition). */
export async function releaseAllInterest(
  userId: string,
  options: InterestStore = {},
): Promise<number> {
  const { client, table } = store(options);
  let released = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await client.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': keys.symbolInterestPrefix },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) {
      if (
        await releaseInterest(userId, String(item.symbol), item.reason as InterestReason, options)
      )
        released++;
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return released;
}

/** Every symbol someone tracks, watches or holds: one gsi1 partition, one entry per symbol. */
export async function interestedSymbols(options: InterestStore = {}): Promise<string[]> {
  const { client, table } = store(options);
  const symbols: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await client.send(
      new QueryCommand({
        TableName: table,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :g',
        ExpressionAttributeValues: { ':g': keys.symbolInterestPk },
        ProjectionExpression: 'gsi1sk',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) symbols.push(String(item.gsi1sk));
    start = out.LastEvaluatedKey;
  } while (start);
  return symbols;
}
