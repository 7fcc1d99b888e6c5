import type { Profile } from '../../shared/market';
import type { SplitRow } from '../../shared/portfolio/corporate';
import { addDays, dayNumber } from '../../shared/portfolio/days';
import {
  type Close,
  type HoldingFigures,
  navHistory,
  type NavPoint,
  type PerformanceEvent,
} from '../../shared/portfolio/history';
import {
  chartSeries,
  monthlyReturns,
  periodFigures,
  periodRange,
} from '../../shared/portfolio/returns';
import type { PerformancePayload } from '../../shared/portfolio/schemas';
import { now as clockNow } from '../lib/clock';
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
  applyDueActionsOrGoOn,
  type CorporateActionItem,
  corporateRows,
  load,
  type Loaded,
  markChecked,
  type PerformanceDeps,
  settled,
} from './corporate-actions';
import { requirePortfolio, type PortfolioItem, type TransactionItem } from './store';

/**
 * Portfolio performance (decisions 129, 130): the daily NAV history, replayed from the
 * portfolio's events and the symbols' daily closes, kept up to yesterday in one item
 * (stored-history.ts) so that a read replays today only; the period's returns, chart, gain
 * split, holdings and allocation from it. Due dividends and splits are applied first
 * (corporate-actions.ts).
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
