import * as z from 'zod/mini';
import '../../../shared/schemas/zod-messages';
import {
  ProxyPathError,
  canonicalReadQuery,
  marketEnvelope,
  parseProxyRequest,
  type ProxyRead,
} from '../../../shared/market';
import { api } from './api-client';
import { ApiError } from './api-error';
import { reportMarketSource } from './market-source';

/** A dated row of any market data set (statements, ratios, key metrics, price bars). */
export type MarketRow = { date: string } & Record<string, unknown>;

const envelope = marketEnvelope(z.unknown());

const rows = z.array(z.looseObject({ date: z.string() }));

/**
 * The canonical query of an allowlisted market-data path (the proxy's form, e.g.
 * `ratios/AAPL?period=annual&limit=11`) for `GET /api/market/read`; a path off the allowlist
 * is refused here as the server would refuse it (ApiError 400), without a request.
 */
export function marketReadInput(
  url: string,
  parameters: Record<string, string> = {},
): Record<string, string> {
  let read: ProxyRead;
  try {
    read = parseProxyRequest({ url, method: 'GET', parameters });
  } catch (error) {
    if (error instanceof ProxyPathError) throw new ApiError(400, error.message);
    throw error;
  }
  return canonicalReadQuery(read);
}

/**
 * Reads an allowlisted market-data path through the edge-cached `GET /api/market/read` with
 * the read's canonical query (decision 126: one address per read, answered by CloudFront for
 * every viewer), checks the `{ data, source, stale, asOf }` answer against `data`, reports
 * the data's source and returns the data.
 */
export async function marketData<T extends z.ZodMiniType>(
  url: string,
  data: T,
  parameters: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<z.output<T>> {
  const body = envelope.parse(
    await api<unknown>('marketRead', marketReadInput(url, parameters), signal ? { signal } : {}),
  );
  const parsed = data.parse(body.data);
  reportMarketSource(body.source, body);
  return parsed;
}

/** An allowlisted market-data read of dated rows, edge-cached (marketData). */
export async function marketRows(url: string, signal?: AbortSignal): Promise<MarketRow[]> {
  return (await marketData(url, rows, {}, signal)) as MarketRow[];
}
