import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faultFigureRecorder } from './figures';
import {
  buildData,
  call,
  newInvestor,
  reads,
  signIn,
  type Reply,
  type StackAddress,
} from './journey';
import { killGroup, npmStartAddress, npmStartEnv, startNpm, type NpmStart } from './npm-start';

/**
 * Exactly once across crashes (decision 121). Under `npm start`, an investor sends a burst of
 * writes, each with its own Idempotency-Key: market buys into one portfolio and new portfolios.
 * At a random moment (seeded: CRASH_SEED replays a run) the whole process group is killed with
 * SIGKILL, or DynamoDB Local alone first, then the group. After the restart every request is
 * sent again with its key until it answers 200. Then every logical write exists exactly once,
 * and the portfolio's cash plus the cost of its holdings is its invested amount. The investor's
 * other data, built before the first crash (a valuation, a pitch, a portfolio with an open
 * order, a watched stock), is found by every read after the last restart, and the account
 * still signs in with its password.
 */
const faultFigures = faultFigureRecorder('crash-retry');
const SEED = Number(process.env.CRASH_SEED ?? 20261124);
const RUNS = 4;
const BURST = 16;
const SYMBOLS = ['AAPL', 'MSFT', 'KO', 'PEP', 'JPM', 'XOM', 'WMT', 'NVDA'];
const SEED_CAPITAL = 1_000_000;
const dataDir = mkdtempSync(join(tmpdir(), 'mr-market-crash-'));
let target: NpmStart | undefined;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

afterAll(async () => {
  const running = target?.running;
  if (running?.pid && running.exitCode === null) await killGroup(running).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

interface Write {
  key: string;
  path: string;
  body: Record<string, unknown>;
  kind: 'buy' | 'portfolio';
  /** The first 200 answer seen, if any. */
  answer?: Reply['body'];
}

/** Sends a write; a dead server is a connection error, answered here as status 0. */
async function send(at: StackAddress, token: string, w: Write): Promise<Reply> {
  try {
    return await call(at, token, 'POST', w.path, w.body, { 'idempotency-key': w.key });
  } catch {
    return { status: 0, body: {} };
  }
}

/** Kills DynamoDB Local (the group's java process) while the API keeps running. */
function killDynamo(pid: number): void {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '-g', String(pid)], { encoding: 'utf8' });
  for (const line of out.trim().split('\n')) {
    const [p, comm] = line.trim().split(/\s+/);
    if (comm === 'java') process.kill(Number(p), 'SIGKILL');
  }
}

