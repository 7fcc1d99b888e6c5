import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BudgetExhaustedError, CallBudget, CircuitOpenError } from '../../functions/market/budget';
import { ProviderRateLimitError } from '../../functions/market/errors';
import { GuardedSource } from '../../functions/market/guard';
import { PLANS, type PlanLimits } from '../../functions/market/plan';
import { filedQuarter, StableProvider } from '../../functions/market/provider';
import { refreshQuotes } from '../../functions/market/refresh';
import { buildMarketService } from '../../functions/market/service';
import { FmpHttpSource } from '../../functions/market/source';
import { keys } from '../../functions/lib/keys';
import { withClient } from '../../functions/lib/client';
import { DYNAMO_TIMEOUTS } from '../../functions/lib/dynamo';
import { recordSecurityFigures } from '../support/security-summary';
import { registerInterest, releaseInterest } from '../../functions/market/interest';
import { startFakeFmp, type FakeFmp } from '../support/fake-fmp';
import { simClock } from '../support/market';

/**
 * The provider's shared call budget and circuit breaker (decision 099) against DynamoDB Local
 * and the fake FMP server. Each test has its own counters (a namespace) and a simulated clock.
 */
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const table = () => process.env.TABLE_NAME ?? '';
let fake: FakeFmp;
const clock = simClock(Date.parse('2026-03-10T15:00:30Z'));

beforeAll(async () => {
  fake = await startFakeFmp({ now: clock.date });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.clear();
  clock.set(Date.parse('2026-03-10T15:00:30Z'));
});

const plan = (limits: Partial<PlanLimits>): PlanLimits => ({ ...PLANS.starter, ...limits });

function budget(limits: Partial<PlanLimits>, namespace = `b${randomUUID().slice(0, 8)}:`) {
  return new CallBudget({
    client: doc,
    tableName: table(),
    plan: plan(limits),
    source: 'fmp',
    now: clock.now,
    namespace,
  });
}

async function takeAll(b: CallBudget, priority: 'reader' | 'quotes' | 'screener', tries: number) {
  let taken = 0;
  for (let i = 0; i < tries; i++) {
    try {
      await b.take(1, priority);
      taken++;
    } catch (error) {
      if (!(error instanceof BudgetExhaustedError)) throw error;
    }
  }
  return taken;
}

function fmpSource() {
  return new FmpHttpSource({
    baseUrl: fake.baseUrl,
    apiKey: () => Promise.resolve(fake.apiKey),
    timeoutMs: 3000,
  });
}

