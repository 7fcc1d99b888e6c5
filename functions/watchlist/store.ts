import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { changePercentOf } from '../../shared/screener/compute';
import {
  WATCHLIST_LIMIT,
  type WatchListItem,
  type WatchListResponse,
} from '../../shared/schemas/watchlist';
import { required } from '../lib/config';
import { db } from '../lib/dynamo';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { keys, userPk } from '../lib/keys';
import { registerInterest, releaseInterest } from '../market/interest';
import { marketService } from '../market/service';
import { nowIso } from '../lib/clock';

/**
 * The watchlist: one item per (user, symbol) under the user's partition, plus a 'watch'
 * symbol interest so the quote job keeps the symbol's quote warm for the list's polling.
 */
const table = () => required('TABLE_NAME');

interface WatchItem {
  symbol: string;
  name: string | null;
  addedAt: string;
}

async function items(userId: string): Promise<WatchItem[]> {
  const out: WatchItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': keys.watchPrefix },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      out.push({
        symbol: String(item.symbol),
        name: typeof item.name === 'string' ? item.name : null,
        addedAt: String(item.addedAt),
      });
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return out.sort((a, b) =>
    a.addedAt < b.addedAt ? -1 : a.addedAt > b.addedAt ? 1 : a.symbol.localeCompare(b.symbol),
  );
}

/** Adds a stock the market data knows; adding it again changes nothing. */
export async function addToWatchList(
  userId: string,
  symbol: string,
): Promise<{ stock_symbol: string; name: string; added: boolean }> {
  const profile = (await marketService().profile(symbol)).data[0];
  if (!profile) throw new NotFoundError(`We could not find a stock with the symbol ${symbol}`);
  const existing = await items(userId);
  const already = existing.some((i) => i.symbol === symbol);
  if (!already && existing.length >= WATCHLIST_LIMIT) {
    throw new BadRequestError(
      `Your watchlist holds at most ${WATCHLIST_LIMIT} stocks. Remove one to add another.`,
    );
  }
  let added = false;
  if (!already) {
    try {
      await db.send(
        new PutCommand({
          TableName: table(),
          Item: {
            ...keys.watchItem(userId, symbol),
            type: 'WatchItem',
            symbol,
            name: profile.companyName,
            addedAt: nowIso(),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      added = true;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  // Idempotent: a retry after a failure here completes the registration.
  await registerInterest(userId, symbol, 'watch');
  return { stock_symbol: symbol, name: profile.companyName, added };
}

export async function removeFromWatchList(
  userId: string,
  symbol: string,
): Promise<{ stock_symbol: string }> {
  const res = await db.send(
    new DeleteCommand({
      TableName: table(),
      Key: keys.watchItem(userId, symbol),
      ReturnValues: 'ALL_OLD',
    }),
  );
  await releaseInterest(userId, symbol, 'watch');
  if (!res.Attributes) throw new NotFoundError(`${symbol} is not on your watchlist`);
  return { stock_symbol: symbol };
}

/** The list with quotes from the cache the quote job keeps warm. */
export async function watchList(userId: string): Promise<WatchListResponse> {
  const list = await items(userId);
  const service = marketService();
  const quotes = list.length
    ? await service.quotes(list.map((i) => i.symbol))
    : { data: [], source: service.source, stale: false, asOf: nowIso() };
  const bySymbol = new Map(quotes.data.map((q) => [q.symbol, q]));
  const data: WatchListItem[] = list.map((i) => {
    const q = bySymbol.get(i.symbol);
    const price = q?.price ?? null;
    const change = q?.change ?? null;
    return {
      stock_symbol: i.symbol,
      name: q?.name ?? i.name,
      price,
      change,
      changesPercentage: changePercentOf(price, change),
      addedAt: i.addedAt,
    };
  });
  return { data, source: quotes.source, stale: quotes.stale, asOf: quotes.asOf };
}

/** The symbols on the watchlist with the names they were added under, oldest first (no quotes). */
export async function watchedSymbols(
  userId: string,
): Promise<{ symbol: string; name: string | null }[]> {
  return (await items(userId)).map((i) => ({ symbol: i.symbol, name: i.name }));
}
