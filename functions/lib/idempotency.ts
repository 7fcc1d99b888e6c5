import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import type { RouteDef } from '../../shared/routes';
import { required } from './config';
import { db } from './dynamo';
import { AppError, BadRequestError, ConflictError } from './errors';
import { keys } from './keys';
import { logger } from './logger';
import type { ApiEvent, ApiResult, AuthUser } from './http';

/**
 * Retried writes (decision 083): a POST sent with an `Idempotency-Key` header runs once.
 * The first request stores an "in progress" record under the user with a conditional put;
 * when it succeeds (2xx) the record keeps its response for 24 h, and a retry with the same
 * key gets that response again (header `idempotent-replayed: true`) without running the
 * handler. The same key with another body answers 422; a retry while the first request
 * still runs answers 409. A request that fails (4xx, 5xx, DynamoDB down) forgets its
 * record, so the retry runs it again.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** An "in progress" record older than this belongs to a request that died: it may be taken over. */
export const IDEMPOTENCY_LOCK_SECONDS = 60;
const KEY_FORMAT = /^[A-Za-z0-9_.:-]{8,128}$/;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'The Idempotency-Key header must be 8 to 128 letters, digits or the characters _ . : -',
  otherBody: 'This Idempotency-Key was already used for a different request',
  inProgress: 'This request is still being processed. Please try again in a moment.',
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

/** Whether a route honours the header: POST routes that use the table (the record lives there). */
export function supportsIdempotency(route: RouteDef): boolean {
  return route.method === 'POST' && route.needs.includes('table');
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
): Promise<ApiResult> {
  const idempotencyKey = headerValue(event);
  if (idempotencyKey === undefined || !supportsIdempotency(route)) return run();
  if (!KEY_FORMAT.test(idempotencyKey)) throw new BadRequestError(IDEMPOTENCY_MESSAGES.badKey);

  const TableName = required('TABLE_NAME');
  const Key = user
    ? keys.idempotency(user.userId, idempotencyKey)
    : keys.guestIdempotency(idempotencyKey);
  const hash = requestHash(route, event, input);
  const now = Math.floor(Date.now() / 1000);

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
          lockedUntil: now + IDEMPOTENCY_LOCK_SECONDS,
          ttl: now + IDEMPOTENCY_TTL_SECONDS,
        },
        // New, expired (TTL deletes lazily), or left "in progress" by a request that died.
        ConditionExpression:
          'attribute_not_exists(pk) OR #ttl < :now OR (#status = :progress AND lockedUntil < :now)',
        ExpressionAttributeNames: { '#ttl': 'ttl', '#status': 'status' },
        ExpressionAttributeValues: { ':now': now, ':progress': 'IN_PROGRESS' },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const existing = (error.Item ?? {}) as Record<string, { S?: string; N?: string }>;
    if (existing.hash?.S !== hash || existing.routeId?.S !== route.id)
      throw new UnprocessableError(IDEMPOTENCY_MESSAGES.otherBody);
    const stored = existing.response?.S;
    if (existing.status?.S !== 'COMPLETED' || !stored)
      throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
    const response = JSON.parse(stored) as StoredResponse;
    return {
      statusCode: response.statusCode,
      headers: { ...response.headers, 'idempotent-replayed': 'true' },
      body: response.body,
    };
  }

  let result: ApiResult;
  try {
    result = await run();
  } catch (error) {
    await forget(TableName, Key);
    throw error;
  }
  const statusCode = result.statusCode ?? 200;
  if (statusCode < 200 || statusCode >= 300) {
    await forget(TableName, Key);
    return result;
  }
  const response: StoredResponse = {
    statusCode,
    headers: Object.fromEntries(
      Object.entries(result.headers ?? {}).map(([k, v]) => [k, String(v)]),
    ),
    body: typeof result.body === 'string' ? result.body : '',
  };
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
