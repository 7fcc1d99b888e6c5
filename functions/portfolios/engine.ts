import type { Profile } from '../../shared/market';
import type { SplitRow } from '../../shared/portfolio/corporate';
import { addDays, compareIso, dayNumber } from '../../shared/portfolio/days';
import { closedSessions } from '../../shared/portfolio/trading-days';
import {
  type CostMethod,
  costBasis,
  type LotSplit,
  type LotTrade,
} from '../../shared/portfolio/lots';
import { D } from '../../shared/portfolio/money';
import {
  cashAfter,
  type Close,
  type HoldingFigures,
  navHistory,
  type NavPoint,
  type PerformanceEvent,
} from '../../shared/portfolio/history';
import {
  periodFigures,
  periodRange,
  type RateFigure,
  sameDepositsBenchmark,
} from '../../shared/portfolio/returns';
import { now as clockNow } from '../lib/clock';
import { type CachedCloses, closePairs } from '../market/closes';
import { BENCHMARK_SYMBOL, latestPrices, type PriceInfo } from './figures';
import {
  type ActionView,
  basisKeyOf,
  eventsKey,
  FULL_REPLAY_DAYS,
  HISTORY_FORMAT,
  type ProfileView,
  readHistory,
  type StoredHistory,
  type StoredTrade,
  writeHistory,
} from './stored-history';
import {
  applyDueActionsOrGoOn,
  type CorporateActionItem,
  corporateRows,
  load,
  type Loaded,
  markChecked,
  type PerformanceDeps,
  settled,
  transactionsAfter,
  transactionsThrough,
} from './corporate-actions';
import { requirePortfolio, type PortfolioItem, type TransactionItem } from './store';

/**
 * The one portfolio engine (decisions 129, 130, 131): every figure a screen shows of a
 * portfolio (NAV, cash, quantities, cost, since-inception returns, the S&P 500 bought with the
 * same deposits) comes from `portfolioNow`, which credits due dividends and applies due splits
 * first, then replays the portfolio's events over the symbols' daily closes, today at the latest
 * quotes. The daily NAV history is kept up to yesterday in one item (stored-history.ts), so a
 * read replays today only. The list, the details, the holdings view, the dashboard, the
 * Performance view and position sizing all read it; none keeps a second arithmetic.
 */

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

/**
 * The portfolio's items after a change since the kept history was written (a trade, an order,
 * an action applied): the trades it keeps up to its last day and those dated after it, queried
 * alone, instead of every item. Only while no import came in (`basisKey`), the portfolio has as
 * many transactions up to that day as it keeps (counted, not read) and the ledger's cash is the
 * cash of these events: a trade or an action it does not know sends the read to the items.
 */
