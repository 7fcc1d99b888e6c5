import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { MarketSource } from '../../shared/market';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import { WarmMemo } from '../lib/warm-memo';
import { ProviderError, ProviderPlanError } from './errors';

/**
 * The market-data cache, in the app's DynamoDB table (docs/decisions/030-market-data-cache.md).
 *
 * - One item per read (`keys.marketCache(kind, key)`): the value gzipped, `fetchedAt`, the
 *   source, and a DynamoDB `ttl` a week out, well past the freshness window, so the last good
 *   value is still there when the provider fails.
 * - Freshness is decided when reading, per kind (quotes about a minute, statements a day...).
 * - Concurrent misses make one upstream call: an in-process single flight per key, and across
 *   function instances a short lease item (`keys.marketCacheLease`) taken with a conditional
 *   put. An instance that does not get the lease waits briefly for the holder's value.
 * - A failing or rate-limited provider: the last good value is served, marked `stale`.
 * - A 402 (not on the plan) is remembered on the item until the end of the UTC day.
 */

export interface CacheResult<T> {
  value: T;
  fetchedAt: number;
  source: MarketSource;
  /** The provider failed (or is busy being asked by another instance) and this is the last good value. */
  stale: boolean;
}

export interface MarketCacheOptions {
  client: DynamoDBDocumentClient;
  tableName: string;
  source: MarketSource;
  now?: () => number;
  /** Lease length: an instance that dies while refreshing blocks others at most this long. */
  leaseMs?: number;
  /** How long an instance without the lease waits for the holder's value. */
  waitMs?: number;
  pollMs?: number;
  /** How long values stay in the table after they were fetched (DynamoDB TTL). */
  retainMs?: number;
  /** Real sleeping (tests with a simulated clock pass their own). */
  sleep?: (ms: number) => Promise<void>;
  /** Prefix of the cache kinds (tests keep their items apart). */
  namespace?: string;
  /**
   * How long this instance reuses an item it read from the table without reading it again
   * (0 turns it off). Pages polling every 30 s then cost a table read per instance every
   * few seconds, not one per request.
   */
  memoryMs?: number;
}

interface Item {
  pk?: string;
  body?: Uint8Array;
  fetchedAt?: number;
  source?: MarketSource;
  deniedUntil?: number;
  deniedDetail?: string;
}

/** Largest value stored (DynamoDB items are at most 400 KB). */
const MAX_BODY_BYTES = 350_000;
const DAY_MS = 86_400_000;

export function endOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS + DAY_MS;
}

function encode(value: unknown): Uint8Array {
  return gzipSync(Buffer.from(JSON.stringify(value)));
}
function decode<T>(body: Uint8Array): T {
  return JSON.parse(gunzipSync(body).toString('utf8')) as T;
}

/**
 * Values decoded by this instance, by item, fetch time and size: a value fetched at a time is
 * never written again under it, so every read of it while the instance is warm shares one
 * decoded copy (and the closes' day numbers decoded from it, `dayCloses`), whether or not the
 * item is remembered in memory (decision 200). About 64 MB of values at most.
 */
const decodedValues = new WarmMemo<unknown>(64 * 1024 * 1024);

function decodedOf<T>(item: Item): T {
  if (item.pk === undefined || item.fetchedAt === undefined) return decode<T>(item.body!);
  const key = `${item.pk}|${item.fetchedAt}|${item.source ?? ''}|${item.body!.byteLength}`;
  const known = decodedValues.get(key);
  if (known !== undefined) return known as T;
  const value = decode<T>(item.body!);
  // What the decoded value takes, about: ten times its compressed bytes.
  decodedValues.set(key, value, item.body!.byteLength * 10);
  return value;
}

/**
 * The kinds a scheduled job rewrites before they go stale (the quote job, every minute): an
 * instance reuses its copy of one for `memoryMs` only. Every other kind is written only when a
 * read finds it stale, so while the copy an instance read is fresh the table holds the same item:
 * the copy is reused as long as it is fresh (decision 201).
 */
const WRITTEN_AHEAD = new Set(['quote']);
/** What an instance keeps of the items it read: 5,000 items and 48 MB of compressed bodies at most. */
const MEMORY_ITEMS = 5000;
const MEMORY_BYTES = 48 * 1024 * 1024;

