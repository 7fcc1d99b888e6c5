import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import {
  CsvFileError,
  guessMapping,
  IMPORT_FIELDS,
  parseCsv,
  previewImport,
  type ColumnMapping,
  type ImportRow,
} from '../../shared/portfolio/csv-import';
import { type ActivityRow, sortActivity } from '../../shared/portfolio/activity';
import { D } from '../../shared/portfolio/money';
import type { ImportTransactionsPayload } from '../../shared/portfolio/schemas';
import { now as clockNow } from '../lib/clock';
import { queryPartition } from '../lib/dynamo';
import { BadRequestError } from '../lib/errors';
import { keys, userPk } from '../lib/keys';
import { logger } from '../lib/logger';
import { recordPortfolioUpkeepFailure } from '../lib/metrics';
import type { MarketService } from '../market/service';
import { dividendActionId } from '../../shared/portfolio/corporate';
import { batchDelete, conditionFailed, requirePortfolio, type PortfolioStore } from './store';

/**
 * CSV import (decisions 129, 130). Only into a portfolio without trades yet: its inception moves
 * back to the first imported day, deposits and withdrawals become capital flows, dividends
 * become credited dividend items, trades become transactions with their holdings.
 *
 * A commit is all or nothing, in three steps:
 * 1. one transaction marks the portfolio `importing` (the hash of the accepted rows), bumping
 *    its version, only if it is still at the previewed version with nothing reserved and no
 *    other import under way;
 * 2. the transactions and dividends are written in transactions of at most 100 items, each
 *    carrying `importId`; while the mark is on, every read of the portfolio leaves them out;
 * 3. one transaction writes the holdings, the import record (keyed by the hash, only if absent,
 *    so the same file committed twice creates nothing the second time) and the portfolio (cash,
 *    flows, inception), clearing the mark, only if the portfolio is still at the marked version.
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

function rowHash(fileHash: string, row: ImportRow): string {
  return createHash('sha256').update(`${fileHash}|${row.line}`).digest('hex').slice(0, 24);
}

export async function importTransactions(
  deps: ImportDeps,
  userId: string,
  input: ImportTransactionsPayload,
) {
  const now = deps.now ? deps.now() : clockNow();
  const today = now.toISOString().slice(0, 10);
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

  const p = await requirePortfolio(deps.store, userId, input.portfolio_id);
  const children = await queryPartition(deps.store.client, {
    table: deps.store.table,
    pk: userPk(userId),
    prefix: keys.portfolioChildrenPrefix(p.portfolioId),
    consistent: true,
  });
  const symbols = [
    ...new Set(
      parsed.rows
        .map((r) =>
          mapping.symbol === undefined ? '' : (r[mapping.symbol] ?? '').trim().toUpperCase(),
        )
        .filter(Boolean),
    ),
  ];
  // A file with deposits says how much money went in: its deposits stand in for the amount the
  // portfolio was created with (so an exported activity file gives the same NAV history).
  const typeAt = mapping.type;
  const hasDeposits =
    typeAt !== undefined &&
    parsed.rows.some((r) => (r[typeAt] ?? '').trim().toLowerCase() === 'deposit');
  const seedCents = hasDeposits ? 0 : p.initialSeedCents;
  const preview = previewImport({
    rows: parsed.rows,
    mapping,
    today,
    knownSymbols: await knownSymbols(deps.market, symbols),
    cashCents: seedCents,
    holdings: {},
  });
  const fileHash = createHash('sha256')
    .update(JSON.stringify(preview.accepted))
    .digest('hex')
    .slice(0, 32);
  const already = children.some(
    (i) => i.type === 'Import' && i.sk === keys.portfolioImport(userId, p.portfolioId, fileHash).sk,
  );
  // Items of an import still being committed (or left by one that died) do not count.
  const hasTrades = children.some(
    (i) =>
      (i.type === 'Transaction' || i.type === 'Order') &&
      (i.importId === undefined || i.importId !== p.importing),
  );
  const bySymbol = new Map<string, { quantity: InstanceType<typeof D>; costCents: number }>();
  for (const row of preview.accepted) {
    if (row.type !== 'buy' && row.type !== 'sell') continue;
    const h = bySymbol.get(row.symbol!) ?? { quantity: new D(0), costCents: 0 };
    if (row.type === 'buy') {
      h.quantity = h.quantity.plus(row.quantity!);
      h.costCents += row.amountCents;
    } else {
      const removed = h.quantity.isZero()
        ? 0
        : new D(h.costCents)
            .times(row.quantity!)
            .div(h.quantity)
            .toDecimalPlaces(0, D.ROUND_HALF_UP)
            .toNumber();
      h.quantity = h.quantity.minus(row.quantity!);
      h.costCents = h.quantity.isZero() ? 0 : h.costCents - removed;
    }
    bySymbol.set(row.symbol!, h);
  }
  const holdingsKept = [...bySymbol].filter(([, h]) => h.quantity.gt(0));
  const itemCount =
    2 +
    preview.accepted.filter((r) => r.type !== 'deposit' && r.type !== 'withdrawal').length +
    holdingsKept.length;
  const importing =
    p.importing !== undefined &&
    now.getTime() - Date.parse(p.importStartedAt ?? '') < IMPORT_STALE_MS;

  const summary = {
    header: parsed.header,
    fields: IMPORT_FIELDS,
    mapping,
    accepted: preview.accepted.map((r) => ({
      line: r.line,
      date: r.date,
      type: r.type,
      symbol: r.symbol,
      quantity: r.quantity,
      price: r.price,
      amount_cents: r.amountCents,
      fee_cents: r.feeCents,
    })),
    rejected: preview.rejected,
    already_imported: already,
    items: itemCount,
  };
  const blocker = already
    ? 'This file has already been imported into this portfolio: nothing new would be created'
    : hasTrades
      ? 'Import into a portfolio without trades or orders yet: create a new portfolio for the import'
      : preview.accepted.length === 0
        ? 'No row of this file can be imported'
        : importing
          ? 'Another import into this portfolio is under way: try again in a minute'
          : null;
  if (input.mode === 'preview') return { data: { ...summary, blocker, created: 0 } };
  if (blocker) throw new BadRequestError(blocker);

  const at = now.toISOString();
  // A mark left by a commit that died: its items go before this import starts.
  if (p.importing !== undefined) await clearImport(deps.store, userId, p.portfolioId, p.importing);
  const first = preview.accepted[0]!.date;
  const inception = first < p.inception.slice(0, 10) ? `${first}T00:00:00.000Z` : p.inception;
  const flows = preview.accepted
    .filter((r) => r.type === 'deposit' || r.type === 'withdrawal')
    .map((r) => ({
      date: r.date,
      amountCents: r.type === 'deposit' ? r.amountCents : -r.amountCents,
    }));
  const netFlows = flows.reduce((s, f) => s + f.amountCents, 0);
  let cash = seedCents;
  for (const r of preview.accepted) {
    if (r.type === 'buy' || r.type === 'withdrawal') cash -= r.amountCents + r.feeCents;
    else cash += r.amountCents - r.feeCents;
  }
  // Trades keep the file's order within a day (the replay takes them by time): a second apart
  // from 14:30 UTC.
  const secondOfDay = new Map<string, number>();
  const timeOf = (date: string) => {
    const n = secondOfDay.get(date) ?? 0;
    secondOfDay.set(date, n + 1);
    const at = new Date(Date.parse(`${date}T14:30:00.000Z`) + n * 1000);
    return at.toISOString();
  };
  type Put = {
    Put: { TableName: string; Item: Record<string, unknown>; ConditionExpression: string };
  };
  const created: Put[] = [];
  for (const r of preview.accepted) {
    const id = `imp-${rowHash(fileHash, r)}`;
    if (r.type === 'buy' || r.type === 'sell') {
      const time = timeOf(r.date);
      created.push({
        Put: {
          TableName: deps.store.table,
          Item: {
            ...keys.transaction(userId, p.portfolioId, time, id),
            type: 'Transaction',
            portfolioId: p.portfolioId,
            txnId: id,
            symbol: r.symbol,
            side: r.type,
            quantity: r.quantity,
            price: r.price,
            valueCents: r.amountCents,
            ...(r.feeCents > 0 ? { feeCents: r.feeCents } : {}),
            time,
            orderType: 'market',
            importId: fileHash,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    } else if (r.type === 'dividend') {
      const actionId = `${dividendActionId(r.symbol!, r.date)}#${id}`;
      created.push({
        Put: {
          TableName: deps.store.table,
          Item: {
            ...keys.corporateAction(userId, p.portfolioId, actionId),
            type: 'CorporateAction',
            portfolioId: p.portfolioId,
            actionId,
            kind: 'dividend',
            symbol: r.symbol,
            date: r.date,
            amountCents: r.amountCents,
            imported: true,
            importId: fileHash,
            createdAt: at,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    }
  }
  const final: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> =
    [
      {
        Update: {
          TableName: deps.store.table,
          Key: keys.portfolio(userId, p.portfolioId),
          UpdateExpression:
            'SET inception = :inception, initialSeedCents = :seed, capitalFlows = :flows, cashCents = :cash, investmentCents = :investment, version = :next, updatedAt = :now REMOVE actionsCheckedOn, benchmarkStart, importing, importStartedAt',
          ConditionExpression: 'version = :v AND importing = :hash',
          ExpressionAttributeValues: {
            ':inception': inception,
            ':flows': [...p.capitalFlows, ...flows],
            ':cash': cash,
            ':seed': seedCents,
            ':investment': seedCents + p.investmentCents - p.initialSeedCents + netFlows,
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
            rows: preview.accepted.length,
            createdAt: at,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...holdingsKept.map(([symbol, h]) => ({
        Put: {
          TableName: deps.store.table,
          Item: {
            ...keys.holding(userId, p.portfolioId, symbol),
            type: 'Holding',
            portfolioId: p.portfolioId,
            symbol,
            quantity: h.quantity.toNumber(),
            costCents: h.costCents,
            reservedQuantity: 0,
            updatedAt: at,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      })),
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
        ConditionExpression:
          'version = :v AND reservedCents = :zero AND attribute_not_exists(importing)',
        ExpressionAttributeValues: {
          ':hash': fileHash,
          ':now': at,
          ':next': p.version + 1,
          ':v': p.version,
          ':zero': 0,
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
    for (let i = 0; i < created.length; i += ITEMS_PER_TRANSACTION) {
      const chunk = created.slice(i, i + ITEMS_PER_TRANSACTION);
      await deps.store.client.send(new TransactWriteCommand({ TransactItems: chunk }));
      written.push(...chunk.map((c) => ({ pk: String(c.Put.Item.pk), sk: String(c.Put.Item.sk) })));
    }
    await deps.store.client.send(new TransactWriteCommand({ TransactItems: final }));
  } catch (error) {
    await undoImport(deps.store, userId, p.portfolioId, fileHash, written);
    if (conditionFailed(error)) throw refused();
    throw error;
  }
  return { data: { ...summary, blocker: null, created: preview.accepted.length } };
}

/**
 * A portfolio's activity as rows of the import's columns (decision 130): the starting amount
 * and every later change of the invested amount as deposits and withdrawals, every trade, every
 * dividend credited (imported ones too). Splits are not rows: they come from the provider.
 */
