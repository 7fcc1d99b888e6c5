import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Dividend, Split } from '../../shared/market';
import {
  type CorporateAction,
  dueCorporateActions,
  type DividendRow,
  type SplitRow,
} from '../../shared/portfolio/corporate';
import { D } from '../../shared/portfolio/money';
import { now as clockNow } from '../lib/clock';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import { recordPortfolioUpkeepFailure } from '../lib/metrics';
import type { MarketService } from '../market/service';
import {
  conditionFailed,
  requirePortfolio,
  type HoldingItem,
  type OrderItem,
  type PortfolioItem,
  type PortfolioStore,
} from './store';
import {
  changeRecord,
  holdingsAndOrders,
  type LedgerAction,
  ledgerFromItems,
  ledgerSince,
  type LedgerTrade,
} from './ledger';
import { HISTORY_FORMAT, readHistory, type StoredHistory } from './stored-history';

/**
 * Dividends and splits applied to a portfolio (decisions 129, 130). Due actions are derived
 * from the portfolio's trades and the provider's rows (a day fresh in the market cache); each
 * has a deterministic id (`DIV#<symbol>#<ex-date>`, `SPLIT#<symbol>#<date>`) and is written
 * once: its item only if absent, in the transaction that moves cash (dividends, up to 50
 * together) or the holding's quantity and the open orders placed before it (a split, alone),
 * conditioned on the portfolio's version. Two readers racing write it once; the loser re-reads.
 * The performance read applies them, and so do the holdings view, orders and the limit-order
 * job (`creditDueActions`, once a day per portfolio).
 */

export interface CorporateActionItem {
  pk: string;
  sk: string;
  type: 'CorporateAction';
  portfolioId: string;
  actionId: string;
  kind: 'dividend' | 'split';
  symbol: string;
  /** Pay date (dividend) or split date. */
  date: string;
  exDate?: string;
  perShare?: number;
  quantity?: number;
  amountCents?: number;
  numerator?: number;
  denominator?: number;
  quantityBefore?: number;
  quantityAfter?: number;
  /** A dividend read from an imported file. */
  imported?: boolean;
  /** The symbol's basis it was derived under (`PortfolioItem.actionBasis`), if any. */
  basis?: string;
  /** The import that wrote it. */
  importId?: string;
  createdAt: string;
}

/**
 * The items that are the portfolio's: not those of an import still being committed, and of a
 * symbol's derived dividends and splits only those under its current basis.
 */
export function currentItems<T extends Record<string, unknown>>(
  portfolio: PortfolioItem,
  items: readonly T[],
): T[] {
  return items.filter((i) => {
    if (i.importId !== undefined && i.importId === portfolio.importing) return false;
    if (i.type !== 'CorporateAction' || i.imported === true) return true;
    return (i.basis ?? '') === (portfolio.actionBasis?.[String(i.symbol)] ?? '');
  });
}

export interface PerformanceDeps {
  store: PortfolioStore;
  market: MarketService;
  now?: () => Date;
}

export interface Loaded {
  portfolio: PortfolioItem;
  holdings: HoldingItem[];
  /** Every trade, in time order. */
  transactions: LedgerTrade[];
  actions: LedgerAction[];
  /** Open orders (a split scales their quantity and limit price). */
  orders: OrderItem[];
  /** Applying due actions failed this time (a later read applies them). */
  applyFailed?: boolean;
  /** Holdings and orders were not read (they are, before a split is applied). */
  partial?: boolean;
  /**
   * The ledger came from the kept history's blocks and the changes since (ledger.ts): the
   * earliest day changed since and the years changed. Absent: it was read from the items.
   */
  since?: { from?: string; changedYears: Set<string>; pending: number };
}

/**
 * The portfolio's trades and corporate actions as the engine keeps them: the kept history's
 * blocks and the changes recorded since its version, or, when something is missing, the items
 * themselves (with the holdings and open orders). `kept` passes a history already read.
 */
