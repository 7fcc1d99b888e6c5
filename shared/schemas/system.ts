import * as z from 'zod/mini';
import './zod-messages';

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  table: z.enum(['reachable', 'unreachable']),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

export const valuationTypesResponse = z.object({
  data: z.array(z.object({ id: z.number().check(z.int()), valuation_name: z.string() })),
});
export type ValuationTypesResponse = z.infer<typeof valuationTypesResponse>;
