import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import {
  ACTIVITY_DATE_FLOOR,
  checkSequence,
  CsvFileError,
  guessMapping,
  IMPORT_FIELDS,
  parseCsv,
  readImportRows,
  type ColumnMapping,
  type ImportRow,
  type SequenceRow,
} from '../../shared/portfolio/csv-import';
import { earliestDay, mergeRows } from '../../shared/portfolio/import-merge';
import { type ActivityRow, sortActivity } from '../../shared/portfolio/activity';
import {
  type CorporateAction,
  dividendActionId,
  dueCorporateActions,
  type SplitRow,
} from '../../shared/portfolio/corporate';
import { navHistory } from '../../shared/portfolio/history';
import { formatUsd, NAV_MAX_CENTS } from '../../shared/portfolio/money';
import { priceProblem } from '../../shared/portfolio/price-range';
import type { ImportTransactionsPayload } from '../../shared/portfolio/schemas';
import { now as clockNow } from '../lib/clock';
import { queryPartition } from '../lib/dynamo';
import { BadRequestError, ServiceUnavailableError } from '../lib/errors';
import { keys, userPk } from '../lib/keys';
import { logger } from '../lib/logger';
import { recordPortfolioUpkeepFailure } from '../lib/metrics';
import type { MarketService } from '../market/service';
import { type CachedCloses, type CachedRanges, closePairs, rangesByDay } from '../market/closes';
import {
  actionItem,
  type CorporateActionItem,
  corporateRows,
  settled,
  upkeepFailed,
} from './corporate-actions';
import { eventsOf, portfolioNow } from './engine';
import { BENCHMARK_SYMBOL } from './figures';
import {
  batchDeleteKeys,
  batchPut,
  changeRecord,
  dropItems,
  type LedgerAction,
  type LedgerTrade,
} from './ledger';
import {
  conditionFailed,
  holdingsOf,
  type HoldingItem,
  type PortfolioItem,
  type PortfolioStore,
  type TransactionItem,
} from './store';

/** Batches of created items written at once. */
const WRITE_CONCURRENCY = 8;

/**
 * CSV import into any portfolio (decisions 129, 130, 131). The file's rows are merged with the
 * portfolio's own activity by date: rows it already has (same day, type, symbol, quantity and
 * price, or amount) are reported as duplicates and skipped; the rest are checked in the order a
 * replay takes them, together with the portfolio's own trades. A portfolio with no activity of
 * its own takes a file's deposits as the money put in (they replace the amount it was created
 * with); any other keeps its own and adds the file's. The inception moves back to the first day
 * of the file when it is earlier.
 *
 * What is written comes from the one engine: cash and every touched holding are the replay of
 * all the portfolio's events with the file's, never sums of this file alone. The dividends and
 * splits of every symbol the file trades are derived again from the merged trades under a new
 * basis (the import's hash; `PortfolioItem.actionBasis`), so a backdated buy earns the dividends
 * it was due; the earlier ones of those symbols stop counting in the same transaction.
 *
 * A commit is all or nothing, in three steps:
 * 1. one write marks the portfolio `importing` (the hash of the accepted rows), bumping its
 *    version, only if it is still at the previewed version with no other import under way;
 * 2. the transactions, dividends and derived actions are written (batches in parallel), each
 *    carrying `importId`; while the mark is on, every read leaves them out;
 * 3. one transaction writes the touched holdings, the import record (keyed by the hash, only if
 *    absent, so the same file committed twice creates nothing the second time), the record of
 *    what changed (for the engine's ledger, decision 175) and the portfolio (cash, flows,
 *    inception, bases), clearing the mark, only if it is still at the marked version.
 * If step 2 or 3 fails, what was written is deleted and the mark cleared; a mark left by a
 * process that died is cleared, with its items, by the next import after IMPORT_STALE_MS.
 *
 * Bounded in time (decision 178): a commit that would write more than COMMIT_ITEMS_MAX items is
 * refused by the preview and not started; one running out of the function's time stops before
 * step 3 (it is undone and says so), so a commit is never applied after its answer said it failed.
 */

/**
 * Rows of each list (accepted, refused, duplicates) an answer carries; the counts are over all
 * of them. A file's 5,000 rows listed in full could pass 1 MB (decision 176); the first thousand
 * of each say what the file holds and what is wrong with it.
 */
export const IMPORT_ANSWER_ROWS = 1_000;

/** DynamoDB's limit of items in one transaction. */
const ITEMS_PER_TRANSACTION = 100;
/** The final transaction holds the portfolio, the import and change records and one holding per symbol. */
const MAX_SYMBOLS = ITEMS_PER_TRANSACTION - 3;
/**
 * An import mark older than this belongs to a commit that died: a commit stops before the
 * function's time is up (at most 29 s, API Gateway's limit), so a minute is past any live one.
 */