export async function loadFor(
  deps: PerformanceDeps,
  userId: string,
  portfolio: PortfolioItem,
  kept: StoredHistory | undefined,
): Promise<Loaded> {
  const today = (deps.now ? deps.now() : clockNow()).toISOString().slice(0, 10);
  const since =
    kept && kept.format === HISTORY_FORMAT && kept.version <= portfolio.version
      ? await ledgerSince(deps.store, userId, portfolio, kept)
      : undefined;
  if (since)
    return {
      portfolio,
      holdings: [],
      orders: [],
      transactions: since.trades,
      actions: since.actions,
      partial: true,
      since: {
        ...(since.from ? { from: since.from } : {}),
        changedYears: since.changedYears,
        pending: since.pending,
      },
    };
  const items = await ledgerFromItems(deps.store, userId, portfolio, today);
  return {
    portfolio,
    holdings: items.holdings,
    orders: items.orders,
    transactions: items.trades,
    actions: items.actions,
  };
}

export async function load(
  deps: PerformanceDeps,
  userId: string,
  portfolioId: string,
): Promise<Loaded> {
  const [portfolio, kept] = await Promise.all([
    requirePortfolio(deps.store, userId, portfolioId),
    readHistory(deps.store, userId, portfolioId),
  ]);
  return loadFor(deps, userId, portfolio, kept);
}

export async function settled<T>(work: Promise<T>, fallback: T, what: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    logger.warn(`${what} unavailable`, { error: error as Error });
    return fallback;
  }
}

export function upkeepFailed(kind: string, error?: unknown): void {
  logger.warn('portfolio upkeep failed', { kind, ...(error ? { error: error as Error } : {}) });
  recordPortfolioUpkeepFailure();
}

/**
 * Applies due actions; when that fails (DynamoDB), the read goes on with the portfolio as
 * stored and a later read applies them (each once).
 */
export async function applyDueActionsOrGoOn(
  ...args: Parameters<typeof applyDueActions>
): Promise<Awaited<ReturnType<typeof applyDueActions>>> {
  try {
    return await applyDueActions(...args);
  } catch (error) {
    upkeepFailed('apply-actions', error);
    return { ...args[5], applyFailed: true };
  }
}

/** Dividends and splits of the symbols, from the market cache (a day fresh). */
export async function corporateRows(
  market: MarketService,
  symbols: readonly string[],
): Promise<{ dividends: DividendRow[]; splits: SplitRow[]; complete: boolean }> {
  const [dividendsBy, splitsBy] = await Promise.all([
    settled(
      market.manySymbols<Dividend[]>('dividends', symbols),
      new Map<string, Dividend[]>(),
      'dividends',
    ),
    settled(market.manySymbols<Split[]>('splits', symbols), new Map<string, Split[]>(), 'splits'),
  ]);
  const complete = symbols.every((s) => dividendsBy.has(s) && splitsBy.has(s));
  if (!complete) upkeepFailed('dividends-splits');
  const lists = symbols.map((s) => ({
    dividends: dividendsBy.get(s) ?? [],
    splits: splitsBy.get(s) ?? [],
  }));
  return {
    dividends: lists.flatMap((l) =>
      l.dividends.map((d) => ({
        symbol: d.symbol,
        date: d.date,
        paymentDate: d.paymentDate ?? null,
        adjDividend: d.adjDividend,
      })),
    ),
    splits: lists.flatMap((l) =>
      l.splits.map((s) => ({
        symbol: s.symbol,
        date: s.date,
        numerator: s.numerator,
        denominator: s.denominator,
      })),
    ),
    complete,
  };
}

function tradesOf(transactions: readonly LedgerTrade[]) {
  return transactions.map((t) => ({
    date: t.time.slice(0, 10),
    symbol: t.symbol,
    side: t.side,
    quantity: t.quantity,
  }));
}

