import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import type { SplitRow } from '../../shared/portfolio/corporate';
import type { NavPoint, PerformanceEvent, ReplayState } from '../../shared/portfolio/history';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import { recordPortfolioUpkeepFailure } from '../lib/metrics';
import { WarmMemo } from '../lib/warm-memo';
import type { BlockIndex } from './ledger';
import { conditionFailed, type PortfolioStore } from './store';

/**
 * A portfolio's NAV history up to yesterday, kept in one item (decisions 130, 175): the daily
 * points, the replay's state at the end of yesterday, what the read that wrote it knew about
 * today (today's events, the holdings' profiles), and the names of the items kept with it: the
 * ledger's blocks (ledger.ts) and the replay's state at the end of each month (checkpoints).
 *
 * A read uses it while it still describes the portfolio:
 * - the same day and the same portfolio version: nothing has changed since it was written, so
 *   only today is replayed, at today's quotes;
 * - otherwise the read takes the ledger from the blocks and the changes recorded since its
 *   version, and replays from the last state kept before the earliest day that changed (a trade
 *   today: yesterday's; a backdated one: the end of the month before it); a new split of a traded
 *   symbol, a new inception, or a version without a change record replays from inception.
 */

const gzipAsync = promisify(gzip);

type BatchGetKeys = NonNullable<
  NonNullable<BatchGetCommandOutput['UnprocessedKeys']>[string]['Keys']
>;

export const HISTORY_FORMAT = 5;
/** Larger than this (gzipped), it is not kept: DynamoDB items end at 400 KB. */
export const MAX_HISTORY_BYTES = 350_000;

export interface ActionView {
  id: string;
  kind: 'dividend' | 'split';
  symbol: string;
  date: string;
  ex_date: string | null;
  per_share: number | null;
  quantity: number | null;
  amount_cents: number | null;
  numerator: number | null;
  denominator: number | null;
}

export interface ProfileView {
  name: string;
  sector: string;
  industry: string;
}

export interface StoredHistory {
  format: number;
  /** The portfolio's version when it was written. */
  version: number;
  /** The day (UTC) it was written; its points end the day before. */
  builtOn: string;
  through: string;
  /** The inception the points start from. */
  inception: string;
  /** The money put in that the points were replayed with: the seed and every later flow. */
  flows: { date: string; amountCents: number }[];
  /** A digest of the traded symbols' splits the points were replayed with (`splitsKey`). */
  splitsKey: string;
  points: NavPoint[];
  state: ReplayState;
  /** Events dated after `through`, as known when it was written. */
  recent: PerformanceEvent[];
  actionsComplete: boolean;
  /** The traded symbols' splits up to the day it was written (as the replay took them). */
  splits: SplitRow[];
  profiles: Record<string, ProfileView>;
  /** The ledger's blocks that are current (ledger.ts). */
  ledger: BlockIndex;
  /** The portfolio version the blocks describe (changes after it are applied on read). */
  ledgerVersion: number;
  /** The day the blocks were written. */
  ledgerOn: string;
  /** The replay's state at the end of each month kept (by day): the stamp of its item. */
  checkpoints: Record<string, string>;
}

/** Points as columns: a third of the size of objects before gzip. */
interface Columns {
  start: string;
  dates: string[];
  nav: number[];
  cash: number[];
  flow: number[];
  dividend: number[];
  realised: number[];
  fee: number[];
  r: number[];
}

function toColumns(points: readonly NavPoint[]): Columns {
  return {
    start: points[0]?.date ?? '',
    dates: points.map((p) => p.date),
    nav: points.map((p) => p.navCents),
    cash: points.map((p) => p.cashCents),
    flow: points.map((p) => p.flowCents),
    dividend: points.map((p) => p.dividendCents),
    realised: points.map((p) => p.realisedCents),
    fee: points.map((p) => p.feeCents),
    r: points.map((p) => p.dailyReturn),
  };
}

function fromColumns(c: Columns): NavPoint[] {
  return c.dates.map((date, i) => ({
    date,
    navCents: c.nav[i]!,
    cashCents: c.cash[i]!,
    flowCents: c.flow[i]!,
    dividendCents: c.dividend[i]!,
    realisedCents: c.realised[i]!,
    feeCents: c.fee[i]!,
    dailyReturn: c.r[i]!,
  }));
}

