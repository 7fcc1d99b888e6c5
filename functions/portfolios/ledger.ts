import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzipSync, gzip, gzipSync } from 'node:zlib';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { compareIso } from '../../shared/portfolio/days';
import { queryPartition } from '../lib/dynamo';
import { keys, userPk } from '../lib/keys';
import { logger } from '../lib/logger';
import { WarmMemo } from '../lib/warm-memo';
import type { CorporateActionItem } from './corporate-actions';
import type {
  HoldingItem,
  OrderItem,
  PortfolioItem,
  PortfolioStore,
  TransactionItem,
} from './store';

/**
 * A portfolio's trades and corporate actions as the engine keeps them (decision 175), so that a
 * read does work in proportion to what changed rather than to the portfolio's history:
 *
 * - **Blocks.** The ledger is kept in a few compressed items, one per year (more when a year is
 *   large), each under the stamp of the read that wrote it; the kept history (stored-history.ts)
 *   names the blocks that are current. A block is rewritten only when its year changed.
 * - **Changes.** Every write that moves a portfolio to a new version (an order, a fill, a
 *   dividend credited, a split, an import, a new amount invested) writes, in the same
 *   transaction, what it changed of the trades and actions (`changeRecord`). A read takes the
 *   blocks and applies the changes since the history's version, in version order; a version
 *   with no record (a write this code does not know, or one older than the records are kept)
 *   sends the read to the items themselves (`ledgerFromItems`: every item, read in parallel
 *   sort-key ranges) and to a replay from inception.
 */

const gzipAsync = promisify(gzip);

/** A trade as the ledger keeps it (the transaction item without its keys). */
export type LedgerTrade = Pick<
  TransactionItem,
  'time' | 'txnId' | 'symbol' | 'side' | 'quantity' | 'price' | 'valueCents' | 'feeCents'
> & { orderType?: TransactionItem['orderType'] };

/** A corporate action as the ledger keeps it. */
export type LedgerAction = Omit<
  CorporateActionItem,
  'pk' | 'sk' | 'type' | 'portfolioId' | 'createdAt' | 'importId'
>;

export interface Ledger {
  /** In time order (their items' sort-key order). */
  trades: LedgerTrade[];
  actions: LedgerAction[];
}

/** Change records are kept this long; a history older than that reads the items once. */
export const CHANGE_RETENTION_DAYS = 35;
/** Rows in one block (a year with more is kept in several). */
const BLOCK_ROWS = 4_000;

type TradeRow = [
  time: string,
  txnId: string,
  symbol: string,
  side: 0 | 1,
  quantity: number,
  price: number,
  valueCents: number,
  feeCents: number,
  limit: 0 | 1,
];

function tradeRow(t: LedgerTrade): TradeRow {
  return [
    t.time,
    t.txnId,
    t.symbol,
    t.side === 'buy' ? 0 : 1,
    t.quantity,
    t.price,
    t.valueCents,
    t.feeCents ?? 0,
    t.orderType === 'limit' ? 1 : 0,
  ];
}

function fromTradeRow(r: TradeRow): LedgerTrade {
  return {
    time: r[0],
    txnId: r[1],
    symbol: r[2],
    side: r[3] === 0 ? 'buy' : 'sell',
    quantity: r[4],
    price: r[5],
    valueCents: r[6],
    ...(r[7] ? { feeCents: r[7] } : {}),
    orderType: r[8] === 1 ? 'limit' : 'market',
  };
}

/** The action's fields the ledger keeps (an item's keys and bookkeeping left out). */
export function ledgerAction(a: LedgerAction | CorporateActionItem): LedgerAction {
  return {
    actionId: a.actionId,
    kind: a.kind,
    symbol: a.symbol,
    date: a.date,
    ...(a.exDate !== undefined ? { exDate: a.exDate } : {}),
    ...(a.perShare !== undefined ? { perShare: a.perShare } : {}),
    ...(a.quantity !== undefined ? { quantity: a.quantity } : {}),
    ...(a.amountCents !== undefined ? { amountCents: a.amountCents } : {}),
    ...(a.numerator !== undefined ? { numerator: a.numerator } : {}),
    ...(a.denominator !== undefined ? { denominator: a.denominator } : {}),
    ...(a.quantityBefore !== undefined ? { quantityBefore: a.quantityBefore } : {}),
    ...(a.quantityAfter !== undefined ? { quantityAfter: a.quantityAfter } : {}),
    ...(a.imported ? { imported: true } : {}),
    ...(a.basis !== undefined ? { basis: a.basis } : {}),
  };
}

