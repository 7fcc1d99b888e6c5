import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import type { NavPoint, PerformanceEvent, ReplayState } from '../../shared/portfolio/history';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import { recordPortfolioUpkeepFailure } from '../lib/metrics';
import type { CorporateActionItem } from './corporate-actions';
import { conditionFailed, type PortfolioStore } from './store';

/**
 * A portfolio's NAV history up to yesterday, kept in one item (decision 130): the daily points,
 * the replay's state at the end of yesterday, and what the read that wrote it knew about today
 * (today's events, the corporate actions, the holdings' profiles). A read resumes the replay
 * from it instead of replaying from inception.
 *
 * It is used only while it still describes the portfolio:
 * - the same day and the same portfolio version: nothing has changed since it was written, so
 *   nothing but the stored item is read (plus today's prices);
 * - a later day and the same version: the trades and actions it keeps stand for the items
 *   (unless a split is due, which needs the holdings and orders themselves);
 * - otherwise the read loads the portfolio's items and resumes from the stored state only if
 *   the events up to the stored day, the splits and the inception are exactly those it was
 *   built from (`eventsKey`), and its last full replay is less than a week old (a revised
 *   past close is picked up within a week).
 */

const gzipAsync = promisify(gzip);

type BatchGetKeys = NonNullable<
  NonNullable<BatchGetCommandOutput['UnprocessedKeys']>[string]['Keys']
>;

export const HISTORY_FORMAT = 3;
/** A full replay at least this often, whatever else is the same. */
export const FULL_REPLAY_DAYS = 7;
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

export interface StoredTrade {
  time: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  feeCents?: number;
}

/** A corporate action as the kept history has it: the item without its keys. */
export type StoredAction = Omit<
  CorporateActionItem,
  'pk' | 'sk' | 'type' | 'portfolioId' | 'createdAt'
>;

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
  /** The day of the last replay from inception it derives from. */
  replayedOn: string;
  through: string;
  eventsKey: string;
  points: NavPoint[];
  state: ReplayState;
  /** Events dated after `through`, as known when it was written. */
  recent: PerformanceEvent[];
  /**
   * The portfolio's trades and corporate actions when it was written: while its version is the
   * same, a read on a later day takes them from here instead of querying the items.
   */
  items: { trades: StoredTrade[]; actions: StoredAction[] };
  actionsComplete: boolean;
  profiles: Record<string, ProfileView>;
  /**
   * The portfolio's inception and action bases when it was written (`basisKeyOf`): while they
   * are the same, no import has come in since, so every transaction dated up to `through` is
   * among `items.trades` and a read after a trade queries only the later ones. Absent in items
   * written before it was kept: such a read queries every item, once.
   */
  basisKey?: string;
}

/** What an import changes on the portfolio item: its inception and its symbols' action bases. */
export function basisKeyOf(p: { inception: string; actionBasis?: Record<string, string> }): string {
  return JSON.stringify([
    p.inception,
    Object.entries(p.actionBasis ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ]);
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
 * A digest of everything a replay up to `through` depends on besides the closes: the inception,
 * every event dated up to then (flows, trades, dividends) and every split of the symbols
 * (adjusted quantities depend on splits after the day too).
 */
export function eventsKey(
  inception: string,
  events: readonly PerformanceEvent[],
  through: string,
): string {
  const hash = createHash('sha256').update(inception);
  const lines = events
    .filter((e) => e.type === 'split' || e.date <= through)
    .map((e) => JSON.stringify(e))
    .sort();
  for (const line of lines) hash.update('\n').update(line);
  return hash.digest('base64url');
}

function parseHistory(item: Record<string, unknown> | undefined): StoredHistory | undefined {
  const body = item?.body as Uint8Array | undefined;
  if (!body || item?.format !== HISTORY_FORMAT) return undefined;
  const raw = JSON.parse(gunzipSync(body).toString('utf8')) as Omit<StoredHistory, 'points'> & {
    columns: Columns;
  };
  const { columns, ...rest } = raw;
  return { ...rest, points: fromColumns(columns) };
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
