import * as z from 'zod/mini';
import '../../../shared/schemas/zod-messages';
import { marketEnvelope } from '../../../shared/market';
import { api } from './api-client';
import { reportMarketSource } from './market-source';

/** A dated row of any market data set (statements, ratios, key metrics, price bars). */
export type MarketRow = { date: string } & Record<string, unknown>;

const envelope = marketEnvelope(z.unknown());

/**
 * Reads an allowlisted market-data path through `common_api`, checks the `{ data, source,
 * stale, asOf }` answer against `data`, reports the data's source and returns the data.
 */
export async function proxyData<T extends z.ZodMiniType>(
  url: string,
  data: T,
  parameters: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<z.output<T>> {
  const body = envelope.parse(
    await api<unknown>('commonApi', { url, method: 'GET', parameters }, signal ? { signal } : {}),
  );
  const parsed = data.parse(body.data);
  reportMarketSource(body.source, body);
  return parsed;
}

const rows = z.array(z.looseObject({ date: z.string() }));

/** Reads an allowlisted market-data path of dated rows through `common_api`. */
export async function proxyRows(url: string, signal?: AbortSignal): Promise<MarketRow[]> {
  return (await proxyData(url, rows, {}, signal)) as MarketRow[];
}