export const IMPORT_STALE_MS = 60_000;
/** The most items one commit writes (trades, dividends, derived actions): what fits its time. */
export const COMMIT_ITEMS_MAX = 12_000;
/** Time kept back for the final transaction and the answer: step 3 is not begun with less left. */
export const COMMIT_MARGIN_MS = 3_500;
/** Items written before the pace of the writes is trusted to say whether the rest fits. */
const PACE_AFTER_ITEMS = 400;
/** A commit's time when the function does not say (tests, scripts): a deployed function's 10 s. */
const DEFAULT_BUDGET_MS = 10_000;

export interface ImportDeps {
  store: PortfolioStore;
  market: MarketService;
  now?: () => Date;
  /** The function's time left (Lambda's context); a commit keeps COMMIT_MARGIN_MS of it. */
  remainingMs?: () => number;
}

async function knownSymbols(
  market: MarketService,
  symbols: readonly string[],
): Promise<Set<string>> {
  if (symbols.length > MAX_SYMBOLS)
    throw new BadRequestError(`The file names more than ${MAX_SYMBOLS} symbols`);
  // One cached read per 100 symbols; an unknown or unavailable one is refused with the reason.
  const profiles = await settled(
    market.manySymbols<unknown[]>('profile', symbols),
    new Map<string, unknown[]>(),
    'profiles',
  );
  return new Set(symbols.filter((s) => (profiles.get(s)?.length ?? 0) > 0));
}

/**
 * Each trade row's price against its day's traded range (decision 177): the rows refused, with
 * the range named. The ranges are one cached read per symbol from the start of the file's year.
 */
async function priceChecked<T extends ImportRow>(
  market: MarketService,
  rows: readonly T[],
  splits: readonly SplitRow[],
): Promise<{ rows: T[]; rejected: { line: number; reason: string }[] }> {
  const trades = rows.filter((r) => r.type === 'buy' || r.type === 'sell');
  if (trades.length === 0) return { rows: [...rows], rejected: [] };
  const from = `${trades.reduce((d, r) => (r.date < d ? r.date : d), trades[0]!.date).slice(0, 4)}-01-01`;
  const symbols = [...new Set(trades.map((r) => r.symbol!))].sort();
  const read = await settled(
    market.manySymbols<CachedRanges>('ranges', symbols, from),
    new Map<string, CachedRanges>(),
    'ranges',
  );
  const ranges = new Map(symbols.map((s) => [s, rangesByDay(read.get(s))]));
  const rejected: { line: number; reason: string }[] = [];
  const kept: T[] = [];
  for (const r of rows) {
    if (r.type !== 'buy' && r.type !== 'sell') {
      kept.push(r);
      continue;
    }
    const known = ranges.get(r.symbol!)!;
    // Without the market's ranges (unavailable right now) the row cannot be checked: refused.
    const problem =
      known.size === 0 && !read.has(r.symbol!)
        ? `The traded range of ${r.symbol} cannot be read right now: try again shortly`
        : priceProblem(
            { line: r.line, date: r.date, symbol: r.symbol!, price: r.price! },
            known,
            splits.filter((s) => s.symbol === r.symbol),
          );
    if (problem) rejected.push({ line: r.line, reason: problem });
    else kept.push(r);
  }
  return { rows: kept, rejected };
}

/**
 * The first day an activity row may carry: the stated floor, or the S&P 500's first close the
 * market data has when that is later (a portfolio is measured against it from its first day).
 */
async function firstMarketDay(market: MarketService): Promise<string> {
  const closes = await settled(
    market.manySymbols<CachedCloses>('closes', [BENCHMARK_SYMBOL], ACTIVITY_DATE_FLOOR),
    new Map<string, CachedCloses>(),
    'closes',
  );
  const first = closePairs(closes.get(BENCHMARK_SYMBOL))
    .map(([date]) => date.slice(0, 10))
    .sort()
    .at(0);
  return first && first > ACTIVITY_DATE_FLOOR ? first : ACTIVITY_DATE_FLOOR;
}

function rowHash(fileHash: string, row: ImportRow): string {
  return createHash('sha256').update(`${fileHash}|${row.line}`).digest('hex').slice(0, 24);
}

/**
 * A portfolio's activity in the import's terms (one function for the export and for the
 * duplicates and checks of an import): the money put in (the starting amount on the inception
 * day, unless `withSeed` is false) and every later change, every trade, every dividend credited.
 * Splits are not rows: they come from the provider.
 */
