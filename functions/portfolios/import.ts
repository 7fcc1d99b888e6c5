import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
} from '../../shared/portfolio/corporate';
import { navHistory } from '../../shared/portfolio/history';
import type { ImportTransactionsPayload } from '../../shared/portfolio/schemas';
import { now as clockNow } from '../lib/clock';
import { queryPartition } from '../lib/dynamo';
import { BadRequestError } from '../lib/errors';
import { keys, userPk } from '../lib/keys';
import { logger } from '../lib/logger';
import { recordPortfolioUpkeepFailure } from '../lib/metrics';
import type { MarketService } from '../market/service';
import {
  actionItem,
  type CorporateActionItem,
  corporateRows,
  creditDueActions,
  currentItems,
  settled,
} from './corporate-actions';
import { type CachedCloses, closePairs } from '../market/closes';
import { eventsOf, portfolioNow } from './engine';
import { BENCHMARK_SYMBOL } from './figures';
import {
  batchDelete,
  conditionFailed,
  requirePortfolio,
  type HoldingItem,
  type OrderItem,
  type PortfolioItem,
  type PortfolioStore,
  type TransactionItem,
} from './store';

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
 * 2. the transactions, dividends and derived actions are written in transactions of at most 100
 *    items, each carrying `importId`; while the mark is on, every read leaves them out;
 * 3. one transaction writes the touched holdings, the import record (keyed by the hash, only if
 *    absent, so the same file committed twice creates nothing the second time) and the portfolio
 *    (cash, flows, inception, bases), clearing the mark, only if it is still at the marked version.
 * If step 2 or 3 fails, what was written is deleted and the mark cleared; a mark left by a
 * process that died is cleared, with its items, by the next import after IMPORT_STALE_MS.
 */

/** DynamoDB's limit of items in one transaction. */
const ITEMS_PER_TRANSACTION = 100;
/** The final transaction holds the portfolio, the import record and one holding per symbol. */
const MAX_SYMBOLS = ITEMS_PER_TRANSACTION - 2;
/** An import mark older than this belongs to a commit that died. */
export const IMPORT_STALE_MS = 5 * 60_000;

export interface ImportDeps {
  store: PortfolioStore;
  market: MarketService;
  now?: () => Date;
}

async function knownSymbols(
  market: MarketService,
  symbols: readonly string[],
): Promise<Set<string>> {
  if (symbols.length > MAX_SYMBOLS)
    throw new BadRequestError(`The file names more than ${MAX_SYMBOLS} symbols`);
  const known = new Set<string>();
  await Promise.all(
    symbols.map(async (symbol) => {
      try {
        if ((await market.profile(symbol)).data.length > 0) known.add(symbol);
      } catch {
        // Unknown or unavailable: the row is refused with the reason.
      }
    }),
  );
  return known;
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
  transactions: TransactionItem[];
  actions: CorporateActionItem[];
  holdings: HoldingItem[];
  orders: OrderItem[];
  /** Items of every kind under the portfolio, hidden ones included (for the import records). */
  all: Record<string, unknown>[];
}

async function readPortfolio(
  store: PortfolioStore,
  userId: string,
  p: PortfolioItem,
): Promise<Portfolio> {
  const all = await queryPartition(store.client, {
    table: store.table,
    pk: userPk(userId),
    prefix: keys.portfolioChildrenPrefix(p.portfolioId),
    consistent: true,
  });
  const items = currentItems(p, all);
  return {
    portfolio: p,
    transactions: items.filter((i) => i.type === 'Transaction') as unknown as TransactionItem[],
    actions: items.filter((i) => i.type === 'CorporateAction') as unknown as CorporateActionItem[],
    holdings: items.filter((i) => i.type === 'Holding') as unknown as HoldingItem[],
    orders: items.filter((i) => i.type === 'Order') as unknown as OrderItem[],
    all,
  };
}

