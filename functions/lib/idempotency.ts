import { AsyncLocalStorage } from 'node:async_hooks';
import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { createHash, randomUUID } from 'node:crypto';
import type { RouteDef } from '../../shared/routes';
import { currentClient } from './client';
import { atRequestTime, nowMs } from './clock';
import { config, required } from './config';
import { db } from './dynamo';
import { AppError, BadRequestError, ConflictError, TooManyRequestsError } from './errors';
import { keys } from './keys';
import { logger } from './logger';
import { takeRateLimit } from './rate-limit';
import type { ApiEvent, ApiResult, AuthUser } from './http';

/**
 * Retried writes (decision 083): a POST sent with an `Idempotency-Key` header runs once.
 * The first request stores an "in progress" record under the user with a conditional put;
 * when it succeeds (2xx) the record keeps its response for 24 h, and a retry with the same
 * key gets that response again (header `idempotent-replayed: true`) without running the
 * handler. The same key with another body answers 422; a retry while the first request
 * still runs answers 409. A request that fails (4xx, 5xx, DynamoDB down) forgets its
 * record, so the retry runs it again.
 *
 * Exactly once across a crash (decision 121): the writes that create or move something
 * (`transactOnce`) put the record's completion, with the answer, in the same DynamoDB
 * transaction as the write itself. After any crash either both exist (a retry gets the
 * stored answer) or neither does (the record is still "in progress": its lock expires and a
 * retry runs the write, which never happened).
 *
 * The same item and the same answer after any loss (decision 140): every id a keyed write
 * creates comes from the caller and the key (`keyedId`), and the request runs at the moment
 * its key was first received (kept on the record, `atRequestTime`). Should a database lose a
 * write it had acknowledged, the retry that takes the lock over creates that same item again,
 * never a second one; and the item's own condition (`attribute_not_exists`) refuses a second
 * copy of anything that did survive.
 *
 * Signed out (decision 141), a key belongs to the client (its network address, as the
 * per-client limits count it): another client sending the same key runs its own request. One
 * client stores at most GUEST_KEYS_PER_HOUR records an hour. Routes that only read
 * (`readOnly`) ignore the header: there is nothing to do once only.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** An "in progress" record older than this belongs to a request that died: it may be taken over. */
export const IDEMPOTENCY_LOCK_SECONDS = 60;

/** The lock, shortened by IDEMPOTENCY_LOCK_SECONDS in the crash tests. */
function lockSeconds(): number {
  const value = Number(process.env.IDEMPOTENCY_LOCK_SECONDS);
  return Number.isInteger(value) && value > 0 ? value : IDEMPOTENCY_LOCK_SECONDS;
}

/** Records one signed-out client may store in an hour (each new key stores one for 24 h). */
export const GUEST_KEYS_PER_HOUR = 60;

/** The hourly cap of a client's signed-out keys; CLIENT_LIMIT_PER_MINUTE (tests) replaces it, times 60. */
export function guestKeysPerHour(): number {
  const override = config().CLIENT_LIMIT_PER_MINUTE;
  return override === undefined ? GUEST_KEYS_PER_HOUR : override * 60;
}

/** The request running under an Idempotency-Key, for the writes that complete it (transactOnce). */
interface Running {
  table: string;
  key: { pk: string; sk: string };
  /** Whose key it is: `user:<sub>`, or `client:<address>` signed out. */
  scope: string;
  idempotencyKey: string;
  /** The product's moment the key was first received (epoch ms), kept across take-overs. */
  at: number;
  hash: string;
  /** The 200 answer of a handler result, exactly as the route wrapper builds it. */
  answer: (result: unknown) => ApiResult;
  /** Set once a transaction stored the completion with this answer. */
  stored?: string;
}

const running = new AsyncLocalStorage<Running>();
const KEY_FORMAT = /^[A-Za-z0-9_.:-]{8,128}$/;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'The Idempotency-Key header must be 8 to 128 letters, digits or the characters _ . : -',
  otherBody: 'This Idempotency-Key was already used for a different request',
  inProgress: 'This request is still being processed. Please try again in a moment.',
  tooManyKeys:
    'Too many requests from your network have been kept for retries. Please wait a while and try again.',
} as const;

export class UnprocessableError extends AppError {
  constructor(message: string) {
    super(message, 422);
  }
}

interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** JSON with its object keys sorted, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests "the same": the route, its path and its validated input. */
export function requestHash(route: RouteDef, event: ApiEvent, input: unknown): string {
  return createHash('sha256')
    .update(`${route.id}\n${event.rawPath ?? route.path}\n${canonical(input)}`)
    .digest('hex');
}

