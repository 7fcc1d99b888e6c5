import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { required } from './config';
import { db } from './dynamo';
import { keys } from './keys';

/**
 * Tokens a user gave up (docs/decisions/123). API Gateway's JWT authorizer checks a token's
 * signature and expiry only, so a token stays valid after a global sign-out, a password change
 * or reset, or the account's deletion. Each of those writes one item per user: tokens issued
 * (`iat`) before `before` are refused, and every token once `deleted` is set. The route wrapper
 * reads it for every login-required request.
 *
 * Times are the wall clock's, in seconds, as Cognito writes `iat` (not the product's clock).
 */
export interface Revocation {
  /** Epoch seconds: tokens issued before this are refused. */
  before: number;
  deleted: boolean;
}

/**
 * How long an instance may answer from its own copy: a GET may be served up to this long after
 * a revocation; a POST always reads the item (no grace for writes).
 */
export const REVOCATION_CACHE_MS = 5_000;
/** The item outlives every access token issued before it (they last 15 minutes). */
const KEEP_SECONDS = 86_400;

const cache = new Map<string, { value: Revocation | null; at: number }>();
let reads = 0;

/** DynamoDB reads made by revocation checks in this instance (the bench's figure). */
export function revocationReads(): number {
  return reads;
}

export function forgetRevocationsForTests(): void {
  cache.clear();
}

async function load(userId: string): Promise<Revocation | null> {
  reads++;
  const res = await db.send(
    new GetCommand({
      TableName: required('TABLE_NAME'),
      Key: keys.revocation(userId),
      ConsistentRead: true,
    }),
  );
  const item = res.Item;
  if (!item) return null;
  return { before: Number(item.before ?? 0), deleted: item.deleted === true };
}

/** The user's revocation: fresh from the table, or this instance's copy under REVOCATION_CACHE_MS old. */
export async function revocationOf(
  userId: string,
  options: { fresh: boolean; nowMs?: number },
): Promise<Revocation | null> {
  const now = options.nowMs ?? Date.now();
  const cached = cache.get(userId);
  if (!options.fresh && cached && now - cached.at < REVOCATION_CACHE_MS) return cached.value;
  const value = await load(userId);
  cache.set(userId, { value, at: now });
  if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
  return value;
}

/** Whether a token issued at `issuedAt` (epoch seconds) is refused by `r`. */
export function isRevoked(issuedAt: number | undefined, r: Revocation | null): boolean {
  if (!r) return false;
  if (r.deleted) return true;
  // `iat` has whole seconds: a token of the revocation's own second may be older, so it is
  // refused too. A token without `iat` cannot prove it is newer.
  return issuedAt === undefined || issuedAt <= r.before;
}

/**
 * Refuses every token of the user issued up to now (and, with `deleted`, every token at all).
 * Written before the change it stands for (the deletion, the sign-out), so no moment exists
 * where the change is done and the old tokens still work. It returns once the current second
 * is over, so a token the user gets after it (signing in again) is newer than `before`.
 */
export async function revokeTokens(
  userId: string,
  options: { deleted?: boolean; nowMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<void> {
  const seconds = Math.floor((options.nowMs ?? Date.now()) / 1000);
  await db.send(
    new UpdateCommand({
      TableName: required('TABLE_NAME'),
      Key: keys.revocation(userId),
      UpdateExpression: `SET #before = :before, #type = :type, #ttl = :ttl${options.deleted ? ', #deleted = :true' : ''}`,
      ExpressionAttributeNames: {
        '#before': 'before',
        '#type': 'type',
        '#ttl': 'ttl',
        ...(options.deleted ? { '#deleted': 'deleted' } : {}),
      },
      ExpressionAttributeValues: {
        ':before': seconds,
        ':type': 'Revocation',
        ':ttl': seconds + KEEP_SECONDS,
        ...(options.deleted ? { ':true': true } : {}),
      },
    }),
  );
  cache.set(userId, {
    value: { before: seconds, deleted: options.deleted === true },
    at: options.nowMs ?? Date.now(),
  });
  if (options.deleted) return;
  const rest = (seconds + 1) * 1000 - (options.nowMs ?? Date.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  if (rest > 0) await sleep(rest);
}
