import { AsyncLocalStorage } from 'node:async_hooks';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MarketSource } from '../../shared/market';
import { shareOf, type CallPriority, type PlanLimits } from '../../shared/market/plans';
import { serviceUnavailable } from '../lib/errors';
import { keys, type Key } from '../lib/keys';
import { logger } from '../lib/logger';
import { ProviderRateLimitError } from './errors';

/**
 * The provider's calls, counted once for every function (docs/decisions/099). Before each
 * upstream call: a strongly consistent read of the shared circuit breaker (open: no call), then
 * one conditional ADD on each window's counter, this minute's and this UTC day's, which holds
 * the count below the caller's share of the plan's limit (shared/market/plans.ts). So all
 * Lambdas together never exceed the plan, readers come first, and a 429 seen by one instance
 * stops all of them. Each counter is one item updated on its own: DynamoDB applies concurrent
 * updates of an item one after the other, where a transaction over the same items would
 * cancel them with TransactionConflict (decision 137). What still fails (throttling, a
 * network error) is the budget's own "try later" (BudgetBusyError), never a 500.
 *
 * Windows are measured on the wall clock: they are the provider's, not the product's.
 */

const priority = new AsyncLocalStorage<CallPriority>();

/** Runs `fn` with its provider calls counted at a priority (the jobs; readers are the default). */
export function withPriority<T>(p: CallPriority, fn: () => Promise<T>): Promise<T> {
  return priority.run(p, fn);
}

export function currentPriority(): CallPriority {
  return priority.getStore() ?? 'reader';
}

/** The budget of this window is spent for this priority; `retryAt` is when the window ends. */
export class BudgetExhaustedError extends ProviderRateLimitError {
  constructor(
    readonly window: 'minute' | 'day',
    readonly retryAt: number,
    readonly priority: CallPriority,
  ) {
    super(`call budget: the ${window}'s share for ${priority} is spent`);
  }
}

/** The budget's table could not be asked (throttled, unreachable): no call now, try later. */
export class BudgetBusyError extends ProviderRateLimitError {
  constructor(detail: string) {
    super(`call budget unavailable: ${detail}`);
  }
}

/** What a take counted: given back when the call does not happen after all (release). */
export interface BudgetReceipt {
  keys: Key[];
  n: number;
}

/** The provider answered 429 to some instance: no call until `retryAt`. */
export class CircuitOpenError extends ProviderRateLimitError {
  constructor(readonly retryAt: number) {
    super('circuit open after the provider refused for its rate limit');
  }
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface BudgetUsage {
  /** Calls counted in the current minute and UTC day. */
  minute: number;
  day: number;
  /** When the breaker is open: until when. */
  openUntil?: number;
}

export interface CallBudgetOptions {
  client: DynamoDBDocumentClient;
  tableName: string;
  plan: PlanLimits;
  source: MarketSource;
  now?: () => number;
  /** Prefix of the counters' keys (tests keep their own budgets apart). */
  namespace?: string;
}

export class CallBudget {
  private readonly now: () => number;

  private readonly scope: string;

  constructor(private readonly options: CallBudgetOptions) {
    this.now = options.now ?? Date.now;
    this.scope = `${options.namespace ?? ''}${options.source}`;
  }

  get plan(): PlanLimits {
    return this.options.plan;
  }

  /** Whether the plan has any limit to count against. */
  get limited(): boolean {
    return this.plan.callsPerMinute !== null || this.plan.callsPerDay !== null;
  }

  private windows(at: number) {
    const minute = Math.floor(at / MINUTE_MS);
    const day = new Date(at).toISOString().slice(0, 10);
    return {
      minute,
      day,
      minuteEnds: (minute + 1) * MINUTE_MS,
      dayEnds: (Math.floor(at / DAY_MS) + 1) * DAY_MS,
    };
  }

