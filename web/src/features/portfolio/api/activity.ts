import * as z from 'zod/mini';
import type { ActivityRow } from '../../../../../shared/portfolio/activity';
import { IMPORT_TYPES } from '../../../../../shared/portfolio/csv-import';
import { api } from '../../../lib/api-client';

const activityResponse = z.object({
  data: z.object({
    portfolio_id: z.string(),
    rows: z.array(
      z.object({
        date: z.string(),
        type: z.enum(IMPORT_TYPES),
        symbol: z.nullable(z.string()),
        quantity: z.nullable(z.number()),
        price: z.nullable(z.number()),
        amount_cents: z.number(),
        fee_cents: z.number(),
      }),
    ),
  }),
});

/** POST exportActivity: every deposit, withdrawal, trade and dividend, oldest first. */
export async function portfolioActivity(portfolioId: string): Promise<ActivityRow[]> {
  const body = await api<unknown>('exportActivity', { portfolio_id: portfolioId });
  return activityResponse.parse(body).data.rows;
}