export function ledgerTrade(t: LedgerTrade | TransactionItem): LedgerTrade {
  return {
    time: t.time,
    txnId: t.txnId,
    symbol: t.symbol,
    side: t.side,
    quantity: t.quantity,
    price: t.price,
    valueCents: t.valueCents,
    ...(t.feeCents ? { feeCents: t.feeCents } : {}),
    orderType: t.orderType ?? 'market',
  };
}

const byTime = (a: LedgerTrade, b: LedgerTrade) =>
  compareIso(a.time, b.time) || (a.txnId < b.txnId ? -1 : a.txnId > b.txnId ? 1 : 0);

/**
 * The actions that are the portfolio's: of a symbol's derived dividends and splits only those
 * under its current basis (an import derives them again under a new one; decision 132).
 */
export function currentActions<T extends Pick<LedgerAction, 'imported' | 'basis' | 'symbol'>>(
  portfolio: Pick<PortfolioItem, 'actionBasis'>,
  actions: readonly T[],
): T[] {
  return actions.filter(
    (a) => a.imported === true || (a.basis ?? '') === (portfolio.actionBasis?.[a.symbol] ?? ''),
  );
}

/** What one write changed of the trades and actions, as its change record keeps it. */
export interface LedgerChange {
  /** The earliest day whose replay it changes (absent: none, e.g. an order left open). */
  from?: string;
  trades?: readonly (LedgerTrade | TransactionItem)[];
  actions?: readonly (LedgerAction | CorporateActionItem)[];
  /** Ids of actions that stop being the portfolio's. */
  removed?: readonly string[];
}

interface ChangeBody {
  trades: TradeRow[];
  actions: LedgerAction[];
  removed: string[];
}

/** Larger than this (compressed), a change is recorded as "read the items" instead. */
const MAX_CHANGE_BYTES = 300_000;

/**
 * The change record of a write that moves the portfolio to `version`: a Put for the write's
 * own transaction (only if absent, so two writes can never both claim a version).
 */
