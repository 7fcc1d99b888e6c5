import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  PITCH_STATUS,
  VALUATION_API_MESSAGES,
  type ValuationRecord,
} from '../../shared/schemas/valuation-api';
import {
  isHiddenVersion,
  SHARE_LIMIT,
  SHARE_VERSION_LIMIT,
  SHARING_MESSAGES,
  type IntrinsicEdit,
  type SharedVersion,
  type ShareVersionEntry,
} from '../../shared/sharing/schemas';
import { MODELS } from '../../shared/valuation';
import { queryPartition } from '../lib/dynamo';
import { ConflictError, NotFoundError } from '../lib/errors';
import { GSI1, keys, userPk } from '../lib/keys';
import { logger } from '../lib/logger';
import { nowIso } from '../lib/clock';
import {
  cancelledConditions,
  getValuation,
  notFound,
  type ValuationStore,
} from '../valuations/store';

/**
 * Shared pitches and public records (docs/decisions/128-public-pitch-sharing.md).
 *
 * - Share: `USER#<sub>` / `SHARE#<valuationId>`, on gsi1 as `SHARE#<slug>` / `SHARE`. It holds
 *   the versions the server stored (at sharing, then at each Re-Pitch) and the anchor of the
 *   record: the pitch's date and price, and the S&P 500's close that day.
 * - Public record: `USER#<sub>` / `PUBLIC_RECORD`, on gsi1 as `RECORD#<slug>` / `RECORD`.
 *
 * Both live in the user's partition: deleting the account deletes them, and deleting or
 * removing the pitch deletes its share in the same transaction (functions/valuations/tracking.ts).
 * A public read finds the item by its slug on the index, then reads it again from the table
 * with a consistent read, so a share stopped a moment ago is never served from the index.
 */

export interface ShareAnchor {
  pitchedAt: string;
  priceThen: number;
  indexThen: number | null;
}

export interface ShareItem {
  userId: string;
  valuationId: string;
  slug: string;
  stockSymbol: string;
  sharedAt: string;
  anchor: ShareAnchor;
  /** Oldest first; the last is never hidden (decision 143). */
  versions: ShareVersionEntry[];
}

export interface PublicRecordItem {
  userId: string;
  slug: string;
  displayName: string;
  /** The display name's skeleton, which this user claims (decision 142); absent before that. */
  nameKey?: string;
  updatedAt: string;
}

/** 128 random bits, base64url: the unguessable part of a public address. */
export const newSlug = (): string => randomBytes(16).toString('base64url');

/** The version of a record the public page shows: the server's stored figures, nothing else. */
export function versionOf(record: ValuationRecord, version: number, at: string): SharedVersion {
  const model = MODELS[record.valuation_type_id as keyof typeof MODELS] as
    { fieldLabels: Record<string, string> } | undefined;
  const inputs: Record<string, number | null> = {};
  for (const field of Object.keys(model?.fieldLabels ?? {})) {
    const value = (record as unknown as Record<string, unknown>)[field];
    inputs[field] = typeof value === 'number' && Number.isFinite(value) ? value : null;
  }
  return {
    version,
    at,
    valuation_type_id: record.valuation_type_id,
    stock_symbol: record.stock_symbol,
    stock_name: record.stock_name,
    market_price: record.market_price,
    holding_period: record.holding_period,
    forward_multiple: record.forward_multiple ?? null,
    inputs,
    intrinsic_value_per_share: record.intrinsic_value_per_share,
    premium: record.premium,
    irr: record.irr,
    moic: record.moic,
    moats: [...record.moats],
    comment: record.comment,
  };
}

/** When the pitch was pitched and at what price: the tracking day and cost, else the save. */
export function anchorOf(record: ValuationRecord): Omit<ShareAnchor, 'indexThen'> {
  const tracked = record.pitch_status === PITCH_STATUS.tracked && record.trackedAt;
  return {
    pitchedAt: tracked ? record.trackedAt! : record.updatedAt,
    priceThen: record.tracked_market_price ?? record.market_price,
  };
}

