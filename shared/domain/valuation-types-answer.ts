/*
 * The `getValuationTypes` answer checked without zod: the home page lists the methodologies on
 * its first screen, and loading zod for that alone would put it over its JavaScript budget
 * (decision 093). Same rules as `valuationTypesResponse` (shared/schemas/system.ts);
 * valuation-types-answer.test.ts checks that they agree.
 */
import type { ValuationTypesResponse } from '../schemas/system';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer as `valuationTypesResponse.parse` gives it; throws on an answer it would refuse. */
export function parseValuationTypes(body: unknown): ValuationTypesResponse {
  if (!isRecord(body) || !Array.isArray(body.data))
    throw new Error('The valuation types answer is not valid: data must be a list');
  return {
    data: body.data.map((item: unknown, i) => {
      if (
        !isRecord(item) ||
        !Number.isSafeInteger(item.id) ||
        typeof item.valuation_name !== 'string'
      )
        throw new Error(`The valuation types answer is not valid: data[${i}]`);
      return { id: item.id as number, valuation_name: item.valuation_name };
    }),
  };
}