  /**
   * Counts `n` calls for a priority, or throws BudgetExhaustedError (a window's share is spent),
   * CircuitOpenError (the breaker is open) or BudgetBusyError (the table cannot say). Nothing
   * stays counted when it throws.
   */
  async take(n = 1, who: CallPriority = currentPriority()): Promise<BudgetReceipt> {
    const receipt: BudgetReceipt = { keys: [], n };
    if (!this.limited) return receipt;
    const at = this.now();
    const w = this.windows(at);
    const { plan, tableName, client } = this.options;

    const breaker = await this.ask(() =>
      client.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.marketBudget(this.scope, 'BREAKER'),
          ConsistentRead: true,
        }),
      ),
    );
    const openUntil = breaker.Item?.openUntil;
    if (typeof openUntil === 'number' && openUntil > at) throw new CircuitOpenError(openUntil);

    const counters: {
      key: Key;
      limit: number;
      ttlAt: number;
      window: 'minute' | 'day';
      retryAt: number;
    }[] = [];
    if (plan.callsPerMinute !== null)
      counters.push({
        key: keys.marketBudget(this.scope, `MINUTE#${w.minute}`),
        limit: plan.callsPerMinute,
        ttlAt: w.dayEnds,
        window: 'minute',
        retryAt: w.minuteEnds,
      });
    if (plan.callsPerDay !== null)
      counters.push({
        key: keys.marketBudget(this.scope, `DAY#${w.day}`),
        limit: plan.callsPerDay,
        ttlAt: w.dayEnds + DAY_MS,
        window: 'day',
        retryAt: w.dayEnds,
      });
    for (const c of counters) {
      try {
        await this.ask(() =>
          client.send(
            new UpdateCommand({
              TableName: tableName,
              Key: c.key,
              UpdateExpression: 'ADD #calls :n SET #type = :type, #ttl = :ttl',
              ConditionExpression: 'attribute_not_exists(#calls) OR #calls <= :max',
              ExpressionAttributeNames: { '#calls': 'calls', '#type': 'type', '#ttl': 'ttl' },
              ExpressionAttributeValues: {
                ':n': n,
                ':max': shareOf(c.limit, who) - n,
                ':type': 'MarketBudget',
                ':ttl': Math.floor(c.ttlAt / 1000),
              },
            }),
          ),
        );
        receipt.keys.push(c.key);
      } catch (error) {
        await this.release(receipt);
        if (error instanceof ConditionalCheckFailedException)
          throw new BudgetExhaustedError(c.window, c.retryAt, who);
        throw error;
      }
    }
    return receipt;
  }

  /**
   * Gives back what a take counted, when the call it was for does not happen (the client's own
   * share was spent). Best effort: a failure leaves the count one high until the window ends.
   */
  async release(receipt: BudgetReceipt): Promise<void> {
    const { client, tableName } = this.options;
    await Promise.all(
      receipt.keys.map((key) =>
        client
          .send(
            new UpdateCommand({
              TableName: tableName,
              Key: key,
              UpdateExpression: 'ADD #calls :minus',
              ConditionExpression: 'attribute_exists(#calls)',
              ExpressionAttributeNames: { '#calls': 'calls' },
              ExpressionAttributeValues: { ':minus': -receipt.n },
            }),
          )
          .catch((error: unknown) =>
            logger.warn('could not give back a call of the budget', { error: error as Error }),
          ),
      ),
    );
    receipt.keys = [];
  }

  /** A DynamoDB call of the budget: throttling and unreachable tables become BudgetBusyError. */
  private async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw error;
      const busy = serviceUnavailable(error);
      if (busy) throw new BudgetBusyError((error as Error).name || 'unavailable');
      throw error;
    }
  }

  /** This minute's and this day's counts, and the breaker. */
  async usage(): Promise<BudgetUsage> {
    const w = this.windows(this.now());
    const { client, tableName } = this.options;
    const read = async (sk: string) =>
      (
        await client.send(
          new GetCommand({
            TableName: tableName,
            Key: keys.marketBudget(this.scope, sk),
            ConsistentRead: true,
          }),
        )
      ).Item;
    const [minute, day, breaker] = await Promise.all([
      read(`MINUTE#${w.minute}`),
      read(`DAY#${w.day}`),
      read('BREAKER'),
    ]);
    const openUntil = typeof breaker?.openUntil === 'number' ? breaker.openUntil : undefined;
    return {
      minute: Number(minute?.calls ?? 0),
      day: Number(day?.calls ?? 0),
      ...(openUntil !== undefined && openUntil > this.now() ? { openUntil } : {}),
    };
  }

  /** Opens the shared breaker until `until` (keeps a later opening if there is one). */
  async openBreaker(until: number, reason: string): Promise<void> {
    const { client, tableName } = this.options;
    await client
      .send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.marketBudget(this.scope, 'BREAKER'),
          UpdateExpression: 'SET #until = :until, #reason = :reason, #type = :type, #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(#until) OR #until < :until',
          ExpressionAttributeNames: {
            '#until': 'openUntil',
            '#reason': 'reason',
            '#type': 'type',
            '#ttl': 'ttl',
          },
          ExpressionAttributeValues: {
            ':until': until,
            ':reason': reason.slice(0, 200),
            ':type': 'MarketBudget',
            ':ttl': Math.floor((until + DAY_MS) / 1000),
          },
        }),
      )
      .catch((error: unknown) => {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      });
  }

  /**
   * Calls a job at `priority` may still make in this window without taking from a later run:
   * under a daily limit, its share of the day left, spread over the runs left today.
   */
  async allowance(who: CallPriority, runsLeftToday: number): Promise<number> {
    const { plan } = this;
    if (!this.limited) return Number.POSITIVE_INFINITY;
    const used = await this.usage();
    if (used.openUntil !== undefined) return 0;
    let left = Number.POSITIVE_INFINITY;
    if (plan.callsPerMinute !== null)
      left = Math.min(left, shareOf(plan.callsPerMinute, who) - used.minute);
    if (plan.callsPerDay !== null)
      left = Math.min(
        left,
        Math.floor((shareOf(plan.callsPerDay, who) - used.day) / Math.max(1, runsLeftToday)),
      );
    return Math.max(0, left);
  }
}