export function changeRecord(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
  version: number,
  change: LedgerChange,
  now: Date,
) {
  const body: ChangeBody = {
    trades: (change.trades ?? []).map((t) => tradeRow(ledgerTrade(t))),
    actions: (change.actions ?? []).map(ledgerAction),
    removed: [...(change.removed ?? [])],
  };
  const empty = body.trades.length + body.actions.length + body.removed.length === 0;
  const zipped = empty ? undefined : gzipSync(Buffer.from(JSON.stringify(body)));
  const tooLarge = zipped !== undefined && zipped.byteLength > MAX_CHANGE_BYTES;
  return {
    Put: {
      TableName: store.table,
      Item: {
        ...keys.portfolioChange(userId, portfolioId, version),
        type: 'PortfolioChange',
        portfolioId,
        version,
        ...(change.from ? { from: change.from } : {}),
        ...(tooLarge ? { rebuild: true } : zipped ? { body: zipped } : {}),
        ttl: Math.floor(now.getTime() / 1000) + CHANGE_RETENTION_DAYS * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The changes from `after` (exclusive) to `upTo`, or undefined when one is missing. */
async function readChanges(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
  after: number,
  upTo: number,
): Promise<{ version: number; from?: string; rebuild?: boolean; body?: Uint8Array }[] | undefined> {
  if (upTo <= after) return [];
  const items = await queryPartition(store.client, {
    table: store.table,
    pk: userPk(userId),
    prefix: keys.portfolioChangesPrefix(portfolioId),
    between: {
      from: keys.portfolioChange(userId, portfolioId, after + 1).sk,
      to: keys.portfolioChange(userId, portfolioId, upTo).sk,
    },
    consistent: true,
  });
  const versions = items.map((i) => Number(i.version));
  if (items.length !== upTo - after || versions.some((v, i) => v !== after + 1 + i))
    return undefined;
  return items as { version: number; from?: string; rebuild?: boolean; body?: Uint8Array }[];
}

/** The blocks a kept history names: block id -> stamp. */
export type BlockIndex = Record<string, string>;

function blockYear(block: string): string {
  return block.slice(0, 4);
}

/** A block as a read uses it: its trades as objects (frozen: every read shares them). */
interface DecodedBlock {
  trades: readonly LedgerTrade[];
  actions: readonly LedgerAction[];
}

/**
 * Blocks decoded by this instance, by sort key: a block's key carries the stamp it was written
 * under and is never written again, so a block read (or written) once is not read again while
 * the instance is warm (decision 200). About 24 MB of blocks at most.
 */
const decodedBlocks = new WarmMemo<DecodedBlock>(24 * 1024 * 1024);

function keepBlock(
  memoKey: string,
  rows: { trades: TradeRow[]; actions: LedgerAction[] },
  bytes: number,
) {
  const block: DecodedBlock = Object.freeze({
    trades: Object.freeze(rows.trades.map((r) => Object.freeze(fromTradeRow(r)))),
    actions: Object.freeze(rows.actions.map((a) => Object.freeze(a))),
  });
  // What the objects take, about: a few times their JSON.
  decodedBlocks.set(memoKey, block, bytes * 3);
  return block;
}

async function readBlocks(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
  index: BlockIndex,
): Promise<Ledger | undefined> {
  const wanted = Object.entries(index).map(([block, stamp]) =>
    keys.portfolioLedger(userId, portfolioId, block, stamp),
  );
  const blocks: DecodedBlock[] = [];
  const unread: typeof wanted = [];
  for (const key of wanted) {
    const known = decodedBlocks.get(`${key.pk}|${key.sk}`);
    if (known) blocks.push(known);
    else unread.push(key);
  }
  const bodies = unread.length > 0 ? await batchGetBodies(store, unread) : new Map();
  if (bodies.size !== unread.length) return undefined;
  for (const [sk, body] of bodies) {
    const json = gunzipSync(body).toString('utf8');
    blocks.push(keepBlock(`${userPk(userId)}|${sk}`, JSON.parse(json), json.length));
  }
  const trades: LedgerTrade[] = [];
  const actions: LedgerAction[] = [];
  for (const block of blocks) {
    for (const t of block.trades) trades.push(t);
    for (const a of block.actions) actions.push(a);
  }
  return { trades: trades.sort(byTime), actions };
}

type Keys = NonNullable<NonNullable<BatchGetCommandOutput['UnprocessedKeys']>[string]['Keys']>;

/** The `body` of each item (by sort key), 100 keys a request, the requests in parallel. */
export async function batchGetBodies(
  store: PortfolioStore,
  wanted: readonly { pk: string; sk: string }[],
): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  const parts: { pk: string; sk: string }[][] = [];
  for (let i = 0; i < wanted.length; i += 100) parts.push(wanted.slice(i, i + 100));
  await Promise.all(
    parts.map(async (part) => {
      let request: Keys | undefined = part;
      for (let attempt = 0; request && request.length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(500, 25 * 2 ** attempt)));
        if (attempt > 6) throw new Error('portfolio items left unread');
        const got: BatchGetCommandOutput = await store.client.send(
          new BatchGetCommand({
            RequestItems: { [store.table]: { Keys: request, ConsistentRead: true } },
          }),
        );
        for (const item of got.Responses?.[store.table] ?? [])
          if (item.body) out.set(String(item.sk), item.body as Uint8Array);
        request = got.UnprocessedKeys?.[store.table]?.Keys;
      }
    }),
  );
  return out;
}

/** The ledger from the kept blocks and the changes since; undefined when something is missing. */
export interface LedgerSince extends Ledger {
  /** The earliest day a change since the history's version touches (undefined: none). */
  from?: string;
  /** Years whose rows changed since the blocks were written. */
  changedYears: Set<string>;
  /** How many versions the blocks are behind the portfolio (changes not folded into them). */
  pending: number;
}

/**
 * The ledger as of the portfolio's version: the blocks (as of `ledgerVersion`, when the history
 * names one, else its own version) and every change recorded since, in version order. `from` is
 * the earliest day of the changes after the history's own version (those its points lack).
 */
export async function ledgerSince(
  store: PortfolioStore,
  userId: string,
  portfolio: PortfolioItem,
  kept: { version: number; ledger: BlockIndex; ledgerVersion?: number },
): Promise<LedgerSince | undefined> {
  const base = Math.min(kept.ledgerVersion ?? kept.version, kept.version);
  const [blocks, changes] = await Promise.all([
    readBlocks(store, userId, portfolio.portfolioId, kept.ledger),
    readChanges(store, userId, portfolio.portfolioId, base, portfolio.version),
  ]);
  if (!blocks || !changes || changes.some((c) => c.rebuild)) return undefined;
  const trades = new Map(blocks.trades.map((t) => [t.txnId, t]));
  const actions = new Map(blocks.actions.map((a) => [a.actionId, a]));
  const changedYears = new Set<string>();
  let from: string | undefined;
  for (const change of changes) {
    if (change.version > kept.version && change.from && (from === undefined || change.from < from))
      from = change.from;
    if (!change.body) continue;
    const body = JSON.parse(gunzipSync(change.body).toString('utf8')) as ChangeBody;
    for (const row of body.trades) {
      const t = fromTradeRow(row);
      const before = trades.get(t.txnId);
      if (before) changedYears.add(before.time.slice(0, 4));
      trades.set(t.txnId, t);
      changedYears.add(t.time.slice(0, 4));
    }
    for (const a of body.actions) {
      const before = actions.get(a.actionId);
      if (before) changedYears.add(before.date.slice(0, 4));
      actions.set(a.actionId, a);
      changedYears.add(a.date.slice(0, 4));
    }
    for (const id of body.removed) {
      const before = actions.get(id);
      if (!before) continue;
      changedYears.add(before.date.slice(0, 4));
      actions.delete(id);
    }
  }
  return {
    trades: [...trades.values()].sort(byTime),
    actions: currentActions(portfolio, [...actions.values()]),
    ...(from !== undefined ? { from } : {}),
    changedYears,
    pending: portfolio.version - base,
  };
}

/**
 * Changes are folded into the blocks once this many versions are pending, or once the blocks are
 * a week old (change records are kept CHANGE_RETENTION_DAYS): until then a read applies them to
 * the blocks, and a trade costs no block written.
 */
export const FOLD_AFTER_CHANGES = 40;
export const FOLD_AFTER_DAYS = 7;

/** What `ledgerFromItems` reads of a transaction, a corporate action, a holding and an order. */
const ITEM_PROJECTION =
  '#type, #symbol, side, quantity, price, #time, txnId, valueCents, costCents, reservedQuantity, actionId, kind, #date, exDate, perShare, amountCents, numerator, denominator, quantityBefore, quantityAfter, imported, basis, #status, orderType, limitPrice, orderId, createdAt, importId, feeCents';
const ITEM_NAMES = {
  '#type': 'type',
  '#symbol': 'symbol',
  '#time': 'time',
  '#date': 'date',
  '#status': 'status',
};

/** Transaction sort-key ranges read in parallel when every item is read. */
const TRANSACTION_RANGES = 4;
/** Where the corporate actions' sort-key ranges read in parallel meet. */
const ACTION_CUTS = ['DIV#F', 'DIV#N', 'DIV#T'];

export interface LedgerItems extends Ledger {
  holdings: HoldingItem[];
  /** Open orders. */
  orders: OrderItem[];
}

/**
 * Every trade, corporate action, holding and open order of the portfolio, read from the items
 * themselves: the transactions in parallel sort-key ranges (by time, from inception to today),
 * the actions, holdings and orders beside them. Items of an import still being committed are
 * left out.
 */
export async function ledgerFromItems(
  store: PortfolioStore,
  userId: string,
  portfolio: PortfolioItem,
  today: string,
): Promise<LedgerItems> {
  const id = portfolio.portfolioId;
  const query = (prefix: string, between?: { from: string; to: string }) =>
    queryPartition(store.client, {
      table: store.table,
      pk: userPk(userId),
      prefix,
      ...(between ? { between } : {}),
      consistent: true,
      projection: ITEM_PROJECTION,
      names: ITEM_NAMES,
    });
  const txn = keys.portfolioTransactionsPrefix(id);
  const start = Date.parse(`${portfolio.inception.slice(0, 10)}T00:00:00Z`);
  const end = Date.parse(`${today}T00:00:00Z`) + 86_400_000;
  const cuts = Array.from({ length: TRANSACTION_RANGES - 1 }, (_, i) =>
    new Date(start + ((i + 1) * Math.max(0, end - start)) / TRANSACTION_RANGES).toISOString(),
  );
  // The first range starts before every time and the last ends after every one ('~' sorts after
  // the digits). A transaction's sort key goes on after its time (#id), so none is a bound.
  const bounds = [txn, ...cuts.map((c) => `${txn}${c}`), `${txn}~`];
  // The corporate actions by their symbol's first letter (`DIV#<symbol>#…`, then `SPLIT#…`):
  // a bound is never a whole key, since every key goes on after the symbol.
  const act = keys.portfolioActionsPrefix(id);
  const actionBounds = [act, ...ACTION_CUTS.map((c) => `${act}${c}`), `${act}~`];
  const ranges = (b: readonly string[], prefix: string) =>
    Promise.all(b.slice(0, -1).map((from, i) => query(prefix, { from, to: b[i + 1]! })));
  const [parts, actionParts, holdings, orders] = await Promise.all([
    ranges(bounds, txn),
    ranges(actionBounds, act),
    query(keys.portfolioHoldingsPrefix(id)),
    query(keys.portfolioOrdersPrefix(id)),
  ]);
  const visible = <T extends Record<string, unknown>>(items: readonly T[]) =>
    items.filter((i) => i.importId === undefined || i.importId !== portfolio.importing);
  const transactions = visible(parts.flat()).filter((i) => i.type === 'Transaction');
  return {
    trades: (transactions as unknown as TransactionItem[]).map(ledgerTrade).sort(byTime),
    actions: currentActions(
      portfolio,
      (
        visible(actionParts.flat()).filter(
          (i) => i.type === 'CorporateAction',
        ) as unknown as CorporateActionItem[]
      ).map(ledgerAction),
    ),
    holdings: visible(holdings).filter((i) => i.type === 'Holding') as unknown as HoldingItem[],
    orders: (visible(orders) as unknown as OrderItem[]).filter(
      (o) => o.type === 'Order' && o.status === 'open',
    ),
  };
}

/** The holdings and open orders alone (a split moves them). */
export async function holdingsAndOrders(
  store: PortfolioStore,
  userId: string,
  portfolio: PortfolioItem,
): Promise<{ holdings: HoldingItem[]; orders: OrderItem[] }> {
  const id = portfolio.portfolioId;
  const [holdings, orders] = await Promise.all(
    [keys.portfolioHoldingsPrefix(id), keys.portfolioOrdersPrefix(id)].map((prefix) =>
      queryPartition(store.client, {
        table: store.table,
        pk: userPk(userId),
        prefix,
        consistent: true,
      }),
    ),
  );
  return {
    holdings: holdings!.filter((i) => i.type === 'Holding') as unknown as HoldingItem[],
    orders: (orders as unknown as OrderItem[]).filter(
      (o) => o.type === 'Order' && o.status === 'open',
    ),
  };
}

/** The blocks of a ledger: each year's rows, cut in blocks of BLOCK_ROWS. */
function blocksOf(
  ledger: Ledger,
  years?: ReadonlySet<string>,
): Map<string, { trades: TradeRow[]; actions: LedgerAction[] }> {
  const byYear = new Map<string, { trades: LedgerTrade[]; actions: LedgerAction[] }>();
  const yearOf = (y: string) => {
    let entry = byYear.get(y);
    if (!entry) {
      entry = { trades: [], actions: [] };
      byYear.set(y, entry);
    }
    return entry;
  };
  for (const t of ledger.trades) {
    const y = t.time.slice(0, 4);
    if (!years || years.has(y)) yearOf(y).trades.push(t);
  }
  for (const a of ledger.actions) {
    const y = a.date.slice(0, 4);
    if (!years || years.has(y)) yearOf(y).actions.push(a);
  }
  const out = new Map<string, { trades: TradeRow[]; actions: LedgerAction[] }>();
  for (const [year, rows] of byYear) {
    const total = rows.trades.length + rows.actions.length;
    const count = Math.max(1, Math.ceil(total / BLOCK_ROWS));
    for (let i = 0; i < count; i++) {
      const trades = rows.trades.slice(
        Math.floor((i * rows.trades.length) / count),
        Math.floor(((i + 1) * rows.trades.length) / count),
      );
      const actions = rows.actions.slice(
        Math.floor((i * rows.actions.length) / count),
        Math.floor(((i + 1) * rows.actions.length) / count),
      );
      out.set(count === 1 ? year : `${year}.${i}`, { trades: trades.map(tradeRow), actions });
    }
  }
  return out;
}

/** A stamp for items a read writes: its portfolio version and a random part. */
export function newStamp(version: number): string {
  return `${version}-${randomUUID().slice(0, 8)}`;
}

/**
 * The blocks to write for a kept history: every year's when `changedYears` is undefined (the
 * ledger was read from the items), else those of the changed years (a year no longer holding
 * anything is dropped). Returns the new index and the items to put.
 */
export async function ledgerBlocks(
  userId: string,
  portfolioId: string,
  ledger: Ledger,
  previous: BlockIndex | undefined,
  changedYears: ReadonlySet<string> | undefined,
  stamp: string,
): Promise<{
  index: BlockIndex;
  puts: Record<string, unknown>[];
  dropped: { pk: string; sk: string }[];
}> {
  const index: BlockIndex = {};
  const dropped: { pk: string; sk: string }[] = [];
  for (const [block, s] of Object.entries(previous ?? {})) {
    if (!changedYears || changedYears.has(blockYear(block)))
      dropped.push(keys.portfolioLedger(userId, portfolioId, block, s));
    else index[block] = s;
  }
  const puts = await Promise.all(
    [...blocksOf(ledger, changedYears)].map(async ([block, rows]) => {
      index[block] = stamp;
      const key = keys.portfolioLedger(userId, portfolioId, block, stamp);
      const json = JSON.stringify(rows);
      // Kept decoded now: the next read finds it here (a block whose history is never written
      // is never named, so never looked for).
      keepBlock(`${key.pk}|${key.sk}`, rows, json.length);
      return {
        ...key,
        type: 'PortfolioLedger',
        portfolioId,
        body: await gzipAsync(Buffer.from(json)),
      };
    }),
  );
  return { index, puts, dropped };
}

/** Puts items 25 a request, the requests a few at a time, retrying what DynamoDB leaves. */
export async function batchPut(
  store: PortfolioStore,
  items: readonly Record<string, unknown>[],
  concurrency = 4,
  stop?: (written: number) => boolean,
): Promise<number> {
  return batchWrite(
    store,
    items.map((Item) => ({ PutRequest: { Item } })),
    concurrency,
    stop,
  );
}

/** Deletes items 25 a request, a few requests at a time. */
export async function batchDeleteKeys(
  store: PortfolioStore,
  itemKeys: readonly { pk: string; sk: string }[],
  concurrency = 4,
): Promise<void> {
  await batchWrite(
    store,
    itemKeys.map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } })),
    concurrency,
  );
}

