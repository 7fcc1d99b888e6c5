import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  PITCH_STATUS,
  VALUATION_API_MESSAGES,
  type ValuationRecord,
} from '../../shared/schemas/valuation-api';
import { config } from '../lib/config';
import { ConflictError } from '../lib/errors';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import { registerInterest, releaseInterest } from '../market/interest';
import { currentQuote } from './quotes';
import { freezeAt, trackingFields } from './records';
import {
  cancelledConditions,
  getValuation,
  listValuations,
  notFound,
  withConflictRetry,
  type ValuationStore,
} from './store';
import { nowIso } from '../lib/clock';

/**
 * Tracking (spec/001 section 2, "Track"; section 3, "Tracking payload").
 *
 * The per-user limit (`TRACKING_LIMIT`, default 50) is enforced atomically: one transaction
 * increments the user's counter item (`keys.trackCounter`) on condition `count < limit` and
 * marks the valuation tracked on condition it is not tracked yet. Either both happen or
 * neither, so concurrent Track requests past the limit leave exactly the limit tracked.
 * Leaving tracking (delete, ignore) decrements the counter in the same way.
 */

const TRACKED = PITCH_STATUS.tracked;

function trackingLimitError(): ConflictError {
  return new ConflictError(VALUATION_API_MESSAGES.trackingLimit);
}

function setExpression(
  fields: Record<string, unknown>,
  names: Record<string, string>,
  values: Record<string, unknown>,
): string {
  return Object.entries(fields)
    .map(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:f${i}`] = value;
      return `#f${i} = :f${i}`;
    })
    .join(', ');
}

/** Freezes the tracked figures at the current quote and marks the pitch tracked, within the limit. */
export async function trackPitch(
  store: ValuationStore,
  userId: string,
  id: string,
  limit = config().TRACKING_LIMIT,
): Promise<ValuationRecord> {
  const { record } = await getValuation(store, userId, id);
  if (record.pitch_status === TRACKED)
    throw new ConflictError(VALUATION_API_MESSAGES.alreadyTracked);
  const quote = await currentQuote(record.stock_symbol);
  const frozen = freezeAt(record, quote.price);
  const now = nowIso();
  const fields = {
    ...trackingFields(frozen),
    tracked_intrinsic_edited_at: null,
    pitch_status: TRACKED,
    ignored: false,
    trackedAt: now,
    updatedAt: now,
  };
  const names: Record<string, string> = { '#status': 'pitch_status', '#version': 'version' };
  const values: Record<string, unknown> = { ':tracked': TRACKED, ':one': 1, ':zero': 0 };
  const set = setExpression(fields, names, values);

  await withConflictRetry(async () => {
    try {
      await store.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: store.table,
                Key: keys.trackCounter(userId),
                UpdateExpression: 'SET #type = :type ADD #count :one',
                ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
                ExpressionAttributeNames: { '#type': 'type', '#count': 'count' },
                ExpressionAttributeValues: { ':type': 'TrackCounter', ':one': 1, ':limit': limit },
              },
            },
            {
              Update: {
                TableName: store.table,
                Key: keys.valuation(userId, id),
                UpdateExpression: `SET ${set}, #version = if_not_exists(#version, :zero) + :one`,
                ConditionExpression: 'attribute_exists(pk) AND #status <> :tracked',
                ExpressionAttributeNames: names,
                ExpressionAttributeValues: values,
              },
            },
          ],
        }),
      );
    } catch (error) {
      const cancelled = cancelledConditions(error);
      if (cancelled && !cancelled.conflict) {
        if (cancelled.failed[1]) {
          const now = await getValuation(store, userId, id); // 404 when deleted meanwhile
          if (now.record.pitch_status === TRACKED)
            throw new ConflictError(VALUATION_API_MESSAGES.alreadyTracked);
        }
        if (cancelled.failed[0]) throw trackingLimitError();
      }
      throw error;
    }
  });

  try {
    await registerInterest(userId, record.stock_symbol, 'tracked', {
      client: store.client,
      tableName: store.table,
    });
  } catch (error) {
    // The pitch is tracked; the quote job only refreshes its symbol less eagerly.
    logger.warn('could not register interest in a tracked symbol', { error: error as Error });
  }
  return (await getValuation(store, userId, id)).record;
}

/** Releases the symbol's quote interest once none of the user's tracked pitches holds it. */
async function releaseIfUnused(
  store: ValuationStore,
  userId: string,
  symbol: string,
): Promise<void> {
  try {
    const stillTracked = (await listValuations(store, userId)).some(
      (r) => r.pitch_status === TRACKED && r.stock_symbol === symbol,
    );
    if (!stillTracked)
      await releaseInterest(userId, symbol, 'tracked', {
        client: store.client,
        tableName: store.table,
      });
  } catch (error) {
    logger.warn('could not release interest in a symbol', { error: error as Error });
  }
}

