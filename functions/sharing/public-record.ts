import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DISPLAY_NAME_MESSAGES } from '../../shared/sharing/schemas';
import { displayNameProblem, nameSkeleton } from '../../shared/sharing/display-name';
import { nowIso } from '../lib/clock';
import { BadRequestError, ConflictError } from '../lib/errors';
import { keys } from '../lib/keys';
import { cancelledConditions, type ValuationStore } from '../valuations/store';
import { findPublicRecord, newSlug, releaseClaim, type PublicRecordItem } from './store';

/**
 * Turning the public record on or off (docs/decisions/128, 142). A display name is checked for
 * what it reads as (reserved names, look-alikes folded by Unicode's confusables skeleton) and
 * is unique by that skeleton: the user claims it (`DISPLAY_NAME#<skeleton>`) in the same
 * transaction as the record, and a name that reads like another user's answers 409. A claim
 * whose holder's record no longer carries that name (turned off or renamed, the release lost,
 * the account deleted) is taken over.
 */

/** Who holds a display name's skeleton, read consistently; undefined when no one. */
async function claimHolder(store: ValuationStore, nameKey: string): Promise<string | undefined> {
  const out = await store.client.send(
    new GetCommand({
      TableName: store.table,
      Key: keys.displayNameClaim(nameKey),
      ConsistentRead: true,
    }),
  );
  return typeof out.Item?.userId === 'string' ? out.Item.userId : undefined;
}

/** Turns the public record on (keeping its address when it was on) or off. */
export async function setPublicRecord(
  store: ValuationStore,
  userId: string,
  displayName: string | null,
): Promise<PublicRecordItem | null> {
  const existing = await findPublicRecord(store, userId);
  if (displayName === null) {
    await store.client.send(
      new DeleteCommand({ TableName: store.table, Key: keys.publicRecord(userId) }),
    );
    if (existing?.nameKey) await releaseClaim(store, userId, existing.nameKey);
    return null;
  }
  const problem = displayNameProblem(displayName);
  if (problem) throw new BadRequestError(problem, { display_name: problem });
  const nameKey = nameSkeleton(displayName);
  const item: PublicRecordItem = {
    userId,
    slug: existing?.slug ?? newSlug(),
    displayName,
    nameKey,
    updatedAt: nowIso(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const holder = await claimHolder(store, nameKey);
    if (holder !== undefined && holder !== userId) {
      const theirs = await findPublicRecord(store, holder);
      if (theirs?.nameKey === nameKey) throw new ConflictError(DISPLAY_NAME_MESSAGES.taken);
    }
    try {
      await store.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: store.table,
                Item: { ...keys.displayNameClaim(nameKey), type: 'DisplayNameClaim', userId },
                // Free, or still held by whom it was read from (this user, or a stale claim).
                ...(holder === undefined
                  ? { ConditionExpression: 'attribute_not_exists(pk)' }
                  : {
                      ConditionExpression: 'userId = :holder',
                      ExpressionAttributeValues: { ':holder': holder },
                    }),
              },
            },
            {
              Put: {
                TableName: store.table,
                Item: {
                  ...keys.publicRecord(userId),
                  ...keys.publicRecordGsi(item.slug),
                  type: 'PublicRecord',
                  ...item,
                },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (cancelledConditions(error)) continue; // claimed or released meanwhile: read again
      throw error;
    }
    if (existing?.nameKey && existing.nameKey !== nameKey)
      await releaseClaim(store, userId, existing.nameKey);
    return item;
  }
  throw new ConflictError(DISPLAY_NAME_MESSAGES.taken);
}