describe('the call budget', () => {
  it('lets readers take 80% of a minute, the quote job all of it, the screener what is left of 40%', async () => {
    const b = budget({ callsPerMinute: 100, callsPerDay: null });
    expect(await takeAll(b, 'reader', 60)).toBe(60);
    expect(await takeAll(b, 'screener', 60)).toBe(0);
    expect(await takeAll(b, 'quotes', 60)).toBe(40);
    expect(await takeAll(b, 'reader', 60)).toBe(0);
    expect((await b.usage()).minute).toBe(100);
    // The next minute starts afresh: readers can never leave the quote job nothing.
    clock.advance(60_000);
    expect(await takeAll(b, 'screener', 60)).toBe(40);
    expect(await takeAll(b, 'reader', 60)).toBe(40);
    expect(await takeAll(b, 'quotes', 60)).toBe(20);
  });

  it('counts a day in UTC and refuses past it until midnight, counting nothing it refuses', async () => {
    const b = budget({ callsPerMinute: null, callsPerDay: 10 });
    expect(await takeAll(b, 'reader', 10)).toBe(8);
    expect(await takeAll(b, 'quotes', 10)).toBe(2);
    const error = await b.take(1, 'reader').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetExhaustedError);
    expect(error).toBeInstanceOf(ProviderRateLimitError);
    expect((error as BudgetExhaustedError).window).toBe('day');
    expect(new Date((error as BudgetExhaustedError).retryAt).toISOString()).toBe(
      '2026-03-11T00:00:00.000Z',
    );
    expect((await b.usage()).day).toBe(10);
    clock.set(Date.parse('2026-03-11T00:00:01Z'));
    expect(await takeAll(b, 'reader', 1)).toBe(1);
  });

  it('never lets concurrent callers of many instances pass the limit together', async () => {
    const namespace = `c${randomUUID().slice(0, 8)}:`;
    const instances = Array.from({ length: 5 }, () =>
      budget({ callsPerMinute: 25, callsPerDay: null }, namespace),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => instances[i % 5]!.take(1, 'reader')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    expect(
      results.every((r) => r.status === 'fulfilled' || r.reason instanceof BudgetExhaustedError),
    ).toBe(true);
  });

  it('answers 50 concurrent spends from 50 instances with no error and no overspend', async () => {
    // Each spender has its own client, as each Lambda instance has (functions/lib/dynamo.ts).
    const spenders = (limits: Partial<PlanLimits>, namespace: string) =>
      Array.from(
        { length: 50 },
        () =>
          new CallBudget({
            client: DynamoDBDocumentClient.from(
              new DynamoDBClient({
                maxAttempts: DYNAMO_TIMEOUTS.maxAttempts,
                requestHandler: {
                  connectionTimeout: DYNAMO_TIMEOUTS.connectionTimeoutMs,
                  requestTimeout: DYNAMO_TIMEOUTS.requestTimeoutMs,
                },
              }),
            ),
            tableName: table(),
            plan: plan(limits),
            source: 'fmp',
            now: clock.now,
            namespace,
          }),
      );
    const spendAll = async (budgets: CallBudget[], priority: 'reader' | 'quotes') => {
      const results = await Promise.allSettled(budgets.map((b) => b.take(1, priority)));
      const refused = results.filter(
        (r) => r.status === 'rejected' && r.reason instanceof BudgetExhaustedError,
      ).length;
      const errors = results.filter(
        (r) => r.status === 'rejected' && !(r.reason instanceof BudgetExhaustedError),
      );
      return {
        granted: results.filter((r) => r.status === 'fulfilled').length,
        refused,
        errors: errors.map((e) => String((e as PromiseRejectedResult).reason)),
      };
    };

    // Room for all of them: a minute limit of 300 (readers' share 240).
    const roomy = `r${randomUUID().slice(0, 8)}:`;
    const all = await spendAll(
      spenders({ callsPerMinute: 300, callsPerDay: null }, roomy),
      'reader',
    );
    expect(all).toEqual({ granted: 50, refused: 0, errors: [] });
    expect((await budget({ callsPerMinute: 300 }, roomy).usage()).minute).toBe(50);

    // A minute limit of 40 (readers' share 32) and a day's of 36 (readers' share 28): the day
    // binds, so spends that passed the minute's counter and not the day's give it back.
    const tight = `t${randomUUID().slice(0, 8)}:`;
    const limits = { callsPerMinute: 40, callsPerDay: 36 };
    const some = await spendAll(spenders(limits, tight), 'reader');
    expect(some).toEqual({ granted: 28, refused: 22, errors: [] });
    const used = await budget(limits, tight).usage();
    expect(used).toMatchObject({ minute: 28, day: 28 });

    // The quote job's share (all of the day): the last 8 calls, then refused.
    const quotes = await spendAll(spenders(limits, tight), 'quotes');
    expect(quotes).toEqual({ granted: 8, refused: 42, errors: [] });
    const after = await budget(limits, tight).usage();
    expect(after).toMatchObject({ minute: 36, day: 36 });

    recordSecurityFigures('market-budget-concurrency', {
      concurrentSpends: 150,
      granted: all.granted + some.granted + quotes.granted,
      refusedOverBudget: all.refused + some.refused + quotes.refused,
      errors: all.errors.length + some.errors.length + quotes.errors.length,
      overspend: Math.max(0, after.day - 36, after.minute - 40),
    });
  });

  it("spends a client's share only once the budget all share has let the call through", async () => {
    const namespace = `k${randomUUID().slice(0, 8)}:`;
    const b = budget({ callsPerMinute: 10, callsPerDay: null }, namespace);
    const guarded = new GuardedSource(fmpSource(), b, { now: clock.now });
    // Readers' share of the minute (8) spent by others.
    expect(await takeAll(b, 'reader', 8)).toBe(8);
    const client = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const calls = fake.callCount;
    for (let i = 0; i < 3; i++)
      await expect(
        withClient(client, () => guarded.get('quote', { symbol: 'AAPL' })),
      ).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(fake.callCount).toBe(calls);
    const minute = Math.floor(clock.now() / 60_000);
    const share = await doc.send(
      new GetCommand({
        TableName: table(),
        Key: keys.rateLimit('client-market-minute', client, minute),
        ConsistentRead: true,
      }),
    );
    expect(share.Item).toBeUndefined();
    // The next minute the call goes through and counts once in each.
    clock.advance(60_000);
    await expect(
      withClient(client, () => guarded.get('quote', { symbol: 'AAPL' })),
    ).resolves.toHaveLength(1);
    expect((await b.usage()).minute).toBe(1);
  });

  it('spreads a daily quota over the refreshes left today', async () => {
    const b = budget({ callsPerMinute: null, callsPerDay: 250 });
    // The quote job may use the whole day: with 5 refreshes left, 50 calls now.
    expect(await b.allowance('quotes', 5)).toBe(50);
    await takeAll(b, 'reader', 150);
    expect(await b.allowance('quotes', 5)).toBe(20);
    expect(await b.allowance('screener', 1)).toBe(0);
  });
});

