import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  describeAlert,
  toCents,
  triggerLevel,
  type AlertCondition,
  type AlertSide,
} from '../../shared/alerts/rules';
import {
  ALERT_LIMIT,
  ALERT_MESSAGES,
  type AddAlertRequest,
  type AlertRecord,
} from '../../shared/schemas/alerts';
import { required } from '../lib/config';
import { keyedId, transactOnce } from '../lib/idempotency';
import { db, queryPartition } from '../lib/dynamo';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { GSI1, keys, userPk } from '../lib/keys';
import { registerInterest, releaseInterest } from '../market/interest';
import { currentQuote } from '../valuations/quotes';
import { findValuation, valuationStore } from '../valuations/store';
import { now as clockNow } from '../lib/clock';

/**
 * Alert rules: `USER#<sub>` / `ALERT#<id>`, type `AlertRule`, on gsi1 under `ALERT_RULE` with
 * `<symbol>#<sub>#<id>` (the quote job reads that one index partition, sorted by symbol).
 * A counter item `COUNTER#ALERTS` bounds a user's rules in the same transaction as each add.
 * Every rule also holds the user's 'alert' interest in its symbol, so the quote job keeps it warm.
 */
export interface AlertItem extends AlertCondition {
  pk: string;
  sk: string;
  alertId: string;
  userId: string;
  symbol: string;
  valuationId?: string;
  side: AlertSide;
  createdAt: string;
  lastTriggeredAt?: string;
}

export interface AlertStore {
  client: DynamoDBDocumentClient;
  table: string;
}

export function alertStore(options: Partial<AlertStore> = {}): AlertStore {
  return { client: options.client ?? db, table: options.table ?? required('TABLE_NAME') };
}

export function toRecord(item: AlertItem): AlertRecord {
  return {
    alert_id: item.alertId,
    stock_symbol: item.symbol,
    kind: item.kind,
    direction: item.direction,
    threshold: item.thresholdCents / 100,
    margin_pct: item.kind === 'margin' ? item.marginPct : null,
    trigger_price: triggerLevel(item),
    valuation_id: item.valuationId ?? null,
    state: item.side === 'hit' ? 'triggered' : 'armed',
    description: describeAlert(item.symbol, item),
    createdAt: item.createdAt,
    lastTriggeredAt: item.lastTriggeredAt ?? null,
  };
}

/** The intrinsic value per share a pitch stands for: the tracked one once tracked. */
function intrinsicCents(record: {
  intrinsic_value_per_share: number;
  tracked_intrinsic_value_per_share?: number | null | undefined;
}): number {
  const tracked = record.tracked_intrinsic_value_per_share;
  const value =
    typeof tracked === 'number' && tracked > 0 ? tracked : record.intrinsic_value_per_share;
  const cents = Number.isFinite(value) ? toCents(value) : 0;
  if (cents <= 0) {
    throw new BadRequestError('This pitch has no positive intrinsic value to alert on');
  }
  return cents;
}

async function conditionOf(
  userId: string,
  input: AddAlertRequest,
): Promise<{ symbol: string; condition: AlertCondition; valuationId?: string }> {
  if (input.kind === 'price') {
    let valuationId: string | undefined;
    if (input.valuation_id) {
      const pitch = await findValuation(valuationStore(), userId, input.valuation_id);
      if (!pitch || pitch.record.stock_symbol !== input.stock_symbol)
        throw new NotFoundError(ALERT_MESSAGES.notFound);
      valuationId = input.valuation_id;
    }
    await currentQuote(input.stock_symbol); // an unknown symbol is refused (400)
    return {
      symbol: input.stock_symbol,
      condition: {
        kind: 'price',
        direction: input.direction,
        thresholdCents: toCents(input.price),
        marginPct: 0,
      },
      ...(valuationId ? { valuationId } : {}),
    };
  }
  const pitch = await findValuation(valuationStore(), userId, input.valuation_id);
  if (!pitch) throw new NotFoundError(ALERT_MESSAGES.notFound);
  const thresholdCents = intrinsicCents(pitch.record);
  return {
    symbol: pitch.record.stock_symbol,
    valuationId: input.valuation_id,
    condition:
      input.kind === 'margin'
        ? { kind: 'margin', direction: 'below', thresholdCents, marginPct: input.margin_pct }
        : { kind: 'intrinsic', direction: input.direction, thresholdCents, marginPct: 0 },
  };
}