export type LeaveAction = { kind: 'delete' } | { kind: 'ignore'; now: string };

/**
 * Deletes or ignores a valuation; a tracked one leaves tracking in the same transaction
 * (counter decremented). Conditions on the version read, so a concurrent change is re-read.
 */
export async function removeValuation(
  store: ValuationStore,
  userId: string,
  id: string,
  action: LeaveAction,
): Promise<ValuationRecord> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { record, version } = await getValuation(store, userId, id);
    const key = keys.valuation(userId, id);
    const versionCondition =
      version === 0
        ? {
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#version)',
            ExpressionAttributeNames: { '#version': 'version' },
          }
        : {
            ConditionExpression: '#version = :v',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':v': version },
          };
    const write =
      action.kind === 'delete'
        ? { Delete: { TableName: store.table, Key: key, ...versionCondition } }
        : {
            Update: {
              TableName: store.table,
              Key: key,
              UpdateExpression:
                'SET #ignored = :true, #status = :status, #updatedAt = :now, #version = if_not_exists(#version, :zero) + :one',
              ...versionCondition,
              ExpressionAttributeNames: {
                ...versionCondition.ExpressionAttributeNames,
                '#ignored': 'ignored',
                '#status': 'pitch_status',
                '#updatedAt': 'updatedAt',
              },
              ExpressionAttributeValues: {
                ...(versionCondition.ExpressionAttributeValues ?? {}),
                ':true': true,
                ':status':
                  record.pitch_status === TRACKED ? PITCH_STATUS.pitched : record.pitch_status,
                ':now': action.now,
                ':zero': 0,
                ':one': 1,
              },
            },
          };
    // Deleting or removing a pitch stops its sharing, in the same transaction (decision 128).
    const stopSharing = { Delete: { TableName: store.table, Key: keys.share(userId, id) } };
    const wasTracked = record.pitch_status === TRACKED;
    let decrement = wasTracked;
    try {
      await withConflictRetry(async () => {
        const items: NonNullable<
          ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
        > = [write];
        if (decrement) {
          items.push({
            Update: {
              TableName: store.table,
              Key: keys.trackCounter(userId),
              UpdateExpression: 'ADD #count :minus',
              ConditionExpression: '#count > :zero',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
            },
          });
        }
        items.push(stopSharing);
        try {
          await store.client.send(new TransactWriteCommand({ TransactItems: items }));
        } catch (error) {
          const cancelled = cancelledConditions(error);
          // A counter already at 0 (or missing) is not a reason to keep the pitch: write without it.
          if (cancelled && !cancelled.conflict && cancelled.failed[1] && !cancelled.failed[0]) {
            decrement = false;
            await store.client.send(
              new TransactWriteCommand({ TransactItems: [write, stopSharing] }),
            );
            return;
          }
          throw error;
        }
      });
    } catch (error) {
      const cancelled = cancelledConditions(error);
      if (cancelled && !cancelled.conflict && cancelled.failed[0]) continue; // changed meanwhile: read again
      throw error;
    }
    if (wasTracked) await releaseIfUnused(store, userId, record.stock_symbol);
    return record;
  }
  throw new ConflictError(VALUATION_API_MESSAGES.changedMeanwhile);
}

/** The tracked update: a new intrinsic value for one tracked row, its tracked figures recomputed at its cost. */
export async function updateTrackedIntrinsic(
  store: ValuationStore,
  userId: string,
  id: string,
  intrinsic: number,
): Promise<ValuationRecord> {
  const { record } = await getValuation(store, userId, id);
  if (record.pitch_status !== TRACKED || record.tracked_market_price === null)
    throw new ConflictError(VALUATION_API_MESSAGES.notTracked);
  const frozen = freezeAt(record, record.tracked_market_price, intrinsic);
  const now = nowIso();
  // The date of the edit: a shared pitch's public page shows the new value with it (decision 143).
  const fields = { ...trackingFields(frozen), tracked_intrinsic_edited_at: now, updatedAt: now };
  const names: Record<string, string> = { '#status': 'pitch_status', '#version': 'version' };
  const values: Record<string, unknown> = { ':tracked': TRACKED, ':one': 1, ':zero': 0 };
  const set = setExpression(fields, names, values);
  try {
    const out = await store.client.send(
      new UpdateCommand({
        TableName: store.table,
        Key: keys.valuation(userId, id),
        UpdateExpression: `SET ${set}, #version = if_not_exists(#version, :zero) + :one`,
        ConditionExpression: 'attribute_exists(pk) AND #status = :tracked',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (!out.Attributes) throw notFound();
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      await getValuation(store, userId, id); // 404 when deleted meanwhile
      throw new ConflictError(VALUATION_API_MESSAGES.notTracked);
    }
    throw error;
  }
  return (await getValuation(store, userId, id)).record;
}
