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
  type Close,
  type DayCloses,
  type HoldingFigures,
  navHistory,
  type NavPoint,
  type PerformanceEvent,
  type ReplayState,
} from '../../shared/portfolio/history';
import {
  periodFigures,
  periodRange,
  type RateFigure,
  sameDepositsBenchmark,
} from '../../shared/portfolio/returns';
import { now as clockNow } from '../lib/clock';
import {
  type CachedCloses,
  closePairs,
  dayCloses,
  dayClosesAfter,
  dayClosesWithToday,
} from '../market/closes';
import { BENCHMARK_SYMBOL, latestPrices, type PriceInfo } from './figures';
import {
  type ActionView,
  checkpointItem,
  HISTORY_FORMAT,
  type ProfileView,
  readCheckpoint,
  readHistory,
  splitsKey,
  type StoredHistory,
  writeHistory,
} from './stored-history';
import {
  applyDueActionsOrGoOn,
  corporateRows,
  loadFor,
  type Loaded,
  markChecked,
  type PerformanceDeps,
  settled,
} from './corporate-actions';
import {
  batchPut,
  currentActions,
  dropItems,
  FOLD_AFTER_CHANGES,
  FOLD_AFTER_DAYS,
  type Ledger,
  type LedgerAction,
  ledgerBlocks,
  ledgerSince,
  type LedgerTrade,
  newStamp,
} from './ledger';
import { keys } from '../lib/keys';
import { WarmMemo } from '../lib/warm-memo';
import { logger } from '../lib/logger';
import { recordPortfolioUpkeepFailure } from '../lib/metrics';
import { requirePortfolio, type PortfolioItem } from './store';

/**
 * The one portfolio engine (decisions 129-132, 175): every figure a screen shows of a portfolio
 * (NAV, cash, quantities, cost, since-inception returns, the S&P 500 bought with the same
 * deposits) comes from `portfolioNow`, which credits due dividends and applies due splits
 * first, then replays the portfolio's events over the symbols' daily closes, today at the latest
 * quotes. The list, the details, the holdings view, the dashboard, the Performance view and
 * position sizing all read it; none keeps a second arithmetic.
 *
 * A read's work follows what changed, not the portfolio's history: the history up to yesterday
 * is kept (stored-history.ts) with the replay's state at the end of yesterday and of every month,
 * and the ledger in blocks with a record of each change since (ledger.ts). Nothing changed
 * today: only today is replayed. A trade today: the kept state of yesterday and the trade. A
 * change to an earlier day: a replay from the end of the month before it. A new day: a replay
 * from the end of the month before last (so a revised close of the last weeks is taken), with the
 * closes of those weeks only.
 */

function lotInputs(
  trades: readonly LedgerTrade[],
  actions: readonly Pick<LedgerAction, 'kind' | 'symbol' | 'date' | 'numerator' | 'denominator'>[],
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
  /** Every corporate action credited or applied, newest first (with the ledger; else empty). */
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
  /** The trades and actions (absent when the read did not need them). */
  ledger?: Ledger;
  /** How the history was had, for the logs and the bench. */
  source: 'stored' | 'resumed' | 'replayed';
  /** The day the replay started after (undefined: from inception, or today only). */
  resumedAfter?: string;
  /** The write of the history up to yesterday, under way. */
  kept?: Promise<unknown>;
}

function actionView(a: LedgerAction): ActionView {
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

/**
 * Action lists worked out by this instance, by portfolio version (one set of actions): later
 * reads share one sorted list (decision 200). About 8 MB of lists at most.
 */
const actionLists = new WarmMemo<ActionView[]>(8 * 1024 * 1024);

/** Every action, newest first (by day, then id). */
function actionViews(p: PortfolioItem, actions: readonly LedgerAction[]): ActionView[] {
  const key = `${p.portfolioId}|${p.version}|${actions.length}`;
  const known = actionLists.get(key);
  if (known) return known;
  const list = Object.freeze(
    actions
      .map(actionView)
      .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0) || a.id.localeCompare(b.id)),
  ) as ActionView[];
  actionLists.set(key, list, list.length * 250);
  return list;
}

