import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Dividend, Profile, Split } from '../../shared/market';
import {
  type CorporateAction,
  dueCorporateActions,
  type DividendRow,
  type SplitRow,
} from '../../shared/portfolio/corporate';
import { addDays, dayNumber } from '../../shared/portfolio/days';
import {
  type Close,
  type HoldingFigures,
  navHistory,
  type NavPoint,
  type PerformanceEvent,
} from '../../shared/portfolio/history';
import { D } from '../../shared/portfolio/money';
import {
  chartSeries,
  monthlyReturns,
  periodFigures,
  periodRange,
} from '../../shared/portfolio/returns';
import type { PerformancePayload } from '../../shared/portfolio/schemas';
import { now as clockNow } from '../lib/clock';
import { queryPartition } from '../lib/dynamo';
import { keys, userPk } from '../lib/keys';
import { logger } from '../lib/logger';
import { recordPortfolioUpkeepFailure } from '../lib/metrics';
import type { MarketService } from '../market/service';
import { BENCHMARK_NAME, BENCHMARK_SYMBOL, latestPrices, type PriceInfo } from './figures';
import {
  type ActionView,
  eventsKey,
  FULL_REPLAY_DAYS,
  HISTORY_FORMAT,
  type ProfileView,
  readHistory,
  type StoredHistory,
  writeHistory,
} from './stored-history';
import {
  conditionFailed,
  requirePortfolio,
  type HoldingItem,
  type OrderItem,
  type PortfolioItem,
  type PortfolioStore,
  type TransactionItem,
} from './store';

/**
 * Portfolio performance (decision 129). Everything is computed on demand from the portfolio's
 * items (one paginated Query of its partition range), the symbols' daily closes, dividends and
 * splits (cached market reads) and the S&P 500's closes.
 *
 * Dividends and splits are applied when a portfolio is read: each due action is one DynamoDB
 * transaction that puts its action item (`...#ACTION#DIV#<symbol>#<ex-date>`, only if absent)
 * and moves cash (dividend) or the holding's quantity (split), conditioned on the portfolio's
 * version. Two readers racing write it once; the loser re-reads and finds it done.
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
  createdAt: string;
}

export interface PerformanceDeps {
  store: PortfolioStore;
  market: MarketService;
  now?: () => Date;
}

interface Loaded {
  portfolio: PortfolioItem;
  holdings: HoldingItem[];
  transactions: TransactionItem[];
  actions: CorporateActionItem[];
  /** Open orders (a split scales their quantity and limit price). */
  orders: OrderItem[];
  /** Applying due actions failed this time (a later read applies them). */
  applyFailed?: boolean;
  /** Trades and actions from the kept history: holdings and orders were not read. */
  partial?: boolean;
}

/** The portfolio's items as the kept history has them, when the portfolio has not changed since. */
function loadedFromStored(
  portfolio: PortfolioItem,
  stored: StoredHistory | undefined,
): Loaded | undefined {
  if (!stored || stored.version !== portfolio.version) return undefined;
  return {
    portfolio,
    holdings: [],
    orders: [],
    transactions: stored.items.trades as unknown as TransactionItem[],
    actions: stored.items.actions as unknown as CorporateActionItem[],
    partial: true,
  };
}

function storedItems(loaded: Loaded): StoredHistory['items'] {
  return {
    trades: loaded.transactions.map((t) => ({
      time: t.time,
      symbol: t.symbol,
      side: t.side,
      quantity: t.quantity,
      price: t.price,
      ...(t.feeCents ? { feeCents: t.feeCents } : {}),
    })),
    actions: loaded.actions.map((a) => ({
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
    })),
  };
}

