/**
 * Bench section `api`: the local stack's API under load from a second process (autocannon,
 * 50 connections, 20 s per call; BENCH_SECONDS shortens it), and the DynamoDB requests each
 * call makes, counted by a proxy in front of DynamoDB Local (operation names shown; a Scan on
 * a user path is reported as a miss).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTable, startDynamo } from '../infra/local/dynamodb';
import { ENDPOINT_VARS } from '../infra/local/env';
import { freePort } from '../infra/local/process';
import { startStack } from '../infra/local/stack';
import { LOCAL_TABLE_NAME } from '../infra/table-design';
import { type Report, atMost, benchSeconds, info, ms, onInterrupt } from './lib';
import { createBenchUser } from './user';

const CACHED_P99_MS = 50;
const SCREENER_P99_MS = 500;
const CONNECTIONS = 50;

export interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token?: string;
  /** The p99 budget, or undefined for information only. */
  p99?: number;
}

/** Counts the requests that reach DynamoDB Local, by operation (X-Amz-Target). */
async function startCountingProxy(target: string) {
  const counts = new Map<string, number>();
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const op = String(req.headers['x-amz-target'] ?? 'unknown').replace(/^DynamoDB_\d+\./, '');
    counts.set(op, (counts.get(op) ?? 0) + 1);
    const out = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface LoadResult {
  p50: number;
  p99: number;
  max: number;
  rps: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** autocannon in its own Node process. */
function load(options: object): Promise<LoadResult> {
  const script = fileURLToPath(new URL('./load.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult);
    });
  });
}