describe('writes retried with their Idempotency-Key across crashes', () => {
  it(`happen exactly once over ${RUNS} crashes at random points (seed ${SEED})`, async () => {
    const random = mulberry32(SEED);
    target = await npmStartEnv(dataDir, {
      // A lock left by a killed request expires in 2 s instead of 60 s.
      IDEMPOTENCY_LOCK_SECONDS: '2',
      WRITE_LIMIT_PER_MINUTE: '10000',
    });
    await startNpm(target);
    let child = target.running!;
    let at = npmStartAddress(dataDir);
    const investor = await newInvestor(at);
    let token = investor.token;
    const built = await buildData(at, token);
    const created = await call(at, token, 'POST', '/api/addPortfolio', {
      portfolio_name: 'Crash tested',
      investment_value: SEED_CAPITAL,
    });
    expect(created.status).toBe(200);
    const portfolioId = (created.body.data as { portfolio_id: string }).portfolio_id;
    const writes: Write[] = [];

    for (let run = 0; run < RUNS; run++) {
      const burst: Write[] = Array.from({ length: BURST }, (_, i) =>
        i % 4 === 3
          ? {
              key: `crash-${randomUUID()}`,
              path: '/api/addPortfolio',
              body: { portfolio_name: `Run ${run} #${i}`, investment_value: 1000 },
              kind: 'portfolio',
            }
          : {
              key: `crash-${randomUUID()}`,
              path: '/api/placeOrder',
              body: {
                portfolio_id: portfolioId,
                stock_symbol: SYMBOLS[Math.floor(random() * SYMBOLS.length)]!,
                side: 'buy',
                order_type: 'market',
                invest_by: 'quantity',
                quantity: 1 + Math.floor(random() * 3),
              },
              kind: 'buy',
            },
      );
      writes.push(...burst);
      const delay = 20 + Math.floor(random() * 600);
      const dynamoFirst = random() < 0.5;
      const pending = burst.map(async (w) => {
        const reply = await send(at, token, w);
        if (reply.status === 200) w.answer = reply.body;
        faultFigures.request(reply.status === 0 ? 503 : reply.status);
      });
      await new Promise((r) => setTimeout(r, delay));
      if (dynamoFirst) {
        killDynamo(child.pid!);
        faultFigures.inject('dynamodbKilled');
        await new Promise((r) => setTimeout(r, 300));
      }
      await killGroup(child);
      faultFigures.inject('npmStartKilled');
      await Promise.all(pending);

      await startNpm(target);
      child = target.running!;
      const before = at;
      at = npmStartAddress(dataDir);
      expect(at.userPoolId).toBe(before.userPoolId);
      token = await signIn(at, investor.email, investor.password);
      // Every request again with its key until it is done: a replay, or a first run.
      for (const w of burst) {
        const deadline = Date.now() + 30_000;
        for (;;) {
          const reply = await send(at, token, w);
          if (reply.status === 200) {
            if (w.answer) expect(reply.body, `replay of ${w.key}`).toEqual(w.answer);
            w.answer ??= reply.body;
            break;
          }
          // 409: a killed request's lock, until it expires; 503: DynamoDB still starting.
          expect([0, 409, 503], JSON.stringify(reply.body)).toContain(reply.status);
          if (Date.now() > deadline) throw new Error(`${w.key} never completed`);
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    }

    // Every logical write exactly once.
    const holdings = await call(at, token, 'POST', '/api/getPortfolioHoldings', {
      portfolio_id: portfolioId,
    });
    expect(holdings.status).toBe(200);
    const data = holdings.body.data as {
      portfolio: { cash_cents: number; investment_cents: number };
      holdings: { cost_cents: number }[];
      transactions: { order_id: string | null }[];
    };
    const buys = writes.filter((w) => w.kind === 'buy');
    const answeredOrders = buys.map(
      (w) => (w.answer!.data as { order: { order_id: string } }).order.order_id,
    );
    expect(new Set(answeredOrders).size).toBe(buys.length);
    const stored = data.transactions.map((t) => t.order_id).sort();
    if (stored.length !== buys.length)
      faultFigures.duplicates(Math.max(0, stored.length - buys.length));
    expect(stored).toEqual([...answeredOrders].sort());

    const list = await call(at, token, 'GET', '/api/getPortfolioList');
    const portfolios = (list.body.data as { portfolio_id: string }[]).map((p) => p.portfolio_id);
    const answeredPortfolios = writes
      .filter((w) => w.kind === 'portfolio')
      .map((w) => (w.answer!.data as { portfolio_id: string }).portfolio_id);
    expect(portfolios.sort()).toEqual(
      [portfolioId, built.portfolioId, ...answeredPortfolios].sort(),
    );

    // The investor's data from before the first crash, every item found again.
    let lost = 0;
    for (const read of reads(at, token, built)) {
      const reply = await read.run();
      if (!read.finds(reply)) lost += 1;
      expect({ route: read.route, status: reply.status, found: read.finds(reply) }).toEqual({
        route: read.route,
        status: 200,
        found: true,
      });
    }
    faultFigures.lost(lost);

    // Cash plus the cost of the holdings is the invested amount.
    const cost = data.holdings.reduce((sum, h) => sum + h.cost_cents, 0);
    expect(data.portfolio.cash_cents + cost).toBe(data.portfolio.investment_cents);
    expect(data.portfolio.investment_cents).toBe(SEED_CAPITAL * 100);
  }, 300_000);
});