export async function addAlert(
  store: AlertStore,
  userId: string,
  input: AddAlertRequest,
  now: () => Date = clockNow,
): Promise<AlertRecord> {
  const { symbol, condition, valuationId } = await conditionOf(userId, input);
  const alertId = keyedId('alert');
  const item: AlertItem = {
    ...keys.alertRule(userId, alertId),
    alertId,
    userId,
    symbol,
    ...condition,
    ...(valuationId ? { valuationId } : {}),
    side: 'clear',
    createdAt: now().toISOString(),
  };
  try {
    // With its Idempotency-Key's answer, in one transaction (decision 121).
    await transactOnce(
      store.client,
      [
        {
          Update: {
            TableName: store.table,
            Key: keys.alertCounter(userId),
            UpdateExpression: 'ADD alertCount :one SET #type = :type',
            ConditionExpression: 'attribute_not_exists(alertCount) OR alertCount < :limit',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: {
              ':one': 1,
              ':limit': ALERT_LIMIT,
              ':type': 'AlertCounter',
            },
          },
        },
        {
          Put: {
            TableName: store.table,
            Item: {
              ...item,
              ...keys.alertRuleGsi(symbol, userId, alertId),
              type: 'AlertRule',
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
      { message: ALERT_MESSAGES.added, data: toRecord(item) },
    );
  } catch (error) {
    if (
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
    ) {
      throw new BadRequestError(ALERT_MESSAGES.limit);
    }
    throw error;
  }
  await registerInterest(userId, symbol, 'alert', { client: store.client, tableName: store.table });
  return toRecord(item);
}

/** The alerts a user turned off from an email's link that the quote job has not removed yet. */
async function turnedOff(store: AlertStore, userId: string): Promise<Set<string>> {
  const items = await queryPartition(store.client, {
    table: store.table,
    pk: keys.alertOffPartition(userId),
    prefix: keys.alertPrefix,
    consistent: true,
  });
  return new Set(items.map((i) => String((i as { alertId?: unknown }).alertId)));
}

/** The user's rules, newest first; a rule turned off from its email's link is left out. */
export async function listAlerts(store: AlertStore, userId: string): Promise<AlertItem[]> {
  const [items, off] = await Promise.all([
    queryPartition(store.client, {
      table: store.table,
      pk: userPk(userId),
      prefix: keys.alertPrefix,
      consistent: true,
    }) as Promise<unknown> as Promise<AlertItem[]>,
    turnedOff(store, userId),
  ]);
  return items
    .filter((r) => !off.has(r.alertId))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Removes the rules turned off from their emails' links (keys.alertOff, decision 171) and their
 * marks: the quote job runs it before it reads the rules.
 */
export async function applyUnsubscribes(store: AlertStore): Promise<number> {
  let applied = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await store.client.send(
      new QueryCommand({
        TableName: store.table,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :g',
        ExpressionAttributeValues: { ':g': keys.alertOffPk },
        ExclusiveStartKey: start,
      }),
    );
    for (const mark of (out.Items ?? []) as { userId: string; alertId: string }[]) {
      await removeAlert(store, mark.userId, mark.alertId).catch((error: unknown) => {
        if (!(error instanceof NotFoundError)) throw error;
      });
      await store.client.send(
        new DeleteCommand({
          TableName: store.table,
          Key: keys.alertOff(mark.userId, mark.alertId),
        }),
      );
      applied++;
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return applied;
}

/**
 * Removes one of the user's rules (another user's id is not found: 404). The user's 'alert'
 * interest in the symbol goes with their last rule on it.
 */
export async function removeAlert(
  store: AlertStore,
  userId: string,
  alertId: string,
): Promise<AlertItem> {
  const found = await store.client.send(
    new GetCommand({
      TableName: store.table,
      Key: keys.alertRule(userId, alertId),
      ConsistentRead: true,
    }),
  );
  const item = found.Item as AlertItem | undefined;
  if (!item) throw new NotFoundError(ALERT_MESSAGES.notFound);
  try {
    await store.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: store.table,
              Key: keys.alertRule(userId, alertId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Update: {
              TableName: store.table,
              Key: keys.alertCounter(userId),
              UpdateExpression: 'ADD alertCount :minus',
              ExpressionAttributeValues: { ':minus': -1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
    ) {
      throw new NotFoundError(ALERT_MESSAGES.notFound);
    }
    throw error;
  }
  const rest = await listAlerts(store, userId);
  if (!rest.some((r) => r.symbol === item.symbol)) {
    await releaseInterest(userId, item.symbol, 'alert', {
      client: store.client,
      tableName: store.table,
    });
  }
  return item;
}