function shareFromItem(item: Record<string, unknown>): ShareItem {
  return {
    userId: item.userId as string,
    valuationId: item.valuationId as string,
    slug: item.slug as string,
    stockSymbol: item.stockSymbol as string,
    sharedAt: item.sharedAt as string,
    anchor: item.anchor as ShareAnchor,
    versions: item.versions as ShareVersionEntry[],
  };
}

/** The version a public page shows as current: the latest (never hidden). */
export function currentVersion(share: ShareItem): SharedVersion {
  const shown = share.versions.filter((v): v is SharedVersion => !isHiddenVersion(v));
  return shown.at(-1)!;
}

function shareItem(share: ShareItem): Record<string, unknown> {
  return {
    ...keys.share(share.userId, share.valuationId),
    ...keys.shareGsi(share.slug),
    type: 'Share',
    ...share,
  };
}

export async function findShare(
  store: ValuationStore,
  userId: string,
  valuationId: string,
): Promise<ShareItem | undefined> {
  const out = await store.client.send(
    new GetCommand({
      TableName: store.table,
      Key: keys.share(userId, valuationId),
      ConsistentRead: true,
    }),
  );
  return out.Item ? shareFromItem(out.Item) : undefined;
}

export async function listShares(store: ValuationStore, userId: string): Promise<ShareItem[]> {
  const items = await queryPartition(store.client, {
    table: store.table,
    pk: userPk(userId),
    prefix: keys.sharePrefix,
  });
  return items.map(shareFromItem);
}

/**
 * Shares a pitched or tracked pitch; sharing it again answers the same address. The S&P 500's
 * close on the pitch day is read once here (through the market cache) and kept.
 */
