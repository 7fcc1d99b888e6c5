import { z } from 'zod';
import { marketEnvelope } from '../../../shared/market';
import { api } from './api-client';
import { reportMarketSource } from './market-source';

/** A dated row of any market data set (statements, ratios, key metrics, price bars). */
export type MarketRow = { date: string } & Record<string, unknown>;

const rowsResponse = marketEnvelope(z.array(z.looseObject({ date: z.string() })));

/** Reads an allowlisted market-data path through `common_api`; reports the data's source. */
export async function proxyRows(url: string, signal?: AbortSignal): Promise<MarketRow[]> {
  const body = rowsResponse.parse(
    await api<unknown>(
      'commonApi',
      { url, method: 'GET', parameters: {} },
      signal ? { signal } : {},
    ),
  );
  reportMarketSource(body.source);
  return body.data as MarketRow[];
}