export type BatchFetch<T> = (
  keys: string[],
) => Promise<{ values: Map<string, T>; errors: Map<string, unknown> }>;

export class MarketCache {
  private readonly flights = new Map<string, Promise<CacheResult<unknown>>>();
  private readonly now: () => number;
  private readonly leaseMs: number;
  private readonly waitMs: number;
  private readonly pollMs: number;
  private readonly retainMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly ns: string;
  private readonly memoryMs: number;
  private readonly memory = new Map<string, { item: Item; at: number }>();
  private memoryBytes = 0;
  /** Counters for the bench and tests. */
  readonly stats = { hits: 0, misses: 0, stale: 0, upstream: 0, waits: 0 };

  constructor(private readonly options: MarketCacheOptions) {
    this.now = options.now ?? Date.now;
    this.leaseMs = options.leaseMs ?? 5000;
    this.waitMs = options.waitMs ?? 3000;
    this.pollMs = options.pollMs ?? 100;
    this.retainMs = options.retainMs ?? 7 * DAY_MS;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.ns = options.namespace ?? '';
    this.memoryMs = options.memoryMs ?? 5000;
  }

  private remembered(kind: string, key: string, freshMs: number): Item | undefined {
    if (this.memoryMs <= 0) return undefined;
    const entry = this.memory.get(`${kind}#${key}`);
    if (!entry) return undefined;
    if (
      (WRITTEN_AHEAD.has(kind) && this.now() - entry.at >= this.memoryMs) ||
      !this.isFresh(entry.item, freshMs)
    )
      return undefined;
    return entry.item;
  }

  private readonly loading = new Map<string, Promise<Item | undefined>>();

  private async loadMany(
    kind: string,
    toLoad: readonly string[],
    freshMs: number,
  ): Promise<Map<string, Item>> {
    const items = new Map<string, Item>();
    const parts: string[][] = [];
    for (let i = 0; i < toLoad.length; i += 100) parts.push(toLoad.slice(i, i + 100));
    // The parts of a long list are read side by side (a portfolio of 500 symbols is five).
    await Promise.all(parts.map((part) => this.loadPart(kind, part, freshMs, items)));
    return items;
  }

  /** One BatchGetItem of up to 100 keys, its unprocessed keys asked again. */
  private async loadPart(
    kind: string,
    part: readonly string[],
    freshMs: number,
    items: Map<string, Item>,
  ): Promise<void> {
    let request:
      Record<string, { Keys: Record<string, unknown>[]; ConsistentRead?: boolean }> | undefined = {
      [this.table]: {
        Keys: part.map((k): Record<string, unknown> => ({ ...this.k(kind, k) })),
        ConsistentRead: true,
      },
    };
    while (request && Object.keys(request).length > 0) {
      const out = await this.options.client.send(new BatchGetCommand({ RequestItems: request }));
      for (const raw of out.Responses?.[this.table] ?? []) {
        const k = String(raw.pk).slice(`CACHE#${this.ns}${kind}#`.length);
        items.set(k, raw as Item);
        if (this.isFresh(raw as Item, freshMs)) this.remember(kind, k, raw as Item);
      }
      request = out.UnprocessedKeys as typeof request;
    }
  }

  /** Decoded values of remembered items (decoding is most of a hit's cost). */
  private decoded = new WeakMap<Item, unknown>();

  private remember(kind: string, key: string, item: Item | undefined): void {
    if (this.memoryMs <= 0 || !item?.body) return;
    const name = `${kind}#${key}`;
    const before = this.memory.get(name);
    if (before) {
      this.memory.delete(name);
      this.memoryBytes -= before.item.body!.byteLength;
    }
    this.memory.set(name, { item, at: this.now() });
    this.memoryBytes += item.body.byteLength;
    // The oldest go first past the bounds.
    for (const [k, e] of this.memory) {
      if (this.memory.size <= MEMORY_ITEMS && this.memoryBytes <= MEMORY_BYTES) break;
      this.memory.delete(k);
      this.memoryBytes -= e.item.body!.byteLength;
    }
  }

  private k(kind: string, key: string) {
    return keys.marketCache(this.ns + kind, key);
  }

