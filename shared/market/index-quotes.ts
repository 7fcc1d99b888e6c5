/*
 * The index bar's answer (`getIndexQuotes`) checked without zod: every page shows the bar, and
 * loading zod (about 26 kB compressed) for it alone would put every first load over its
 * JavaScript budget (decision 093). Same rules as `indexQuotesResponse`
 * (shared/market/requests.ts); index-quotes.test.ts checks that they agree.
 */
import type { IndexQuotesResponse } from './requests';

/** Quote figures that are a finite number or null (`num` in schemas.ts). */
const NUMBER_FIELDS = [
  'change',
  'changesPercentage',
  'open',
  'dayHigh',
  'dayLow',
  'yearLow',
  'yearHigh',
  'marketCap',
  'priceAvg50',
  'priceAvg200',
  'pe',
  'eps',
  'volume',
  'avgVolume',
  'previousClose',
  'sharesOutstanding',
  'timestamp',
] as const;
const TEXT_FIELDS = ['name', 'exchange'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function quoteProblem(quote: unknown): string | null {
  if (!isRecord(quote)) return 'is not an object';
  if (typeof quote.symbol !== 'string' || quote.symbol.length === 0) return 'symbol: required';
  if (!isFiniteNumber(quote.price)) return 'price: must be a finite number';
  for (const key of NUMBER_FIELDS)
    if (quote[key] !== null && !isFiniteNumber(quote[key]))
      return `${key}: must be a finite number or null`;
  for (const key of TEXT_FIELDS)
    if (quote[key] !== null && typeof quote[key] !== 'string')
      return `${key}: must be text or null`;
  return null;
}

/** The answer as `indexQuotesResponse.parse` gives it; throws on an answer it would refuse. */
export function parseIndexQuotes(body: unknown): IndexQuotesResponse {
  const fail = (problem: string): never => {
    throw new Error(`The index quotes answer is not valid: ${problem}`);
  };
  if (!isRecord(body)) return fail('not an object');
  if (!Array.isArray(body.data)) return fail('data: must be a list');
  body.data.forEach((quote, i) => {
    const problem = quoteProblem(quote);
    if (problem) fail(`data[${i}] ${problem}`);
  });
  if (body.source !== 'demo' && body.source !== 'fmp') return fail('source: demo or fmp');
  if (typeof body.stale !== 'boolean') return fail('stale: must be true or false');
  if (typeof body.asOf !== 'string') return fail('asOf: must be text');
  return {
    data: (body.data as Record<string, unknown>[]).map((quote) => ({ ...quote })),
    source: body.source,
    stale: body.stale,
    asOf: body.asOf,
  } as IndexQuotesResponse;
}