export function activityOf(
  p: PortfolioItem,
  transactions: readonly Pick<
    TransactionItem,
    'time' | 'side' | 'symbol' | 'quantity' | 'price' | 'valueCents' | 'feeCents'
  >[],
  actions: readonly Pick<CorporateActionItem, 'kind' | 'date' | 'symbol' | 'amountCents'>[],
  withSeed = true,
): SequenceRow[] {
  const flow = (date: string, cents: number): SequenceRow => ({
    date,
    type: cents >= 0 ? 'deposit' : 'withdrawal',
    symbol: null,
    quantity: null,
    price: null,
    amountCents: Math.abs(cents),
    feeCents: 0,
  });
  return [
    ...(withSeed && p.initialSeedCents !== 0
      ? [flow(p.inception.slice(0, 10), p.initialSeedCents)]
      : []),
    ...p.capitalFlows.map((f) => flow(f.date.slice(0, 10), f.amountCents)),
    ...[...transactions]
      .sort((a, b) => a.time.localeCompare(b.time))
      .map((t) => ({
        date: t.time.slice(0, 10),
        type: t.side,
        symbol: t.symbol,
        quantity: t.quantity,
        price: t.price,
        amountCents: t.valueCents,
        feeCents: t.feeCents ?? 0,
      })),
    ...actions
      .filter((a) => a.kind === 'dividend')
      .map((d) => ({
        date: d.date,
        type: 'dividend' as const,
        symbol: d.symbol,
        quantity: null,
        price: null,
        amountCents: d.amountCents ?? 0,
        feeCents: 0,
      })),
  ];
}

interface Portfolio {
  portfolio: PortfolioItem;
  transactions: LedgerTrade[];
  actions: LedgerAction[];
  holdings: HoldingItem[];
  /** Whether the portfolio has any order (open or not) and any import committed. */
  hasOrders: boolean;
  hasImports: boolean;
}

/** Whether any item sorts under the prefix (one item read at most). */
async function anyUnder(store: PortfolioStore, userId: string, prefix: string): Promise<boolean> {
  const items = await queryPartition(store.client, {
    table: store.table,
    pk: userPk(userId),
    prefix,
    consistent: true,
    limit: 1,
    projection: 'pk',
  });
  return items.length > 0;
}

/**
 * The portfolio as the engine has it now (due dividends and splits applied; its trades and
 * actions from the kept ledger, decision 175), with its holdings and whether it has orders or
 * imports: what an import is checked against, without reading every item.
 */
async function readPortfolio(
  deps: ImportDeps,
  userId: string,
  portfolioId: string,
): Promise<Portfolio> {
  const now = await portfolioNow(deps, userId, portfolioId, { ledger: true });
  const p = now.portfolio;
  const [holdings, hasOrders, hasImports] = await Promise.all([
    holdingsOf(deps.store, userId, portfolioId),
    anyUnder(deps.store, userId, keys.portfolioOrdersPrefix(portfolioId)),
    anyUnder(deps.store, userId, keys.portfolioImportsPrefix(portfolioId)),
  ]);
  return {
    portfolio: p,
    transactions: now.ledger?.trades ?? [],
    actions: now.ledger?.actions ?? [],
    holdings: holdings.filter((h) => h.type === 'Holding'),
    hasOrders,
    hasImports,
  };
}

/** Trade times on a day: after the portfolio's own trades of that day, a second apart from 14:30 UTC. */
function stamper(existing: readonly Pick<LedgerTrade, 'time'>[]) {
  const last = new Map<string, number>();
  for (const t of existing) {
    const day = t.time.slice(0, 10);
    last.set(day, Math.max(last.get(day) ?? 0, Date.parse(t.time)));
  }
  return (date: string) => {
    const floor = Date.parse(`${date}T14:30:00.000Z`) - 1000;
    const at = Math.max(last.get(date) ?? floor, floor) + 1000;
    last.set(date, at);
    return new Date(at).toISOString();
  };
}

/** What a commit writes, computed before anything is written (and shown by the preview). */
interface Plan {
  portfolio: PortfolioItem;
  /** New items: the file's trades and dividends, and the touched symbols' derived actions. */
  created: Record<string, unknown>[];
  /** Holdings written, by symbol (quantity 0: deleted). */
  holdings: Map<string, { quantity: number; costCents: number }>;
  /** Actions of the touched symbols that stop counting (deleted after the commit), by id. */
  superseded: string[];
  /** The earliest day the import changes (a file row's, a derived or superseded action's). */
  from: string;
}

/**
 * The earliest day on which the actions derived again differ from those they replace (a day,
 * symbol, kind and amount one has and the other has not): before it, the replay is as it was.
 * Derived again under the import's basis, a symbol's earlier dividends come back the same.
 */