describe('the circuit breaker', () => {
  it('opens on a 429 for every instance: the next calls are refused without reaching the provider', async () => {
    const namespace = `o${randomUUID().slice(0, 8)}:`;
    const limits = { callsPerMinute: 300, callsPerDay: null };
    const first = new GuardedSource(fmpSource(), budget(limits, namespace), { now: clock.now });
    const second = new GuardedSource(fmpSource(), budget(limits, namespace), { now: clock.now });
    fake.set({ status: 429 });
    await expect(first.get('quote', { symbol: 'AAPL' })).rejects.toBeInstanceOf(
      ProviderRateLimitError,
    );
    expect(first.circuitOpen).toBe(true);
    fake.set({});
    const calls = fake.callCount;
    // The same instance, and another one that never saw the 429.
    await expect(first.get('quote', { symbol: 'AAPL' })).rejects.toBeInstanceOf(CircuitOpenError);
    // The shared breaker is written without waiting: give it a moment.
    await new Promise((r) => setTimeout(r, 200));
    await expect(second.get('quote', { symbol: 'AAPL' })).rejects.toBeInstanceOf(CircuitOpenError);
    expect(fake.callCount).toBe(calls);
    const item = await doc.send(
      new GetCommand({ TableName: table(), Key: keys.marketBudget(`${namespace}fmp`, 'BREAKER') }),
    );
    const openFor = Number(item.Item?.openUntil) - clock.now();
    expect(openFor).toBeGreaterThan(0);
    expect(openFor).toBeLessThanOrEqual(15 * 60_000);
    // Once the time has passed, the other instance calls again.
    clock.advance(openFor + 1);
    await expect(second.get('quote', { symbol: 'AAPL' })).resolves.toHaveLength(1);
  });

  it('stays open until the next UTC day under a daily quota (the day’s calls are spent)', async () => {
    const namespace = `d${randomUUID().slice(0, 8)}:`;
    const guarded = new GuardedSource(
      fmpSource(),
      budget({ callsPerMinute: null, callsPerDay: 250 }, namespace),
      { now: clock.now },
    );
    fake.set({ status: 429 });
    await expect(guarded.get('quote', { symbol: 'AAPL' })).rejects.toBeInstanceOf(
      ProviderRateLimitError,
    );
    await new Promise((r) => setTimeout(r, 200));
    const item = await doc.send(
      new GetCommand({ TableName: table(), Key: keys.marketBudget(`${namespace}fmp`, 'BREAKER') }),
    );
    expect(new Date(Number(item.Item?.openUntil)).toISOString()).toBe('2026-03-11T00:00:00.000Z');
  });
});