  private get table() {
    return this.options.tableName;
  }

  private async load(kind: string, key: string): Promise<Item | undefined> {
    const out = await this.options.client.send(
      new GetCommand({ TableName: this.table, Key: this.k(kind, key), ConsistentRead: true }),
    );
    return out.Item as Item | undefined;
  }

  private hit<T>(item: Item, stale: boolean): CacheResult<T> {
    let value = this.decoded.get(item) as T | undefined;
    if (value === undefined) {
      value = decodedOf<T>(item);
      this.decoded.set(item, value);
    }
    return {
      value,
      fetchedAt: item.fetchedAt ?? 0,
      source: item.source ?? this.options.source,
      stale,
    };
  }

  private isFresh(item: Item | undefined, freshMs: number): boolean {
    return Boolean(
      item?.body &&
      item.fetchedAt !== undefined &&
      item.source === this.options.source &&
      this.now() - item.fetchedAt < freshMs,
    );
  }

  /** Stores a value fetched now (also used by the quote job). */
  async write(kind: string, key: string, value: unknown, fetchedAt = this.now()): Promise<void> {
    const body = encode(value);
    if (body.byteLength > MAX_BODY_BYTES) {
      logger.warn('market value too large to cache', { kind, key, bytes: body.byteLength });
      return;
    }
    await this.options.client.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...this.k(kind, key),
          type: 'MarketCache',
          kind,
          body,
          fetchedAt,
          source: this.options.source,
          ttl: Math.floor((fetchedAt + this.retainMs) / 1000),
        },
      }),
    );
  }

  private async deny(kind: string, key: string, error: ProviderPlanError): Promise<void> {
    await this.options.client.send(
      new UpdateCommand({
        TableName: this.table,
        Key: this.k(kind, key),
        UpdateExpression:
          'SET deniedUntil = :until, deniedDetail = :detail, #type = :type, #kind = :kind, #ttl = if_not_exists(#ttl, :ttl)',
        ExpressionAttributeNames: { '#type': 'type', '#kind': 'kind', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':until': endOfUtcDay(this.now()),
          ':detail': (error.detail ?? '').slice(0, 200),
          ':type': 'MarketCache',
          ':kind': kind,
          ':ttl': Math.floor((endOfUtcDay(this.now()) + DAY_MS) / 1000),
        },
      }),
    );
  }

  private async takeLease(kind: string, key: string): Promise<boolean> {
    const now = this.now();
    try {
      await this.options.client.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...keys.marketCacheLease(this.ns + kind, key),
            type: 'MarketCache',
            leaseUntil: now + this.leaseMs,
            ttl: Math.floor((now + DAY_MS) / 1000),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR leaseUntil < :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  private async dropLease(kind: string, key: string): Promise<void> {
    await this.options.client
      .send(
        new DeleteCommand({
          TableName: this.table,
          Key: keys.marketCacheLease(this.ns + kind, key),
        }),
      )
      .catch((error: unknown) =>
        logger.warn('lease not released', { kind, key, error: error as Error }),
      );
  }

  /**
   * A value no older than `freshMs`: from the table, or fetched once (whatever the number of
   * concurrent callers) and stored. Provider failures serve the last good value, marked stale.
   */
  async read<T>(
    kind: string,
    key: string,
    freshMs: number,
    fetch: () => Promise<T>,
  ): Promise<CacheResult<T>> {
    const memo = this.remembered(kind, key, freshMs);
    if (memo) {
      this.stats.hits++;
      return this.hit<T>(memo, false);
    }
    const item = await this.load(kind, key);
    if (this.isFresh(item, freshMs)) {
      this.stats.hits++;
      this.remember(kind, key, item);
      return this.hit<T>(item!, false);
    }
    const flightKey = `${kind}#${key}`;
    let flight = this.flights.get(flightKey) as Promise<CacheResult<T>> | undefined;
    if (!flight) {
      flight = this.refresh(kind, key, freshMs, item, fetch).finally(() =>
        this.flights.delete(flightKey),
      );
      this.flights.set(flightKey, flight as Promise<CacheResult<unknown>>);
    }
    return flight;
  }

  private async refresh<T>(
    kind: string,
    key: string,
    freshMs: number,
    item: Item | undefined,
    fetch: () => Promise<T>,
  ): Promise<CacheResult<T>> {
    const last = item?.body && item.source === this.options.source ? item : undefined;
    if (item?.deniedUntil !== undefined && item.deniedUntil > this.now()) {
      if (last) return this.served(this.hit<T>(last, true));
      throw new ProviderPlanError(item.deniedDetail);
    }
    this.stats.misses++;
    if (!(await this.takeLease(kind, key))) {
      // Another instance is fetching this value: wait for it rather than call upstream too.
      this.stats.waits++;
      const deadline = this.now() + this.waitMs;
      while (this.now() < deadline) {
        await this.sleep(this.pollMs);
        const next = await this.load(kind, key);
        if (this.isFresh(next, freshMs)) return this.hit<T>(next!, false);
      }
      if (last) return this.served(this.hit<T>(last, true));
      // The holder seems gone; fetch without the lease.
    }
    try {
      this.stats.upstream++;
      const value = await fetch();
      const fetchedAt = this.now();
      await this.write(kind, key, value, fetchedAt);
      return { value, fetchedAt, source: this.options.source, stale: false };
    } catch (error) {
      if (error instanceof ProviderPlanError) await this.deny(kind, key, error);
      if (error instanceof ProviderError) {
        logger.warn('market data provider failed', {
          kind,
          key,
          status: error.statusCode,
          detail: error.detail,
          servedStale: Boolean(last),
        });
        if (last) return this.served(this.hit<T>(last, true));
      }
      throw error;
    } finally {
      await this.dropLease(kind, key);
    }
  }

  private served<T>(result: CacheResult<T>): CacheResult<T> {
    this.stats.stale++;
    return result;
  }

  /**
   * Many keys of one kind (quotes): fresh ones in one batch read, the rest fetched together
   * (one upstream batch as the plan allows) under per-key leases. Keys with neither a value
   * nor a last good value are left out of the result.
   */
  async readMany<T>(
    kind: string,
    keyList: readonly string[],
    freshMs: number,
    fetch: BatchFetch<T>,
  ): Promise<Map<string, CacheResult<T>>> {
    const unique = [...new Set(keyList)];
    const items = new Map<string, Item>();
    const toLoad: string[] = [];
    const inFlight: Promise<void>[] = [];
    for (const k of unique) {
      const memo = this.remembered(kind, k, freshMs);
      if (memo) {
        items.set(k, memo);
        continue;
      }
      // Another request of this instance is loading the key right now: share its read.
      const loading = this.loading.get(`${kind}#${k}`);
      if (loading) {
        inFlight.push(
          loading.then((item) => {
            if (item) items.set(k, item);
          }),
        );
      } else toLoad.push(k);
    }
    const loaded = this.loadMany(kind, toLoad, freshMs);
    for (const k of toLoad) {
      const one = loaded.then((all) => all.get(k));
      this.loading.set(`${kind}#${k}`, one);
      void one.finally(() => this.loading.delete(`${kind}#${k}`)).catch(() => undefined);
    }
    for (const [k, item] of await loaded) items.set(k, item);
    await Promise.all(inFlight);
    const result = new Map<string, CacheResult<T>>();
    const missing: string[] = [];
    for (const k of unique) {
      const item = items.get(k);
      if (this.isFresh(item, freshMs)) {
        this.stats.hits++;
        result.set(k, this.hit<T>(item!, false));
      } else missing.push(k);
    }
    if (missing.length === 0) return result;
    if (missing.length === 1) {
      const k = missing[0]!;
      try {
        result.set(
          k,
          await this.read(kind, k, freshMs, async () => {
            const out = await fetch([k]);
            const error = out.errors.get(k);
            if (error !== undefined) throw error;
            if (!out.values.has(k)) throw new MissingValue();
            return out.values.get(k) as T;
          }),
        );
      } catch (error) {
        if (
          !(error instanceof MissingValue) &&
          !(error instanceof ProviderError && unique.length > 1)
        )
          throw error;
      }
      return result;
    }
    const flightKey = `${kind}#batch#${missing.sort().join(',')}`;
    let flight = this.flights.get(flightKey) as unknown as
      Promise<Map<string, CacheResult<T>>> | undefined;
    if (!flight) {
      flight = this.refreshMany(kind, missing, items, freshMs, fetch).finally(() =>
        this.flights.delete(flightKey),
      );
      this.flights.set(flightKey, flight as unknown as Promise<CacheResult<unknown>>);
    }
    for (const [k, v] of await flight) result.set(k, v);
    return result;
  }

  private async refreshMany<T>(
    kind: string,
    missing: string[],
    items: Map<string, Item>,
    freshMs: number,
    fetch: BatchFetch<T>,
  ): Promise<Map<string, CacheResult<T>>> {
    const result = new Map<string, CacheResult<T>>();
    const now = this.now();
    const lastOf = (k: string) => {
      const item = items.get(k);
      return item?.body && item.source === this.options.source ? item : undefined;
    };
    const toFetch: string[] = [];
    const waiting: string[] = [];
    await Promise.all(
      missing.map(async (k) => {
        const item = items.get(k);
        if (item?.deniedUntil !== undefined && item.deniedUntil > now) {
          const last = lastOf(k);
          if (last) result.set(k, this.served(this.hit<T>(last, true)));
          return;
        }
        this.stats.misses++;
        if (await this.takeLease(kind, k)) toFetch.push(k);
        else waiting.push(k);
      }),
    );
    if (toFetch.length > 0) {
      try {
        this.stats.upstream++;
        const out = await fetch(toFetch);
        const fetchedAt = this.now();
        await Promise.all(
          toFetch.map(async (k) => {
            const error = out.errors.get(k);
            if (out.values.has(k)) {
              const value = out.values.get(k) as T;
              await this.write(kind, k, value, fetchedAt);
              result.set(k, { value, fetchedAt, source: this.options.source, stale: false });
            } else {
              if (error instanceof ProviderPlanError) await this.deny(kind, k, error);
              const last = lastOf(k);
              if (last) result.set(k, this.served(this.hit<T>(last, true)));
            }
          }),
        );
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        logger.warn('market data provider failed', {
          kind,
          keys: toFetch.length,
          status: error.statusCode,
          detail: error.detail,
        });
        if (error instanceof ProviderPlanError)
          await Promise.all(toFetch.map((k) => this.deny(kind, k, error)));
        for (const k of toFetch) {
          const last = lastOf(k);
          if (last) result.set(k, this.served(this.hit<T>(last, true)));
        }
      } finally {
        await Promise.all(toFetch.map((k) => this.dropLease(kind, k)));
      }
    }
    if (waiting.length > 0) {
      this.stats.waits += waiting.length;
      const deadline = this.now() + this.waitMs;
      let pending = waiting;
      while (pending.length > 0 && this.now() < deadline) {
        await this.sleep(this.pollMs);
        const still: string[] = [];
        for (const k of pending) {
          const next = await this.load(kind, k);
          if (this.isFresh(next, freshMs)) result.set(k, this.hit<T>(next!, false));
          else still.push(k);
        }
        pending = still;
      }
      for (const k of pending) {
        const last = lastOf(k);
        if (last) result.set(k, this.served(this.hit<T>(last, true)));
      }
    }
    return result;
  }

  /**
   * The stored values of many keys of one kind, whatever their age, in batch reads of 100 and
   * never a provider call (the market map reads the quotes the quote job keeps; decision 152).
   * Keys with nothing stored are left out.
   */
  async storedMany<T>(
    kind: string,
    keyList: readonly string[],
  ): Promise<Map<string, CacheResult<T>>> {
    const items = await this.loadMany(kind, [...new Set(keyList)], 0);
    const out = new Map<string, CacheResult<T>>();
    for (const [k, item] of items) {
      if (!item.body || item.source !== this.options.source) continue;
      out.set(k, this.hit<T>(item, false));
    }
    return out;
  }

  /** The stored value whatever its age (the job and tests look at it). */
  async peek<T>(
    kind: string,
    key: string,
  ): Promise<(CacheResult<T> & { deniedUntil?: number }) | undefined> {
    const item = await this.load(kind, key);
    if (!item?.body) return undefined;
    return {
      ...this.hit<T>(item, false),
      ...(item.deniedUntil !== undefined ? { deniedUntil: item.deniedUntil } : {}),
    };
  }
}

class MissingValue extends Error {}