/** The money put in: the seed on the inception day and every later flow. */
function flowsOf(p: PortfolioItem): { date: string; amountCents: number }[] {
  return [
    { date: p.inception.slice(0, 10), amountCents: p.initialSeedCents },
    ...p.capitalFlows.map((f) => ({ date: f.date.slice(0, 10), amountCents: f.amountCents })),
  ];
}

export function eventsOf(
  p: PortfolioItem,
  transactions: readonly Pick<
    LedgerTrade,
    'time' | 'side' | 'symbol' | 'quantity' | 'price' | 'feeCents'
  >[],
  actions: readonly Pick<LedgerAction, 'kind' | 'date' | 'actionId' | 'symbol' | 'amountCents'>[],
  splits: readonly SplitRow[],
): PerformanceEvent[] {
  return [
    ...flowsOf(p).map((f) => ({ type: 'flow' as const, ...f })),
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
function heldByTrades(transactions: readonly LedgerTrade[]): string[] {
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

/** The symbols' profiles: those the kept history has, the others read. */
async function profilesOf(
  deps: EngineDeps,
  head: StoredHistory | undefined,
  symbols: readonly string[],
): Promise<Map<string, Profile[]>> {
  const kept = head?.profiles ?? {};
  const out = new Map<string, Profile[]>();
  const missing: string[] = [];
  for (const symbol of symbols) {
    const view = kept[symbol];
    // A profile that could not be read when it was kept is read again.
    if (view && !(view.name === symbol && view.sector === 'Unknown'))
      out.set(symbol, [
        { companyName: view.name, sector: view.sector, industry: view.industry } as Profile,
      ]);
    else missing.push(symbol);
  }
  if (missing.length > 0) for (const [s, p] of await readProfiles(deps, missing)) out.set(s, p);
  return out;
}

/** The first day of the month `back` months before the day's month. */
function monthStart(day: string, back: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const months = y * 12 + (m - 1) - back;
  const year = Math.floor(months / 12);
  return `${String(year).padStart(4, '0')}-${String(months - year * 12 + 1).padStart(2, '0')}-01`;
}

/**
 * The first day of the month two months before today's: a recent replay reads the closes from
 * it (one cache item per symbol, shared by every portfolio that month), not from the inception.
 */
export function recentCloses(today: string): string {
  return monthStart(today, 2);
}

/** The last days of the months that end after `after` and on or before `upTo` (YYYY-MM-DD). */
export function monthEnds(after: string, upTo: string): string[] {
  const out: string[] = [];
  let [y, m] = after.split('-').map(Number) as [number, number];
  for (;;) {
    const end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    if (end > upTo) break;
    if (end > after) out.push(end);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/**
 * The month ends a replay keeps its state at (decision 175): every month end of the last 13
 * months before today, and the year ends before them. A change to an earlier day replays from the
 * last one before it: at most a month of replay in the last year, a year before that.
 */
export function keptMonthEnds(after: string, upTo: string, today: string): string[] {
  const recent = monthStart(today, 13);
  return monthEnds(after, upTo).filter((d) => d >= recent || d.slice(5) === '12-31');
}

/** The earliest day the money put in differs between the kept flows and the portfolio's. */
function flowsChangedFrom(
  kept: readonly { date: string; amountCents: number }[],
  now: readonly { date: string; amountCents: number }[],
): string | undefined {
  const sums = (flows: readonly { date: string; amountCents: number }[]) => {
    const m = new Map<string, number>();
    for (const f of flows) m.set(f.date, (m.get(f.date) ?? 0) + f.amountCents);
    return m;
  };
  const a = sums(kept);
  const b = sums(now);
  let first: string | undefined;
  for (const day of new Set([...a.keys(), ...b.keys()]))
    if ((a.get(day) ?? 0) !== (b.get(day) ?? 0) && (first === undefined || day < first))
      first = day;
  return first;
}

const earlier = (a: string | undefined, b: string | undefined) =>
  a === undefined ? b : b === undefined ? a : a < b ? a : b;

/**
 * Where a replay resumes, as the kept history has it: after its own state (`kept`), after the
 * month-end state before the earliest day that changed (`checkpoint`, still to be read), or from
 * inception (undefined). A new day replays the weeks before it again, for a revised close.
 */
function resumePoint(
  kept: StoredHistory,
  changedFrom: string | undefined,
  flows: readonly { date: string; amountCents: number }[],
  today: string,
  inception: string,
): { kept: true; through: string } | { checkpoint: string; through: string } | undefined {
  let from = earlier(
    changedFrom,
    earlier(flowsChangedFrom(kept.flows, flows), addDays(kept.through, 1)),
  );
  if (kept.builtOn < today) from = earlier(from, monthStart(today, 1));
  if (from === undefined || from <= inception) return undefined;
  if (from > kept.through) return { kept: true, through: kept.state.through };
  const day = Object.keys(kept.checkpoints)
    .filter((d) => d < from && d >= inception)
    .sort()
    .at(-1);
  return day === undefined ? undefined : { checkpoint: day, through: day };
}

/**
 * The first day of the closes a replay resuming after `through` reads: the recent ones when the
 * state is recent (one cache item per symbol a month), else from before inception.
 */
function closesFromAfter(through: string | undefined, today: string, inception: string): string {
  const anchor = recentCloses(today);
  return through !== undefined && through >= addDays(anchor, 7) ? anchor : addDays(inception, -10);
}

/** The kept ledger when nothing changed since the history (its blocks alone). */
async function keptLedger(
  deps: EngineDeps,
  userId: string,
  portfolio: PortfolioItem,
  stored: StoredHistory,
): Promise<Ledger | undefined> {
  const since = await ledgerSince(deps.store, userId, portfolio, stored);
  return since && { trades: since.trades, actions: since.actions };
}

/** Nothing changed since the history was written today: only today is replayed, at today's quotes. */
async function fromStored(
  deps: EngineDeps,
  userId: string,
  portfolio: PortfolioItem,
  stored: StoredHistory,
  end: string,
  needLedger: boolean,
): Promise<Computed | undefined> {
  const symbols = heldSymbolsOf(stored);
  const [prices, ledger] = await Promise.all([
    todaysPrices(deps, symbols),
    needLedger ? keptLedger(deps, userId, portfolio, stored) : undefined,
  ]);
  if (needLedger && !ledger) return undefined;
  const today = dayNumber(end);
  const history = replayed(
    navHistory({
      start: portfolio.inception.slice(0, 10),
      end,
      events: stored.recent,
      closes: new Map(
        symbols.map((s) => [
          s,
          dayClosesWithToday(dayCloses(undefined), today, prices.get(s)?.price),
        ]),
      ),
      resume: stored.state,
    }),
    portfolio.portfolioId,
  );
  return {
    portfolio,
    points: [...stored.points, ...history.points],
    holdings: history.holdings,
    actions: ledger ? actionViews(portfolio, ledger.actions) : [],
    actionsComplete: stored.actionsComplete,
    profiles: new Map(Object.entries(stored.profiles)),
    prices,
    ...(ledger ? lotInputs(ledger.trades, ledger.actions) : { trades: [], splits: [] }),
    ...(ledger ? { ledger } : {}),
    source: 'stored',
  };
}

/**
 * Reads the ledger (the kept blocks and the changes since, else the items), credits due
 * dividends and applies due splits, then replays from the last kept state before the earliest
 * day that changed (from inception when there is none) and keeps what it replayed.
 */
async function fromLedger(
  deps: EngineDeps,
  userId: string,
  portfolio: PortfolioItem,
  stored: StoredHistory | undefined,
  today: string,
): Promise<Computed> {
  const portfolioId = portfolio.portfolioId;
  const head = stored?.format === HISTORY_FORMAT ? stored : undefined;
  // What the kept history says the portfolio trades and holds is read alongside the ledger,
  // not after it; a symbol it did not know is read afterwards.
  // Checked today, by a read that kept the history today: the splits it read stand for the
  // provider's (nothing else of the dividends and splits is needed until tomorrow's check).
  const checkedToday =
    portfolio.actionsCheckedOn === today && head !== undefined && head.builtOn === today;
  const early = head && {
    traded: new Set(tradedSymbols(head)),
    held: new Set(heldSymbolsOf(head)),
    rows: checkedToday
      ? Promise.resolve({ dividends: [], splits: head.splits, complete: head.actionsComplete })
      : corporateRows(deps.market, tradedSymbols(head)),
    profiles: profilesOf(deps, head, heldSymbolsOf(head)),
    prices: todaysPrices(deps, heldSymbolsOf(head)),
  };
  let loaded: Loaded = await loadFor(deps, userId, portfolio, head);
  const symbols = [...new Set(loaded.transactions.map((t) => t.symbol))].sort();
  // The closes the replay will want are read while the dividends and splits are checked and the
  // due ones applied: from where the kept history says the replay resumes. The read after them
  // takes it when that still holds.
  const closesReads = new Map<string, Promise<Map<string, CachedCloses>>>();
  const closesFrom = (from: string) => {
    let read = closesReads.get(from);
    if (!read) closesReads.set(from, (read = readCloses(deps, symbols, from)));
    return read;
  };
  {
    const start = portfolio.inception.slice(0, 10);
    const yesterday = addDays(today < start ? start : today, -1);
    const foreseen =
      head && loaded.since && head.inception === start
        ? resumePoint(head, loaded.since.from, flowsOf(portfolio), today, start)
        : undefined;
    if (foreseen === undefined || foreseen.through < yesterday)
      void closesFrom(closesFromAfter(foreseen?.through, today, start));
  }
  const known = early !== undefined && symbols.every((s) => early.traded.has(s));
  const rows = known && early ? await early.rows : await corporateRows(deps.market, symbols);
  // A split announced for a later day is not in the closes yet.
  rows.splits = rows.splits.filter((s) => s.date.slice(0, 10) <= today);
  // Found all applied earlier today: a trade since makes nothing more due today (as the
  // holdings view and orders take it, `creditDueActions`); an import clears the mark.
  if (loaded.portfolio.actionsCheckedOn !== today)
    loaded = await applyDueActionsOrGoOn(deps, userId, portfolioId, today, rows, loaded);
  const p = loaded.portfolio;
  const ledger: Ledger = {
    trades: loaded.transactions,
    actions: currentActions(p, loaded.actions),
  };
  const checkedOn =
    rows.complete && !loaded.applyFailed && p.actionsCheckedOn !== today ? today : undefined;
  const inception = p.inception.slice(0, 10);
  const end = today < inception ? inception : today;
  const yesterday = addDays(end, -1);
  const events = eventsOf(p, ledger.trades, ledger.actions, rows.splits);
  const splitDigest = splitsKey(rows.splits.filter((s) => symbols.includes(s.symbol)));
  const flows = flowsOf(p);

  // The earliest day that is not as the kept history has it (undefined: replay from inception).
  const since = loaded.since;
  const kept =
    head && since && head.inception === inception && head.splitsKey === splitDigest
      ? head
      : undefined;
  // The state to resume from: yesterday's kept one, or the end of the month before the earliest
  // day that changed.
  const at = kept ? resumePoint(kept, since!.from, flows, today, inception) : undefined;
  let resume: { state: ReplayState; points: NavPoint[] } | undefined;
  if (kept && at) {
    if ('kept' in at) resume = { state: kept.state, points: kept.points };
    else {
      const day = at.checkpoint;
      const state = await readCheckpoint(
        deps.store,
        userId,
        portfolioId,
        day,
        kept.checkpoints[day]!,
      );
      if (state) resume = { state, points: kept.points.filter((pt) => pt.date <= day) };
    }
    if (
      resume &&
      (resume.state.through > yesterday || resume.points.at(-1)?.date !== resume.state.through)
    )
      resume = undefined;
  }

  const heldSymbols = heldByTrades(ledger.trades);
  const heldKnown = early !== undefined && heldSymbols.every((s) => early.held.has(s));
  // Closes for the days between the resumed state and today (today is at the quote): the recent
  // ones when the state is recent, else from before inception.
  const needCloses = !resume || resume.state.through < yesterday;
  const [closesBy, benchmarkBy, profilesBy, prices] = await Promise.all([
    needCloses
      ? closesFrom(closesFromAfter(resume?.state.through, today, inception))
      : new Map<string, CachedCloses>(),
    readCloses(deps, [BENCHMARK_SYMBOL], addDays(inception, -10)),
    heldKnown ? early.profiles : profilesOf(deps, head, heldSymbols),
    heldKnown ? early.prices : todaysPrices(deps, heldSymbols),
  ]);
  const after = resume ? dayNumber(resume.state.through) : undefined;
  const todayNumber = dayNumber(end);
  const closes = new Map<string, DayCloses>(
    symbols.map((s) => {
      const bars = dayCloses(closesBy.get(s));
      return [
        s,
        dayClosesWithToday(
          after === undefined ? bars : dayClosesAfter(bars, after),
          todayNumber,
          prices.get(s)?.price,
        ),
      ];
    }),
  );
  const through = resume?.state.through;
  const monthEnd = new Set(keptMonthEnds(through ?? addDays(inception, -1), yesterday, today));
  const wanted = [...monthEnd, yesterday];
  const history = replayed(
    navHistory({
      start: inception,
      end,
      events:
        through === undefined
          ? events
          : events.filter((e) => e.type === 'split' || e.date > through),
      closes,
      ...(resume ? { resume: resume.state } : {}),
      checkpoints: [...new Set(wanted)].filter((d) => d >= inception),
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

  const states = history.states ?? [];
  const state =
    states.find((st) => st.through === yesterday) ??
    (resume?.state.through === yesterday ? resume.state : undefined);
  // The blocks are rewritten (the changes folded in) when they came from the items, when many
  // changes are pending or when they are a week old; else they stay and the changes are read.
  const fold =
    !since ||
    !head ||
    since.pending > FOLD_AFTER_CHANGES ||
    dayNumber(today) - dayNumber(head.ledgerOn) >= FOLD_AFTER_DAYS;
  const keep =
    state && yesterday >= inception
      ? keepHistory(deps, userId, p, {
          head,
          ledger,
          fold: fold ? { changedYears: since && head ? since.changedYears : undefined } : undefined,
          checkpoints: kept
            ? Object.fromEntries(
                Object.entries(kept.checkpoints).filter(([d]) => d <= (through ?? '')),
              )
            : {},
          states: states.filter((st) => monthEnd.has(st.through)),
          history: {
            format: HISTORY_FORMAT,
            version: p.version,
            builtOn: today,
            through: yesterday,
            inception,
            flows,
            splitsKey: splitDigest,
            points: points.filter((pt) => pt.date <= yesterday),
            state,
            recent: events.filter((e) => e.type !== 'split' && e.date > yesterday),
            actionsComplete: rows.complete,
            splits: rows.splits,
            profiles: Object.fromEntries(profiles),
            ledger: head?.ledger ?? {},
            ledgerVersion: head?.ledgerVersion ?? head?.version ?? p.version,
            ledgerOn: head?.ledgerOn ?? today,
            checkpoints: {},
          },
          checkedOn,
        })
      : checkedOn
        ? markChecked(deps, userId, p, today)
        : undefined;
  const benchmark = benchmarkBy.get(BENCHMARK_SYMBOL);
  return {
    portfolio: p,
    points,
    holdings: history.holdings,
    actions: actionViews(p, ledger.actions),
    actionsComplete: rows.complete,
    profiles,
    ...(benchmark ? { benchmark: closesOf(closePairs(benchmark)) } : {}),
    prices,
    ...lotInputs(ledger.trades, ledger.actions),
    ledger,
    source: resume ? 'resumed' : 'replayed',
    ...(through !== undefined ? { resumedAfter: through } : {}),
    ...(keep ? { kept: keep } : {}),
  };
}

/**
 * Keeps what a replay wrote: the ledger's changed blocks and the new month-end states first,
 * then the history naming them, only while the portfolio is still at the version it read (a
 * change in between leaves it all for the next read); then the items no history names.
 */
async function keepHistory(
  deps: EngineDeps,
  userId: string,
  p: PortfolioItem,
  input: {
    head: StoredHistory | undefined;
    ledger: Ledger;
    /**
     * Whether the ledger's blocks are written: those of the changed years, or every one when
     * `changedYears` is undefined (the ledger was read from the items). Absent: they stay.
     */
    fold: { changedYears: ReadonlySet<string> | undefined } | undefined;
    /** The kept month-end states that still hold. */
    checkpoints: Record<string, string>;
    /** The new month-end states. */
    states: readonly ReplayState[];
    history: StoredHistory;
    checkedOn: string | undefined;
  },
): Promise<unknown> {
  const portfolioId = p.portfolioId;
  const stamp = newStamp(p.version);
  const blocks = input.fold
    ? await ledgerBlocks(
        userId,
        portfolioId,
        input.ledger,
        input.head?.ledger,
        input.fold.changedYears,
        stamp,
      )
    : { index: input.history.ledger, puts: [], dropped: [] };
  const checkpoints = { ...input.checkpoints };
  const puts: Record<string, unknown>[] = [...blocks.puts];
  for (const state of input.states) {
    puts.push(await checkpointItem(userId, portfolioId, state, stamp));
    checkpoints[state.through] = stamp;
  }
  const history: StoredHistory = {
    ...input.history,
    ledger: blocks.index,
    ...(input.fold ? { ledgerVersion: p.version, ledgerOn: input.history.builtOn } : {}),
    checkpoints,
  };
  const ours = puts.map((i) => ({ pk: String(i.pk), sk: String(i.sk) }));
  try {
    await batchPut(deps.store, puts);
  } catch (error) {
    logger.warn('portfolio upkeep failed', {
      kind: 'history-items',
      error: error as Error,
      portfolioId,
    });
    recordPortfolioUpkeepFailure();
    await dropItems(deps.store, ours);
    return;
  }
  const result = await writeHistory(deps.store, userId, portfolioId, history, input.checkedOn);
  if (result !== 'written') {
    await dropItems(deps.store, ours);
    return;
  }
  // What the previous history named and this one does not.
  const superseded = [
    ...blocks.dropped,
    ...Object.entries(input.head?.checkpoints ?? {})
      .filter(([day, s]) => checkpoints[day] !== s)
      .map(([day, s]) => keys.portfolioCheckpoint(userId, portfolioId, day, s)),
  ];
  await dropItems(deps.store, superseded);
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

export interface NowOptions {
  /** A kept history already read (null: none). */
  stored?: StoredHistory | null;
  /** The trades and corporate actions are wanted (tax lots, the actions list). */
  ledger?: boolean;
}

/**
 * The one read of a portfolio every view makes. Due dividends and splits are applied first;
 * the history comes from the kept item when it still describes the portfolio, else from the
 * ledger (decisions 130, 175).
 */
export async function portfolioNow(
  deps: EngineDeps,
  userId: string,
  portfolioId: string,
  opts: NowOptions = {},
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
  opts: NowOptions = {},
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
    stored.format === HISTORY_FORMAT &&
    stored.version === portfolio.version &&
    stored.builtOn === today &&
    stored.inception === portfolio.inception.slice(0, 10) &&
    stored.through >= portfolio.inception.slice(0, 10);
  const needLedger = opts.ledger === true || portfolio.costMethod === 'fifo';
  // The kept history has no closes: the S&P 500's are read alongside today's quotes.
  const early = useStored ? benchmarkCloses(deps, portfolio.inception.slice(0, 10)) : undefined;
  const computed =
    (useStored
      ? await fromStored(deps, userId, portfolio, stored, today, needLedger)
      : undefined) ?? (await fromLedger(deps, userId, portfolio, stored, today));
  const { kept, benchmark: read, ...rest } = computed;
  if (early && read) void early.catch(() => undefined);
  const inception = rest.portfolio.inception.slice(0, 10);
  const bars =
    read ??
    (await (early && inception === portfolio.inception.slice(0, 10)
      ? early
      : benchmarkCloses(deps, inception)));
  return {
    now: {
      ...rest,
      today,
      inception,
      benchmark: withToday(bars, rest.prices.get(BENCHMARK_SYMBOL), today),
      sessions: closedSessions(bars, rest.prices.get(BENCHMARK_SYMBOL), nowDate.getTime()),
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