function firstDifference(
  before: readonly Pick<
    LedgerAction,
    'date' | 'symbol' | 'kind' | 'amountCents' | 'quantityAfter'
  >[],
  after: readonly Pick<
    LedgerAction,
    'date' | 'symbol' | 'kind' | 'amountCents' | 'quantityAfter'
  >[],
): string | undefined {
  const key = (a: (typeof before)[number]) =>
    `${a.date}|${a.symbol}|${a.kind}|${a.amountCents ?? ''}|${a.quantityAfter ?? ''}`;
  const count = new Map<string, number>();
  for (const a of before) count.set(key(a), (count.get(key(a)) ?? 0) + 1);
  for (const a of after) count.set(key(a), (count.get(key(a)) ?? 0) - 1);
  let first: string | undefined;
  for (const [k, n] of count) {
    const date = k.slice(0, k.indexOf('|'));
    if (n !== 0 && (first === undefined || date < first)) first = date;
  }
  return first;
}

/**
 * The portfolio as it will be: the file's accepted rows merged with its items, the touched
 * symbols' dividends and splits derived again, and cash and holdings from a replay of all of it
 * by the engine (which refuses what cannot be: a sale beyond the holding, cash below zero).
 */
function planImport(input: {
  userId: string;
  current: Portfolio;
  accepted: readonly ImportRow[];
  replaceSeed: boolean;
  fileHash: string;
  rows: Awaited<ReturnType<typeof corporateRows>>;
  today: string;
  at: string;
}): { ok: true; plan: Plan } | { ok: false; message: string } {
  const { userId, current, accepted, fileHash, rows, today, at } = input;
  const p = current.portfolio;
  const stamp = stamper(current.transactions);
  const trades: TransactionItem[] = [];
  const dividends: CorporateActionItem[] = [];
  for (const r of accepted) {
    const id = `imp-${rowHash(fileHash, r)}`;
    if (r.type === 'buy' || r.type === 'sell') {
      const time = stamp(r.date);
      trades.push({
        ...keys.transaction(userId, p.portfolioId, time, id),
        type: 'Transaction',
        portfolioId: p.portfolioId,
        txnId: id,
        symbol: r.symbol!,
        side: r.type,
        quantity: r.quantity!,
        price: r.price!,
        valueCents: r.amountCents,
        ...(r.feeCents > 0 ? { feeCents: r.feeCents } : {}),
        time,
        orderType: 'market',
        importId: fileHash,
      });
    } else if (r.type === 'dividend') {
      const actionId = `${dividendActionId(r.symbol!, r.date)}#${id}`;
      dividends.push({
        ...keys.corporateAction(userId, p.portfolioId, actionId),
        type: 'CorporateAction',
        portfolioId: p.portfolioId,
        actionId,
        kind: 'dividend',
        symbol: r.symbol!,
        date: r.date,
        amountCents: r.amountCents,
        imported: true,
        importId: fileHash,
        createdAt: at,
      });
    }
  }

  // The portfolio's money in: a portfolio without activity of its own takes the file's
  // deposits instead of its starting amount; a file earlier than the inception moves it back,
  // the starting amount staying on its own day.
  const flows = accepted
    .filter((r) => r.type === 'deposit' || r.type === 'withdrawal')
    .map((r) => ({
      date: r.date,
      amountCents: r.type === 'deposit' ? r.amountCents : -r.amountCents,
    }));
  const first = earliestDay(accepted) ?? p.inception.slice(0, 10);
  const movesBack = first < p.inception.slice(0, 10);
  const keepSeedApart = movesBack && !input.replaceSeed && p.initialSeedCents !== 0;
  const netFlows = flows.reduce((s, f) => s + f.amountCents, 0);
  const next: PortfolioItem = {
    ...p,
    inception: movesBack ? `${first}T00:00:00.000Z` : p.inception,
    initialSeedCents: input.replaceSeed || keepSeedApart ? 0 : p.initialSeedCents,
    capitalFlows: [
      ...(keepSeedApart ? [{ date: p.inception, amountCents: p.initialSeedCents }] : []),
      ...p.capitalFlows,
      ...flows,
    ],
    investmentCents: p.investmentCents - (input.replaceSeed ? p.initialSeedCents : 0) + netFlows,
  };

  // The touched symbols' dividends and splits, derived again from the merged trades.
  const touched = new Set(
    [...trades, ...dividends].map((i) => i.symbol).filter((s): s is string => Boolean(s)),
  );
  const bases = { ...(p.actionBasis ?? {}) };
  for (const symbol of touched) bases[symbol] = fileHash;
  next.actionBasis = bases;
  const allTrades = [...current.transactions, ...trades];
  const importedUntil = new Map<string, string>();
  for (const a of [...current.actions, ...dividends])
    if (a.imported && a.date > (importedUntil.get(a.symbol) ?? ''))
      importedUntil.set(a.symbol, a.date);
  const splits = rows.splits.filter((s) => s.date.slice(0, 10) <= today);
  const derived: CorporateAction[] = dueCorporateActions({
    trades: allTrades
      .filter((t) => touched.has(t.symbol))
      .map((t) => ({
        date: t.time.slice(0, 10),
        symbol: t.symbol,
        side: t.side,
        quantity: t.quantity,
      })),
    dividends: rows.dividends.filter((d) => touched.has(d.symbol)),
    splits: splits.filter((s) => touched.has(s.symbol)),
    today,
    bases,
  }).filter((a) => !(a.kind === 'dividend' && a.payDate <= (importedUntil.get(a.symbol) ?? '')));
  const derivedItems = derived.map((a) => ({
    ...actionItem(userId, next, a, at, fileHash),
    importId: fileHash,
  }));
  const superseded = current.actions.filter((a) => !a.imported && touched.has(a.symbol));
  const actions = [
    ...current.actions.filter((a) => !superseded.includes(a)),
    ...dividends,
    ...derivedItems,
  ];

  const replay = navHistory({
    start: next.inception.slice(0, 10),
    end: today < next.inception.slice(0, 10) ? next.inception.slice(0, 10) : today,
    events: eventsOf(next, allTrades, actions, splits),
    closes: new Map(),
  });
  if (!replay.ok) return { ok: false, message: replay.error.message };
  // Every total a portfolio shows stays exact in cents: its value stays under NAV_MAX_CENTS.
  const highest = replay.history.points.reduce(
    (top, pt) => (pt.navCents > top.navCents ? pt : top),
    replay.history.points[0] ?? { date: today, navCents: 0 },
  );
  if (highest.navCents > NAV_MAX_CENTS)
    return {
      ok: false,
      message: `its value would reach ${formatUsd(highest.navCents)} on ${highest.date}, above the ${formatUsd(NAV_MAX_CENTS)} a portfolio can hold`,
    };
  const last = replay.history.points.at(-1);
  next.cashCents = last?.cashCents ?? next.cashCents;
  // Every holding the replay and the ledger disagree on is written (the touched ones at least).
  const ledger = new Map(current.holdings.map((h) => [h.symbol, h]));
  const holdings = new Map<string, { quantity: number; costCents: number }>();
  for (const h of replay.history.holdings) {
    const had = ledger.get(h.symbol);
    if (touched.has(h.symbol) || had?.quantity !== h.quantity || had?.costCents !== h.costCents)
      if (had || h.quantity > 0)
        holdings.set(h.symbol, { quantity: h.quantity, costCents: h.costCents });
  }
  return {
    ok: true,
    plan: {
      portfolio: next,
      created: [...trades, ...dividends, ...derivedItems] as unknown as Record<string, unknown>[],
      holdings,
      superseded: superseded.map((a) => a.actionId),
      from: [...accepted.map((r) => r.date), firstDifference(superseded, derivedItems)]
        .filter((d): d is string => d !== undefined)
        .reduce((min, d) => (d < min ? d : min), today),
    },
  };
}

