import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { MarketSource } from '../../shared/market';
import { config, required } from '../lib/config';
import { db } from '../lib/dynamo';
import { CallBudget } from './budget';
import { GuardedSource } from './guard';
import { planFor } from './plan';
import {
  ProviderAuthError,
  ProviderForbiddenError,
  ProviderMessageError,
  ProviderPlanError,
  ProviderRateLimitError,
  ProviderShapeError,
  ProviderUnavailableError,
} from './errors';
import { marketNow } from '../lib/clock';

/**
 * A source of market data in the shapes of the FMP stable API (flat JSON arrays). The
 * provider (provider.ts) maps these onto the contract; a second data vendor would be a new
 * provider module, not a change here.
 */
export interface StableSource {
  readonly name: MarketSource;
  /** One upstream read; throws a typed ProviderError on any failure. */
  get(endpoint: StableEndpoint, params: Record<string, string>): Promise<unknown[]>;
}

/** The stable endpoints the product uses: the only paths ever requested upstream. */
export const STABLE_ENDPOINTS = [
  'search-symbol',
  'search-name',
  'profile',
  'quote',
  'batch-quote',
  'shares-float',
  'income-statement',
  'balance-sheet-statement',
  'cash-flow-statement',
  'ratios',
  'ratios-ttm',
  'key-metrics',
  'key-metrics-ttm',
  'key-executives',
  'institutional-ownership/extract-analytics/holder',
  'news/stock',
  'historical-chart/1min',
  'historical-chart/5min',
  'historical-chart/15min',
  'historical-chart/30min',
  'historical-chart/1hour',
  'historical-chart/4hour',
  'historical-price-eod/full',
  'company-screener',
  'earnings',
  'dividends',
  'splits',
  'analyst-estimates',
] as const;
export type StableEndpoint = (typeof STABLE_ENDPOINTS)[number];

function errorMessageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const message = (body as Record<string, unknown>)['Error Message'];
    if (typeof message === 'string') return message;
  }
  return undefined;
}

function asRows(body: unknown, endpoint: string): unknown[] {
  const message = errorMessageOf(body);
  if (message !== undefined)
    throw new ProviderMessageError(`${endpoint}: ${message.slice(0, 200)}`);
  if (!Array.isArray(body)) throw new ProviderShapeError(`${endpoint}: expected a JSON array`);
  return body;
}

// ---------------------------------------------------------------------------------------------
// Financial Modeling Prep over HTTP

const secrets = new Map<string, Promise<string>>();

/** Drops the instance's copy of the key: the next call reads the secret again. */
export function forgetFmpKey(): void {
  secrets.clear();
}

/** The key: FMP_API_KEY locally, else the Secrets Manager secret (read once per instance). */
export function fmpKeyFromConfig(): () => Promise<string> {
  return async () => {
    const cfg = config();
    if (cfg.FMP_API_KEY) return cfg.FMP_API_KEY;
    const arn = cfg.FMP_API_KEY_SECRET_ARN;
    if (!arn) throw new ProviderAuthError('no FMP_API_KEY or FMP_API_KEY_SECRET_ARN');
    let pending = secrets.get(arn);
    if (!pending) {
      pending = new SecretsManagerClient({})
        .send(new GetSecretValueCommand({ SecretId: arn }))
        .then((out) => {
          const raw = (out.SecretString ?? '').trim();
          // Either the key itself or JSON such as {"apiKey": "..."}.
          if (raw.startsWith('{')) {
            const parsed = JSON.parse(raw) as Record<string, unknown>;
            const value = parsed.apiKey ?? parsed.FMP_API_KEY ?? parsed.key;
            if (typeof value === 'string' && value) return value;
            throw new ProviderAuthError('secret has no apiKey field');
          }
          if (!raw) throw new ProviderAuthError('secret is empty');
          return raw;
        });
      pending.catch(() => secrets.delete(arn));
      secrets.set(arn, pending);
    }
    return pending;
  };
}

export interface FmpHttpSourceOptions {
  /** e.g. https://financialmodelingprep.com/stable (FMP_BASE_URL). */
  baseUrl: string;
  apiKey: () => Promise<string>;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export class FmpHttpSource implements StableSource {
  readonly name = 'fmp' as const;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: FmpHttpSourceOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 8000;
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  async get(endpoint: StableEndpoint, params: Record<string, string>): Promise<unknown[]> {
    if (!(STABLE_ENDPOINTS as readonly string[]).includes(endpoint))
      throw new Error(`Not a stable endpoint: ${endpoint}`);
    const key = await this.options.apiKey();
    const query = new URLSearchParams(params);
    query.set('apikey', key);
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.base}/${endpoint}?${query.toString()}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      // Never include the URL: it carries the key. A timeout names the budget that ran out.
      const name = (error as Error).name;
      throw new ProviderUnavailableError(
        name === 'TimeoutError'
          ? `${endpoint}: no answer within ${this.timeoutMs} ms (TimeoutError)`
          : `${endpoint}: ${name}`,
      );
    }
    const text = await res.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      body = undefined;
    }
    const detail = `${endpoint}: HTTP ${res.status} ${(errorMessageOf(body) ?? text).slice(0, 160).replaceAll(key, '***')}`;
    switch (res.status) {
      case 401:
        // The key may have been rotated (docs/runbook.md): read the secret again next time.
        forgetFmpKey();
        throw new ProviderAuthError(detail);
      case 402:
        throw new ProviderPlanError(detail);
      case 403:
        throw new ProviderForbiddenError(detail);
      case 429:
        throw new ProviderRateLimitError(detail);
    }
    if (res.status >= 500) throw new ProviderUnavailableError(detail);
    if (res.status !== 200) throw new ProviderMessageError(detail);
    if (body === undefined) throw new ProviderShapeError(`${endpoint}: body is not JSON`);
    return asRows(body, endpoint);
  }
}

// ---------------------------------------------------------------------------------------------
// The embedded demo data set

export class DemoSource implements StableSource {
  readonly name = 'demo' as const;
  constructor(private readonly now: () => Date = marketNow) {}

  async get(endpoint: StableEndpoint, params: Record<string, string>): Promise<unknown[]> {
    // Loaded on first use: a function configured for FMP never evaluates the data set.
    const { demoStable } = await import('./demo/index');
    return asRows(demoStable(endpoint, params, this.now()), endpoint);
  }
}

let configured: StableSource | undefined;

/**
 * The source the configuration names, one per instance: FMP when selected (and a key is
 * configured), guarded by the shared call budget and circuit breaker (guard.ts); else demo.
 */
export function sourceFromConfig(): StableSource {
  if (configured) return configured;
  const cfg = config();
  const hasKey = Boolean(cfg.FMP_API_KEY || cfg.FMP_API_KEY_SECRET_ARN);
  if (cfg.MARKET_DATA_PROVIDER === 'fmp' && hasKey) {
    const budget = new CallBudget({
      client: db,
      tableName: required('TABLE_NAME'),
      plan: planFor('fmp', cfg.FMP_PLAN),
      source: 'fmp',
    });
    configured = new GuardedSource(
      new FmpHttpSource({ baseUrl: cfg.FMP_BASE_URL, apiKey: fmpKeyFromConfig() }),
      budget,
    );
  } else configured = new DemoSource();
  return configured;
}

/** Forgets the instance's source (tests that change the configuration). */
export function resetSourceForTests(): void {
  configured = undefined;
}
