import {
  type CorporateActionData,
  type OpenLotData,
  performanceRowsResponseSchema,
  type RealisedLotData,
} from '../../../../../shared/schemas/portfolio-performance';
import { PERFORMANCE_ROWS_MAX } from '../../../../../shared/portfolio/schemas';
import { api } from '../../../lib/api-client';

interface Rows {
  corporate_actions: CorporateActionData;
  open_lots: OpenLotData;
  realised_lots: RealisedLotData;
}

/**
 * POST getPerformanceRows, page after page: the rows of one of the Performance view's long lists
 * from `from` to `to` (exclusive; the list's end when absent), in the list's order.
 */
export async function performanceRows<L extends keyof Rows>(
  portfolioId: string,
  list: L,
  from = 0,
  to?: number,
): Promise<Rows[L][]> {
  const rows: Rows[L][] = [];
  let offset = from;
  for (;;) {
    const limit =
      to === undefined ? PERFORMANCE_ROWS_MAX : Math.min(PERFORMANCE_ROWS_MAX, to - offset);
    if (limit <= 0) break;
    const body = await api<unknown>('getPerformanceRows', {
      portfolio_id: portfolioId,
      list,
      offset,
      limit,
    });
    const page = performanceRowsResponseSchema.parse(body).data;
    rows.push(...(page.rows as Rows[L][]));
    offset += page.rows.length;
    if (page.rows.length < limit || offset >= page.total) break;
  }
  return rows;
}