export async function importTransactions(
  deps: ImportDeps,
  userId: string,
  input: ImportTransactionsPayload,
) {
  const now = deps.now ? deps.now() : clockNow();
  const today = now.toISOString().slice(0, 10);
  const at = now.toISOString();
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(input.csv, Buffer.byteLength(input.csv));
  } catch (error) {
    if (error instanceof CsvFileError)
      throw new BadRequestError(error.message, { csv: error.message });
    throw error;
  }
  const mapping: ColumnMapping = input.mapping ?? guessMapping(parsed.header);
  for (const field of ['date', 'type'] as const)
    if (mapping[field] === undefined)
      throw new BadRequestError(`Choose the column that holds the ${field}`, {
        mapping: `The ${field} column is not mapped`,
      });

  // The budget starts with the request: a commit stops COMMIT_MARGIN_MS before the function ends.
  const started = Date.now();
  const budgetMs = deps.remainingMs ? deps.remainingMs() : DEFAULT_BUDGET_MS;
  const timeLeft = () =>
    deps.remainingMs ? deps.remainingMs() : budgetMs - (Date.now() - started);
  const fileSymbols = [
    ...new Set(
      parsed.rows
        .map((r) =>
          mapping.symbol === undefined ? '' : (r[mapping.symbol] ?? '').trim().toUpperCase(),
        )
        .filter(Boolean),
    ),
  ];
  // Due dividends and splits first (the engine's read): the file is checked against the
  // portfolio as it is today.
  const [current, known, floor] = await Promise.all([
    readPortfolio(deps, userId, input.portfolio_id),
    knownSymbols(deps.market, fileSymbols),
    firstMarketDay(deps.market),
  ]);
  const p = current.portfolio;
  const read = readImportRows({
    rows: parsed.rows,
    lines: parsed.lines,
    dateFormat: input.date_format,
    typeWords: input.type_words,
    mapping,
    today,
    floor,
    knownSymbols: known,
  });

  // A portfolio with no activity of its own takes a file's deposits as the money put in.
  const fresh =
    current.transactions.length === 0 &&
    !current.hasOrders &&
    current.actions.length === 0 &&
    p.capitalFlows.length === 0 &&
    !current.hasImports;
  const replaceSeed = fresh && read.rows.some((r) => r.type === 'deposit');
  const imported = current.actions.filter((a) => a.imported);
  const own = activityOf(p, current.transactions, imported, !replaceSeed);
  const derived = activityOf(
    p,
    [],
    current.actions.filter((a) => !a.imported),
    false,
  ).filter((r) => r.type === 'dividend');
  const { fresh: newRows, duplicates, existing } = mergeRows({ incoming: read.rows, own, derived });
  const rows = await corporateRows(deps.market, [
    ...new Set([
      ...current.transactions.map((t) => t.symbol),
      ...newRows.flatMap((r) => (r.symbol ? [r.symbol] : [])),
    ]),
  ]);
  const splitsToday = rows.splits.filter((s) => s.date.slice(0, 10) <= today);
  // A trade's price far outside its day's traded range is refused (decision 177).
  const priced = await priceChecked(deps.market, newRows, splitsToday);
  const checked = checkSequence({ existing, incoming: priced.rows, splits: splitsToday });
  const accepted = checked.accepted;
  const fileHash = createHash('sha256').update(JSON.stringify(accepted)).digest('hex').slice(0, 32);
  // Imported before: the same accepted rows, or nothing left that the portfolio does not have.
  const already =
    (accepted.length > 0 &&
      (await anyUnder(
        deps.store,
        userId,
        keys.portfolioImport(userId, p.portfolioId, fileHash).sk,
      ))) ||
    (accepted.length === 0 && duplicates.length > 0);
  const planned =
    accepted.length > 0 && !checked.blocker
      ? planImport({ userId, current, accepted, replaceSeed, fileHash, rows, today, at })
      : undefined;
  const plan = planned?.ok ? planned.plan : undefined;
  const importing =
    p.importing !== undefined &&
    now.getTime() - Date.parse(p.importStartedAt ?? '') < IMPORT_STALE_MS;
  const shortOf =
    plan &&
    (plan.portfolio.cashCents < p.reservedCents
      ? 'cash set aside for open orders'
      : current.holdings.find(
          (h) => (plan.holdings.get(h.symbol)?.quantity ?? h.quantity) < (h.reservedQuantity ?? 0),
        )?.symbol);
  const symbolsWritten = plan?.holdings.size ?? 0;

  const view = (r: ImportRow) => ({
    line: r.line,
    date: r.date,
    type: r.type,
    symbol: r.symbol,
    quantity: r.quantity,
    price: r.price,
    amount_cents: r.amountCents,
    fee_cents: r.feeCents,
  });
  const rejected = [...read.rejected, ...priced.rejected, ...checked.rejected].sort(
    (a, b) => a.line - b.line,
  );
  // Each list's first IMPORT_ANSWER_ROWS rows, with the counts over all of them (decision 176).
  const summary = {
    header: parsed.header,
    fields: IMPORT_FIELDS,
    mapping,
    accepted: accepted.slice(0, IMPORT_ANSWER_ROWS).map(view),
    accepted_count: accepted.length,
    rejected: rejected.slice(0, IMPORT_ANSWER_ROWS),
    rejected_count: rejected.length,
    duplicates: duplicates.slice(0, IMPORT_ANSWER_ROWS).map(view),
    duplicates_count: duplicates.length,
    already_imported: already,
    items: plan ? plan.created.length + 3 + symbolsWritten : 0,
    cash_after_cents: plan ? plan.portfolio.cashCents : null,
  };
  const blocker = already
    ? 'Every row of this file that can be imported is already in this portfolio: nothing new would be created'
    : accepted.length === 0
      ? 'No row of this file can be imported'
      : checked.blocker
        ? checked.blocker
        : planned && !planned.ok
          ? `This file cannot be merged with the portfolio: ${planned.message}`
          : shortOf
            ? `This file would leave the portfolio short of what open orders set aside (${shortOf}): cancel them first`
            : symbolsWritten > MAX_SYMBOLS
              ? `The import would change more than ${MAX_SYMBOLS} holdings at once: split the file`
              : summary.items > COMMIT_ITEMS_MAX
                ? `The import would write ${summary.items.toLocaleString('en-US')} items, more than one import can write in its time (${COMMIT_ITEMS_MAX.toLocaleString('en-US')}): split the file, by date or by symbol`
                : importing
                  ? 'Another import into this portfolio is under way: try again in a minute'
                  : null;
  if (input.mode === 'preview') return { data: { ...summary, blocker, created: 0 } };
  if (blocker || !plan) throw new BadRequestError(blocker ?? 'No row of this file can be imported');

  // A mark left by a commit that died: its items go before this import starts.
  if (p.importing !== undefined) await clearImport(deps.store, userId, p.portfolioId, p.importing);
  const next = plan.portfolio;
  const holdingWrites = [...plan.holdings].map(([symbol, h]) =>
    h.quantity > 0
      ? {
          Update: {
            TableName: deps.store.table,
            Key: keys.holding(userId, p.portfolioId, symbol),
            UpdateExpression:
              'SET #type = :holding, portfolioId = :pid, symbol = :symbol, quantity = :q, costCents = :cost, reservedQuantity = if_not_exists(reservedQuantity, :zero), updatedAt = :now',
            // Never over an item of another kind.
            ConditionExpression: 'attribute_not_exists(pk) OR #type = :holding',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: {
              ':holding': 'Holding',
              ':pid': p.portfolioId,
              ':symbol': symbol,
              ':q': h.quantity,
              ':cost': h.costCents,
              ':zero': 0,
              ':now': at,
            },
          },
        }
      : {
          Delete: { TableName: deps.store.table, Key: keys.holding(userId, p.portfolioId, symbol) },
        },
  );
  const created = plan.created;
  const final: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> =
    [
      {
        Update: {
          TableName: deps.store.table,
          Key: keys.portfolio(userId, p.portfolioId),
          UpdateExpression:
            'SET inception = :inception, initialSeedCents = :seed, capitalFlows = :flows, cashCents = :cash, investmentCents = :investment, actionBasis = :bases, version = :next, updatedAt = :now REMOVE actionsCheckedOn, importing, importStartedAt' +
            (next.inception !== p.inception ? ', benchmarkStart' : ''),
          ConditionExpression: 'version = :v AND importing = :hash',
          ExpressionAttributeValues: {
            ':inception': next.inception,
            ':flows': next.capitalFlows,
            ':cash': next.cashCents,
            ':seed': next.initialSeedCents,
            ':investment': next.investmentCents,
            ':bases': next.actionBasis ?? {},
            ':next': p.version + 2,
            ':v': p.version + 1,
            ':hash': fileHash,
            ':now': at,
          },
        },
      },
      {
        Put: {
          TableName: deps.store.table,
          Item: {
            ...keys.portfolioImport(userId, p.portfolioId, fileHash),
            type: 'Import',
            portfolioId: p.portfolioId,
            rows: accepted.length,
            createdAt: at,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      // What the import changed, for the engine's ledger (decision 175).
      changeRecord(
        deps.store,
        userId,
        p.portfolioId,
        p.version + 2,
        {
          from: plan.from,
          trades: created.filter((i) => i.type === 'Transaction') as unknown as TransactionItem[],
          actions: created.filter(
            (i) => i.type === 'CorporateAction',
          ) as unknown as CorporateActionItem[],
          removed: plan.superseded,
        },
        now,
      ),
      ...holdingWrites,
    ];

  const refused = () =>
    new BadRequestError(
      'The portfolio changed or this file was imported meanwhile: nothing was written; preview it again',
    );
  const outOfTime = () =>
    new ServiceUnavailableError(
      'The import ran out of time before it could finish: nothing was written. Try again; if it happens again, split the file',
    );
  // Reading and checking took the time the writes need (twice the last step's): not started.
  if (timeLeft() < 2 * COMMIT_MARGIN_MS) {
    upkeepFailed('import-time');
    throw outOfTime();
  }
  // 1. The mark.
  try {
    await deps.store.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: deps.store.table,
              Key: keys.portfolio(userId, p.portfolioId),
              UpdateExpression: 'SET importing = :hash, importStartedAt = :now, version = :next',
              ConditionExpression: 'version = :v AND attribute_not_exists(importing)',
              ExpressionAttributeValues: {
                ':hash': fileHash,
                ':now': at,
                ':next': p.version + 1,
                ':v': p.version,
              },
            },
          },
          changeRecord(deps.store, userId, p.portfolioId, p.version + 1, {}, now),
        ],
      }),
    );
  } catch (error) {
    if (conditionFailed(error)) throw refused();
    throw error;
  }
  const createdKeys = created.map((c) => ({ pk: String(c.pk), sk: String(c.sk) }));
  // 2. The items, 3. the rest and the portfolio; or nothing. The writes stop as soon as, at the
  // pace so far, the rest would not leave COMMIT_MARGIN_MS for the last step: what was written
  // is then deleted while there is still time to answer.
  const writing = Date.now();
  let late = false;
  let sent: number;
  try {
    sent = await batchPut(deps.store, created, WRITE_CONCURRENCY, (written) => {
      if (written < PACE_AFTER_ITEMS) return false;
      const rest = ((Date.now() - writing) / written) * (created.length - written);
      late = rest > timeLeft() - COMMIT_MARGIN_MS;
      return late;
    });
  } catch (error) {
    await undoImport(deps.store, userId, p.portfolioId, fileHash, createdKeys);
    throw error;
  }
  // Too little time left for the last step and the answer: undone, and said so.
  if (late || timeLeft() < COMMIT_MARGIN_MS) {
    await undoImport(deps.store, userId, p.portfolioId, fileHash, createdKeys.slice(0, sent));
    // Counted (the PortfolioUpkeepFailures alarm): a file the preview took that cannot be written.
    upkeepFailed('import-time');
    throw outOfTime();
  }
  try {
    await deps.store.client.send(new TransactWriteCommand({ TransactItems: final }));
  } catch (error) {
    // A transaction whose answer was lost may have been applied: the import record says.
    if (!conditionFailed(error) && (await committed(deps.store, userId, p.portfolioId, fileHash))) {
      logger.warn('import committed although its last write failed', { error: error as Error });
    } else {
      await undoImport(deps.store, userId, p.portfolioId, fileHash, createdKeys);
      if (conditionFailed(error)) throw refused();
      throw error;
    }
  }
  // The touched symbols' earlier dividends and splits no longer count; they are tidied away.
  await dropItems(
    deps.store,
    plan.superseded.map((id) => keys.corporateAction(userId, p.portfolioId, id)),
  );
  return { data: { ...summary, blocker: null, created: accepted.length } };
}