/**
 * A digest of the splits a replay adjusts shares by: every split of the traded symbols (a split
 * the provider adds re-adjusts every earlier quantity and close of its symbol).
 */
export function splitsKey(splits: readonly SplitRow[]): string {
  const hash = createHash('sha256');
  const lines = splits
    .map((s) => `${s.symbol}|${s.date.slice(0, 10)}|${s.numerator}|${s.denominator}`)
    .sort();
  for (const line of lines) hash.update(line).update('\n');
  return hash.digest('base64url');
}

/** The replay's state at the end of a day, as a checkpoint item keeps it. */
export async function readCheckpoint(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
  day: string,
  stamp: string,
): Promise<ReplayState | undefined> {
  try {
    const out = await store.client.send(
      new GetCommand({
        TableName: store.table,
        Key: keys.portfolioCheckpoint(userId, portfolioId, day, stamp),
      }),
    );
    const body = out.Item?.body as Uint8Array | undefined;
    if (!body) return undefined;
    const state = JSON.parse(gunzipSync(body).toString('utf8')) as ReplayState;
    return state.through === day ? state : undefined;
  } catch (error) {
    logger.warn('portfolio checkpoint unreadable', { error: error as Error, portfolioId, day });
    return undefined;
  }
}

/** A checkpoint item (the state at the end of its day), to be put under `stamp`. */
export async function checkpointItem(
  userId: string,
  portfolioId: string,
  state: ReplayState,
  stamp: string,
): Promise<Record<string, unknown>> {
  return {
    ...keys.portfolioCheckpoint(userId, portfolioId, state.through, stamp),
    type: 'PortfolioCheckpoint',
    portfolioId,
    body: await gzipAsync(Buffer.from(JSON.stringify(state))),
  };
}

/**
 * Histories decoded by this instance, by item and a digest of its body: the same body read
 * again (every read of a day after the first, each portfolio of a list) is not decoded again,
 * and its points, frozen, are the same objects, so figures worked out per point are reused
 * (decision 200). About 8 MB of histories at most (their points beside, `lastPoints`).
 */
const decodedHistories = new WarmMemo<StoredHistory>(8 * 1024 * 1024);

function parseHistory(item: Record<string, unknown> | undefined): StoredHistory | undefined {
  const body = item?.body as Uint8Array | undefined;
  if (!body || item?.format !== HISTORY_FORMAT) return undefined;
  const key = `${String(item.pk)}|${String(item.sk)}|${createHash('sha256').update(body).digest('base64url')}`;
  const known = decodedHistories.get(key);
  // Each caller has its own history and list of points (the points themselves are shared).
  if (known) return { ...known, points: [...known.points] };
  const json = gunzipSync(body).toString('utf8');
  const raw = JSON.parse(json) as Omit<StoredHistory, 'points'> & {
    columns: Columns;
  };
  const { columns, ...rest } = raw;
  const place = `${String(item.pk)}|${String(item.sk)}`;
  const points = sharedPoints(lastPoints.get(place), fromColumns(columns));
  lastPoints.set(place, points, json.length * 3);
  const history: StoredHistory = Object.freeze({ ...rest, points });
  decodedHistories.set(key, history, json.length);
  return { ...history, points: [...points] };
}

/**
 * The points of the portfolio's history decoded last by this instance: a new history (after a
 * trade, the next day) repeats most of them, and those it repeats are the same objects, so the
 * figures kept per point still hold (decision 200).
 */
const lastPoints = new WarmMemo<readonly NavPoint[]>(16 * 1024 * 1024);

const SAME_POINT_FIELDS = [
  'date',
  'navCents',
  'cashCents',
  'flowCents',
  'dividendCents',
  'realisedCents',
  'feeCents',
  'dailyReturn',
] as const satisfies readonly (keyof NavPoint)[];

/** `points` (frozen), each equal to the one at its place in `before` being that one. */
function sharedPoints(before: readonly NavPoint[] | undefined, points: NavPoint[]): NavPoint[] {
  let same = true;
  const out = points.map((p, i) => {
    const was = same ? before?.[i] : undefined;
    if (was && SAME_POINT_FIELDS.every((f) => Object.is(was[f], p[f]))) return was;
    // Past the first point that differs, the chains through the rest differ too.
    same = false;
    return Object.freeze(p);
  });
  return Object.freeze(out) as NavPoint[];
}