describe('reads when the budget is spent', () => {
  it('answers a company read from the cache, marked stale with its as-of time, never a 5xx', async () => {
    const namespace = `s${randomUUID().slice(0, 8)}:`;
    const b = budget({ callsPerMinute: 3, callsPerDay: null }, namespace);
    const service = buildMarketService({
      source: new GuardedSource(fmpSource(), b, { now: clock.now }),
      plan: b.plan,
      now: clock.now,
      namespace,
      memoryMs: 0,
    });
    const fresh = await service.profile('KO');
    expect(fresh.stale).toBe(false);
    // A day later the profile is due again, and this minute's calls are spent.
    clock.advance(25 * 3600_000);
    await takeAll(b, 'reader', 3);
    const calls = fake.callCount;
    const stale = await service.profile('KO');
    expect(stale.stale).toBe(true);
    expect(stale.asOf).toBe(fresh.asOf);
    expect(stale.data).toEqual(fresh.data);
    expect(fake.callCount).toBe(calls);
  });
});

describe('the quote job under a daily quota', () => {
  it('refreshes the indexes every run and the symbols of interest in turn, within its share of the day', async () => {
    const namespace = `q${randomUUID().slice(0, 8)}:`;
    const free = PLANS.free;
    const b = budget(free, namespace);
    const service = buildMarketService({
      source: new GuardedSource(fmpSource(), b, { now: clock.now }),
      plan: free,
      now: clock.now,
      namespace,
      memoryMs: 0,
    });
    const symbols = ['AAPL', 'MSFT', 'KO', 'PEP', 'JPM', 'XOM', 'WMT', 'NVDA', 'AMZN', 'META'];
    const user = `quota-${randomUUID()}`;
    for (const s of symbols) await registerInterest(user, s, 'tracked');
    try {
      // The whole trading day from 09:00 New York time (UTC-4 on 10 March), a run every 5 minutes.
      clock.set(Date.parse('2026-03-10T13:00:00Z'));
      const refreshed = new Map<string, number>();
      let calls = 0;
      for (let minute = 0; minute <= 8 * 60; minute += 5) {
        const run = await refreshQuotes(service, {}, { now: clock.now, marketNow: clock.now });
        calls += run.calls;
        clock.advance(5 * 60_000);
      }
      for (const s of symbols) {
        const q = await service.cache.peek('quote', s);
        if (q) refreshed.set(s, q.fetchedAt);
      }
      // Never more than the free plan's 250 calls; one run an hour in the session and one after
      // the close.
      expect((await b.usage()).day).toBe(calls);
      expect(calls).toBeLessThanOrEqual(250);
      expect(calls).toBeGreaterThan(8 * 4);
      // Every symbol of interest was refreshed at least once.
      expect([...refreshed.keys()].sort()).toEqual([...symbols].sort());
      // The day's calls are spread over the runs, not spent by the first one.
      expect(calls).toBeLessThan(250);
    } finally {
      for (const s of symbols) await releaseInterest(user, s, 'tracked');
    }
  }, 60_000);
});

describe('13F holders', () => {
  it('asks for the latest quarter whose filings are all in (45 days after its end)', async () => {
    expect(filedQuarter(Date.parse('2026-03-10T15:00:00Z'))).toEqual({
      year: '2025',
      quarter: '4',
    });
    expect(filedQuarter(Date.parse('2026-02-10T15:00:00Z'))).toEqual({
      year: '2025',
      quarter: '3',
    });
    expect(filedQuarter(Date.parse('2026-05-20T15:00:00Z'))).toEqual({
      year: '2026',
      quarter: '1',
    });
    expect(filedQuarter(Date.parse('2027-01-01T12:00:00Z'))).toEqual({
      year: '2026',
      quarter: '3',
    });
    await new StableProvider(fmpSource(), PLANS.premium).institutionalHolders('AAPL');
    const call = fake.calls.find((c) => c.endpoint.startsWith('institutional-ownership'));
    // The test stack pins the market's clock at 10 March 2026 (decision 098).
    expect(call?.params).toMatchObject({ symbol: 'AAPL', year: '2025', quarter: '4' });
  });
});
