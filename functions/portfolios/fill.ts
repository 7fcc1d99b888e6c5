import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { GSI1, keys } from '../lib/keys';
import { logger } from '../lib/logger';
import type { MarketService } from '../market/service';
import { latestPrices } from './figures';
import { fillLimitOrder, type FillOutcome } from './orders';
import type { PortfolioStore } from './store';

export interface FillRunResult {
  open: number;
  filled: number;
  /** Symbols without a fresh quote: their orders wait for the next run. */
  unpriced: number;
  failed: number;
}

/**
 * One run of the limit-order job: every open order (gsi1 `OPEN_ORDER`, sorted by symbol),
 * priced from the quote cache the quote job keeps warm, filled when the quote crosses its
 * limit. A stale or missing quote never fills an order.
 */
export async function fillOpenOrders(deps: {
  store: PortfolioStore;
  market: MarketService;
  now?: () => Date;
}): Promise<FillRunResult> {
  const refs: { pk: string; sk: string; symbol: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await deps.store.client.send(
      new QueryCommand({
        TableName: deps.store.table,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :g',
        ExpressionAttributeValues: { ':g': keys.openOrderPk },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) {
      refs.push({
        pk: String(item.pk),
        sk: String(item.sk),
        symbol: String(item.gsi1sk).split('#')[0] ?? '',
      });
    }
    start = out.LastEvaluatedKey;
  } while (start);

  const result: FillRunResult = { open: refs.length, filled: 0, unpriced: 0, failed: 0 };
  if (refs.length === 0) return result;
  const prices = await latestPrices(
    deps.market,
    refs.map((r) => r.symbol),
  );
  for (const ref of refs) {
    const quote = prices.get(ref.symbol);
    if (!quote || quote.stale) {
      result.unpriced++;
      continue;
    }
    let outcome: FillOutcome;
    try {
      outcome = await fillLimitOrder(deps, { pk: ref.pk, sk: ref.sk }, quote.price);
    } catch (error) {
      result.failed++;
      logger.error('limit order fill failed', { sk: ref.sk, error: error as Error });
      continue;
    }
    if (outcome === 'filled') result.filled++;
  }
  return result;
}