export async function run(report: Report): Promise<void> {
  const seconds = benchSeconds(20);
  const dir = mkdtempSync(join(tmpdir(), 'mr-market-bench-api-'));
  const dynamo = await startDynamo({ port: await freePort(), dir, persistent: false });
  const proxy = await startCountingProxy(dynamo.url);
  onInterrupt(async () => {
    await stopStack?.();
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  let stopStack: (() => Promise<void>) | undefined;
  try {
    // The stack uses the DynamoDB endpoint set here (the proxy) and starts the other emulators.
    for (const name of Object.values(ENDPOINT_VARS)) delete process.env[name];
    delete process.env.AWS_ENDPOINT_URL;
    delete process.env.FMP_API_KEY;
    delete process.env.AWS_PROFILE;
    Object.assign(process.env, {
      [ENDPOINT_VARS.dynamodb]: proxy.url,
      AWS_REGION: 'us-east-1',
      TABLE_NAME: LOCAL_TABLE_NAME,
      LOG_LEVEL: 'ERROR',
      // The bench's users all come from 127.0.0.1: per-client limits would stop it, not measure it.
      CLIENT_LIMIT_PER_MINUTE: '100000',
    });
    await ensureTable(dynamo.url, LOCAL_TABLE_NAME);
    const stack = await startStack({
      persistent: false,
      web: false,
      jobs: false,
      ports: 'random',
      inheritEnv: true,
    });
    stopStack = stack.stop;
    const api = stack.urls.api;

    // Loaded after the stack set the functions' environment.
    const { buildMarketService, marketService } = await import('../functions/market/service');
    const { addPitchRequest, PITCH_STATUS } = await import('../shared/schemas/valuation-api');
    const { saveNewValuation } = await import('../functions/valuations/service');
    const { valuationStore } = await import('../functions/valuations/store');
    const { createPortfolio, portfolioStore } = await import('../functions/portfolios');
    const { createPortfolioPayload } = await import('../shared/portfolio/schemas');
    const { DemoSource } = await import('../functions/market/source');
    const { PLANS } = await import('../functions/market/plan');
    const { buildSnapshot } = await import('../functions/screener/build');
    const { saveSnapshot, newVersion } = await import('../functions/screener/snapshot');
    const { forgetSnapshot } = await import('../functions/screener/current');
    const { cachedQuotes } = await import('../functions/valuations/quotes');
    const { DEMO_UNIVERSE } = await import('../functions/market/demo/index');
    const { computeValuation, toStoredOutputs } = await import('../shared/valuation');

    const send = async (call: Omit<Call, 'name'>) => {
      const res = await fetch(`${api}${call.path}`, {
        method: call.method,
        headers: {
          'content-type': 'application/json',
          ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
        },
        ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${call.path} answered ${res.status}: ${text}`);
      return text;
    };

    // A signed-in user with 100 pitches and 20 portfolios.
    const { token } = await createBenchUser(stack);
    const userId = String(
      (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string })
        .sub,
    );
    const symbols = DEMO_UNIVERSE.slice(0, 25).map((c) => c.symbol);
    const quotes = await cachedQuotes(symbols);
    for (let i = 0; i < 100; i++) {
      const symbol = symbols[i % symbols.length]!;
      const inputs = {
        valuation_type_id: 1 as const,
        stock_symbol: symbol,
        market_price: quotes.get(symbol)?.price ?? 100,
        holding_period: 3,
        forward_multiple: 15 + (i % 10),
        earnings_per_share: 4 + (i % 7),
        growth_ratein_eps: 5 + (i % 5),
      };
      const result = computeValuation(inputs);
      if (!result.ok) throw new Error(result.message);
      // Saved through the functions' own modules: the API limits writes per user and minute.
      const parsed = addPitchRequest.parse({
        ...inputs,
        moats: ['Brand(s)'],
        comment: 'Bench',
        ...toStoredOutputs(result),
      });
      if (parsed.kind !== 'new') throw new Error('expected a new pitch payload');
      await saveNewValuation(valuationStore(), userId, parsed.payload, PITCH_STATUS.pitched);
    }
    for (let i = 0; i < 20; i++)
      await createPortfolio(
        { store: portfolioStore(), market: marketService() },
        userId,
        createPortfolioPayload.parse({
          portfolio_name: `Bench ${i + 1}`,
          investment_value: '100000',
        }),
      );

    // The screener's snapshot over the demo universe, as the job writes it.
    const built = await buildSnapshot({
      service: buildMarketService({ source: new DemoSource(), plan: PLANS.demo }),
    });
    await saveSnapshot(built.data);
    forgetSnapshot();
    const screenBody = {
      filters: { marketcap: 'large', sector: 'Technology', pe: 'under30' },
      sort: 'marketCap',
      order: 'desc',
    };

    const calls: Call[] = [
      {
        name: 'getIndexQuotes',
        method: 'GET',
        path: '/api/getIndexQuotes',
        p99: CACHED_P99_MS,
      },
      {
        name: 'common_api profile (cached)',
        method: 'POST',
        path: '/api/common_api',
        body: { url: 'profile/AAPL', method: 'GET', parameters: {} },
        p99: CACHED_P99_MS,
      },
      {
        name: 'myValuation, 100 pitches',
        method: 'POST',
        path: '/api/myValuation',
        token,
        body: {},
      },
      {
        name: 'getPortfolioList, 20 portfolios',
        method: 'GET',
        path: '/api/getPortfolioList',
        token,
      },
      {
        name: `screener, demo universe (${built.data.entries.length})`,
        method: 'POST',
        path: '/api/screener/screen',
        token,
        body: screenBody,
        p99: SCREENER_P99_MS,
      },
    ];

    const measure = async (call: Call) => {
      await send(call); // warm: the instance's caches as a busy function has them
      proxy.counts.clear();
      const N = 5;
      for (let i = 0; i < N; i++) await send(call);
      const ops = [...proxy.counts].sort((a, b) => b[1] - a[1]);
      const perCall = ops.reduce((n, [, v]) => n + v, 0) / N;
      const opText = ops.length
        ? ops.map(([op, n]) => `${op} ${+(n / N).toFixed(2)}`).join(', ')
        : 'none';
      report(
        info(
          'api',
          `${call.name}: DynamoDB requests per call`,
          `${+perCall.toFixed(2)} (${opText})`,
        ),
      );
      if (proxy.counts.has('Scan'))
        report({
          section: 'api',
          name: `${call.name}: Scan on a user path`,
          value: `Scan ${proxy.counts.get('Scan')}`,
          target: 'no Scan',
          ok: false,
        });
      const r = await load({
        url: `${api}${call.path}`,
        method: call.method,
        headers: {
          'content-type': 'application/json',
          ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
        },
        ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
        connections: CONNECTIONS,
        duration: seconds,
      });
      const summary = `p50 ${ms(r.p50, 0)}, ${Math.round(r.rps)} req/s, ${r.total} requests${r.non2xx || r.errors || r.timeouts ? `, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` : ''}`;
      report(info('api', `${call.name}: ${CONNECTIONS} conn, ${seconds} s`, summary));
      if (call.p99 !== undefined)
        report(atMost('api', `${call.name}: p99`, r.p99, call.p99, (v) => ms(v, 0), true));
      else report(info('api', `${call.name}: p99`, ms(r.p99, 0)));
      if (r.non2xx || r.errors)
        report({
          section: 'api',
          name: `${call.name}: failed requests`,
          value: String(r.non2xx + r.errors),
          target: '0',
          ok: false,
        });
    };

    for (const call of calls) await measure(call);

    // Synthetic 6,000 symbols: the demo entries copied with new tickers.
    const synthetic = {
      ...built.data,
      version: newVersion(Date.now()),
      entries: [] as typeof built.data.entries,
    };
    for (let i = 0; synthetic.entries.length < 6000; i++) {
      const base = built.data.entries[i % built.data.entries.length]!;
      const k = 0.6 + ((i * 7919) % 1000) / 1000;
      const scale = (v: number | null) => (v === null ? null : v * k);
      synthetic.entries.push({
        ...base,
        listing: {
          ...base.listing,
          symbol: `S${i.toString(36).toUpperCase()}`,
          company: `${base.listing.company} ${i}`,
          marketCap: scale(base.listing.marketCap),
        },
      });
    }
    await saveSnapshot(synthetic);
    forgetSnapshot();
    await measure({
      name: 'screener, synthetic 6,000',
      method: 'POST',
      path: '/api/screener/screen',
      token,
      body: screenBody,
      p99: SCREENER_P99_MS,
    });
  } finally {
    await stopStack?.();
    await proxy.stop();
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
