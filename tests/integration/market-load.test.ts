import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  interestedSymbols,
  registerInterest,
  releaseInterest,
} from '../../functions/market/interest';
import { PLANS } from '../../functions/market/plan';
import { refreshQuotes } from '../../functions/market/refresh';
import { INDEX_SYMBOLS } from '../../shared/market';
import { startFakeFmp, type FakeFmp } from '../support/fake-fmp';
import { fmpService, simClock } from '../support/market';

let fake: FakeFmp;
const clock = simClock(Date.parse('2026-03-10T14:30:00Z'));

beforeAll(async () => {
  fake = await startFakeFmp({ now: clock.date });
});
afterAll(async () => {
  await fake.close();
});

it('keeps one interest entry per symbol however many users share it, and drops it with the last', async () => {
  const symbol =
    'ZZZ' +
    String(Math.floor(Math.random() * 1000))
      .padStart(3, '0')
      .replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
  const users = [randomUUID(), randomUUID()];
  expect(await registerInterest(users[0]!, symbol, 'watch')).toBe(true);
  expect(await registerInterest(users[0]!, symbol, 'watch')).toBe(false);
  expect(await registerInterest(users[1]!, symbol, 'tracked')).toBe(true);
  expect((await interestedSymbols()).filter((s) => s === symbol)).toHaveLength(1);
  expect(await releaseInterest(users[0]!, symbol, 'watch')).toBe(true);
  expect(await releaseInterest(users[0]!, symbol, 'watch')).toBe(false);
  expect(await interestedSymbols()).toContain(symbol);
  await releaseInterest(users[1]!, symbol, 'tracked');
  expect(await interestedSymbols()).not.toContain(symbol);
});

it('1,000 users polling index and tracked quotes every 30 s for 10 minutes cost only the job’s upstream calls', async () => {
  const TRACKED = ['AAPL', 'MSFT', 'KO', 'JPM', 'XOM', 'NVDA', 'PG', 'T'];
  const users = Array.from({ length: 1000 }, (_, i) => ({
    id: randomUUID(),
    symbols: [TRACKED[i % 8]!, TRACKED[(i * 3 + 1) % 8]!],
    offsetS: i % 30,
  }));
  for (const symbol of TRACKED) await registerInterest(users[0]!.id, symbol, 'tracked');

  const namespace = `load${Date.now()}:`;
  // Pages are served by a handful of function instances sharing the table; the job is one more.
  const instances = Array.from({ length: 4 }, () =>
    fmpService(fake, { plan: PLANS.starter, namespace, now: clock.now, memoryMs: 5000 }),
  );
  const job = fmpService(fake, { plan: PLANS.starter, namespace, now: clock.now });
  fake.clear();

  let jobCalls = 0;
  let reads = 0;
  let stale = 0;
  for (let second = 0; second < 600; second++) {
    if (second % 60 === 0) {
      const run = await refreshQuotes(job, {}, { now: clock.now, marketNow: clock.now });
      jobCalls += run.calls;
    }
    const polling = users.filter((u) => second % 30 === u.offsetS);
    await Promise.all(
      polling.map(async (user, i) => {
        const service = instances[i % instances.length]!;
        const [indexes, tracked] = await Promise.all([
          service.indexQuotes(),
          service.quotes(user.symbols),
        ]);
        expect(indexes.data.map((q) => q.symbol)).toEqual([...INDEX_SYMBOLS]);
        expect(tracked.data).toHaveLength(new Set(user.symbols).size);
        reads += 2;
        if (indexes.stale || tracked.stale) stale++;
      }),
    );
    clock.advance(1000);
  }
  for (const symbol of TRACKED) await releaseInterest(users[0]!.id, symbol, 'tracked');

  const quoteCalls = fake.calls.filter(
    (c) => c.endpoint === 'quote' || c.endpoint === 'batch-quote',
  ).length;
  const extraCalls = fake.calls.filter((c) =>
    ['ratios-ttm', 'profile', 'shares-float'].includes(c.endpoint),
  ).length;
  console.log(
    `simulated ${reads} page reads; upstream quote calls ${quoteCalls} (job ${jobCalls}), daily extras ${extraCalls}`,
  );
  expect(reads).toBe(1000 * 20 * 2);
  expect(stale).toBe(0);
  // Every quote call is the job's: 10 runs of (4 index calls + 1 batch of the tracked symbols, plus any other interest).
  expect(quoteCalls).toBe(jobCalls);
  expect(jobCalls).toBeLessThanOrEqual(10 * (INDEX_SYMBOLS.length + 2));
  // pe, eps, average volume and shares outstanding: 3 calls per tracked stock, once a day.
  expect(extraCalls).toBe(3 * TRACKED.length);
}, 180_000);