async function load(deps: PerformanceDeps, userId: string, portfolioId: string): Promise<Loaded> {
  const [portfolio, all] = await Promise.all([
    requirePortfolio(deps.store, userId, portfolioId),
    queryPartition(deps.store.client, {
      table: deps.store.table,
      pk: userPk(userId),
      prefix: keys.portfolioChildrenPrefix(portfolioId),
      consistent: true,
      // What the history and the corporate actions read: a third less to read on a long history.
      projection:
        '#type, #symbol, side, quantity, price, #time, costCents, reservedQuantity, actionId, kind, #date, exDate, perShare, amountCents, numerator, denominator, quantityBefore, quantityAfter, imported, #status, orderType, limitPrice, orderId, createdAt, importId, feeCents',
      names: {
        '#type': 'type',
        '#symbol': 'symbol',
        '#time': 'time',
        '#date': 'date',
        '#status': 'status',
      },
    }),
  ]);
  // The items of an import still being committed are not the portfolio's yet.
  const items = all.filter((i) => i.importId === undefined || i.importId !== portfolio.importing);
  return {
    portfolio,
    holdings: items.filter((i) => i.type === 'Holding') as unknown as HoldingItem[],
    transactions: items.filter((i) => i.type === 'Transaction') as unknown as TransactionItem[],
    actions: items.filter((i) => i.type === 'CorporateAction') as unknown as CorporateActionItem[],
    orders: items.filter(
      (i) => i.type === 'Order' && i.status === 'open',
    ) as unknown as OrderItem[],
  };
}

async function settled<T>(work: Promise<T>, fallback: T, what: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    logger.warn(`${what} unavailable`, { error: error as Error });
    return fallback;
  }
}

function upkeepFailed(kind: string, error?: unknown): void {
  logger.warn('portfolio upkeep failed', { kind, ...(error ? { error: error as Error } : {}) });
  recordPortfolioUpkeepFailure();
}

/**
 * Applies due actions; when that fails (DynamoDB), the read goes on with the portfolio as
 * stored and a later read applies them (each once).
 */
