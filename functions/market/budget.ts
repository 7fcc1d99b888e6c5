import { AsyncLocalStorage } from 'node:async_hooks';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { MarketSource } from '../../shared/market';
import { shareOf, type CallPriority, type PlanLimits } from '../../shared/market/plans';
import { keys } from '../lib/keys';
import { ProviderRateLimitError } from './errors';

/**
 * The provider's calls, counted once for every function (docs/decisions/099). Before each
 * upstream call, one DynamoDB transaction adds 1 to this minute's and this UTC day's counters
 * under conditions: the count stays below the caller's share of the plan's limit
 * (shared/market/plans.ts) and the shared circuit breaker is closed. So all Lambdas together
 * never exceed the plan, readers come first, and a 429 seen by one instance stops all of them.
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
   * Counts `n` calls for a priority, or throws BudgetExhaustedError (a window's share is spent)
   * or CircuitOpenError (the breaker is open). Nothing is counted when it throws.
   */
  async take(n = 1, who: CallPriority = currentPriority()): Promise<void> {
    if (!this.limited) return;
    const at = this.now();
    const w = this.windows(at);
    const { plan, tableName } = this.options;
    const counters: { window: 'minute' | 'day'; retryAt: number }[] = [];
    const items: NonNullable<
      ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
    > = [];
    const counter = (key: { pk: string; sk: string }, limit: number, ttlAt: number) => ({
      Update: {
        TableName: tableName,
        Key: key,
        UpdateExpression: 'ADD #calls :n SET #type = :type, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(#calls) OR #calls <= :max',
        ExpressionAttributeNames: { '#calls': 'calls', '#type': 'type', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':n': n,
          ':max': shareOf(limit, who) - n,
          ':type': 'MarketBudget',
          ':ttl': Math.floor(ttlAt / 1000),
        },
      },
    });
    if (plan.callsPerMinute !== null) {
      items.push(
        counter(
          keys.marketBudget(this.scope, `MINUTE#${w.minute}`),
          plan.callsPerMinute,
          w.dayEnds,
        ),
      );
      counters.push({ window: 'minute', retryAt: w.minuteEnds });
    }
    if (plan.callsPerDay !== null) {
      items.push(
        counter(
          keys.marketBudget(this.scope, `DAY#${w.day}`),
          plan.callsPerDay,
          w.dayEnds + DAY_MS,
        ),
      );
      counters.push({ window: 'day', retryAt: w.dayEnds });
    }
    items.push({
      ConditionCheck: {
        TableName: tableName,
        Key: keys.marketBudget(this.scope, 'BREAKER'),
        ConditionExpression: 'attribute_not_exists(#until) OR #until <= :now',
        ExpressionAttributeNames: { '#until': 'openUntil' },
        ExpressionAttributeValues: { ':now': at },
      },
    });
    try {
      await this.options.client.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (failed === -1) throw error;
      if (failed === counters.length)
        throw new CircuitOpenError((await this.usage()).openUntil ?? at);
      const c = counters[failed]!;
      throw new BudgetExhaustedError(c.window, c.retryAt, who);
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
