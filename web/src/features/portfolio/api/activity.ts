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
    total: z.number(),
    next_offset: z.nullable(z.number()),
  }),
});

/**
 * POST exportActivity: every deposit, withdrawal, trade and dividend, oldest first, read a
 * file's worth of rows an answer until the last.
 */
export async function portfolioActivity(portfolioId: string): Promise<ActivityRow[]> {
  const rows: ActivityRow[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const body: unknown = await api<unknown>('exportActivity', {
      portfolio_id: portfolioId,
      offset,
    });
    const page: z.infer<typeof activityResponse>['data'] = activityResponse.parse(body).data;
    rows.push(...page.rows);
    // A page that adds nothing ends the reading (the activity changed meanwhile).
    offset = page.rows.length > 0 ? page.next_offset : null;
  }
  return rows;
}