/**
 * Writes the requests 25 at a time, `concurrency` requests at once, in order. With `stop` (asked
 * with how many are written so far before each further request), the writes end early when it
 * says so. Answers how many were sent: the first that many requests (all unless stopped).
 */
async function batchWrite(
  store: PortfolioStore,
  requests: readonly Record<string, unknown>[],
  concurrency: number,
  stop?: (written: number) => boolean,
): Promise<number> {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  let next = 0;
  let written = 0;
  let stopped = false;
  const worker = async () => {
    while (next < chunks.length && !stopped) {
      if (stop && stop(written)) {
        stopped = true;
        break;
      }
      const chunk = chunks[next++]!;
      let request: Record<string, unknown>[] | undefined = chunk;
      for (let attempt = 0; request && request.length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
        if (attempt > 8) throw new Error('portfolio items left unwritten');
        const out = await store.client.send(
          new BatchWriteCommand({ RequestItems: { [store.table]: request as never } }),
        );
        request = out.UnprocessedItems?.[store.table] as Record<string, unknown>[] | undefined;
      }
      written += chunk.length;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
  return Math.min(requests.length, next * 25);
}

/** Best-effort removal of items no history names any more. */
export async function dropItems(
  store: PortfolioStore,
  itemKeys: readonly { pk: string; sk: string }[],
): Promise<void> {
  if (itemKeys.length === 0) return;
  try {
    await batchDeleteKeys(store, itemKeys);
  } catch (error) {
    logger.warn('superseded portfolio items left in place', { error: error as Error });
  }
}