/** Whether the import of these rows is recorded (its last transaction applied). */
async function committed(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
  hash: string,
): Promise<boolean> {
  try {
    const out = await store.client.send(
      new GetCommand({
        TableName: store.table,
        Key: keys.portfolioImport(userId, portfolioId, hash),
        ConsistentRead: true,
      }),
    );
    return out.Item !== undefined;
  } catch {
    return false;
  }
}

/** Rows of one answer of the activity export: a file's worth, well under 1 MB (decision 176). */
export const EXPORT_PAGE_ROWS = 5_000;

/**
 * A portfolio's activity as rows of the import's columns (decision 130): the starting amount
 * and every later change of the invested amount as deposits and withdrawals, every trade, every
 * dividend credited (imported ones too), oldest first, EXPORT_PAGE_ROWS rows from `offset` an
 * answer. Splits are not rows: they come from the provider.
 */
export async function exportActivity(
  deps: ImportDeps,
  userId: string,
  portfolioId: string,
  offset = 0,
) {
  // Dividends and splits due are applied first, as on every screen.
  const now = await portfolioNow(deps, userId, portfolioId, { ledger: true });
  const p = now.portfolio;
  const all = sortActivity(
    activityOf(p, now.ledger?.trades ?? [], now.ledger?.actions ?? []).map((r) => ({
      date: r.date,
      type: r.type,
      symbol: r.symbol,
      quantity: r.quantity,
      price: r.price,
      amount_cents: r.amountCents,
      fee_cents: r.feeCents,
    })) satisfies ActivityRow[],
  );
  const end = Math.min(all.length, offset + EXPORT_PAGE_ROWS);
  return {
    data: {
      portfolio_id: p.portfolioId,
      portfolio_name: p.portfolioName,
      rows: all.slice(offset, end),
      total: all.length,
      next_offset: end < all.length ? end : null,
    },
  };
}