export function actionItem(
  userId: string,
  portfolio: PortfolioItem,
  action: CorporateAction,
  now: string,
  basis = portfolio.actionBasis?.[action.symbol],
): CorporateActionItem {
  return {
    ...keys.corporateAction(userId, portfolio.portfolioId, action.id),
    type: 'CorporateAction',
    portfolioId: portfolio.portfolioId,
    actionId: action.id,
    kind: action.kind,
    symbol: action.symbol,
    ...(basis ? { basis } : {}),
    createdAt: now,
    ...(action.kind === 'dividend'
      ? {
          date: action.payDate,
          exDate: action.exDate,
          perShare: action.perShare,
          quantity: action.quantity,
          amountCents: action.amountCents,
        }
      : {
          date: action.date,
          numerator: action.numerator,
          denominator: action.denominator,
          quantityBefore: action.quantityBefore,
          quantityAfter: action.quantityAfter,
        }),
  };
}

/** Dividends credited together in one transaction (each is one item, the portfolio one more). */
const DIVIDENDS_PER_TRANSACTION = 50;

/**
 * Actions applied once: in one transaction, each action's item only if absent, cash (the
 * dividends) or the holding's quantity (a split, applied alone) moved, the portfolio's
 * version checked and bumped. Undefined when a condition failed (another reader was first).
 */
async function applyActions(
  deps: PerformanceDeps,
  userId: string,
  loaded: Loaded,
  actions: readonly CorporateAction[],
  now: string,
): Promise<CorporateActionItem[] | undefined> {
  const p = loaded.portfolio;
  const created = actions.map((a) => actionItem(userId, p, a, now));
  const credited = actions.reduce((sum, a) => sum + (a.kind === 'dividend' ? a.amountCents : 0), 0);
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> =
    [
      ...created.map((Item) => ({
        Put: {
          TableName: deps.store.table,
          Item,
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      })),
      {
        Update: {
          TableName: deps.store.table,
          Key: keys.portfolio(userId, p.portfolioId),
          UpdateExpression: 'SET cashCents = :cash, version = :next, updatedAt = :now',
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: {
            ':cash': p.cashCents + credited,
            ':next': p.version + 1,
            ':v': p.version,
            ':now': now,
          },
        },
      },
    ];
  for (const action of actions) {
    const holding = loaded.holdings.find((h) => h.symbol === action.symbol);
    if (action.kind !== 'split' || !holding) continue;
    // Shares held before the split are multiplied; shares bought after it are already in new shares.
    const delta = new D(action.quantityAfter).minus(action.quantityBefore);
    const ratio = new D(action.numerator).div(action.denominator);
    items.push({
      Update: {
        TableName: deps.store.table,
        Key: keys.holding(userId, p.portfolioId, action.symbol),
        UpdateExpression: 'SET quantity = :q, reservedQuantity = :r, updatedAt = :now',
        ConditionExpression: 'quantity = :before',
        ExpressionAttributeValues: {
          ':q': Math.max(
            0,
            new D(holding.quantity).plus(delta).toDecimalPlaces(6, D.ROUND_DOWN).toNumber(),
          ),
          ':r': new D(holding.reservedQuantity ?? 0)
            .times(ratio)
            .toDecimalPlaces(6, D.ROUND_DOWN)
            .toNumber(),
          ':before': holding.quantity,
          ':now': now,
        },
      },
    });
  }
  for (const action of actions) {
    if (action.kind !== 'split') continue;
    for (const order of splitOrders(loaded.orders, action)) {
      const scaled = scaledOrder(order, action);
      items.push({
        Update: {
          TableName: deps.store.table,
          Key: keys.order(userId, p.portfolioId, order.orderId),
          UpdateExpression:
            scaled.limitPrice === undefined
              ? 'SET quantity = :q'
              : 'SET quantity = :q, limitPrice = :limit',
          ConditionExpression: '#status = :open AND quantity = :before',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':q': scaled.quantity,
            ':open': 'open',
            ':before': order.quantity,
            ...(scaled.limitPrice === undefined ? {} : { ':limit': scaled.limitPrice }),
          },
        },
      });
    }
  }
  // What changed, for the engine's ledger (decision 175): a dividend from its pay date.
  items.push(
    changeRecord(
      deps.store,
      userId,
      p.portfolioId,
      p.version + 1,
      { from: earliestDay(created), actions: created },
      deps.now ? deps.now() : clockNow(),
    ),
  );
  try {
    await deps.store.client.send(new TransactWriteCommand({ TransactItems: items }));
    return created;
  } catch (error) {
    if (conditionFailed(error)) return undefined;
    throw error;
  }
}

