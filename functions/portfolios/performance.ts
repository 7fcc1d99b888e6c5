import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Dividend, Profile, Split } from '../../shared/market';
import {
  type CorporateAction,
  dueCorporateActions,
  type DividendRow,
  type SplitRow,
} from '../../shared/portfolio/corporate';
import { type Close, navHistory, type PerformanceEvent } from '../../shared/portfolio/history';
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
import type { MarketService } from '../market/service';
import { BENCHMARK_NAME, BENCHMARK_SYMBOL } from './figures';
import {
  conditionFailed,
  requirePortfolio,
  type HoldingItem,
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
}

async function load(deps: PerformanceDeps, userId: string, portfolioId: string): Promise<Loaded> {
  const [portfolio, items] = await Promise.all([
    requirePortfolio(deps.store, userId, portfolioId),
    queryPartition(deps.store.client, {
      table: deps.store.table,
      pk: userPk(userId),
      prefix: keys.portfolioChildrenPrefix(portfolioId),
      consistent: true,
      // What the history and the corporate actions read: a third less to read on a long history.
      projection:
        '#type, #symbol, side, quantity, price, #time, costCents, reservedQuantity, actionId, kind, #date, exDate, perShare, amountCents, numerator, denominator, quantityBefore, quantityAfter, imported',
      names: { '#type': 'type', '#symbol': 'symbol', '#time': 'time', '#date': 'date' },
    }),
  ]);
  return {
    portfolio,
    holdings: items.filter((i) => i.type === 'Holding') as unknown as HoldingItem[],
    transactions: items.filter((i) => i.type === 'Transaction') as unknown as TransactionItem[],
    actions: items.filter((i) => i.type === 'CorporateAction') as unknown as CorporateActionItem[],
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

/** One action, once: its item only if absent, cash or quantity moved, the portfolio's version checked and bumped. */
async function applyAction(
  deps: PerformanceDeps,
  userId: string,
  loaded: Loaded,
  action: CorporateAction,
  now: string,
): Promise<CorporateActionItem | undefined> {
  const p = loaded.portfolio;
  const item: CorporateActionItem = {
    ...keys.corporateAction(userId, p.portfolioId, action.id),
    type: 'CorporateAction',
    portfolioId: p.portfolioId,
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
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> =
    [
      {
        Put: {
          TableName: deps.store.table,
          Item: item,
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: deps.store.table,
          Key: keys.portfolio(userId, p.portfolioId),
          UpdateExpression: 'SET cashCents = :cash, version = :next, updatedAt = :now',
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: {
            ':cash': p.cashCents + (action.kind === 'dividend' ? action.amountCents : 0),
            ':next': p.version + 1,
            ':v': p.version,
            ':now': now,
          },
        },
      },
    ];
  const holding = loaded.holdings.find((h) => h.symbol === action.symbol);
  if (action.kind === 'split' && holding) {
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
  try {
    await deps.store.client.send(new TransactWriteCommand({ TransactItems: items }));
    return item;
  } catch (error) {
    if (conditionFailed(error)) return undefined;
    throw error;
  }
}

/** The state after an action was written, without reading it back. */
function applied(loaded: Loaded, item: CorporateActionItem): Loaded {
  const p = loaded.portfolio;
  return {
    ...loaded,
    portfolio: { ...p, cashCents: p.cashCents + (item.amountCents ?? 0), version: p.version + 1 },
    holdings:
      item.kind === 'split'
        ? loaded.holdings.map((h) =>
            h.symbol === item.symbol
              ? {
                  ...h,
                  quantity: Math.max(
                    0,
                    new D(h.quantity)
                      .plus(new D(item.quantityAfter ?? 0).minus(item.quantityBefore ?? 0))
                      .toDecimalPlaces(6, D.ROUND_DOWN)
                      .toNumber(),
                  ),
                  reservedQuantity: new D(h.reservedQuantity ?? 0)
                    .times(item.numerator ?? 1)
                    .div(item.denominator ?? 1)
                    .toDecimalPlaces(6, D.ROUND_DOWN)
                    .toNumber(),
                }
              : h,
          )
        : loaded.holdings,
    actions: [...loaded.actions, item],
  };
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
    const now = (deps.now ? deps.now() : clockNow()).toISOString();
    let conflict = false;
    for (const action of due) {
      const item = await applyAction(deps, userId, loaded, action, now);
      if (!item) {
        conflict = true;
        break;
      }
      loaded = applied(loaded, item);
    }
    if (!conflict) return loaded;
    loaded = await load(deps, userId, portfolioId);
  }
  return loaded;
}

const DAY_MS = 86_400_000;

function closesOf(pairs: readonly (readonly [string, number])[]): Close[] {
  return pairs.map(([date, close]) => ({ date, close }));
}

export async function portfolioPerformance(
  deps: PerformanceDeps,
  userId: string,
  input: PerformancePayload,
) {
  const nowDate = deps.now ? deps.now() : clockNow();
  const today = nowDate.toISOString().slice(0, 10);
  let loaded = await load(deps, userId, input.portfolio_id);
  const symbols = [...new Set(loaded.transactions.map((t) => t.symbol))].sort();
  const rows = await corporateRows(deps.market, symbols);
  loaded = await applyDueActions(deps, userId, input.portfolio_id, today, rows, loaded);
  const p = loaded.portfolio;
  const inception = p.inception.slice(0, 10);
  const from = new Date(Date.parse(`${inception}T00:00:00Z`) - 10 * DAY_MS)
    .toISOString()
    .slice(0, 10);

  const heldSymbols = loaded.holdings.map((h) => h.symbol);
  const [closesBy, profilesBy] = await Promise.all([
    settled(
      deps.market.manySymbols<[string, number][]>('closes', [...symbols, BENCHMARK_SYMBOL], from),
      new Map<string, [string, number][]>(),
      'closes',
    ),
    settled(
      deps.market.manySymbols<Profile[]>('profile', heldSymbols),
      new Map<string, Profile[]>(),
      'profiles',
    ),
  ]);
  const closes = symbols.map((symbol) => [symbol, closesOf(closesBy.get(symbol) ?? [])] as const);
  const benchmark = closesOf(closesBy.get(BENCHMARK_SYMBOL) ?? []);
  const profiles = heldSymbols.map(
    (symbol) => [symbol, profilesBy.get(symbol)?.[0] ?? null] as const,
  );

  const events: PerformanceEvent[] = [
    { type: 'flow', date: inception, amountCents: p.initialSeedCents },
    ...p.capitalFlows.map((f) => ({
      type: 'flow' as const,
      date: f.date.slice(0, 10),
      amountCents: f.amountCents,
    })),
    ...[...loaded.transactions]
      .sort((a, b) => a.time.localeCompare(b.time))
      .map((t) => ({
        type: t.side,
        date: t.time.slice(0, 10),
        symbol: t.symbol,
        quantity: t.quantity,
        price: t.price,
      })),
    ...loaded.actions
      .filter((a) => a.kind === 'dividend')
      .map((a) => ({
        type: 'dividend' as const,
        date: a.date,
        symbol: a.symbol,
        amountCents: a.amountCents ?? 0,
      })),
    // Every split of a traded symbol: the closes are adjusted for all of them.
    ...rows.splits.map((s) => ({ type: 'split' as const, ...s, date: s.date.slice(0, 10) })),
  ];
  const result = navHistory({
    start: inception,
    end: today < inception ? inception : today,
    events,
    closes: new Map(closes),
  });
  if (!result.ok) throw new Error(`NAV history of ${p.portfolioId}: ${result.error.message}`);
  const { points, holdings } = result.history;
  const range = periodRange(
    input.period,
    inception,
    today,
    input.period === 'custom' ? { from: input.from!, to: input.to! } : undefined,
  );
  const figures = periodFigures(points, range);
  const chart = chartSeries(points, range, benchmark);
  const navNow = points.at(-1)?.navCents ?? p.cashCents;
  const profileOf = new Map(profiles);
  const held = holdings.filter((h) => h.quantity > 0);
  const allocation = [
    ...held.map((h) => ({
      symbol: h.symbol,
      name: profileOf.get(h.symbol)?.companyName ?? h.symbol,
      sector: profileOf.get(h.symbol)?.sector || 'Unknown',
      industry: profileOf.get(h.symbol)?.industry || 'Unknown',
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

  return {
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
      corporate_actions: loaded.actions
        .map((a) => ({
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
        }))
        .sort((a, b) => b.date.localeCompare(a.date)),
      corporate_actions_complete: rows.complete,
      cost_method: 'average cost',
    },
    asOf: nowDate.toISOString(),
  };
}