export async function readHistory(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
): Promise<StoredHistory | undefined> {
  try {
    const out = await store.client.send(
      new GetCommand({ TableName: store.table, Key: keys.portfolioHistory(userId, portfolioId) }),
    );
    return parseHistory(out.Item);
  } catch (error) {
    // Unreadable: the read replays from inception and writes it again.
    logger.warn('stored NAV history unreadable', { error: error as Error, portfolioId });
    return undefined;
  }
}

/** The kept histories of several portfolios, read together (a portfolio without one is absent). */
export async function readHistories(
  store: PortfolioStore,
  userId: string,
  portfolioIds: readonly string[],
): Promise<Map<string, StoredHistory>> {
  const out = new Map<string, StoredHistory>();
  const byKey = new Map(
    portfolioIds.map((id) => [keys.portfolioHistory(userId, id).sk, id] as const),
  );
  try {
    for (let i = 0; i < portfolioIds.length; i += 100) {
      let request: BatchGetKeys | undefined = portfolioIds
        .slice(i, i + 100)
        .map((id) => keys.portfolioHistory(userId, id));
      for (let attempt = 0; request && request.length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(500, 25 * 2 ** attempt)));
        if (attempt > 6) throw new Error('kept histories left unread');
        const got: BatchGetCommandOutput = await store.client.send(
          new BatchGetCommand({ RequestItems: { [store.table]: { Keys: request } } }),
        );
        for (const item of got.Responses?.[store.table] ?? []) {
          const id = byKey.get(String(item.sk));
          if (!id) continue;
          try {
            const history = parseHistory(item);
            if (history) out.set(id, history);
          } catch (error) {
            logger.warn('stored NAV history unreadable', {
              error: error as Error,
              portfolioId: id,
            });
          }
        }
        request = got.UnprocessedKeys?.[store.table]?.Keys as
          Record<string, { pk: string; sk: string }>[] | undefined;
      }
    }
  } catch (error) {
    // Each portfolio then reads its own (or replays).
    logger.warn('stored NAV histories unreadable', { error: error as Error });
    return new Map();
  }
  return out;
}

/**
 * Writes the history only while the portfolio is still at the version it was computed from
 * (a trade or action in between leaves it for the next read). Never fails the read.
 */
export async function writeHistory(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
  history: StoredHistory,
  /** Also records on the portfolio that every action due this day is applied. */
  checkedOn?: string,
): Promise<'written' | 'changed' | 'too-large' | 'failed'> {
  const { points, ...rest } = history;
  // Compressed off the main thread, while the read puts its answer together.
  const body = await gzipAsync(
    Buffer.from(JSON.stringify({ ...rest, columns: toColumns(points) })),
  );
  if (body.byteLength > MAX_HISTORY_BYTES) {
    logger.warn('portfolio upkeep failed', {
      kind: 'history-too-large',
      portfolioId,
      bytes: body.byteLength,
    });
    recordPortfolioUpkeepFailure();
    return 'too-large';
  }
  try {
    await store.client.send(
      new TransactWriteCommand({
        TransactItems: [
          checkedOn
            ? {
                Update: {
                  TableName: store.table,
                  Key: keys.portfolio(userId, portfolioId),
                  UpdateExpression: 'SET actionsCheckedOn = :d',
                  ConditionExpression: 'version = :v',
                  ExpressionAttributeValues: { ':v': history.version, ':d': checkedOn },
                },
              }
            : {
                ConditionCheck: {
                  TableName: store.table,
                  Key: keys.portfolio(userId, portfolioId),
                  ConditionExpression: 'version = :v',
                  ExpressionAttributeValues: { ':v': history.version },
                },
              },
          {
            Put: {
              TableName: store.table,
              Item: {
                ...keys.portfolioHistory(userId, portfolioId),
                type: 'PortfolioHistory',
                portfolioId,
                format: HISTORY_FORMAT,
                version: history.version,
                builtOn: history.builtOn,
                through: history.through,
                body,
              },
            },
          },
        ],
      }),
    );
    return 'written';
  } catch (error) {
    if (conditionFailed(error)) return 'changed';
    logger.warn('portfolio upkeep failed', {
      kind: 'history-write',
      error: error as Error,
      portfolioId,
    });
    recordPortfolioUpkeepFailure();
    return 'failed';
  }
}