export async function createShare(
  store: ValuationStore,
  userId: string,
  valuationId: string,
  indexCloseOn: (day: string) => Promise<number | undefined>,
): Promise<ShareItem> {
  const existing = await findShare(store, userId, valuationId);
  if (existing) return existing;
  const { record } = await getValuation(store, userId, valuationId);
  if (record.pitch_status === PITCH_STATUS.saved || record.ignored)
    throw new ConflictError(SHARING_MESSAGES.notPitched);
  if ((await listShares(store, userId)).length >= SHARE_LIMIT)
    throw new ConflictError(SHARING_MESSAGES.tooMany);
  const now = nowIso();
  const anchor = anchorOf(record);
  const share: ShareItem = {
    userId,
    valuationId,
    slug: newSlug(),
    stockSymbol: record.stock_symbol,
    sharedAt: now,
    anchor: { ...anchor, indexThen: (await indexCloseOn(anchor.pitchedAt)) ?? null },
    versions: [versionOf(record, 1, now)],
  };
  try {
    await store.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: store.table,
              Item: shareItem(share),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            // The pitch is still there (a delete meanwhile would leave a share of nothing).
            ConditionCheck: {
              TableName: store.table,
              Key: keys.valuation(userId, valuationId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    const cancelled = cancelledConditions(error);
    if (cancelled?.failed[0]) {
      const raced = await findShare(store, userId, valuationId);
      if (raced) return raced;
    }
    if (cancelled?.failed[1]) throw notFound();
    throw error;
  }
  return share;
}

/** Stops sharing: the share item goes; the public page answers 404 from then on. */
export async function stopShare(
  store: ValuationStore,
  userId: string,
  valuationId: string,
): Promise<boolean> {
  await getValuation(store, userId, valuationId); // another user's id: 404
  const out = await store.client.send(
    new DeleteCommand({
      TableName: store.table,
      Key: keys.share(userId, valuationId),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return out.Attributes !== undefined;
}

/**
 * After a Re-Pitch: the shared page gains the new version (with its date). The first version
 * is always kept; beyond SHARE_VERSION_LIMIT the oldest after it are dropped. A pitch that is
 * not shared changes nothing. Best effort: the Re-Pitch itself has already been saved.
 */
export async function addShareVersion(
  store: ValuationStore,
  userId: string,
  record: ValuationRecord,
): Promise<void> {
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const share = await findShare(store, userId, record.id);
      if (!share) return;
      const last = share.versions.at(-1);
      const next = versionOf(record, (last?.version ?? 0) + 1, nowIso());
      let versions = [...share.versions, next];
      if (versions.length > SHARE_VERSION_LIMIT)
        versions = [versions[0]!, ...versions.slice(versions.length - SHARE_VERSION_LIMIT + 1)];
      try {
        await store.client.send(
          new PutCommand({
            TableName: store.table,
            Item: shareItem({ ...share, versions }),
            ConditionExpression: 'attribute_exists(pk) AND size(versions) = :n',
            ExpressionAttributeValues: { ':n': share.versions.length },
          }),
        );
        return;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
  } catch (error) {
    logger.warn('shared pitch version not added', { error: error as Error });
  }
}

/**
 * Hides an earlier version of a shared pitch from its public page (decision 143): only its
 * number and date stay, its figures and words are gone from the share. The latest version
 * cannot be hidden (Re-Pitch, or stop sharing). Hiding a hidden version changes nothing.
 */
export async function hideShareVersion(
  store: ValuationStore,
  userId: string,
  valuationId: string,
  version: number,
): Promise<ShareItem> {
  await getValuation(store, userId, valuationId); // another user's id: 404
  for (let attempt = 0; attempt < 3; attempt++) {
    const share = await findShare(store, userId, valuationId);
    if (!share) throw new ConflictError(SHARING_MESSAGES.notShared);
    const index = share.versions.findIndex((v) => v.version === version);
    if (index < 0) throw new NotFoundError(SHARING_MESSAGES.noSuchVersion);
    if (index === share.versions.length - 1)
      throw new ConflictError(SHARING_MESSAGES.currentVersion);
    const target = share.versions[index]!;
    if (isHiddenVersion(target)) return share;
    const versions = share.versions.map((v, i) =>
      i === index ? { version: v.version, at: v.at, hidden: true as const } : v,
    );
    try {
      await store.client.send(
        new PutCommand({
          TableName: store.table,
          Item: shareItem({ ...share, versions }),
          // Unchanged since read: a Re-Pitch meanwhile adds a version (size), a stop removes it.
          ConditionExpression: 'attribute_exists(pk) AND size(versions) = :n AND slug = :slug',
          ExpressionAttributeValues: { ':n': share.versions.length, ':slug': share.slug },
        }),
      );
      return { ...share, versions };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  throw new ConflictError(VALUATION_API_MESSAGES.changedMeanwhile);
}

/**
 * The pitch's value now when its owner changed it on My Tracked Pitches after the latest
 * version (decision 143): read from the pitch itself, so the public page follows the edit at
 * once. Undefined when there is no such edit.
 */
function editOf(
  item: Record<string, unknown> | undefined,
  current: SharedVersion,
): (IntrinsicEdit & { value: number }) | undefined {
  if (!item || item.pitch_status !== PITCH_STATUS.tracked) return undefined;
  const value = item.tracked_intrinsic_value_per_share;
  const editedAt = item.tracked_intrinsic_edited_at;
  if (typeof value !== 'number' || !Number.isFinite(value) || typeof editedAt !== 'string')
    return undefined;
  if (editedAt < current.at) return undefined; // a later Re-Pitch carries its own value
  return { value, editedAt, versionValue: current.intrinsic_value_per_share };
}

const EDIT_FIELDS = {
  ProjectionExpression:
    'pk, sk, pitch_status, tracked_intrinsic_value_per_share, tracked_intrinsic_edited_at',
};

/** The edit of a shared pitch's intrinsic value after its latest version, if any. */
export async function intrinsicEditOf(
  store: ValuationStore,
  share: ShareItem,
): Promise<(IntrinsicEdit & { value: number }) | undefined> {
  const out = await store.client.send(
    new GetCommand({
      TableName: store.table,
      Key: keys.valuation(share.userId, share.valuationId),
      ConsistentRead: true,
      ...EDIT_FIELDS,
    }),
  );
  return editOf(out.Item, currentVersion(share));
}

/** The same for a user's shares (at most SHARE_LIMIT: one batch read), by valuation id. */
export async function intrinsicEditsOf(
  store: ValuationStore,
  userId: string,
  shares: readonly ShareItem[],
): Promise<Map<string, IntrinsicEdit & { value: number }>> {
  const edits = new Map<string, IntrinsicEdit & { value: number }>();
  if (shares.length === 0) return edits;
  const items = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < shares.length; i += 100) {
    let keysLeft: Record<string, unknown>[] | undefined = shares
      .slice(i, i + 100)
      .map((s) => ({ ...keys.valuation(userId, s.valuationId) }));
    for (let round = 0; keysLeft && keysLeft.length > 0 && round < 5; round++) {
      const out: BatchGetCommandOutput = await store.client.send(
        new BatchGetCommand({
          RequestItems: { [store.table]: { Keys: keysLeft, ConsistentRead: true, ...EDIT_FIELDS } },
        }),
      );
      for (const item of out.Responses?.[store.table] ?? []) items.set(String(item.sk), item);
      keysLeft = out.UnprocessedKeys?.[store.table]?.Keys;
    }
  }
  for (const share of shares) {
    const edit = editOf(
      items.get(keys.valuation(userId, share.valuationId).sk),
      currentVersion(share),
    );
    if (edit) edits.set(share.valuationId, edit);
  }
  return edits;
}

async function bySlug(
  store: ValuationStore,
  gsi: { gsi1pk: string; gsi1sk: string },
): Promise<Record<string, unknown> | undefined> {
  const out = await store.client.send(
    new QueryCommand({
      TableName: store.table,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': gsi.gsi1pk, ':sk': gsi.gsi1sk },
      Limit: 1,
    }),
  );
  const hit = out.Items?.[0];
  if (!hit) return undefined;
  // The index may lag a stop by a moment: the table itself says whether it is still there.
  const fresh = await store.client.send(
    new GetCommand({
      TableName: store.table,
      Key: { pk: hit.pk as string, sk: hit.sk as string },
      ConsistentRead: true,
    }),
  );
  if (!fresh.Item || fresh.Item.gsi1pk !== gsi.gsi1pk) return undefined;
  return fresh.Item;
}

export function shareNotFound(): NotFoundError {
  return new NotFoundError(SHARING_MESSAGES.notFound);
}

export async function shareBySlug(store: ValuationStore, slug: string): Promise<ShareItem> {
  const item = await bySlug(store, keys.shareGsi(slug));
  if (!item) throw shareNotFound();
  return shareFromItem(item);
}

/* ------------------------------------------------------------ public record */

function recordFromItem(item: Record<string, unknown>): PublicRecordItem {
  return {
    userId: item.userId as string,
    slug: item.slug as string,
    displayName: item.displayName as string,
    ...(typeof item.nameKey === 'string' ? { nameKey: item.nameKey } : {}),
    updatedAt: item.updatedAt as string,
  };
}

export async function findPublicRecord(
  store: ValuationStore,
  userId: string,
): Promise<PublicRecordItem | undefined> {
  const out = await store.client.send(
    new GetCommand({
      TableName: store.table,
      Key: keys.publicRecord(userId),
      ConsistentRead: true,
    }),
  );
  return out.Item ? recordFromItem(out.Item) : undefined;
}

/**
 * Gives a display name's claim up if it is this user's (turned off, renamed, account deleted).
 * Best effort: a claim left behind is taken over by the next user who wants the name
 * (functions/sharing/public-record.ts).
 */
export async function releaseClaim(
  store: ValuationStore,
  userId: string,
  nameKey: string,
): Promise<void> {
  await store.client
    .send(
      new DeleteCommand({
        TableName: store.table,
        Key: keys.displayNameClaim(nameKey),
        ConditionExpression: 'userId = :me',
        ExpressionAttributeValues: { ':me': userId },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException))
        logger.warn('display name claim not released', { error: error as Error });
    });
}

/** Gives up the user's display name (account deletion), so another user may take it. */
export async function releaseDisplayName(store: ValuationStore, userId: string): Promise<void> {
  const record = await findPublicRecord(store, userId);
  if (record?.nameKey) await releaseClaim(store, userId, record.nameKey);
}

export async function publicRecordBySlug(
  store: ValuationStore,
  slug: string,
): Promise<PublicRecordItem> {
  const item = await bySlug(store, keys.publicRecordGsi(slug));
  if (!item) throw shareNotFound();
  return recordFromItem(item);
}