async function loadedSinceStored(
  deps: EngineDeps,
  userId: string,
  portfolio: PortfolioItem,
  stored: StoredHistory | undefined,
  today: string,
): Promise<Loaded | undefined> {
  if (
    !stored ||
    stored.format !== HISTORY_FORMAT ||
    stored.basisKey === undefined ||
    stored.basisKey !== basisKeyOf(portfolio) ||
    portfolio.importing !== undefined ||
    stored.version > portfolio.version ||
    stored.through >= today
  )
    return undefined;
  const through = stored.through;
  const kept = stored.items.trades.filter(
    (t) => t.time.slice(0, 10) <= through,
  ) as unknown as TransactionItem[];
  const [after, count] = await Promise.all([
    transactionsAfter(deps, userId, portfolio, through),
    transactionsThrough(deps, userId, portfolio.portfolioId, through),
  ]);
  // A transaction written for an earlier day (or taken away) since: the items are read.
  if (count !== kept.length) return undefined;
  const transactions = [...kept, ...after];
  const actions = stored.items.actions as unknown as CorporateActionItem[];
  if (cashAfter(eventsOf(portfolio, transactions, actions, [])) !== portfolio.cashCents)
    return undefined;
  return { portfolio, holdings: [], orders: [], transactions, actions, partial: true };
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

function lotInputs(
  trades: readonly StoredTrade[],
  actions: readonly Pick<
    CorporateActionItem,
    'kind' | 'symbol' | 'date' | 'numerator' | 'denominator'
  >[],
): { trades: LotTrade[]; splits: LotSplit[] } {
  return {
    trades: [...trades].sort((a, b) => compareIso(a.time, b.time)),
    splits: actions
      .filter((a) => a.kind === 'split' && a.numerator && a.denominator)
      .map((a) => ({
        symbol: a.symbol,
        date: a.date.slice(0, 10),
        numerator: a.numerator!,
        denominator: a.denominator!,
      })),
  };
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
  /** Today's quotes the history was valued at (held symbols and the S&P 500). */
  prices: ReadonlyMap<string, PriceInfo>;
  /** Every trade, in time order, and the splits applied to holdings: what tax lots are built from. */
  trades: LotTrade[];
  splits: LotSplit[];
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

export function eventsOf(
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
      .sort((a, b) => compareIso(a.time, b.time))
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
      .sort((a, b) => compareIso(a.date, b.date) || a.actionId.localeCompare(b.actionId))
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

/**
 * Today's price of each symbol and of the S&P 500: the latest quote, else none (the symbol is
 * then valued at its last close). Quotes a request already read (`deps.prices`) are not read again.
 */
async function todaysPrices(deps: EngineDeps, symbols: readonly string[]) {
  const wanted = [...new Set([...symbols, BENCHMARK_SYMBOL])];
  const memo = deps.prices;
  const missing = memo ? wanted.filter((s) => !memo.has(s)) : wanted;
  const read =
    missing.length > 0
      ? await settled(latestPrices(deps.market, missing), new Map<string, PriceInfo>(), 'quotes')
      : new Map<string, PriceInfo>();
  if (memo) for (const s of missing) memo.set(s, read.get(s) ?? null);
  const out = new Map<string, PriceInfo>();
  for (const s of wanted) {
    const info = memo ? memo.get(s) : read.get(s);
    if (info) out.set(s, info);
  }
  return out;
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

/** The symbols the trades leave shares of (splits never take a holding to nothing). */
function heldByTrades(transactions: readonly TransactionItem[]): string[] {
  const net = new Map<string, InstanceType<typeof D>>();
  for (const t of transactions)
    net.set(
      t.symbol,
      (net.get(t.symbol) ?? new D(0)).plus(t.side === 'buy' ? t.quantity : -t.quantity),
    );
  return [...net]
    .filter(([, q]) => q.gt(0))
    .map(([s]) => s)
    .sort();
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

function readCloses(deps: EngineDeps, symbols: readonly string[], from: string) {
  return settled(
    deps.market.manySymbols<CachedCloses>('closes', symbols, from),
    new Map<string, CachedCloses>(),
    'closes',
  );
}

function readProfiles(deps: EngineDeps, symbols: readonly string[]) {
  return settled(
    deps.market.manySymbols<Profile[]>('profile', symbols),
    new Map<string, Profile[]>(),
    'profiles',
  );
}

/** Nothing changed since the history was written today: only today is replayed, at today's quotes. */
async function fromStored(
  deps: EngineDeps,
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
    prices,
    ...lotInputs(stored.items.trades, stored.items.actions),
    source: 'stored',
  };
}

/**
 * Loads the portfolio's items, credits due dividends and applies due splits, then replays:
 * from the stored state when it still describes the days up to it, else from inception.
 * Keeps the history up to yesterday for the next reads.
 */
async function fromItems(
  deps: EngineDeps,
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
  let loaded = loadedFromStored(portfolio, stored);
  let since = false;
  if (!loaded) {
    loaded = await loadedSinceStored(deps, userId, portfolio, stored, today);
    since = loaded !== undefined;
  }
  loaded ??= await load(deps, userId, portfolioId);
  let symbols = [...new Set(loaded.transactions.map((t) => t.symbol))].sort();
  let known = early !== undefined && symbols.every((s) => early.traded.has(s));
  let rows = known && early ? await early.rows : await corporateRows(deps.market, symbols);
  if (since && !rows.complete) {
    // Without every symbol's actions, an action applied since could go unseen: the items are read.
    loaded = await load(deps, userId, portfolioId);
    since = false;
    symbols = [...new Set(loaded.transactions.map((t) => t.symbol))].sort();
    known = false;
    rows = await corporateRows(deps.market, symbols);
  }
  // A split announced for a later day is not in the closes yet.
  rows.splits = rows.splits.filter((s) => s.date.slice(0, 10) <= today);
  // Found all applied earlier today: a trade since makes nothing more due today (as the
  // holdings view and orders take it, `creditDueActions`); an import clears the mark.
  if (loaded.portfolio.actionsCheckedOn !== today)
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

  const heldSymbols =
    loaded.partial && !since ? heldSymbolsOf(stored!) : heldByTrades(loaded.transactions);
  const heldKnown = early !== undefined && heldSymbols.every((s) => early.held.has(s));
  // Closes are needed for the days between the stored state and today; today is at the quote.
  const needCloses = !resume || resume.through < yesterday;
  const from = addDays(inception, -10);
  const [closesBy, profilesBy, prices] = await Promise.all([
    needCloses
      ? known && early?.closesAll && from === guessFrom
        ? early.closes
        : readCloses(deps, [...symbols, BENCHMARK_SYMBOL], from)
      : early && from === guessFrom
        ? early.closes
        : new Map<string, CachedCloses>(),
    heldKnown ? early.profiles : readProfiles(deps, heldSymbols),
    heldKnown ? early.prices : todaysPrices(deps, heldSymbols),
  ]);
  const closes = new Map(
    symbols.map((s) => [
      s,
      withToday(closesOf(closePairs(closesBy.get(s), resume?.through)), prices.get(s), end),
    ]),
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
            basisKey: basisKeyOf(p),
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
    ...(benchmark ? { benchmark: closesOf(closePairs(benchmark)) } : {}),
    prices,
    ...lotInputs(storedItems(loaded).trades, loaded.actions),
    source: resume ? 'resumed' : 'replayed',
    ...(kept ? { kept } : {}),
  };
}

export interface EngineDeps extends PerformanceDeps {
  /** Quotes this request has already read (null: none for the symbol), shared by its portfolios. */
  prices?: Map<string, PriceInfo | null>;
}

/** A portfolio as of now: its daily history to today and what it holds, after due actions. */
export interface PortfolioNow extends Omit<Computed, 'kept' | 'benchmark'> {
  today: string;
  inception: string;
  /** The S&P 500's daily closes from before inception to today (today's at its quote): the chart's. */
  benchmark: Close[];
  /**
   * The S&P 500's closes of the sessions that have closed (`closedSessions`): the trading days
   * the risk figures count. Today is one only once its session is over.
   */
  sessions: Close[];
}

/**
 * The one read of a portfolio every view makes. Due dividends and splits are applied first;
 * the history comes from the kept item when it still describes the portfolio, else from the
 * items (decision 130). `stored` passes a kept history already read (null: none).
 */
export async function portfolioNow(
  deps: EngineDeps,
  userId: string,
  portfolioId: string,
  opts: { stored?: StoredHistory | null } = {},
): Promise<PortfolioNow> {
  const { now, kept } = await portfolioNowKeeping(deps, userId, portfolioId, opts);
  await kept;
  return now;
}

function benchmarkCloses(deps: EngineDeps, inception: string): Promise<Close[]> {
  return settled(
    deps.market.manySymbols<CachedCloses>('closes', [BENCHMARK_SYMBOL], addDays(inception, -10)),
    new Map<string, CachedCloses>(),
    'closes',
  ).then((m) => closesOf(closePairs(m.get(BENCHMARK_SYMBOL))));
}

/**
 * `portfolioNow`, with the write of the history up to yesterday still under way (`kept`): a
 * view works out its figures meanwhile and waits for it before it answers.
 */
export async function portfolioNowKeeping(
  deps: EngineDeps,
  userId: string,
  portfolioId: string,
  opts: { stored?: StoredHistory | null } = {},
): Promise<{ now: PortfolioNow; kept?: Promise<unknown> }> {
  const nowDate = deps.now ? deps.now() : clockNow();
  const today = nowDate.toISOString().slice(0, 10);
  const [portfolio, stored] = await Promise.all([
    requirePortfolio(deps.store, userId, portfolioId),
    opts.stored !== undefined
      ? Promise.resolve(opts.stored ?? undefined)
      : readHistory(deps.store, userId, portfolioId),
  ]);
  const useStored =
    stored &&
    stored.version === portfolio.version &&
    stored.builtOn === today &&
    stored.through >= portfolio.inception.slice(0, 10);
  // The kept history has no closes: the S&P 500's are read alongside today's quotes.
  const early = useStored ? benchmarkCloses(deps, portfolio.inception.slice(0, 10)) : undefined;
  const {
    kept,
    benchmark: read,
    ...computed
  } = useStored
    ? await fromStored(deps, portfolio, stored, today)
    : await fromItems(deps, userId, portfolio, stored, today);
  const inception = computed.portfolio.inception.slice(0, 10);
  const bars =
    read ??
    (await (early && inception === portfolio.inception.slice(0, 10)
      ? early
      : benchmarkCloses(deps, inception)));
  return {
    now: {
      ...computed,
      today,
      inception,
      benchmark: withToday(bars, computed.prices.get(BENCHMARK_SYMBOL), today),
      sessions: closedSessions(bars, computed.prices.get(BENCHMARK_SYMBOL), nowDate.getTime()),
    },
    ...(kept ? { kept } : {}),
  };
}

/** The S&P 500's level when the portfolio was created, for the money put in then (kept at creation). */
export function benchmarkEntry(now: PortfolioNow): { date: string; level: number } | undefined {
  const level = now.portfolio.benchmarkStart;
  return level !== undefined && now.portfolio.initialSeedCents > 0
    ? { date: now.inception, level }
    : undefined;
}

/** What every view shows of a portfolio now, from `portfolioNow`. */
export interface PortfolioFigures {
  navCents: number;
  cashCents: number;
  holdingsValueCents: number;
  /** The cost method the holdings' cost and realised gains follow (the portfolio's setting). */
  costMethod: CostMethod;
  /** The positions held (quantity above zero), by symbol. */
  holdings: HoldingFigures[];
  /** Every symbol ever held, sold-out ones included (their realised gains and dividends). */
  allHoldings: HoldingFigures[];
  /** Time-weighted return since inception. */
  twr: RateFigure;
  /** Money-weighted return (IRR) since inception, of every deposit and withdrawal. */
  mwr: RateFigure;
  /** The S&P 500 bought and sold with the same deposits and withdrawals: its value and IRR. */
  benchmark: { valueCents: number | null; mwr: RateFigure };
  /** Held symbols without a quote today: valued at their last close. */
  missingQuotes: string[];
  /** True when a quote used is older than the quote job's refresh. */
  stale: boolean;
}

/**
 * The holdings' cost and realised gains under the portfolio's cost method: the replay's average
 * cost, or FIFO lots (decision 131), fees apart in both (they are their own line of the gains).
 */
function underCostMethod(now: PortfolioNow, method: CostMethod): HoldingFigures[] {
  if (method === 'average') return now.holdings;
  const basis = new Map(
    costBasis(
      'fifo',
      { trades: now.trades, splits: now.splits, today: now.today },
      { feesInBasis: false },
    ).map((b) => [b.symbol, b]),
  );
  return now.holdings.map((h) => {
    const b = basis.get(h.symbol);
    if (!b) return h;
    return {
      ...h,
      costCents: b.cost_cents,
      averageCost:
        h.quantity > 0
          ? new D(b.cost_cents).div(100).div(h.quantity).toDecimalPlaces(4).toNumber()
          : 0,
      unrealisedCents: h.valueCents - b.cost_cents,
      realisedCents: b.realised_cents,
    };
  });
}

/** What the portfolio holds now: cash, NAV and the positions under its cost method. */
export function positionsOf(
  now: PortfolioNow,
): Omit<PortfolioFigures, 'twr' | 'mwr' | 'benchmark'> {
  const last = now.points.at(-1);
  const navCents = last?.navCents ?? now.portfolio.cashCents;
  const cashCents = last?.cashCents ?? now.portfolio.cashCents;
  const costMethod = now.portfolio.costMethod ?? 'average';
  const allHoldings = underCostMethod(now, costMethod);
  const holdings = allHoldings.filter((h) => h.quantity > 0);
  return {
    navCents,
    cashCents,
    holdingsValueCents: navCents - cashCents,
    costMethod,
    holdings,
    allHoldings,
    missingQuotes: holdings.filter((h) => !now.prices.has(h.symbol)).map((h) => h.symbol),
    stale: holdings.some((h) => now.prices.get(h.symbol)?.stale === true),
  };
}

/** Everything a row shows: the positions and the since-inception returns. */
export function figuresOf(now: PortfolioNow): PortfolioFigures {
  const range = periodRange('MAX', now.inception, now.today);
  const period = periodFigures(now.points, range);
  return {
    ...positionsOf(now),
    twr: period.twr,
    mwr: period.mwr,
    benchmark: sameDepositsBenchmark(now.points, range, now.benchmark, benchmarkEntry(now)),
  };
}