/** Trade times on a day: after the portfolio's own trades of that day, a second apart from 14:30 UTC. */
function stamper(existing: readonly TransactionItem[]) {
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
  /** Actions of the touched symbols that stop counting (deleted after the commit). */
  superseded: { pk: string; sk: string }[];
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
      superseded: superseded.map((a) => ({ pk: a.pk, sk: a.sk })),
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

  let p = await requirePortfolio(deps.store, userId, input.portfolio_id);
  // Due dividends and splits first: the file is checked against the portfolio as it is today.
  if (await creditDueActions(deps, userId, p))
    p = await requirePortfolio(deps.store, userId, input.portfolio_id);
  const fileSymbols = [
    ...new Set(
      parsed.rows
        .map((r) =>
          mapping.symbol === undefined ? '' : (r[mapping.symbol] ?? '').trim().toUpperCase(),
        )
        .filter(Boolean),
    ),
  ];
  const [current, known, floor] = await Promise.all([
    readPortfolio(deps.store, userId, p),
    knownSymbols(deps.market, fileSymbols),
    firstMarketDay(deps.market),
  ]);
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
    current.orders.length === 0 &&
    current.actions.length === 0 &&
    p.capitalFlows.length === 0 &&
    !current.all.some((i) => i.type === 'Import');
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
  const checked = checkSequence({
    existing,
    incoming: newRows,
    splits: rows.splits.filter((s) => s.date.slice(0, 10) <= today),
  });
  const accepted = checked.accepted;
  const fileHash = createHash('sha256').update(JSON.stringify(accepted)).digest('hex').slice(0, 32);
  // Imported before: the same accepted rows, or nothing left that the portfolio does not have.
  const already =
    current.all.some(
      (i) =>
        i.type === 'Import' && i.sk === keys.portfolioImport(userId, p.portfolioId, fileHash).sk,
    ) ||
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
  const summary = {
    header: parsed.header,
    fields: IMPORT_FIELDS,
    mapping,
    accepted: accepted.map(view),
    rejected: [...read.rejected, ...checked.rejected].sort((a, b) => a.line - b.line),
    duplicates: duplicates.map(view),
    already_imported: already,
    items: plan ? plan.created.length + 2 + symbolsWritten : 0,
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
      ...holdingWrites,
    ];

  const refused = () =>
    new BadRequestError(
      'The portfolio changed or this file was imported meanwhile: nothing was written; preview it again',
    );
  // 1. The mark.
  try {
    await deps.store.client.send(
      new UpdateCommand({
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
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw refused();
    throw error;
  }
  // 2. The items, 3. the rest and the portfolio; or nothing.
  const written: { pk: string; sk: string }[] = [];
  try {
    for (let i = 0; i < plan.created.length; i += ITEMS_PER_TRANSACTION) {
      const chunk = plan.created.slice(i, i + ITEMS_PER_TRANSACTION);
      await deps.store.client.send(
        new TransactWriteCommand({
          TransactItems: chunk.map((Item) => ({
            Put: {
              TableName: deps.store.table,
              Item,
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          })),
        }),
      );
      written.push(...chunk.map((c) => ({ pk: String(c.pk), sk: String(c.sk) })));
    }
    await deps.store.client.send(new TransactWriteCommand({ TransactItems: final }));
  } catch (error) {
    await undoImport(deps.store, userId, p.portfolioId, fileHash, written);
    if (conditionFailed(error)) throw refused();
    throw error;
  }
  // The touched symbols' earlier dividends and splits no longer count; they are tidied away.
  try {
    await batchDelete(deps.store, plan.superseded);
  } catch (error) {
    logger.warn('superseded corporate actions left in place', { error: error as Error });
  }
  return { data: { ...summary, blocker: null, created: accepted.length } };
}

/**
 * A portfolio's activity as rows of the import's columns (decision 130): the starting amount
 * and every later change of the invested amount as deposits and withdrawals, every trade, every
 * dividend credited (imported ones too). Splits are not rows: they come from the provider.
 */
export async function exportActivity(deps: ImportDeps, userId: string, portfolioId: string) {
  // Dividends and splits due are applied first, as on every screen.
  const p = (await portfolioNow(deps, userId, portfolioId)).portfolio;
  const current = await readPortfolio(deps.store, userId, p);
  const rows: ActivityRow[] = activityOf(p, current.transactions, current.actions).map((r) => ({
    date: r.date,
    type: r.type,
    symbol: r.symbol,
    quantity: r.quantity,
    price: r.price,
    amount_cents: r.amountCents,
    fee_cents: r.feeCents,
  }));
  return {
    data: {
      portfolio_id: p.portfolioId,
      portfolio_name: p.portfolioName,
      rows: sortActivity(rows),
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
    await batchDelete(store, written);
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