export async function exportActivity(
  deps: { store: PortfolioStore },
  userId: string,
  portfolioId: string,
) {
  const p = await requirePortfolio(deps.store, userId, portfolioId);
  const items = await queryPartition(deps.store.client, {
    table: deps.store.table,
    pk: userPk(userId),
    prefix: keys.portfolioChildrenPrefix(p.portfolioId),
    consistent: true,
    projection:
      '#type, #symbol, side, quantity, price, #time, valueCents, kind, #date, amountCents, importId, feeCents',
    names: { '#type': 'type', '#symbol': 'symbol', '#time': 'time', '#date': 'date' },
  });
  const flow = (date: string, cents: number): ActivityRow => ({
    date,
    type: cents >= 0 ? 'deposit' : 'withdrawal',
    symbol: null,
    quantity: null,
    price: null,
    amount_cents: Math.abs(cents),
    fee_cents: 0,
  });
  const mine = items.filter((i) => i.importId === undefined || i.importId !== p.importing);
  const trades = mine
    .filter((i) => i.type === 'Transaction')
    .sort((a, b) => String(a.time).localeCompare(String(b.time)));
  const rows: ActivityRow[] = [
    ...(p.initialSeedCents !== 0 ? [flow(p.inception.slice(0, 10), p.initialSeedCents)] : []),
    ...p.capitalFlows.map((f) => flow(f.date.slice(0, 10), f.amountCents)),
    ...trades.map((t) => ({
      date: String(t.time).slice(0, 10),
      type: t.side as 'buy' | 'sell',
      symbol: String(t.symbol),
      quantity: Number(t.quantity),
      price: Number(t.price),
      amount_cents: Number(t.valueCents),
      fee_cents: Number(t.feeCents ?? 0),
    })),
    ...mine
      .filter((i) => i.type === 'CorporateAction' && i.kind === 'dividend')
      .map((d) => ({
        date: String(d.date),
        type: 'dividend' as const,
        symbol: String(d.symbol),
        quantity: null,
        price: null,
        amount_cents: Number(d.amountCents ?? 0),
        fee_cents: 0,
      })),
  ];
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