/** Deletes what a failed commit wrote and clears its mark (only if the mark is still its own). */
async function undoImport(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
  hash: string,
  written: readonly { pk: string; sk: string }[],
): Promise<void> {
  try {
    await batchDeleteKeys(store, written, WRITE_CONCURRENCY);
    await store.client.send(
      new UpdateCommand({
        TableName: store.table,
        Key: keys.portfolio(userId, portfolioId),
        UpdateExpression: 'REMOVE importing, importStartedAt',
        ConditionExpression: 'importing = :hash',
        ExpressionAttributeValues: { ':hash': hash },
      }),
    );
  } catch (error) {
    // The mark stays: the next import clears it and its items once it is stale.
    logger.warn('portfolio upkeep failed', { kind: 'import-undo', error: error as Error });
    recordPortfolioUpkeepFailure();
  }
}

/** Clears a stale import mark and the items its commit wrote. */
async function clearImport(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
  hash: string,
): Promise<void> {
  const items = await queryPartition(store.client, {
    table: store.table,
    pk: userPk(userId),
    prefix: keys.portfolioChildrenPrefix(portfolioId),
    consistent: true,
    filter: 'importId = :hash',
    values: { ':hash': hash },
    projection: 'pk, sk',
  });
  await undoImport(
    store,
    userId,
    portfolioId,
    hash,
    items.map((i) => ({ pk: String(i.pk), sk: String(i.sk) })),
  );
}