/** Open orders of the split's symbol placed before its day: they are in old shares. */
function splitOrders(orders: readonly OrderItem[], split: CorporateAction & { kind: 'split' }) {
  return orders.filter(
    (o) => o.symbol === split.symbol && o.createdAt.slice(0, 10) < split.date.slice(0, 10),
  );
}

/** An order in new shares: quantity x ratio (down to a millionth), limit price / ratio (4 places). */
function scaledOrder(order: OrderItem, split: { numerator: number; denominator: number }) {
  const ratio = new D(split.numerator).div(split.denominator);
  return {
    quantity: new D(order.quantity).times(ratio).toDecimalPlaces(6, D.ROUND_DOWN).toNumber(),
    limitPrice:
      order.limitPrice === undefined
        ? undefined
        : new D(order.limitPrice).div(ratio).toDecimalPlaces(4, D.ROUND_HALF_UP).toNumber(),
  };
}

/** The earliest day the actions take effect on (a dividend's pay date, a split's day). */
function earliestDay(actions: readonly Pick<CorporateActionItem, 'date'>[]): string | undefined {
  let day: string | undefined;
  for (const a of actions) if (day === undefined || a.date < day) day = a.date.slice(0, 10);
  return day;
}

/** The state after actions were written together, without reading it back. */
function applied(loaded: Loaded, created: readonly CorporateActionItem[]): Loaded {
  const p = loaded.portfolio;
  const credited = created.reduce((sum, item) => sum + (item.amountCents ?? 0), 0);
  const first = earliestDay(created);
  return {
    ...loaded,
    ...(loaded.since
      ? {
          since: {
            ...(loaded.since.from !== undefined || first !== undefined
              ? {
                  from:
                    loaded.since.from === undefined ||
                    (first !== undefined && first < loaded.since.from)
                      ? first
                      : loaded.since.from,
                }
              : {}),
            changedYears: new Set([
              ...loaded.since.changedYears,
              ...created.map((a) => a.date.slice(0, 4)),
            ]),
            pending: loaded.since.pending + 1,
          },
        }
      : {}),
    portfolio: { ...p, cashCents: p.cashCents + credited, version: p.version + 1 },
    holdings: loaded.holdings.map((h) =>
      created
        .filter((item) => item.kind === 'split' && item.symbol === h.symbol)
        .reduce(
          (held, item) => ({
            ...held,
            quantity: Math.max(
              0,
              new D(held.quantity)
                .plus(new D(item.quantityAfter ?? 0).minus(item.quantityBefore ?? 0))
                .toDecimalPlaces(6, D.ROUND_DOWN)
                .toNumber(),
            ),
            reservedQuantity: new D(held.reservedQuantity ?? 0)
              .times(item.numerator ?? 1)
              .div(item.denominator ?? 1)
              .toDecimalPlaces(6, D.ROUND_DOWN)
              .toNumber(),
          }),
          h,
        ),
    ),
    actions: [...loaded.actions, ...created],
    orders: loaded.orders.map((o) => {
      const split = created.find(
        (item) =>
          item.kind === 'split' &&
          item.symbol === o.symbol &&
          o.createdAt.slice(0, 10) < item.date.slice(0, 10),
      );
      return split
        ? {
            ...o,
            ...scaledOrder(o, {
              numerator: split.numerator ?? 1,
              denominator: split.denominator ?? 1,
            }),
          }
        : o;
    }),
  };
}

/** Due actions in the order they fall, as transactions: runs of dividends together, each split alone. */
function batches(due: readonly CorporateAction[]): CorporateAction[][] {
  const out: CorporateAction[][] = [];
  for (const action of due) {
    const last = out.at(-1);
    if (
      action.kind === 'dividend' &&
      last &&
      last[0]!.kind === 'dividend' &&
      last.length < DIVIDENDS_PER_TRANSACTION
    )
      last.push(action);
    else out.push([action]);
  }
  return out;
}

const ACTION_ATTEMPTS = 5;