async function applyDueActionsOrGoOn(
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

function tradesOf(transactions: readonly TransactionItem[]) {
  return transactions.map((t) => ({
    date: t.time.slice(0, 10),
    symbol: t.symbol,
    side: t.side,
    quantity: t.quantity,
  }));
}

function actionItem(
  userId: string,
  portfolioId: string,
  action: CorporateAction,
  now: string,
): CorporateActionItem {
  return {
    ...keys.corporateAction(userId, portfolioId, action.id),
    type: 'CorporateAction',
    portfolioId,
    actionId: action.id,
    kind: action.kind,
    symbol: action.symbol,
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
  const created = actions.map((a) => actionItem(userId, p.portfolioId, a, now));
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

/** The state after actions were written together, without reading it back. */
function applied(loaded: Loaded, created: readonly CorporateActionItem[]): Loaded {
  const p = loaded.portfolio;
  const credited = created.reduce((sum, item) => sum + (item.amountCents ?? 0), 0);
  return {
    ...loaded,
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
    }).filter(
      (a) =>
        !done.has(a.id) &&
        !(a.kind === 'dividend' && a.payDate <= (importedUntil.get(a.symbol) ?? '')),
    );
    if (due.length === 0) return loaded;
    if (loaded.partial && due.some((a) => a.kind === 'split')) {
      // A split moves holdings and orders: they are read first.
      loaded = await load(deps, userId, portfolioId);
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

function closesOf(pairs: readonly (readonly [string, number])[]): Close[] {
  return pairs.map(([date, close]) => ({ date, close }));
}

/** The portfolio's history as a read needs it, wherever it came from. */
interface Computed {
  portfolio: PortfolioItem;
  points: NavPoint[];
  holdings: HoldingFigures[];
  actions: ActionView[];
  actionsComplete: boolean;
  profiles: ReadonlyMap<string, ProfileView>;
  /** The S&P 500's closes, when they were read with the symbols'. */
  benchmark?: Close[];
  /** How the history was had, for the logs and the bench. */
  source: 'stored' | 'resumed' | 'replayed';
  /** The write of the history up to yesterday, under way. */
  kept?: Promise<unknown>;
}

function actionView(a: CorporateActionItem): ActionView {
  return {
    id: a.actionId,
    kind: a.kind,
    symbol: a.symbol,
    date: a.date,
    ex_date: a.exDate ?? null,
    per_share: a.perShare ?? null,
    quantity: a.quantity ?? null,
    amount_cents: a.amountCents ?? null,
    numerator: a.numerator ?? null,
    denominator: a.denominator ?? null,
  };
}

function actionViews(actions: readonly CorporateActionItem[]): ActionView[] {
  return actions
    .map(actionView)
    .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}

function eventsOf(
  p: PortfolioItem,
  transactions: readonly TransactionItem[],
  actions: readonly CorporateActionItem[],
  splits: readonly SplitRow[],
): PerformanceEvent[] {
  return [
    { type: 'flow', date: p.inception.slice(0, 10), amountCents: p.initialSeedCents },
    ...p.capitalFlows.map((f) => ({
      type: 'flow' as const,
      date: f.date.slice(0, 10),
      amountCents: f.amountCents,
    })),
    ...[...transactions]
      .sort((a, b) => a.time.localeCompare(b.time))
      .map((t) => ({
        type: t.side,
        date: t.time.slice(0, 10),
        symbol: t.symbol,
        quantity: t.quantity,
        price: t.price,
        ...(t.feeCents ? { feeCents: t.feeCents } : {}),
      })),
    ...actions
      .filter((a) => a.kind === 'dividend')
      .sort((a, b) => a.date.localeCompare(b.date) || a.actionId.localeCompare(b.actionId))
      .map((a) => ({
        type: 'dividend' as const,
        date: a.date,
        symbol: a.symbol,
        amountCents: a.amountCents ?? 0,
      })),
    // Every split of a traded symbol: the closes are adjusted for all of them.
    ...splits.map((s) => ({
      type: 'split' as const,
      symbol: s.symbol,
      date: s.date.slice(0, 10),
      numerator: s.numerator,
      denominator: s.denominator,
    })),
  ];
}

/** Today's price of each symbol: the latest quote (the holdings panel's price), else none. */
async function todaysPrices(deps: PerformanceDeps, symbols: readonly string[]) {
  return settled(latestPrices(deps.market, symbols), new Map<string, PriceInfo>(), 'quotes');
}

/** The closes with today's bar replaced by today's quote, where there is one. */
function withToday(bars: readonly Close[], price: PriceInfo | undefined, today: string): Close[] {
  if (!price) return [...bars];
  return [...bars.filter((b) => b.date.slice(0, 10) < today), { date: today, close: price.price }];
}

function replayed(result: ReturnType<typeof navHistory>, portfolioId: string) {
  if (!result.ok) throw new Error(`NAV history of ${portfolioId}: ${result.error.message}`);
  return result.history;
}

/**
 * Records that everything due today was found applied, while the portfolio is at the version
 * it was checked at (a change in between leaves the mark for the next read). Trades placed
 * later the same day make nothing more due that day: a dividend goes to the shares held at the
 * start of its ex-date, a split to the shares held before its day.
 */
async function markChecked(deps: PerformanceDeps, userId: string, p: PortfolioItem, today: string) {
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

/** Every symbol the kept history has seen traded (a sold-out position stays in the state). */
function tradedSymbols(stored: StoredHistory): string[] {
  return [
    ...new Set([
      ...stored.state.positions.map((x) => x.symbol),
      ...stored.recent.flatMap((e) => (e.type === 'buy' || e.type === 'sell' ? [e.symbol] : [])),
    ]),
  ].sort();
}

/** The symbols held at the end of the kept history's knowledge. */
function heldSymbolsOf(stored: StoredHistory): string[] {
  return [
    ...new Set([
      ...stored.state.positions.filter((x) => x.adjQuantity !== '0').map((x) => x.symbol),
      ...stored.recent.flatMap((e) => (e.type === 'buy' ? [e.symbol] : [])),
    ]),
  ].sort();
}

function readCloses(deps: PerformanceDeps, symbols: readonly string[], from: string) {
  return settled(
    deps.market.manySymbols<[string, number][]>('closes', symbols, from),
    new Map<string, [string, number][]>(),
    'closes',
  );
}

function readProfiles(deps: PerformanceDeps, symbols: readonly string[]) {
  return settled(
    deps.market.manySymbols<Profile[]>('profile', symbols),
    new Map<string, Profile[]>(),
    'profiles',
  );
}

/** Nothing changed since the history was written today: only today is replayed, at today's quotes. */
async function fromStored(
  deps: PerformanceDeps,
  portfolio: PortfolioItem,
  stored: StoredHistory,
  end: string,
): Promise<Computed> {
  const symbols = heldSymbolsOf(stored);
  const prices = await todaysPrices(deps, symbols);
  const history = replayed(
    navHistory({
      start: portfolio.inception.slice(0, 10),
      end,
      events: stored.recent,
      closes: new Map(symbols.map((s) => [s, withToday([], prices.get(s), end)])),
      resume: stored.state,
    }),
    portfolio.portfolioId,
  );
  return {
    portfolio,
    points: [...stored.points, ...history.points],
    holdings: history.holdings,
    actions: actionViews(stored.items.actions as unknown as CorporateActionItem[]),
    actionsComplete: stored.actionsComplete,
    profiles: new Map(Object.entries(stored.profiles)),
    source: 'stored',
  };
}

/**
 * Loads the portfolio's items, credits due dividends and applies due splits, then replays:
 * from the stored state when it still describes the days up to it, else from inception.
 * Keeps the history up to yesterday for the next reads.
 */
async function fromItems(
  deps: PerformanceDeps,
  userId: string,
  portfolio: PortfolioItem,
  stored: StoredHistory | undefined,
  today: string,
): Promise<Computed> {
  const portfolioId = portfolio.portfolioId;
  // What the kept history says the portfolio trades and holds is read alongside its items,
  // not after them; a symbol it did not know is read afterwards.
  const guessFrom = addDays(portfolio.inception.slice(0, 10), -10);
  const early = stored && {
    traded: new Set(tradedSymbols(stored)),
    held: new Set(heldSymbolsOf(stored)),
    rows: corporateRows(deps.market, tradedSymbols(stored)),
    // The symbols' closes when days since the kept one need them; the S&P 500's in any case.
    closesAll: stored.through < addDays(today, -1),
    closes: readCloses(
      deps,
      stored.through < addDays(today, -1)
        ? [...tradedSymbols(stored), BENCHMARK_SYMBOL]
        : [BENCHMARK_SYMBOL],
      guessFrom,
    ),
    profiles: readProfiles(deps, heldSymbolsOf(stored)),
    prices: todaysPrices(deps, heldSymbolsOf(stored)),
  };
  let loaded = loadedFromStored(portfolio, stored) ?? (await load(deps, userId, portfolioId));
  const symbols = [...new Set(loaded.transactions.map((t) => t.symbol))].sort();
  const known = early !== undefined && symbols.every((s) => early.traded.has(s));
  const rows = known ? await early.rows : await corporateRows(deps.market, symbols);
  // A split announced for a later day is not in the closes yet.
  rows.splits = rows.splits.filter((s) => s.date.slice(0, 10) <= today);
  loaded = await applyDueActionsOrGoOn(deps, userId, portfolioId, today, rows, loaded);
  const p = loaded.portfolio;
  const checkedOn =
    rows.complete && !loaded.applyFailed && p.actionsCheckedOn !== today ? today : undefined;
  const inception = p.inception.slice(0, 10);
  const end = today < inception ? inception : today;
  const yesterday = addDays(end, -1);
  const events = eventsOf(p, loaded.transactions, loaded.actions, rows.splits);
  const resume =
    stored &&
    stored.format === HISTORY_FORMAT &&
    stored.through >= inception &&
    stored.through <= yesterday &&
    dayNumber(today) - dayNumber(stored.replayedOn) < FULL_REPLAY_DAYS &&
    stored.eventsKey === eventsKey(inception, events, stored.through)
      ? stored
      : undefined;

  const heldSymbols = loaded.partial
    ? heldSymbolsOf(stored!)
    : loaded.holdings.filter((h) => h.quantity > 0).map((h) => h.symbol);
  const heldKnown = early !== undefined && heldSymbols.every((s) => early.held.has(s));
  // Closes are needed for the days between the stored state and today; today is at the quote.
  const needCloses = !resume || resume.through < yesterday;
  const from = addDays(inception, -10);
  const [closesBy, profilesBy, prices] = await Promise.all([
    needCloses
      ? known && early.closesAll && from === guessFrom
        ? early.closes
        : readCloses(deps, [...symbols, BENCHMARK_SYMBOL], from)
      : early && from === guessFrom
        ? early.closes
        : new Map<string, [string, number][]>(),
    heldKnown ? early.profiles : readProfiles(deps, heldSymbols),
    heldKnown ? early.prices : todaysPrices(deps, heldSymbols),
  ]);
  const closes = new Map(
    symbols.map((s) => [s, withToday(closesOf(closesBy.get(s) ?? []), prices.get(s), end)]),
  );
  const history = replayed(
    navHistory({
      start: inception,
      end,
      events,
      closes,
      ...(resume ? { resume: resume.state } : {}),
      checkpoint: yesterday,
    }),
    portfolioId,
  );
  const points = resume ? [...resume.points, ...history.points] : history.points;
  const profiles = new Map(
    heldSymbols.map((symbol) => {
      const profile = profilesBy.get(symbol)?.[0];
      return [
        symbol,
        {
          name: profile?.companyName ?? symbol,
          sector: profile?.sector || 'Unknown',
          industry: profile?.industry || 'Unknown',
        },
      ] as const;
    }),
  );
  const actions = actionViews(loaded.actions);

  const state = history.checkpoint ?? (resume?.through === yesterday ? resume.state : undefined);
  // Written while the answer is put together; the read waits for it before it returns.
  const kept =
    state && yesterday >= inception
      ? writeHistory(
          deps.store,
          userId,
          portfolioId,
          {
            format: HISTORY_FORMAT,
            version: p.version,
            builtOn: today,
            replayedOn: resume ? resume.replayedOn : today,
            through: yesterday,
            eventsKey: eventsKey(inception, events, yesterday),
            points: points.filter((pt) => pt.date <= yesterday),
            state,
            recent: events.filter((e) => e.type !== 'split' && e.date > yesterday),
            items: storedItems(loaded),
            actionsComplete: rows.complete,
            profiles: Object.fromEntries(profiles),
          },
          checkedOn,
        )
      : checkedOn
        ? markChecked(deps, userId, p, today)
        : undefined;
  const benchmark = closesBy.get(BENCHMARK_SYMBOL);
  return {
    portfolio: p,
    points,
    holdings: history.holdings,
    actions,
    actionsComplete: rows.complete,
    profiles,
    ...(benchmark ? { benchmark: closesOf(benchmark) } : {}),
    source: resume ? 'resumed' : 'replayed',
    ...(kept ? { kept } : {}),
  };
}

export async function portfolioPerformance(
  deps: PerformanceDeps,
  userId: string,
  input: PerformancePayload,
) {
  const nowDate = deps.now ? deps.now() : clockNow();
  const today = nowDate.toISOString().slice(0, 10);
  const [portfolio, stored] = await Promise.all([
    requirePortfolio(deps.store, userId, input.portfolio_id),
    readHistory(deps.store, userId, input.portfolio_id),
  ]);
  const computed =
    stored &&
    stored.version === portfolio.version &&
    stored.builtOn === today &&
    stored.through >= portfolio.inception.slice(0, 10)
      ? await fromStored(deps, portfolio, stored, today)
      : await fromItems(deps, userId, portfolio, stored, today);
  const p = computed.portfolio;
  const inception = p.inception.slice(0, 10);
  const benchmark =
    computed.benchmark ??
    closesOf(
      (
        await settled(
          deps.market.manySymbols<[string, number][]>(
            'closes',
            [BENCHMARK_SYMBOL],
            addDays(inception, -10),
          ),
          new Map<string, [string, number][]>(),
          'closes',
        )
      ).get(BENCHMARK_SYMBOL) ?? [],
    );
  const { points, holdings } = computed;
  const range = periodRange(
    input.period,
    inception,
    today,
    input.period === 'custom' ? { from: input.from!, to: input.to! } : undefined,
  );
  const figures = periodFigures(points, range);
  const chart = chartSeries(points, range, benchmark);
  const navNow = points.at(-1)?.navCents ?? p.cashCents;
  const held = holdings.filter((h) => h.quantity > 0);
  const allocation = [
    ...held.map((h) => ({
      symbol: h.symbol,
      name: computed.profiles.get(h.symbol)?.name ?? h.symbol,
      sector: computed.profiles.get(h.symbol)?.sector ?? 'Unknown',
      industry: computed.profiles.get(h.symbol)?.industry ?? 'Unknown',
      value_cents: h.valueCents,
    })),
    {
      symbol: 'CASH',
      name: 'Cash',
      sector: 'Cash',
      industry: 'Cash',
      value_cents: points.at(-1)?.cashCents ?? p.cashCents,
    },
  ];

  const answer = {
    data: {
      portfolio_id: p.portfolioId,
      period: input.period,
      start: range.start,
      end: range.end,
      days: range.days,
      clipped: range.clipped,
      inception,
      benchmark: { symbol: BENCHMARK_SYMBOL, name: BENCHMARK_NAME },
      nav_cents: navNow,
      start_nav_cents: figures.startNavCents,
      end_nav_cents: figures.endNavCents,
      net_flow_cents: figures.netFlowCents,
      twr: figures.twr,
      twr_cumulative: figures.twrCumulative,
      mwr: figures.mwr,
      gain: {
        total_cents: figures.gain.totalCents,
        realised_cents: figures.gain.realisedCents,
        unrealised_cents: figures.gain.unrealisedCents,
        dividend_cents: figures.gain.dividendCents,
        fee_cents: figures.gain.feeCents,
      },
      series: chart.map((c) => ({
        date: c.date,
        nav_cents: c.navCents,
        benchmark_cents: c.benchmarkCents,
        twr_index: c.twrIndex,
        benchmark_index: c.benchmarkIndex,
        flow_cents: c.flowCents,
      })),
      monthly: monthlyReturns(
        points.filter((pt) => pt.date >= range.start && pt.date <= range.end),
      ),
      holdings: holdings.map((h) => ({
        symbol: h.symbol,
        quantity: h.quantity,
        average_cost: h.averageCost,
        cost_cents: h.costCents,
        price: h.price,
        value_cents: h.valueCents,
        weight: navNow > 0 ? h.valueCents / navNow : null,
        unrealised_cents: h.unrealisedCents,
        realised_cents: h.realisedCents,
        dividend_cents: h.dividendCents,
        first_buy: h.firstBuy,
        twr_since_first_buy: h.twrSinceFirstBuy,
      })),
      allocation,
      corporate_actions: computed.actions,
      corporate_actions_complete: computed.actionsComplete,
      cost_method: 'average cost',
    },
    asOf: nowDate.toISOString(),
  };
  await computed.kept;
  return answer;
}