function headerValue(event: ApiEvent): string | undefined {
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (name.toLowerCase() === IDEMPOTENCY_HEADER && value !== undefined) return value.trim();
  }
  return undefined;
}

/**
 * Whether a route honours the header: POST routes that write the table (the record lives
 * there), except those that only read (market data asked by POST).
 */
export function supportsIdempotency(route: RouteDef): boolean {
  return route.method === 'POST' && route.needs.includes('tableWrite') && !route.readOnly;
}

/** Formats 16 bytes of a digest as an RFC 9562 UUID of version 8 (a name-based id of our own). */
function uuidOf(digest: Buffer): string {
  const b = Buffer.from(digest.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The id of an item a write creates (decision 140). Under an Idempotency-Key it is derived from
 * the caller, the key, the moment the key was first received (so a key sent again after its
 * record expired makes new items) and `purpose` (one id per purpose and request: "portfolio",
 * "order"...): running the request again creates the same item. Without a key, a random UUID.
 */
export function keyedId(purpose: string): string {
  const state = running.getStore();
  if (!state) return randomUUID();
  return uuidOf(
    createHash('sha256')
      .update(`${state.scope}\n${state.idempotencyKey}\n${state.at}\n${purpose}`)
      .digest(),
  );
}

/**
 * Runs `run` once per (user, Idempotency-Key). Without the header, or on a route that does
 * not support it, just runs it.
 */
export async function idempotent(
  route: RouteDef,
  event: ApiEvent,
  user: AuthUser | undefined,
  input: unknown,
  run: () => Promise<ApiResult>,
  answer: (result: unknown) => ApiResult = () => ({ statusCode: 200 }),
): Promise<ApiResult> {
  const idempotencyKey = headerValue(event);
  if (idempotencyKey === undefined || !supportsIdempotency(route)) return run();
  if (!KEY_FORMAT.test(idempotencyKey)) throw new BadRequestError(IDEMPOTENCY_MESSAGES.badKey);

  const TableName = required('TABLE_NAME');
  const client = user ? undefined : (currentClient() ?? 'unknown');
  const Key = user
    ? keys.idempotency(user.userId, idempotencyKey)
    : keys.guestIdempotency(client!, idempotencyKey);
  const scope = user ? `user:${user.userId}` : `client:${client!}`;
  const hash = requestHash(route, event, input);
  const now = Math.floor(Date.now() / 1000);
  // The product's moment this key was first received: a run taking a lost one over keeps it.
  let at = nowMs();

  try {
    await db.send(
      new PutCommand({
        TableName,
        Item: {
          ...Key,
          type: 'IdempotencyRecord',
          routeId: route.id,
          hash,
          status: 'IN_PROGRESS',
          lockedUntil: now + lockSeconds(),
          at,
          ttl: now + IDEMPOTENCY_TTL_SECONDS,
        },
        // New, or expired (TTL deletes lazily).
        ConditionExpression: 'attribute_not_exists(pk) OR #ttl < :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':now': now },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    if (client !== undefined) await takeGuestKey(TableName, Key, client);
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const existing = (error.Item ?? {}) as Record<string, { S?: string; N?: string }>;
    if (existing.hash?.S !== hash || existing.routeId?.S !== route.id)
      throw new UnprocessableError(IDEMPOTENCY_MESSAGES.otherBody);
    const stored = existing.response?.S;
    if (existing.status?.S === 'COMPLETED' && stored) {
      const response = JSON.parse(stored) as StoredResponse;
      return {
        statusCode: response.statusCode,
        headers: { ...response.headers, 'idempotent-replayed': 'true' },
        body: response.body,
      };
    }
    // Left "in progress" by a request that died (or whose write was lost): taken over once
    // its lock expired, at the moment the first run was received.
    const lockedUntil = Number(existing.lockedUntil?.N);
    if (existing.status?.S !== 'IN_PROGRESS' || !(lockedUntil < now))
      throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
    at = await takeOver(TableName, Key, hash, lockedUntil, now, at);
  }

  const state: Running = { table: TableName, key: Key, scope, idempotencyKey, at, hash, answer };
  let result: ApiResult;
  try {
    result = await running.run(state, () => atRequestTime(at, run));
  } catch (error) {
    // A write that committed its completion is done, whatever happened after it.
    if (state.stored === undefined) await forget(TableName, Key);
    throw error;
  }
  const statusCode = result.statusCode ?? 200;
  if (statusCode < 200 || statusCode >= 300) {
    if (state.stored === undefined) await forget(TableName, Key);
    return result;
  }
  const response = storedResponse(result);
  if (state.stored !== undefined) {
    if (state.stored !== JSON.stringify(response))
      logger.warn('the answer differs from the one stored with the write', { route: route.id });
    return result;
  }
  // The write is done: a failure to note it must not turn its success into an error.
  await db
    .send(
      new UpdateCommand({
        TableName,
        Key,
        UpdateExpression: 'SET #status = :done, #response = :response REMOVE lockedUntil',
        ExpressionAttributeNames: { '#status': 'status', '#response': 'response' },
        ExpressionAttributeValues: { ':done': 'COMPLETED', ':response': JSON.stringify(response) },
      }),
    )
    .catch((error: unknown) =>
      logger.warn('idempotent response not stored', { route: route.id, error: error as Error }),
    );
  return result;
}

/**
 * Takes over a record whose lock, as read (`seen`), has expired: only that same request (same
 * hash), and only if no one took it over meanwhile (409). Answers the moment of its first run.
 */
async function takeOver(
  TableName: string,
  Key: { pk: string; sk: string },
  hash: string,
  seen: number,
  now: number,
  fallbackAt: number,
): Promise<number> {
  try {
    const out = await db.send(
      new UpdateCommand({
        TableName,
        Key,
        UpdateExpression: 'SET lockedUntil = :lock, #at = if_not_exists(#at, :at)',
        ConditionExpression: '#status = :progress AND lockedUntil = :seen AND #hash = :hash',
        ExpressionAttributeNames: { '#status': 'status', '#hash': 'hash', '#at': 'at' },
        ExpressionAttributeValues: {
          ':lock': now + lockSeconds(),
          ':at': fallbackAt,
          ':progress': 'IN_PROGRESS',
          ':seen': seen,
          ':hash': hash,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const at = Number(out.Attributes?.at);
    return Number.isFinite(at) ? at : fallbackAt;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException)
      throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
    throw error;
  }
}

/**
 * Counts a signed-out client's new record against its hourly cap; over it, the record goes
 * again and the request is refused (429) before it runs.
 */
async function takeGuestKey(
  TableName: string,
  Key: { pk: string; sk: string },
  client: string,
): Promise<void> {
  const taken = await takeRateLimit({
    key: (hour) => keys.rateLimit('client-idempotency', client, hour),
    limit: guestKeysPerHour(),
    windowSeconds: 3600,
  });
  if (taken.allowed) return;
  await forget(TableName, Key);
  throw new TooManyRequestsError(IDEMPOTENCY_MESSAGES.tooManyKeys, taken.retryAfterSeconds);
}

function storedResponse(result: ApiResult): StoredResponse {
  return {
    statusCode: result.statusCode ?? 200,
    headers: Object.fromEntries(
      Object.entries(result.headers ?? {}).map(([k, v]) => [k, String(v)]),
    ),
    body: typeof result.body === 'string' ? result.body : '',
  };
}

type TransactItems = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>;

/**
 * Sends a write transaction. When the request runs under an Idempotency-Key, the key's
 * completion, holding `result` (what the handler will return), goes in the same transaction,
 * so the write and its stored answer exist together or not at all. If another request took
 * the key over meanwhile, nothing is written and the answer is 409 (still in progress).
 * Other failures are thrown as the SDK throws them (their cancellation reasons keep the
 * caller's items first, in order).
 */
export async function transactOnce(
  client: DynamoDBDocumentClient,
  items: TransactItems,
  result: unknown,
): Promise<void> {
  const state = running.getStore();
  if (!state) {
    await client.send(new TransactWriteCommand({ TransactItems: items }));
    return;
  }
  const stored = JSON.stringify(storedResponse(state.answer(result)));
  try {
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          ...items,
          {
            Update: {
              TableName: state.table,
              Key: state.key,
              UpdateExpression: 'SET #status = :done, #response = :response REMOVE lockedUntil',
              ConditionExpression: '#status = :progress AND #hash = :hash',
              ExpressionAttributeNames: {
                '#status': 'status',
                '#response': 'response',
                '#hash': 'hash',
              },
              ExpressionAttributeValues: {
                ':done': 'COMPLETED',
                ':progress': 'IN_PROGRESS',
                ':response': stored,
                ':hash': state.hash,
              },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.[items.length]?.Code === 'ConditionalCheckFailed'
    )
      throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
    throw error;
  }
  state.stored = stored;
}

/** A failed request leaves no record: its retry runs again. Best effort (the lock expires anyway). */
async function forget(TableName: string, Key: { pk: string; sk: string }): Promise<void> {
  await db
    .send(
      new DeleteCommand({
        TableName,
        Key,
        ConditionExpression: '#status = :progress',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':progress': 'IN_PROGRESS' },
      }),
    )
    .catch(() => undefined);
}