/**
 * Credits every dividend and applies every split due by today that the portfolio has not had
 * yet. Returns the portfolio as it is afterwards.
 */
export async function applyDueActions(
  deps: PerformanceDeps,
  userId: string,
  portfolioId: string,
  today: string,
  rows: { dividends: DividendRow[]; splits: SplitRow[] },
  initial: Loaded,
): Promise<Loaded> {
  let loaded = initial;
  for (let attempt = 0; attempt < ACTION_ATTEMPTS; attempt++) {
    const done = new Set(loaded.actions.map((a) => a.actionId));
    // Dividends imported from a file stand for the provider's up to their last pay date.
    const importedUntil = new Map<string, string>();
    for (const a of loaded.actions)
      if (a.imported && a.date > (importedUntil.get(a.symbol) ?? ''))
        importedUntil.set(a.symbol, a.date);
    const due = dueCorporateActions({
      trades: tradesOf(loaded.transactions),
      dividends: rows.dividends,
      splits: rows.splits,
      today,
      ...(loaded.portfolio.actionBasis ? { bases: loaded.portfolio.actionBasis } : {}),
    }).filter(
      (a) =>
        !done.has(a.id) &&
        !(a.kind === 'dividend' && a.payDate <= (importedUntil.get(a.symbol) ?? '')),
    );
    if (due.length === 0) return loaded;
    if (loaded.partial && due.some((a) => a.kind === 'split')) {
      // A split moves holdings and orders: they are read first.
      loaded = {
        ...loaded,
        ...(await holdingsAndOrders(deps.store, userId, loaded.portfolio)),
        partial: false,
      };
      continue;
    }
    const now = (deps.now ? deps.now() : clockNow()).toISOString();
    let conflict = false;
    for (const batch of batches(due)) {
      const created = await applyActions(deps, userId, loaded, batch, now);
      if (!created) {
        conflict = true;
        break;
      }
      loaded = applied(loaded, created);
    }
    if (!conflict) return loaded;
    loaded = await load(deps, userId, portfolioId);
  }
  return loaded;
}

/**
 * Records that everything due today was found applied, while the portfolio is at the version
 * it was checked at (a change in between leaves the mark for the next read). Trades placed
 * later the same day make nothing more due that day: a dividend goes to the shares held at the
 * start of its ex-date, a split to the shares held before its day.
 */
export async function markChecked(
  deps: PerformanceDeps,
  userId: string,
  p: PortfolioItem,
  today: string,
) {
  try {
    await deps.store.client.send(
      new UpdateCommand({
        TableName: deps.store.table,
        Key: keys.portfolio(userId, p.portfolioId),
        UpdateExpression: 'SET actionsCheckedOn = :today',
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':today': today, ':v': p.version },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * Credits due dividends and applies due splits before a portfolio's cash or quantities are
 * used (an order, the holdings view), once a day: a portfolio checked today is not read again.
 * Returns true when something was applied (the caller reads the portfolio again). With
 * `mark: false` (an order, which changes nothing when it is refused) the day is not recorded.
 */
export async function creditDueActions(
  deps: PerformanceDeps,
  userId: string,
  portfolio: PortfolioItem,
  options: { mark: boolean } = { mark: true },
): Promise<boolean> {
  const today = (deps.now ? deps.now() : clockNow()).toISOString().slice(0, 10);
  if (portfolio.actionsCheckedOn === today) return false;
  // A portfolio started today has no share held at the start of any day yet: nothing is due.
  if (portfolio.inception.slice(0, 10) >= today) return false;
  const loaded = await load(deps, userId, portfolio.portfolioId);
  const symbols = [...new Set(loaded.transactions.map((t) => t.symbol))].sort();
  const rows = await corporateRows(deps.market, symbols);
  rows.splits = rows.splits.filter((s) => s.date.slice(0, 10) <= today);
  const after = await applyDueActionsOrGoOn(
    deps,
    userId,
    portfolio.portfolioId,
    today,
    rows,
    loaded,
  );
  if (rows.complete && options.mark && !after.applyFailed)
    await markChecked(deps, userId, after.portfolio, today);
  return after.actions.length !== loaded.actions.length;
}
